#pragma once

#include "networkpool.h"
#include "s3request.h"
#include "transfer.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <atomic>
#include <memory>

class QFile;
class ReadAheadDevice;
class S3Protocol;

// One PUT of bytes [begin, end) of a job's file: a PutObject, or an UploadPart when `url` names
// the part. First the range is hashed off this thread in one read (MD5 for Content-MD5, and
// SHA-256 for x-amz-content-sha256 over plain HTTP; over HTTPS the payload is UNSIGNED-PAYLOAD),
// then the body streams from the file through the job's throttle, so memory holds no part.
// The file is checked unchanged (size, modification time), hashed and opened off this thread;
// the body reads it ahead there too (ReadAheadDevice). One that gets shorter while read fails as
// FileChanged, one rewritten in place is refused by the server (BadDigest).
class S3PartPut final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(S3PartPut)
public:
    S3PartPut(S3Protocol *protocol, const TransferJob &job, const S3Target &target, QUrl url,
              qint64 begin, qint64 end, QString what, QObject *parent = nullptr);
    ~S3PartPut() override;

    void start();
    // Stops at once; nothing is emitted after.
    void abort();
    qint64 begin() const { return m_begin; }
    qint64 end() const { return m_end; }
    // Another header to send and sign (x-amz-meta-mtime on a PutObject); before start().
    void addHeader(const QByteArray &name, const QByteArray &value)
    {
        m_extra.append({name, value});
    }
    // The requests this part stands or falls with (the other parts); before start().
    void setRequestGroup(std::shared_ptr<const RequestGroup> group) { m_group = std::move(group); }
    // The MD5 (raw) the body was sent with, as Content-MD5; empty before the hash.
    const QByteArray &md5() const { return m_md5; }
    // The answer's x-amz-server-side-encryption (S3Answer::encryption), once sent.
    const QByteArray &encryption() const { return m_encryption; }
    // Every byte of the body has left: only the service's answer is awaited (bodySent()).
    bool isAnswering() const { return m_answering; }

Q_SIGNALS:
    // Bytes of the body that have left this machine so far (the body is hashed first).
    void progress(qint64 sent);
    // The last byte of the body has left; the answer is still to come (a part takes the service
    // a while to store: the link is free for the next request meanwhile).
    void bodySent();
    void sent(const QByteArray &etag);
    void failed(const S3Answer &answer);

private:
    void put(const QByteArray &md5, const QByteArray &sha256);
    void fail(const TransferError &error);

    S3Protocol *m_protocol;
    TransferJob m_job;
    S3Target m_target;
    QUrl m_url;
    qint64 m_begin;
    qint64 m_end;
    QString m_what;
    NetworkLease m_lease;
    std::shared_ptr<std::atomic_bool> m_cancel;
    std::shared_ptr<const RequestGroup> m_group;
    S3Request *m_request = nullptr; // a child
    std::shared_ptr<QFile> m_file;  // open since the hash, checked unchanged then
    QPointer<ReadAheadDevice> m_body;
    QTimer m_prepareTimer; // while the file is checked, hashed and opened
    QList<QPair<QByteArray, QByteArray>> m_extra;
    QByteArray m_md5;
    QByteArray m_encryption;
    bool m_finished = false;
    bool m_answering = false;
};
