#pragma once

#include "s3target.h"
#include "transfer.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPointer>

class S3Protocol;
class S3Request;
struct S3Answer;

// Whether an object just written is the file: its ETag (read with a HEAD, since Ceph RGW's
// CompleteMultipartUpload answers with an empty one) against the ETag the file's bytes give:
// the MD5 of the whole file for a PutObject, or for a multipart upload the MD5 of the parts'
// binary MD5s joined, "-" and their count. The MD5s are the ones each request's Content-MD5 was
// computed from. An ETag that is no MD5 (SSE-KMS, SSE-C) cannot tell: "not verifiable", never a
// failure.
class S3Verification final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(S3Verification)
public:
    S3Verification(S3Protocol *protocol, const S3Target &target, QString key, QString fileName,
                   int stallTimeoutMs, QObject *parent = nullptr);
    ~S3Verification() override;

    // The ETag S3 gives an object of these parts (raw MD5s, in order); one part's ETag is its
    // MD5 when `multipart` is false. Lower-case, without quotes.
    static QByteArray expectedEtag(const QList<QByteArray> &partMd5s, bool multipart);
    // What `answer` (to a HEAD of the object) says about `expected`: the check, or the mismatch
    // (kind None when there is none).
    static UploadCheck judge(const S3Answer &answer, const QByteArray &expected,
                             const QString &fileName, TransferError *mismatch);

    // HEADs the object, then reports once.
    void start(const QByteArray &expected);
    void abort();

Q_SIGNALS:
    void finished(const UploadCheck &check, const TransferError &mismatch);

private:
    S3Protocol *m_protocol;
    S3Target m_target;
    QString m_key;
    QString m_fileName;
    int m_stallTimeoutMs;
    QPointer<S3Request> m_request;
};
