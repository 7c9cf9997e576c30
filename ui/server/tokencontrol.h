#pragma once

#include "uploadtypes.h"

#include <QKeySequence>
#include <QObject>
#include <QPointer>
#include <QUrl>

class QAction;
class QWidget;
class TokenDialog;
class TokenKeeper;
class UploadScheduler;
class UploadTask;

// The window's "Token…" button in the endpoint field (and the Edit menu, Ctrl+T): checked while
// the endpoint in the field has a token, its tooltip says whether it does and whether it is
// remembered (never the token), and it opens TokenDialog for that endpoint. An upload refused
// with HTTP 401 becomes a notice pointing at it; a token saved there starts that server's
// refused uploads again.
class TokenControl final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenControl)
public:
    TokenControl(UploadScheduler *scheduler, TokenKeeper *keeper, QWidget *window);

    QAction *action() const { return m_action; }
    // The endpoint the field shows. `local`: Hoist's own server, which takes no token.
    void setEndpoint(const QUrl &endpoint, bool local);
    const QUrl &endpoint() const { return m_endpoint; }

    // Opens the dialog for the field's endpoint (raises it when open); the dialog while open.
    TokenDialog *openDialog();
    TokenDialog *dialog() const;

    // The upload failed because the server wanted a token or refused the one it got.
    static bool refusedToken(const UploadTask &task);
    // Retries the uploads to `endpoint` that failed so; how many started again.
    int retryRefused(const QUrl &endpoint);

    static QKeySequence shortcut();

Q_SIGNALS:
    // A sentence for the status bar, to show for `timeoutMs`.
    void notice(const QString &text, int timeoutMs);

private:
    void refresh();
    void onFinished(TaskId id);

    UploadScheduler *m_scheduler;
    TokenKeeper *m_keeper;
    QWidget *m_window;
    QAction *m_action;
    QUrl m_endpoint;
    bool m_local = false;
    QPointer<TokenDialog> m_dialog;
};
