// The instant-upload side of a TusTransfer (server/INSTANT-UPLOAD.md): when the creation's answer
// asks for a proof of possession, compute it from the file (off the event loop) and send it in an
// empty PATCH; the server then either holds the whole upload already or wants it sent as usual.
#include "tustransfer.h"

#include "tushttp.h"

#include <QFile>
#include <QFutureWatcher>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QtConcurrent/QtConcurrentRun>

namespace {
const QByteArray ProofContentType = QByteArrayLiteral("application/offset+octet-stream");

// Runs on a worker thread: touches nothing but its arguments.
std::optional<QByteArray> proofOf(const QString &path, const InstantWire::Challenge &challenge) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return InstantWire::computeProof(file, challenge);
}
} // namespace

std::optional<InstantWire::Challenge> TusTransfer::challengeFrom(const QNetworkReply *reply) const {
    // Only an upload that announced its hash can be asked, and only for the whole file.
    if (!reply->hasRawHeader(InstantWire::ChallengeHeader) || m_offset != 0 ||
        !m_job.metadata.contains(QLatin1String(InstantWire::MetadataKey)))
        return std::nullopt;
    auto challenge =
        InstantWire::parseChallenge(reply->rawHeader(InstantWire::ChallengeHeader), m_job.fileSize);
    if (!challenge)
        qCDebug(lcTus) << "ignoring a malformed proof challenge"
                       << reply->rawHeader(InstantWire::ChallengeHeader);
    return challenge;
}

bool TusTransfer::mayBeInstant() const {
    return !m_partial && m_job.metadata.contains(QLatin1String(InstantWire::MetadataKey)) &&
           m_caps.instantUpload.contains(QLatin1String(InstantWire::Algorithm), Qt::CaseInsensitive);
}

void TusTransfer::declineInstant() {
    if (m_finished)
        return;
    m_finished = true;
    dropReply();
    m_lease.release();
    qCDebug(lcTus) << "not instant; deleting the attempt" << m_job.uploadUrl;
    if (!m_job.uploadUrl.isEmpty())
        m_protocol->terminate(m_job.uploadUrl, m_job.headers);
    Q_EMIT instantDeclined();
}

void TusTransfer::afterCreated() {
    if (!m_challenge && m_job.instantOnly)
        return declineInstant();
    if (!confirm(m_offset))
        return;
    if (!m_challenge)
        return sendNext();
    const InstantWire::Challenge challenge = *std::exchange(m_challenge, std::nullopt);
    if (!checkFileUnchanged())
        return;
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_hashCancel = cancel; // dropReply() sets it: the result is then nobody's
    auto *watcher = new QFutureWatcher<std::optional<QByteArray>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, cancel] {
        watcher->deleteLater();
        if (*cancel || m_finished)
            return;
        m_hashCancel.reset();
        const std::optional<QByteArray> proof = watcher->result();
        // Unreadable now: the ordinary path says why, in its own words.
        if (!proof)
            return m_job.instantOnly ? declineInstant() : sendNext();
        sendProof(proof->toHex());
    });
    watcher->setFuture(
        QtConcurrent::run([path = m_job.filePath, challenge] { return proofOf(path, challenge); }));
}

void TusTransfer::sendProof(const QByteArray &proofHex) {
    qCDebug(lcTus) << "PATCH (proof)" << m_job.uploadUrl;
    QNetworkRequest request = TusHttp::makeRequest(m_job.uploadUrl, m_job.headers);
    request.setRawHeader("Upload-Offset", "0");
    request.setHeader(QNetworkRequest::ContentTypeHeader, ProofContentType);
    request.setHeader(QNetworkRequest::ContentLengthHeader, 0);
    request.setRawHeader(InstantWire::ProofHeader, proofHex);
    m_chunkBegin = m_chunkEnd = m_chunkSent = 0;
    track(
        m_protocol->network()->sendCustomRequest(request, QByteArrayLiteral("PATCH"), QByteArray()),
        &TusTransfer::onProofFinished);
}

void TusTransfer::onProofFinished(QNetworkReply *reply) {
    const int status = TusHttp::httpStatus(reply);
    if (status == 404 || status == 410)
        return recreateLostUpload();
    if (status == 409) {
        m_conflictHead = true;
        return head();
    }
    if (status != 204 && status != 200)
        return fail(TusHttp::errorFromReply(reply, QStringLiteral("proving the file is held")));
    const QByteArray offsetHeader = reply->rawHeader("Upload-Offset");
    const std::optional<qint64> offset = TusHttp::parseOffset(offsetHeader);
    if (offset == 0 && m_job.instantOnly)
        return declineInstant();
    if (offset == 0) {
        qCDebug(lcTus) << "proof not accepted; uploading" << m_job.uploadUrl;
        return sendNext();
    }
    if (offset != m_job.fileSize) {
        return fail(TransferError::make(
            TransferError::Kind::BadResponse,
            QStringLiteral("The server's answer to a proof is not 0 or the file's size (%1) but "
                           "Upload-Offset '%2'.")
                .arg(m_job.fileSize)
                .arg(QString::fromLatin1(offsetHeader)),
            status));
    }
    qCDebug(lcTus) << "instant" << m_job.uploadUrl;
    m_offset = *offset;
    if (!confirm(m_offset))
        return;
    QPointer<TusTransfer> guard(this);
    Q_EMIT completedInstantly();
    if (guard && !m_finished)
        complete();
}
