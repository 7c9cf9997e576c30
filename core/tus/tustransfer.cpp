#include "tustransfer.h"

#include "filecheck.h"
#include "filerangedevice.h"
#include "formatting.h"
#include "lowdelay.h"
#include "offthread.h"
#include "tushttp.h"

#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace {
// A chunk the server found corrupted (460) is sent again at once this many times in a row before
// the attempt fails (and the scheduler retries it later).
constexpr int MaxChecksumRetries = 3;
const QByteArray OffsetContentType = QByteArrayLiteral("application/offset+octet-stream");

// Runs on a worker thread: touches nothing but its arguments.
std::optional<QByteArray> proofOf(const QString &path, const InstantWire::Challenge &challenge)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return InstantWire::computeProof(file, challenge);
}

QString seconds(int ms)
{
    return ms % 1000 == 0 ? QString::number(ms / 1000) : QString::number(ms / 1000.0, 'f', 1);
}
} // namespace

TusTransfer::TusTransfer(TusProtocol *protocol, const TransferJob &job, QObject *parent,
                         const TusRange &range)
    : Transfer(parent)
    , m_protocol(protocol)
    , m_job(job)
    , m_base(qBound<qint64>(0, range.begin, job.fileSize))
    , m_length((range.end < 0 ? job.fileSize : qBound(m_base, range.end, job.fileSize)) - m_base)
    , m_partial(range.partial)
    , m_checksums(new ChunkChecksums(job.filePath, this))
    , m_verification(new TusVerification(job, this))
{
    m_stallTimer.setSingleShot(true);
    m_stallTimer.setInterval(qMax(1, job.stallTimeoutMs));
    connect(&m_stallTimer, &QTimer::timeout, this, &TusTransfer::onStalled);
}

TusTransfer::~TusTransfer()
{
    dropReply();
}

void TusTransfer::start()
{
    if (m_started || m_finished)
        return;
    m_started = true;
    // Never emit from inside start(): the caller is still wiring things up.
    QMetaObject::invokeMethod(this, &TusTransfer::run, Qt::QueuedConnection);
}

void TusTransfer::abort()
{
    m_finished = true;
    disconnect(m_probed);
    m_verification->cancel();
    letCreationFinish();
    dropReply();
    m_lease.release();
}

void TusTransfer::letCreationFinish()
{
    // A creation whose request has all left is made on the server whether we wait or not; cut
    // now, its Location would never be known, and the upload would count against the user's
    // quota until it expired. So it is answered after all (TusProtocol::awaitAbandoned). One
    // whose body is still going is cut: hoistd drops a creation cut short (a server that keeps
    // what arrived, as @tus/server does, keeps that upload until it expires).
    QNetworkReply *reply = m_reply;
    if (!reply || m_handler != &TusTransfer::onCreateFinished
        || m_chunkSent < m_chunkEnd - m_chunkBegin)
        return;
    m_reply = nullptr;
    disconnect(reply, nullptr, this, nullptr);
    disconnect(reply, nullptr, &m_stallTimer, nullptr);
    AbandonedUpload upload;
    upload.owner = m_job.owner;
    upload.endpoint = m_job.endpoint;
    upload.fileSize = m_job.fileSize;
    upload.modifiedMs = m_job.modifiedMs;
    upload.begin = m_base;
    upload.end = m_base + m_length;
    upload.kind = m_job.instantOnly ? AbandonedUpload::Kind::Attempt
                  : m_partial       ? AbandonedUpload::Kind::Part
                                    : AbandonedUpload::Kind::Whole;
    qCDebug(lcTus) << "aborted while creating; awaiting the answer" << m_job.endpoint;
    m_protocol->awaitAbandoned(reply, upload);
}

QNetworkAccessManager *TusTransfer::network()
{
    if (!m_lease.manager())
        m_lease = m_protocol->lease(m_job.endpoint);
    return m_lease.manager();
}

void TusTransfer::run()
{
    using Kind = TransferError::Kind;
    if (m_finished)
        return;
    if (const QString problem = TusHttp::urlProblem(m_job.endpoint); !problem.isEmpty())
        return fail(TransferError::make(Kind::InvalidUrl, problem));
    if (!m_job.uploadUrl.isEmpty()) {
        if (const QString problem = TusHttp::urlProblem(m_job.uploadUrl); !problem.isEmpty())
            return fail(TransferError::make(Kind::InvalidUrl, problem));
    }
    if (!checkFileUnchanged())
        return;
    m_caps = m_protocol->capabilities(m_job.endpoint);
    if (m_caps.known)
        proceed();
    else
        discover();
}

void TusTransfer::discover()
{
    // A folder of small files starting at once asks once, not once per file.
    m_probed = connect(m_protocol, &TransferProtocol::probed, this, [this] {
        const TusCapabilities caps = m_protocol->capabilities(m_job.endpoint);
        if (!caps.known && !m_protocol->offersInstantUpload(m_job.endpoint).has_value())
            return; // another endpoint's answer
        disconnect(m_probed);
        if (m_finished)
            return;
        if (!caps.known)
            return discoverAlone();
        m_caps = caps;
        proceed();
    });
    m_protocol->probe(m_job.endpoint, m_job.headers);
}

void TusTransfer::discoverAlone()
{
    qCDebug(lcTus) << "OPTIONS" << m_job.endpoint;
    const QNetworkRequest request = TusHttp::makeRequest(m_job.endpoint, m_job.headers);
    track(network()->sendCustomRequest(request, QByteArrayLiteral("OPTIONS")),
          &TusTransfer::onDiscoverFinished);
}

void TusTransfer::onDiscoverFinished(QNetworkReply *reply)
{
    const int status = TusHttp::httpStatus(reply);
    if (status == 0 || status == 423 || status == 429 || status >= 500)
        return fail(TusHttp::errorFromReply(
            reply, TrText::of(staticMetaObject, QT_TR_NOOP("asking the server what it supports"))));
    if (status < 200 || status >= 300) {
        // Some proxies and frameworks do not route OPTIONS; core tus still works without it.
        qCDebug(lcTus) << "OPTIONS answered HTTP" << status << "- going on without extensions";
        m_caps = TusCapabilities();
        return proceed();
    }
    const TusCapabilities caps = TusProtocol::capabilitiesFrom(reply);
    if (!caps.versions.isEmpty() && !caps.versions.contains(QLatin1String(TusHttp::Version))) {
        return fail(TransferError::make(
            TransferError::Kind::BadResponse,
            TrText::of(staticMetaObject, QT_TR_NOOP("The server speaks tus %1, not 1.0.0."))
                .arg(caps.versions.join(QLatin1String(", ")))));
    }
    m_protocol->setCapabilities(m_job.endpoint, caps);
    m_caps = caps;
    proceed();
}

void TusTransfer::proceed()
{
    if (m_caps.maxSize > 0 && m_length > m_caps.maxSize) {
        return fail(TransferError::make(
            TransferError::Kind::TooLarge,
            QStringLiteral(
                "%1 is too large for this server: it is %2 (%3 bytes), the server accepts "
                "at most %4 (%5 bytes).")
                .arg(fileLabel(), formatSize(m_job.fileSize), QString::number(m_job.fileSize),
                     formatSize(m_caps.maxSize), QString::number(m_caps.maxSize))));
    }
    if (m_caps.has(QStringLiteral("checksum")))
        m_checksums->choose(m_caps.checksumAlgorithms);
    // A part is verified as part of the whole, by TusParallelTransfer.
    if (!m_partial)
        m_verification->setCapabilities(m_caps, m_checksums->enabled());
    if (m_job.uploadUrl.isEmpty())
        create();
    else
        head();
}

void TusTransfer::create()
{
    if (!checkFileUnchanged())
        return;
    // The first chunk goes with the creation, also when the URL is to be saved before anything
    // else is sent (holdAfterCreate): a crash before that save can only leave that chunk in an
    // upload the server expires, never lose a byte, and a small file costs one request instead
    // of two. Not when the server may answer with a proof challenge: that is worth the wait.
    if (m_caps.has(QStringLiteral("creation-with-upload")) && m_length > 0 && !mayBeInstant()) {
        const qint64 end = nextChunkEnd(0);
        withChecksum(0, end,
                     [this, end](const QByteArray &checksum) { postWithBody(end, checksum); });
        return;
    }
    qCDebug(lcTus) << "POST" << m_job.endpoint << "length" << m_length;
    QNetworkRequest request = creationRequest();
    request.setHeader(QNetworkRequest::ContentLengthHeader, 0);
    m_chunkBegin = m_chunkEnd = m_chunkSent = 0;
    track(network()->post(request, QByteArray()), &TusTransfer::onCreateFinished);
}

QNetworkRequest TusTransfer::creationRequest() const
{
    QNetworkRequest request = TusHttp::makeRequest(m_job.endpoint, m_job.headers);
    request.setRawHeader("Upload-Length", QByteArray::number(m_length));
    // A part carries no metadata: the final upload that joins the parts names the file.
    if (m_partial)
        request.setRawHeader("Upload-Concat", QByteArrayLiteral("partial"));
    else if (const QByteArray metadata = TusHttp::uploadMetadata(m_job); !metadata.isEmpty())
        request.setRawHeader("Upload-Metadata", metadata);
    return request;
}

void TusTransfer::postWithBody(qint64 end, const QByteArray &checksum)
{
    FileRangeDevice *body = openChunk(0, end);
    if (!body)
        return;
    qCDebug(lcTus) << "POST with upload" << m_job.endpoint << "length" << m_length
                   << "bytes 0 -" << end;
    QNetworkRequest request = creationRequest();
    request.setHeader(QNetworkRequest::ContentTypeHeader, OffsetContentType);
    request.setHeader(QNetworkRequest::ContentLengthHeader, end);
    if (!checksum.isEmpty())
        request.setRawHeader("Upload-Checksum", checksum);
    QNetworkReply *reply = network()->post(request, body);
    body->setParent(reply); // lives exactly as long as the request reading it
    track(reply, &TusTransfer::onCreateFinished);
    prefetchChecksum(end);
}

bool TusTransfer::failIfBodyTruncated()
{
    if (!m_body || !m_body->truncated())
        return false;
    fail(TransferError::make(
        TransferError::Kind::FileChanged,
        TrText::of(staticMetaObject,
                   QT_TR_NOOP("The file changed while uploading: %1 got shorter."))
            .arg(fileLabel())));
    return true;
}

void TusTransfer::onCreateFinished(QNetworkReply *reply)
{
    using Kind = TransferError::Kind;
    const int status = TusHttp::httpStatus(reply);
    if (failIfBodyTruncated() || failIfContentRefused(reply))
        return;
    if (status < 200 || status >= 300)
        return fail(TusHttp::errorFromReply(
            reply, TrText::of(staticMetaObject, QT_TR_NOOP("creating the upload"))));
    m_verification->noteAnswer(reply);
    const QByteArray location = reply->rawHeader("Location");
    if (location.trimmed().isEmpty()) {
        return fail(TransferError::make(
            Kind::BadResponse,
            QStringLiteral(
                "The server did not say where the upload is (no Location in its HTTP %1 answer).")
                .arg(status),
            status));
    }
    const QUrl url = m_job.endpoint.resolved(QUrl::fromEncoded(location.trimmed()));
    if (const QString problem = TusHttp::urlProblem(url); !problem.isEmpty())
        return fail(TransferError::make(
            Kind::BadResponse,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The server gave an unusable upload address. %1"))
                .arg(problem),
            status));

    const bool sentBody = m_chunkEnd > 0;
    const QByteArray offsetHeader = reply->rawHeader("Upload-Offset");
    std::optional<qint64> offset = TusHttp::parseOffset(offsetHeader);
    if (!offset && !sentBody && offsetHeader.isEmpty())
        offset = 0;
    if (!offset || *offset > m_chunkEnd) {
        return fail(TransferError::make(
            Kind::BadResponse,
            QStringLiteral(
                "The server's answer to creating the upload is not tus (Upload-Offset '%1' "
                "after sending %2 bytes).")
                .arg(QString::fromLatin1(offsetHeader))
                .arg(m_chunkEnd),
            status));
    }
    qCDebug(lcTus) << "created" << url << "offset" << *offset;
    m_protocol->rememberUpload(url, m_job.endpoint);
    m_job.uploadUrl = url;
    QPointer<TusTransfer> guard(this);
    m_offset = *offset;
    m_heldAfterCreate = m_job.holdAfterCreate;
    m_challenge = sentBody ? std::nullopt : challengeFrom(reply);
    if (sentBody)
        adaptRequestSize();
    // Nothing more to send: no reason to wait for the URL to be saved.
    if (m_offset >= m_length && !m_challenge)
        m_heldAfterCreate = false;
    Q_EMIT uploadCreated(url);
    if (!guard || m_finished || m_heldAfterCreate)
        return;
    afterCreated();
}

void TusTransfer::continueAfterCreated()
{
    if (!m_heldAfterCreate || m_finished)
        return;
    m_heldAfterCreate = false;
    afterCreated();
}

void TusTransfer::head()
{
    qCDebug(lcTus) << "HEAD" << m_job.uploadUrl;
    m_chunkBegin = m_chunkEnd = m_chunkSent = 0;
    const QNetworkRequest request = TusHttp::makeRequest(m_job.uploadUrl, m_job.headers);
    track(network()->head(request), &TusTransfer::onHeadFinished);
}

void TusTransfer::onHeadFinished(QNetworkReply *reply)
{
    const int status = TusHttp::httpStatus(reply);
    if (status == 404 || status == 410)
        return recreateLostUpload();
    if (status != 200 && status != 204)
        return fail(TusHttp::errorFromReply(
            reply,
            TrText::of(staticMetaObject, QT_TR_NOOP("asking the server for the upload's offset"))));
    const QByteArray offsetHeader = reply->rawHeader("Upload-Offset");
    const std::optional<qint64> offset = TusHttp::parseOffset(offsetHeader);
    if (!offset || *offset > m_length) {
        return fail(TransferError::make(
            TransferError::Kind::BadResponse,
            QStringLiteral(
                "The server's answer about the upload is not tus (Upload-Offset '%1' for an "
                "upload of %2 bytes).")
                .arg(QString::fromLatin1(offsetHeader))
                .arg(m_length),
            status));
    }
    const std::optional<qint64> length = TusHttp::parseOffset(reply->rawHeader("Upload-Length"));
    if (length && *length != m_length) {
        // Another file's upload (or an old version of this one): it cannot be finished with ours.
        qCDebug(lcTus) << "upload length" << *length << "differs from ours" << m_length;
        return recreateLostUpload();
    }
    qCDebug(lcTus) << "resuming" << m_job.uploadUrl << "at" << *offset;
    m_verification->noteAnswer(reply);
    m_offset = *offset;
    if (confirm(m_offset))
        sendNext();
}

void TusTransfer::recreateLostUpload()
{
    if (m_lostOnce) {
        return fail(TransferError::make(
            TransferError::Kind::BadResponse,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The server lost the upload it had just created."))));
    }
    m_lostOnce = true;
    qCDebug(lcTus) << "upload lost" << m_job.uploadUrl;
    m_job.uploadUrl.clear();
    m_offset = 0;
    m_conflictHead = false;
    QPointer<TusTransfer> guard(this);
    Q_EMIT uploadLost();
    if (guard && !m_finished)
        create();
}

void TusTransfer::sendNext()
{
    if (m_offset >= m_length)
        return complete();
    if (!checkFileUnchanged())
        return;
    const qint64 begin = m_offset;
    const qint64 end = nextChunkEnd(begin);
    withChecksum(begin, end,
                 [this, begin, end](const QByteArray &checksum) { patch(begin, end, checksum); });
}

void TusTransfer::patch(qint64 begin, qint64 end, const QByteArray &checksum)
{
    FileRangeDevice *body = openChunk(begin, end);
    if (!body)
        return;
    qCDebug(lcTus) << "PATCH" << m_job.uploadUrl << begin << "-" << end;
    QNetworkRequest request = TusHttp::makeRequest(m_job.uploadUrl, m_job.headers);
    request.setRawHeader("Upload-Offset", QByteArray::number(begin));
    request.setHeader(QNetworkRequest::ContentTypeHeader, OffsetContentType);
    request.setHeader(QNetworkRequest::ContentLengthHeader, end - begin);
    if (!checksum.isEmpty())
        request.setRawHeader("Upload-Checksum", checksum);
    QNetworkReply *reply =
        network()->sendCustomRequest(request, QByteArrayLiteral("PATCH"), body);
    body->setParent(reply);
    track(reply, &TusTransfer::onPatchFinished);
    prefetchChecksum(end);
}

void TusTransfer::onPatchFinished(QNetworkReply *reply)
{
    using Kind = TransferError::Kind;
    const int status = TusHttp::httpStatus(reply);
    if (failIfBodyTruncated() || failIfContentRefused(reply))
        return;
    if (status == TusWire::ChecksumMismatchStatus && m_checksumRetries < MaxChecksumRetries) {
        // The server kept nothing of a chunk that arrived damaged: send it again.
        ++m_checksumRetries;
        qCDebug(lcTus) << "checksum mismatch; sending bytes" << m_chunkBegin << "again";
        return sendNext();
    }
    if (status == 409 && !m_conflictHead) {
        // The server holds something else than we thought: ask, then go on from there.
        m_conflictHead = true;
        return head();
    }
    if (status == 404 || status == 410)
        return recreateLostUpload();
    if (status != 204 && status != 200)
        return fail(TusHttp::errorFromReply(
            reply, TrText::of(staticMetaObject, QT_TR_NOOP("sending bytes %1 to %2"))
                       .arg(m_chunkBegin)
                       .arg(m_chunkEnd)));
    const QByteArray offsetHeader = reply->rawHeader("Upload-Offset");
    const std::optional<qint64> offset = TusHttp::parseOffset(offsetHeader);
    if (!offset || *offset < m_chunkBegin || *offset > m_chunkEnd) {
        return fail(TransferError::make(
            Kind::BadResponse,
            QStringLiteral(
                "The server's answer is not tus: Upload-Offset '%1' after sending bytes %2 to %3.")
                .arg(QString::fromLatin1(offsetHeader))
                .arg(m_chunkBegin)
                .arg(m_chunkEnd),
            status));
    }
    if (*offset == m_chunkBegin) {
        return fail(TransferError::make(
            Kind::ServerError,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The server accepted none of the %1 bytes sent."))
                .arg(m_chunkEnd - m_chunkBegin),
            status));
    }
    m_conflictHead = false;
    m_checksumRetries = 0;
    m_verification->noteAnswer(reply);
    m_offset = *offset;
    adaptRequestSize();
    if (confirm(m_offset))
        sendNext();
}

void TusTransfer::track(QNetworkReply *reply, Handler handler)
{
    m_reply = reply;
    m_handler = handler;
    // Qt's HTTP/1 client leaves Nagle on; every body's last segment would wait for a delayed
    // ACK (lowdelay.h). New connections get it when they start; reused ones have it already,
    // unless that start raced with the socket's creation, which the call here mends.
    connect(reply, &QNetworkReply::socketStartedConnecting, this,
            [] { disableNagleOnOwnSockets(); });
    disableNagleOnOwnSockets();
    connect(reply, &QNetworkReply::finished, this, [this, reply, handler] {
        if (reply != m_reply)
            return;
        m_reply = nullptr;
        m_stallTimer.stop();
        reply->deleteLater();
        (this->*handler)(reply);
    });
    connect(reply, &QNetworkReply::uploadProgress, this,
            [this](qint64 sent, qint64) { onUploadProgress(sent); });
    // Any sign of life from the server counts as progress, too.
    connect(reply, &QNetworkReply::metaDataChanged, &m_stallTimer, qOverload<>(&QTimer::start));
    connect(reply, &QNetworkReply::downloadProgress, &m_stallTimer, qOverload<>(&QTimer::start));
    m_stallTimer.start();
}

void TusTransfer::dropReply()
{
    m_stallTimer.stop();
    m_checksums->cancel();
    if (m_proofCancel) {
        *m_proofCancel = true;
        m_proofCancel.reset();
    }
    if (QNetworkReply *reply = m_reply) {
        m_reply = nullptr;
        disconnect(reply, nullptr, this, nullptr);
        disconnect(reply, nullptr, &m_stallTimer, nullptr);
        if (reply->isRunning())
            reply->abort();
        reply->deleteLater();
    }
}

void TusTransfer::onUploadProgress(qint64 sent)
{
    // Qt may start a body over on a fresh connection; progress shown never goes back.
    if (m_chunkEnd <= m_chunkBegin || sent <= m_chunkSent)
        return;
    m_chunkSent = qMin(sent, m_chunkEnd - m_chunkBegin);
    m_stallTimer.start();
    Q_EMIT chunkProgress(m_chunkSent);
}

void TusTransfer::onStalled()
{
    if (m_finished || !m_reply)
        return;
    qCDebug(lcTus) << "stalled" << m_job.uploadUrl;
    fail(TransferError::make(
        TransferError::Kind::Stalled,
        TrText::of(staticMetaObject, QT_TR_NOOP("The upload stalled: no progress for %1 s."))
            .arg(seconds(m_stallTimer.interval()))));
}

bool TusTransfer::confirm(qint64 offset)
{
    QPointer<TusTransfer> guard(this);
    Q_EMIT offsetConfirmed(offset);
    return guard && !m_finished;
}

void TusTransfer::fail(const TransferError &error)
{
    if (m_finished)
        return;
    m_finished = true;
    dropReply();
    m_lease.release();
    qCDebug(lcTus) << "failed" << int(error.kind) << error.message();
    Q_EMIT failed(error);
}

void TusTransfer::complete()
{
    if (m_finished || m_verifying)
        return;
    if (m_partial)
        return finishCompleted({});
    m_verifying = true;
    dropReply();
    m_lease.release();
    m_verification->finish([this](const UploadCheck &check, const TransferError &mismatch) {
        if (m_finished)
            return;
        if (mismatch.kind != TransferError::Kind::None)
            return fail(mismatch);
        finishCompleted(check);
    });
}

void TusTransfer::finishCompleted(const UploadCheck &check)
{
    if (m_finished)
        return;
    m_finished = true;
    dropReply();
    m_lease.release();
    qCDebug(lcTus) << "completed" << m_job.uploadUrl << "verified" << check.verified();
    QPointer<TusTransfer> guard(this);
    if (!m_partial)
        Q_EMIT checked(check);
    if (guard)
        Q_EMIT completed();
}

bool TusTransfer::failIfContentRefused(QNetworkReply *reply)
{
    const std::optional<TransferError> refused = m_verification->refusal(reply);
    if (refused)
        fail(*refused);
    return refused.has_value();
}

qint64 TusTransfer::nextChunkEnd(qint64 offset) const
{
    const qint64 chunk = qMax<qint64>(1, m_job.chunkSize);
    // To the end of the chunk `offset` is in, then whole chunks: requests stay chunk-aligned.
    const qint64 end = (offset / chunk + m_requestChunks) * chunk;
    return qMin(m_length, end);
}

void TusTransfer::adaptRequestSize()
{
    const qint64 chunk = qMax<qint64>(1, m_job.chunkSize);
    const int most = int(qBound(qint64(1), m_job.maxRequestSize / chunk, qint64(1) << 20));
    if (!m_requestClock.isValid() || most == 1)
        return;
    const qint64 took = m_requestClock.elapsed();
    const bool whole = m_chunkEnd - m_chunkBegin >= m_requestChunks * chunk;
    // Only a request as large as asked says how fast the link is; the file's last is shorter.
    if (took < GrowBelowMs && whole)
        m_requestChunks = qMin(most, m_requestChunks * 2);
    else if (took > ShrinkAboveMs)
        m_requestChunks = qMax(1, m_requestChunks / 2);
}

QString TusTransfer::fileLabel() const
{
    return QLatin1Char('\'') + QFileInfo(m_job.filePath).fileName() + QLatin1Char('\'');
}

// ---- the file ---------------------------------------------------------------------------------

bool TusTransfer::checkFileUnchanged()
{
    if (const std::optional<TransferError> error = fileChangeError(m_job)) {
        fail(*error);
        return false;
    }
    return true;
}

void TusTransfer::withChecksum(qint64 begin, qint64 end,
                               std::function<void(const QByteArray &)> next)
{
    if (!m_checksums->enabled()) {
        next(QByteArray());
        return;
    }
    m_checksums->request(m_base + begin, m_base + end,
                         [this, next = std::move(next)](const std::optional<QByteArray> &value) {
                             if (m_finished)
                                 return;
                             if (value)
                                 return next(*value);
                             if (checkFileUnchanged()) {
                                 fail(TransferError::make(
                                     TransferError::Kind::FileUnreadable,
                                     TrText::of(
                                         staticMetaObject,
                                         QT_TR_NOOP("Could not read %1 to compute its checksum."))
                                         .arg(fileLabel())));
                             }
                         });
}

void TusTransfer::prefetchChecksum(qint64 sentEnd)
{
    // While this request goes, the next one's checksum (if all of this one arrives).
    if (m_checksums->enabled() && sentEnd < m_length)
        m_checksums->prefetch(m_base + sentEnd, m_base + nextChunkEnd(sentEnd));
}

FileRangeDevice *TusTransfer::openChunk(qint64 begin, qint64 end)
{
    auto body = std::make_unique<FileRangeDevice>(m_job.filePath, m_base + begin, m_base + end);
    if (!body->open(QIODevice::ReadOnly)) {
        fail(TransferError::make(TransferError::Kind::FileUnreadable,
                                 TrText::of(staticMetaObject, QT_TR_NOOP("Cannot read %1: %2."))
                                     .arg(fileLabel(), body->errorString())));
        return nullptr;
    }
    body->setThrottle(m_job.throttle);
    body->setStreamHash(m_verification->streamHash());
    m_chunkBegin = begin;
    m_chunkEnd = end;
    m_chunkSent = 0;
    m_requestClock.start();
    QPointer<TusTransfer> guard(this);
    Q_EMIT chunkStarted(begin, end);
    if (!guard || m_finished)
        return nullptr;
    m_body = body.get();
    return body.release();
}

// ---- instant upload (server/INSTANT-UPLOAD.md): prove the content instead of sending it --------

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
    m_proofCancel = cancel; // dropReply() sets it: the result is then nobody's
    runOffThread(
        this, [path = m_job.filePath, challenge] { return proofOf(path, challenge); },
        [this, cancel](const std::optional<QByteArray> &proof) {
            if (*cancel || m_finished)
                return;
            m_proofCancel.reset();
            // Unreadable now: the ordinary path says why, in its own words.
            if (!proof)
                return m_job.instantOnly ? declineInstant() : sendNext();
            sendProof(proof->toHex());
        });
}

void TusTransfer::sendProof(const QByteArray &proofHex) {
    qCDebug(lcTus) << "PATCH (proof)" << m_job.uploadUrl;
    QNetworkRequest request = TusHttp::makeRequest(m_job.uploadUrl, m_job.headers);
    request.setRawHeader("Upload-Offset", "0");
    request.setHeader(QNetworkRequest::ContentTypeHeader, OffsetContentType);
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
        return fail(TusHttp::errorFromReply(
            reply, TrText::of(staticMetaObject, QT_TR_NOOP("proving the file is held"))));
    m_verification->noteAnswer(reply);
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
            TrText::of(
                staticMetaObject,
                QT_TR_NOOP("The server's answer to a proof is not 0 or the file's size (%1) but "
                           "Upload-Offset '%2'."))
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
