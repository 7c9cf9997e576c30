#pragma once

#include "replydrop.h"
#include "s3target.h"
#include "s3xml.h"
#include "transfererror.h"
#include "watchedreply.h"

#include <QByteArray>
#include <QDateTime>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

class QIODevice;
class S3Protocol;

// What a finished S3 request answered: the status, the body (at most the request's limit), and
// when it failed, why (a TransferError a person can read, the S3 code and RequestId in detail).
struct S3Answer {
    int status = 0;
    QByteArray body;
    QByteArray etag;
    // x-amz-server-side-encryption, or "SSE-C" for a customer key: an ETag that is then no MD5.
    QByteArray encryption;
    std::optional<S3Xml::Error> s3Error; // a 4xx/5xx's Error document, when it had one
    std::optional<TransferError> error;  // set unless the status is 2xx

    bool ok() const { return !error; }
    bool hasCode(const char *code) const { return s3Error && s3Error->code == QLatin1String(code); }
};

// One S3 request: built, signed with SigV4 (the keys of its target, the time of S3Protocol::now()
// for its service) and sent; its answer read up to a bound. Refused as RequestTimeTooSkewed, it
// learns the server's clock (Date header, else the body's ServerTime), tells the protocol and is
// signed and sent once more. Nothing moving (no bytes sent or received) for the stall timeout
// fails it as Stalled. Emits finished() once, never from inside send().
class S3Request final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(S3Request)
public:
    // Answers larger than this are cut off and refused (ListParts of 1000 parts is ~250 KiB).
    static constexpr qint64 DefaultMaxAnswerBytes = 1 << 20;

    // `url` is an http(s) URL with its query (S3Target::objectUrl/bucketUrl plus items);
    // `what` says what it does, for messages ("creating the multipart upload").
    S3Request(S3Protocol *protocol, S3Target target, QByteArray method, QUrl url, QString what,
              QObject *parent = nullptr);
    ~S3Request() override;

    // A header to send and sign (Content-MD5, Content-Type, ...).
    void setHeader(const QByteArray &name, const QByteArray &value);
    // A small body held in memory; its SHA-256 signs it.
    void setBody(const QByteArray &body);
    // A streamed body of `size` bytes, opened anew for each sending (the device is the reply's
    // child); `payloadHash` is its SHA-256 in hex or SigV4Signer::UnsignedPayload.
    void setBody(std::function<QIODevice *()> open, qint64 size, QByteArray payloadHash);
    void setStallTimeout(int ms);
    // The requests this one stands or falls with (the parts of one upload): abort() frees its
    // reply rather than aborting it once the group failed (endReply()).
    void setGroup(std::shared_ptr<const RequestGroup> group) { m_group = std::move(group); }
    void setMaxAnswerBytes(qint64 bytes) { m_reply.setMaxAnswerBytes(bytes); }

    // Sends through `network` (kept for the retry).
    void send(QNetworkAccessManager *network);
    // Stops at once (endReply()); finished() does not follow.
    void abort();
    bool isRunning() const { return m_reply.isRunning(); }
    // The request has all left (the server will act on it whether its answer is read or not).
    bool bodySent() const { return m_allSent; }
    const QString &what() const { return m_what; }

Q_SIGNALS:
    void uploadProgress(qint64 sent);
    void finished(const S3Answer &answer);

private:
    void sendOnce();
    void onUploadProgress(qint64 sent, qint64 total);
    void onFinished(QNetworkReply *reply, const QByteArray &body, bool tooLarge);
    void onStalled();
    void finish(const S3Answer &answer);
    // The server's clock from a RequestTimeTooSkewed answer; invalid when it does not say.
    static QDateTime serverTimeOf(QNetworkReply *reply, const S3Answer &answer);

    S3Protocol *m_protocol;
    S3Target m_target;
    QByteArray m_method;
    QUrl m_url;
    QString m_what;
    QList<QPair<QByteArray, QByteArray>> m_headers;
    QByteArray m_body;
    std::function<QIODevice *()> m_openBody;
    qint64 m_bodySize = 0;
    QByteArray m_payloadHash;
    QPointer<QNetworkAccessManager> m_network;
    std::shared_ptr<const RequestGroup> m_group;
    WatchedReply m_reply;
    QDateTime m_signedAt;        // the (corrected) clock the request in flight was signed with
    qint64 m_signedOffsetMs = 0; // ...and the correction in it
    bool m_skewRetried = false;
    bool m_allSent = false;
};
