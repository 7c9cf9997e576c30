#include "tustransfer.h"

#include "formatting.h"
#include "readaheaddevice.h"
#include "transferfile.h"
#include "tusanswer.h"
#include "tusbodysource.h"
#include "tusdiscovery.h"
#include "tushttp.h"
#include "tusinstantproof.h"
#include "tusrequestwatch.h"
#include "tuswire.h"

#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace {
// A chunk the server found corrupted (460) is sent again at once this many times in a row before
// the attempt fails (and the scheduler retries it later).
constexpr int MaxChecksumRetries = 3;
} // namespace

TusTransfer::TusTransfer(TusProtocol *protocol, const TransferJob &job, QObject *parent,
                         const TusRange &range)
    : Transfer(parent)
    , m_protocol(protocol)
    , m_job(job)
    , m_base(qBound<qint64>(0, range.begin, job.fileSize))
    , m_length((range.end < 0 ? job.fileSize : qBound(m_base, range.end, job.fileSize)) - m_base)
    , m_partial(range.partial)
    , m_discovery(new TusDiscovery(protocol, job, this))
    , m_source(new TusBodySource(job, this))
    , m_instant(new TusInstantProof(job, this))
    , m_verification(new TusVerification(job, this))
    , m_watch(new TusRequestWatch(job.stallTimeoutMs, this))
    , m_requests(job, m_length, m_partial)
    , m_requestSize(job.chunkSize, job.maxRequestSize, m_length)
{
    m_source->setStreamHash(m_verification->streamHash());
    connect(m_watch, &TusRequestWatch::finished, this,
            [this](QNetworkReply *reply) { (this->*std::exchange(m_handler, nullptr))(reply); });
    connect(m_watch, &TusRequestWatch::progressed, this, &Transfer::chunkProgress);
    connect(m_watch, &TusRequestWatch::stalled, this, &TusTransfer::fail);
    connect(m_discovery, &TusDiscovery::found, this, [this](const TusCapabilities &caps) {
        m_caps = caps;
        proceed();
    });
    connect(m_discovery, &TusDiscovery::failed, this, &TusTransfer::fail);
    connect(m_discovery, &TusDiscovery::stalled, this, &TusTransfer::fail);
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
    m_discovery->cancel();
    m_verification->cancel();
    letCreationFinish();
    dropReply();
    m_lease.release();
}

void TusTransfer::setRequestGroup(std::shared_ptr<const RequestGroup> group)
{
    m_watch->setGroup(std::move(group));
}

void TusTransfer::letCreationFinish()
{
    // A creation whose request has all left is made on the server whether we wait or not; cut
    // now, its Location would never be known, and the upload would count against the user's
    // quota until it expired. So it is answered after all (TusProtocol::awaitAbandoned). One
    // whose body is still going is cut: hoistd drops a creation cut short (a server that keeps
    // what arrived, as @tus/server does, keeps that upload until it expires).
    if (!m_watch->reply() || m_handler != &TusTransfer::onCreateFinished || !m_watch->allSent())
        return;
    QNetworkReply *reply = m_watch->release();
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
    withFileUnchanged([this] {
        m_caps = m_protocol->capabilities(m_job.endpoint);
        if (m_caps.known)
            proceed();
        else
            m_discovery->start([this] { return network(); });
    });
}

void TusTransfer::proceed()
{
    if (m_caps.maxSize > 0 && m_length > m_caps.maxSize) {
        return fail(TransferError::make(
            TransferError::Kind::TooLarge,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("%1 is too large for this server: it is %2 (%3 bytes), the "
                                  "server accepts at most %4 (%5 bytes)."))
                .arg(fileLabel(), formatSize(m_job.fileSize), QString::number(m_job.fileSize))
                .arg(formatSize(m_caps.maxSize), QString::number(m_caps.maxSize))));
    }
    if (m_caps.has(QStringLiteral("checksum")))
        m_source->chooseChecksum(m_caps.checksumAlgorithms);
    // A part is verified as part of the whole, by TusParallelTransfer.
    if (!m_partial)
        m_verification->setCapabilities(m_caps, m_source->checksumsEnabled());
    if (m_job.uploadUrl.isEmpty())
        create();
    else
        head();
}

void TusTransfer::create()
{
    // The first chunk goes with the creation, also when the URL is to be saved before anything
    // else is sent (holdAfterCreate): a crash before that save can only leave that chunk in an
    // upload the server expires, never lose a byte, and a small file costs one request instead
    // of two. Not when the server may answer with a proof challenge: that is worth the wait.
    if (m_caps.has(QStringLiteral("creation-with-upload")) && m_length > 0
        && !m_instant->mayBeAsked(m_caps, m_partial)) {
        return withBody(0, m_requestSize.nextEnd(0), &TusTransfer::postWithBody);
    }
    withFileUnchanged([this] {
        qCDebug(lcTus) << "POST" << m_job.endpoint << "length" << m_length;
        m_chunkBegin = m_chunkEnd = 0;
        track(network()->post(m_requests.creation(), QByteArray()), &TusTransfer::onCreateFinished);
    });
}

void TusTransfer::postWithBody(ReadAheadDevice *body, const QByteArray &checksum)
{
    const qint64 end = m_chunkEnd;
    qCDebug(lcTus) << "POST with upload" << m_job.endpoint << "length" << m_length << "bytes 0 -"
                   << end;
    QNetworkReply *reply = network()->post(m_requests.creationWithBody(end, checksum), body);
    body->setParent(reply); // lives exactly as long as the request reading it
    track(reply, &TusTransfer::onCreateFinished);
    prefetchChecksum(end);
}

bool TusTransfer::failIfBodyTruncated()
{
    // A read that failed (EIO) ends the request as a network error would: said as what it is.
    if (const std::optional<TransferError> unreadable =
            TransferFile::readError(m_body, m_job.filePath)) {
        fail(*unreadable);
        return true;
    }
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
    const int status = TusHttp::httpStatus(reply);
    if (failIfBodyTruncated() || failIfContentRefused(reply))
        return;
    if (status < 200 || status >= 300)
        return fail(TusHttp::errorFromReply(
            reply, TrText::of(staticMetaObject, QT_TR_NOOP("creating the upload"))));
    TusAnswer::Created created;
    if (const TransferError bad = TusAnswer::created(reply, m_job.endpoint, m_chunkEnd, &created);
        bad.kind != TransferError::Kind::None)
        return fail(bad);
    m_verification->noteAnswer(reply);
    const bool sentBody = m_chunkEnd > 0;
    const QUrl url = created.url;
    qCDebug(lcTus) << "created" << url << "offset" << created.offset;
    m_protocol->rememberUpload(url, m_job.endpoint);
    m_job.uploadUrl = url;
    QPointer<TusTransfer> guard(this);
    m_offset = created.offset;
    m_heldAfterCreate = m_job.holdAfterCreate;
    m_challenge = sentBody ? std::nullopt : m_instant->challengeFrom(reply, m_offset);
    if (sentBody)
        m_requestSize.succeeded(m_chunkEnd - m_chunkBegin);
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
    m_chunkBegin = m_chunkEnd = 0;
    track(network()->head(m_requests.head(m_job.uploadUrl)), &TusTransfer::onHeadFinished);
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
    qint64 offset = 0;
    if (const TransferError bad = TusAnswer::headOffset(reply, m_length, &offset);
        bad.kind != TransferError::Kind::None)
        return fail(bad);
    const std::optional<qint64> length = TusWire::parseUnsigned(reply->rawHeader("Upload-Length"));
    if (length && *length != m_length) {
        // Another file's upload (or an old version of this one): it cannot be finished with ours.
        qCDebug(lcTus) << "upload length" << *length << "differs from ours" << m_length;
        return recreateLostUpload();
    }
    qCDebug(lcTus) << "resuming" << m_job.uploadUrl << "at" << offset;
    m_verification->noteAnswer(reply);
    m_offset = offset;
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
    withBody(m_offset, m_requestSize.nextEnd(m_offset), &TusTransfer::patch);
}

void TusTransfer::patch(ReadAheadDevice *body, const QByteArray &checksum)
{
    const qint64 begin = m_chunkBegin;
    const qint64 end = m_chunkEnd;
    qCDebug(lcTus) << "PATCH" << m_job.uploadUrl << begin << "-" << end;
    QNetworkReply *reply = network()->sendCustomRequest(
        m_requests.patch(m_job.uploadUrl, begin, end, checksum), QByteArrayLiteral("PATCH"), body);
    body->setParent(reply);
    track(reply, &TusTransfer::onPatchFinished);
    prefetchChecksum(end);
}

void TusTransfer::onPatchFinished(QNetworkReply *reply)
{
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
    qint64 offset = 0;
    if (const TransferError bad = TusAnswer::patchOffset(reply, m_chunkBegin, m_chunkEnd, &offset);
        bad.kind != TransferError::Kind::None)
        return fail(bad);
    m_conflictHead = false;
    m_checksumRetries = 0;
    m_verification->noteAnswer(reply);
    m_offset = offset;
    m_requestSize.succeeded(m_chunkEnd - m_chunkBegin);
    if (confirm(m_offset))
        sendNext();
}

void TusTransfer::track(QNetworkReply *reply, Handler handler)
{
    m_handler = handler;
    m_watch->watch(reply, m_chunkEnd - m_chunkBegin);
}

void TusTransfer::dropReply()
{
    m_discovery->cancel();
    m_source->cancel();
    m_instant->cancel();
    m_watch->drop(); // freed rather than aborted once another part failed (setRequestGroup)
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

QString TusTransfer::fileLabel() const
{
    return QLatin1Char('\'') + QFileInfo(m_job.filePath).fileName() + QLatin1Char('\'');
}

// ---- the file ---------------------------------------------------------------------------------

void TusTransfer::withFileUnchanged(std::function<void()> next)
{
    m_source->check([this, next = std::move(next)](const std::optional<TransferError> &error) {
        if (m_finished)
            return;
        if (error)
            return fail(*error);
        next();
    });
}

void TusTransfer::withBody(qint64 begin, qint64 end, Sender send)
{
    m_source->prepare(m_base + begin, m_base + end,
                      [this, begin, end, send](std::unique_ptr<ReadAheadDevice> body,
                                               const QByteArray &checksum,
                                               const TransferError &error) {
                          if (m_finished)
                              return;
                          if (!body)
                              return fail(error);
                          m_chunkBegin = begin;
                          m_chunkEnd = end;
                          m_requestSize.started();
                          QPointer<TusTransfer> guard(this);
                          Q_EMIT chunkStarted(begin, end);
                          if (!guard || m_finished)
                              return;
                          m_body = body.get();
                          (this->*send)(body.release(), checksum);
                      });
}

void TusTransfer::prefetchChecksum(qint64 sentEnd)
{
    // While this request goes, the next one's checksum (if all of this one arrives).
    if (sentEnd < m_length)
        m_source->prefetch(m_base + sentEnd, m_base + m_requestSize.nextEnd(sentEnd));
}

// ---- instant upload (server/INSTANT-UPLOAD.md): prove the content instead of sending it --------

void TusTransfer::declineInstant()
{
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

void TusTransfer::afterCreated()
{
    if (!m_challenge && m_job.instantOnly)
        return declineInstant();
    if (!confirm(m_offset))
        return;
    if (!m_challenge)
        return sendNext();
    m_instant->prove(*std::exchange(m_challenge, std::nullopt),
                     [this](const TusInstantProof::Proof &proof) {
                         if (m_finished)
                             return;
                         if (proof.changed)
                             return fail(*proof.changed);
                         // Unreadable now: the ordinary path says why, in its own words.
                         if (!proof.hex)
                             return m_job.instantOnly ? declineInstant() : sendNext();
                         sendProof(*proof.hex);
                     });
}

void TusTransfer::sendProof(const QByteArray &proofHex)
{
    qCDebug(lcTus) << "PATCH (proof)" << m_job.uploadUrl;
    const QNetworkRequest request = m_instant->request(m_job.uploadUrl, proofHex);
    m_chunkBegin = m_chunkEnd = 0;
    track(
        m_protocol->network()->sendCustomRequest(request, QByteArrayLiteral("PATCH"), QByteArray()),
        &TusTransfer::onProofFinished);
}

void TusTransfer::onProofFinished(QNetworkReply *reply)
{
    using Verdict = TusInstantProof::Verdict;
    TransferError error;
    switch (m_instant->judge(reply, &error)) {
    case Verdict::Lost:
        return recreateLostUpload();
    case Verdict::Conflict:
        m_conflictHead = true;
        return head();
    case Verdict::Failed:
        return fail(error);
    case Verdict::Declined:
        m_verification->noteAnswer(reply);
        if (m_job.instantOnly)
            return declineInstant();
        qCDebug(lcTus) << "proof not accepted; uploading" << m_job.uploadUrl;
        return sendNext();
    case Verdict::Accepted:
        break;
    }
    m_verification->noteAnswer(reply);
    qCDebug(lcTus) << "instant" << m_job.uploadUrl;
    m_offset = m_job.fileSize;
    if (!confirm(m_offset))
        return;
    QPointer<TusTransfer> guard(this);
    Q_EMIT completedInstantly();
    if (guard && !m_finished)
        complete();
}
