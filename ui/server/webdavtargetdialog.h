#pragma once

#include <QDialog>
#include <QUrl>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class TokenKeeper;

// Chooses a WebDAV folder to upload to: its http(s):// address (the endpoint is its dav(s)://
// form), the user, and the user's password, or without a user a bearer token. The password is
// kept by the TokenKeeper as the endpoint's token (the keyring when remembered, never a plain
// file), and so must be visible ASCII: the dialog says so rather than dropping characters. A
// Nextcloud or ownCloud address gets a hint (app passwords, chunked uploads). Opened on a
// dav(s):// endpoint, it starts from it; a password already set is never shown and, left empty,
// stays.
class WebDavTargetDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WebDavTargetDialog)
public:
    // `current`: the endpoint in use (its fields are filled in when it is a dav(s):// one).
    WebDavTargetDialog(TokenKeeper *keeper, const QUrl &current, QWidget *parent = nullptr);

    QLineEdit *addressEdit() const { return m_address; }
    QLineEdit *userEdit() const { return m_user; }
    QLineEdit *passwordEdit() const { return m_password; }
    QLabel *passwordLabel() const { return m_passwordLabel; }
    QCheckBox *rememberBox() const { return m_remember; }
    QLabel *hintLabel() const { return m_hint; }
    QLabel *noteLabel() const { return m_note; }
    QPushButton *saveButton() const { return m_save; }

    // The dav(s):// endpoint the fields describe; empty with the reason in `problem` while
    // they describe none.
    QUrl endpoint(QString *problem = nullptr) const;
    // Why `password` cannot be kept as it is typed; empty when it can.
    static QString passwordProblem(const QString &password);
    // What the dialog says about an address on Nextcloud or ownCloud; empty for other servers.
    static QString serverHint(const QUrl &endpoint);

    void accept() override;

Q_SIGNALS:
    // Saved: uploads queued from now on go to `endpoint`.
    void chosen(const QUrl &endpoint);

private:
    void refresh();
    bool keepsKnownPassword(const QUrl &endpoint) const;

    TokenKeeper *m_keeper;
    QUrl m_opened; // the endpoint in use when the dialog opened
    QLineEdit *m_address = nullptr;
    QLineEdit *m_user = nullptr;
    QLabel *m_passwordLabel = nullptr;
    QLineEdit *m_password = nullptr;
    QCheckBox *m_remember = nullptr;
    QLabel *m_hint = nullptr;
    QLabel *m_note = nullptr;
    QPushButton *m_save = nullptr;
};
