#pragma once

#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>

class EndpointStatus;
class QAction;
class QLabel;
class QLineEdit;
class QWidget;
class TargetSettings;
class TokenControl;
class TokenKeeper;
class UploadScheduler;

// A server the window offers by name instead of by address, such as Hoist's own on this
// computer. `start` runs it when the person chooses it and returns its endpoint, or an empty URL
// with a sentence in `error`.
struct NamedEndpoint {
    QString name;
    QUrl url; // its endpoint when already running; empty until then
    std::function<QUrl(QString *error)> start;
};

// The window's Server field: the address new uploads go to (or the named server's name, or an S3
// bucket's), checked as typed and applied when editing ends, remembered for the next start. Its
// buttons: the named server, S3 bucket…, SFTP…, WebDAV…, Token… (TokenControl), and the verdict of
// the server's answer (EndpointStatus). The window puts label() and edit() in its toolbar.
class EndpointField final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EndpointField)
public:
    // Gives the scheduler the remembered endpoint when the caller (command line) set none.
    EndpointField(UploadScheduler *scheduler, QWidget *window);

    QLabel *label() const { return m_label; }
    QLineEdit *edit() const { return m_edit; }
    TokenControl *tokenControl() const { return m_token; }
    EndpointStatus *status() const { return m_status; }

    // See MainWindow::setNamedEndpoint.
    void setNamedEndpoint(const NamedEndpoint &named);
    // Makes the Token…, S3 bucket… and WebDAV… buttons in the field, keeping their secrets in
    // `keeper` (the token's action is for the window's menu too), and with `targets` the
    // SFTP… button, whose key files are kept there. Once.
    TokenControl *setTokenKeeper(TokenKeeper *keeper, TargetSettings *targets = nullptr);

    // Why `text` is not a usable endpoint, for a person; empty when it is one.
    static QString endpointProblem(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

Q_SIGNALS:
    // A sentence for the status bar, to show for `timeoutMs` (TokenControl::notice).
    void notice(const QString &text, int timeoutMs);

private:
    void applyEndpoint();
    void useEndpoint(const QUrl &url);
    void chooseS3Target();
    void chooseSftpTarget();
    void chooseWebDavTarget();
    QString shownEndpoint() const;
    void chooseNamedEndpoint();
    void showEndpoint();
    bool usesNamedEndpoint() const;
    QString endpointToolTip() const;
    void showEndpointProblem(const QString &problem);
    void showProblemTip(const QString &problem);

    UploadScheduler *m_scheduler;
    QWidget *m_window;
    QLabel *m_label;
    QLineEdit *m_edit;
    QAction *m_namedAction;
    QAction *m_warning;
    EndpointStatus *m_status;
    TokenControl *m_token = nullptr;
    TokenKeeper *m_tokens = nullptr;
    TargetSettings *m_targets = nullptr;
    NamedEndpoint m_named;
};
