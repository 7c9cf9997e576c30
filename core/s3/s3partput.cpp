#include "s3partput.h"

#include "filecheck.h"
#include "filehasher.h"
#include "filereadpool.h"
#include "offthread.h"
#include "readaheaddevice.h"
#include "s3protocol.h"
#include "sigv4signer.h"
#include "transferfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace {
// What start() finds on a worker: the file checked, hashed and opened, or why not.
struct Prepared {
    std::optional<TransferError> changed;
    std::optional<QList<QByteArray>> digests;
    std::shared_ptr<QFile> file;
    QString problem;     // why the file did not open
    QString readProblem; // why the hash's read failed (EIO), when it did
};
} // namespace

S3PartPut::S3PartPut(S3Protocol *protocol, const TransferJob &job, const S3Target &target, QUrl url,
                     qint64 begin, qint64 end, QString what, QObject *parent)
    : QObject(parent)
    , m_protocol(protocol)
    , m_job(job)
    , m_target(target)
    , m_url(std::move(url))
    , m_begin(begin)
    , m_end(end)
    , m_what(std::move(what))
    , m_cancel(std::make_shared<std::atomic_bool>(false))
{
}

S3PartPut::~S3PartPut()
{
    abort();
}

void S3PartPut::start()
{
    // Over HTTPS, TLS protects the bytes and Content-MD5 checks them: no SHA-256 to compute.
    QList<DigestAlgorithm> algorithms{DigestAlgorithm::Md5};
    if (!m_target.isHttps())
        algorithms << DigestAlgorithm::Sha256;
    // Only what the check needs crosses to the worker.
    TransferJob file;
    file.filePath = m_job.filePath;
    file.fileSize = m_job.fileSize;
    file.modifiedMs = m_job.modifiedMs;
    // The file is checked, hashed and opened there, never on this thread (a stalled mount), and
    // a file system that does not answer fails the part as Stalled.
    m_prepareTimer.setSingleShot(true);
    connect(&m_prepareTimer, &QTimer::timeout, this, [this] {
        *m_cancel = true;
        fail(TransferFile::stalledError(m_job));
    });
    m_prepareTimer.start(TransferFile::hashTimeoutMs(m_job, m_end - m_begin));
    runOffThread(
        this,
        [file, begin = m_begin, end = m_end, algorithms, cancel = m_cancel] {
            Prepared prepared;
            prepared.changed = fileChangeError(file);
            if (prepared.changed)
                return prepared;
            prepared.digests = digestsOfRange(file.filePath, begin, end, algorithms, cancel.get(),
                                              &prepared.readProblem);
            if (!prepared.digests) {
                prepared.changed = fileChangeError(file);
                return prepared;
            }
            prepared.file = openSharedRegularFile(file.filePath, &prepared.problem);
            return prepared;
        },
        [this, cancel = m_cancel](const Prepared &prepared) {
            if (*cancel || m_finished)
                return;
            m_prepareTimer.stop();
            if (prepared.changed)
                return fail(*prepared.changed);
            const std::optional<QList<QByteArray>> &digests = prepared.digests;
            if (!digests)
                return fail(TransferFile::checksumReadError(m_job.filePath, prepared.readProblem));
            if (!prepared.file) {
                return fail(TransferError::make(
                    TransferError::Kind::FileUnreadable,
                    TrText::of(staticMetaObject, QT_TR_NOOP("Cannot read '%1': %2."))
                        .arg(QFileInfo(m_job.filePath).fileName(), prepared.problem)));
            }
            m_file = prepared.file;
            put(digests->at(0), digests->size() > 1 ? digests->at(1).toHex() : QByteArray());
        });
}

void S3PartPut::put(const QByteArray &md5, const QByteArray &sha256)
{
    m_md5 = md5;
    m_request = new S3Request(m_protocol, m_target, "PUT", m_url, m_what, this);
    m_request->setHeader("Content-MD5", md5.toBase64());
    for (const auto &[name, value] : std::as_const(m_extra))
        m_request->setHeader(name, value);
    m_request->setHeader("Content-Type", "application/octet-stream");
    m_request->setStallTimeout(m_job.stallTimeoutMs);
    m_request->setGroup(m_group);
    m_request->setBody(
        [this]() -> QIODevice * {
            // The file opened off this thread in start(): a request sent again reads it anew.
            auto body = std::make_unique<ReadAheadDevice>(m_file, m_begin, m_end);
            if (!body->open(QIODevice::ReadOnly))
                return nullptr;
            body->setThrottle(m_job.throttle);
            m_body = body.get();
            return body.release();
        },
        m_end - m_begin, sha256.isEmpty() ? QByteArray(SigV4Signer::UnsignedPayload) : sha256);
    connect(m_request, &S3Request::uploadProgress, this, [this](qint64 sent) {
        Q_EMIT progress(sent);
        if (!m_answering && m_end > m_begin && sent >= m_end - m_begin) {
            m_answering = true;
            Q_EMIT bodySent();
        }
    });
    connect(m_request, &S3Request::finished, this, [this](const S3Answer &answer) {
        if (m_finished)
            return;
        if (const std::optional<TransferError> unreadable =
                TransferFile::readError(m_body, m_job.filePath))
            return fail(*unreadable);
        if (m_body && m_body->truncated()) {
            return fail(TransferError::make(
                TransferError::Kind::FileChanged,
                TrText::of(staticMetaObject,
                           QT_TR_NOOP("The file changed while uploading: '%1' got shorter."))
                    .arg(QFileInfo(m_job.filePath).fileName())));
        }
        m_finished = true;
        m_lease.release();
        if (!answer.ok())
            return Q_EMIT failed(answer);
        m_encryption = answer.encryption;
        Q_EMIT sent(answer.etag);
    });
    m_lease = m_protocol->lease(m_url);
    m_request->send(m_lease.manager());
}

void S3PartPut::fail(const TransferError &error)
{
    if (m_finished)
        return;
    m_finished = true;
    m_lease.release();
    S3Answer answer;
    answer.error = error;
    Q_EMIT failed(answer);
}

void S3PartPut::abort()
{
    m_finished = true;
    *m_cancel = true;
    m_prepareTimer.stop();
    if (m_request)
        m_request->abort();
    m_lease.release();
}
