#include "tusinstantproof.h"

#include "filecheck.h"
#include "filereadpool.h"
#include "offthread.h"
#include "regularfile.h"
#include "tushttp.h"
#include "tuswire.h"

#include <QFile>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace {
const QByteArray OffsetContentType = QByteArrayLiteral("application/offset+octet-stream");

// Runs on a worker thread: touches nothing but its arguments.
TusInstantProof::Proof proofOf(const TransferJob &job, const InstantWire::Challenge &challenge)
{
    TusInstantProof::Proof proof;
    proof.changed = fileChangeError(job);
    if (proof.changed)
        return proof;
    QFile file;
    if (!openRegularFile(file, job.filePath))
        return proof;
    if (const std::optional<QByteArray> raw = InstantWire::computeProof(file, challenge))
        proof.hex = raw->toHex();
    return proof;
}
} // namespace

TusInstantProof::TusInstantProof(const TransferJob &job, QObject *parent)
    : QObject(parent)
    , m_job(job)
{
}

TusInstantProof::~TusInstantProof()
{
    cancel();
}

bool TusInstantProof::mayBeAsked(const TusCapabilities &caps, bool partial) const
{
    return !partial && m_job.metadata.contains(QLatin1String(InstantWire::MetadataKey))
           && caps.instantUpload.contains(QLatin1String(InstantWire::Algorithm),
                                          Qt::CaseInsensitive);
}

std::optional<InstantWire::Challenge> TusInstantProof::challengeFrom(const QNetworkReply *reply,
                                                                     qint64 offset) const
{
    // Only an upload that announced its hash can be asked, and only for the whole file.
    if (!reply->hasRawHeader(InstantWire::ChallengeHeader) || offset != 0
        || !m_job.metadata.contains(QLatin1String(InstantWire::MetadataKey)))
        return std::nullopt;
    auto challenge =
        InstantWire::parseChallenge(reply->rawHeader(InstantWire::ChallengeHeader), m_job.fileSize);
    if (!challenge)
        qCDebug(lcTus) << "ignoring a malformed proof challenge"
                       << reply->rawHeader(InstantWire::ChallengeHeader);
    return challenge;
}

void TusInstantProof::prove(const InstantWire::Challenge &challenge,
                            std::function<void(const Proof &)> done)
{
    cancel();
    auto cancelled = std::make_shared<std::atomic_bool>(false);
    m_cancel = cancelled;
    TransferJob file; // only what the check and the read need crosses to the worker
    file.filePath = m_job.filePath;
    file.fileSize = m_job.fileSize;
    file.modifiedMs = m_job.modifiedMs;
    runOffThread(
        fileReadPool(), this, [file, challenge] { return proofOf(file, challenge); },
        [this, cancelled, done = std::move(done)](const Proof &proof) {
            if (*cancelled)
                return;
            m_cancel.reset();
            done(proof);
        });
}

void TusInstantProof::cancel()
{
    if (m_cancel) {
        *m_cancel = true;
        m_cancel.reset();
    }
}

QNetworkRequest TusInstantProof::request(const QUrl &uploadUrl, const QByteArray &proofHex) const
{
    QNetworkRequest request = TusHttp::makeRequest(uploadUrl, m_job.headers);
    request.setRawHeader("Upload-Offset", "0");
    request.setHeader(QNetworkRequest::ContentTypeHeader, OffsetContentType);
    request.setHeader(QNetworkRequest::ContentLengthHeader, 0);
    request.setRawHeader(InstantWire::ProofHeader, proofHex);
    return request;
}

TusInstantProof::Verdict TusInstantProof::judge(QNetworkReply *reply, TransferError *error) const
{
    const int status = TusHttp::httpStatus(reply);
    if (status == 404 || status == 410)
        return Verdict::Lost;
    if (status == 409)
        return Verdict::Conflict;
    if (status != 204 && status != 200) {
        *error = TusHttp::errorFromReply(
            reply, TrText::of(staticMetaObject, QT_TR_NOOP("proving the file is held")));
        return Verdict::Failed;
    }
    const QByteArray offsetHeader = reply->rawHeader("Upload-Offset");
    const std::optional<qint64> offset = TusWire::parseUnsigned(offsetHeader);
    if (offset == 0)
        return Verdict::Declined;
    if (offset != m_job.fileSize) {
        *error = TransferError::make(
            TransferError::Kind::BadResponse,
            TrText::of(
                staticMetaObject,
                QT_TR_NOOP("The server's answer to a proof is not 0 or the file's size (%1) but "
                           "Upload-Offset '%2'."))
                .arg(m_job.fileSize)
                .arg(QString::fromLatin1(offsetHeader)),
            status);
        return Verdict::Failed;
    }
    return Verdict::Accepted;
}
