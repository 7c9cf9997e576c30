#pragma once

#include "transfer.h"
#include "watchedreply.h"

#include <QByteArray>
#include <QNetworkReply>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <optional>

class QIODevice;
class QNetworkAccessManager;

// What a finished WebDAV request answered: the status, the body (at most the request's bound),
// the headers Hoist reads, and when it failed, why (a TransferError a person can read).
struct WebDavAnswer {
    int status = 0;
    QByteArray body;
    QByteArray etag;     // ETag (OC-ETag when the server sent that instead)
    QByteArray checksum; // OC-Checksum
    QByteArray dav;      // DAV: the classes and extensions the server offers (OPTIONS)
    std::optional<TransferError> error; // set unless the status is 2xx (or 207)

    bool ok() const { return !error; }
};

// One WebDAV request (MKCOL, PUT, PROPFIND, MOVE, DELETE, OPTIONS) sent through a network manager
// with the request settings every Hoist request has (TusHttp::makeRequest, less Tus-Resumable),
// the job's headers (authorisation: never logged) and a body in memory or streamed from a device
// made for each sending. Nothing moving for the stall timeout fails it as Stalled. Emits
// finished() once, never from inside send(); nothing after abort().
class WebDavRequest final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WebDavRequest)
public:
    static constexpr qint64 MaxAnswerBytes = 4 << 20;

    // `what` says what it does, for messages ("making the folder /a/b/").
    WebDavRequest(QByteArray method, QUrl url, HttpHeaders headers, TrText what,
                  QObject *parent = nullptr);
    ~WebDavRequest() override;

    void setHeader(const QByteArray &name, const QByteArray &value);
    void setBody(const QByteArray &body);
    // A streamed body of `size` bytes; `open` makes its device (it becomes the reply's child).
    void setBody(std::function<QIODevice *()> open, qint64 size);
    void setStallTimeout(int ms);

    void send(QNetworkAccessManager *network);
    void abort();
    bool isRunning() const { return m_reply.isRunning(); }
    const QUrl &url() const { return m_url; }

Q_SIGNALS:
    void uploadProgress(qint64 sent);
    void finished(const WebDavAnswer &answer);

private:
    void onFinished(QNetworkReply *reply, const QByteArray &body, bool tooLarge);
    void onStalled();
    void finishLater(const WebDavAnswer &answer);

    QByteArray m_method;
    QUrl m_url;
    HttpHeaders m_headers;
    TrText m_what;
    QByteArray m_body;
    std::function<QIODevice *()> m_openBody;
    qint64 m_bodySize = 0;
    WatchedReply m_reply;
    bool m_aborted = false;
};
