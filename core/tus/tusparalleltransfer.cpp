#include "tusparalleltransfer.h"

#include "chunkchecksums.h"
#include "tushttp.h"
#include "tustransfer.h"
#include "tusverification.h"
#include "tuswire.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>

#include <algorithm>

TusParallelTransfer::TusParallelTransfer(TusProtocol *protocol, const TransferJob &job,
                                         QObject *parent)
    : Transfer(parent)
    , m_protocol(protocol)
    , m_job(job)
    , m_verification(new TusVerification(job, this))
{
}

TusParallelTransfer::~TusParallelTransfer()
{
    dropReply();
}

UploadParts TusParallelTransfer::planParts(qint64 fileSize, qint64 chunkSize, int streams)
{
    chunkSize = qMax<qint64>(1, chunkSize);
    const qint64 chunks = (fileSize + chunkSize - 1) / chunkSize;
    if (streams < 2 || chunks < MinParallelChunks)
        return {};
    const qint64 wanted = std::max<qint64>(streams, fileSize / GrowthPartBytes);
    const int count = int(std::min<qint64>({wanted, chunks / MinChunksPerPart, qint64(MaxParts)}));
    if (count < 2)
        return {};
    UploadParts parts;
    for (int i = 0; i < count; ++i) {
        UploadPart part;
        part.begin = qMin(fileSize, chunks * i / count * chunkSize);
        part.end = qMin(fileSize, chunks * (i + 1) / count * chunkSize);
        parts.append(part);
    }
    return parts;
}

void TusParallelTransfer::start()
{
    if (m_started || m_finished)
        return;
    m_started = true;
    QMetaObject::invokeMethod(this, &TusParallelTransfer::run, Qt::QueuedConnection);
}

void TusParallelTransfer::abort()
{
    m_finished = true;
    // The final POST carries no body: once sent, the server joins the parts whether we wait or
    // not. Its answer is awaited, so that the joined upload is known (AbandonedUpload).
    if (QNetworkReply *reply = std::exchange(m_reply, nullptr)) {
        disconnect(reply, nullptr, this, nullptr);
        AbandonedUpload upload;
        upload.owner = m_job.owner;
        upload.endpoint = m_job.endpoint;
        upload.end = m_job.fileSize;
        upload.fileSize = m_job.fileSize;
        upload.modifiedMs = m_job.modifiedMs;
        m_protocol->awaitAbandoned(reply, upload);
    }
    m_verification->cancel();
    if (m_single)
        m_single->abort();
    for (int i = 0; i < m_partTransfers.size(); ++i)
        retirePart(i);
}

void TusParallelTransfer::continueAfterCreated()
{
    if (m_single)
        return m_single->continueAfterCreated();
    // The store saved the whole part list, so every part waiting for it may go on.
    for (TusTransfer *part : std::as_const(m_partTransfers)) {
        if (m_finished)
            return;
        if (part)
            part->continueAfterCreated();
    }
}

void TusParallelTransfer::setStreamLimit(int streams)
{
    m_limit = qMax(1, streams);
    if (m_single || m_parts.isEmpty() || m_finished)
        return;
    // Raised: start more now. Lowered: parts stop at their next chunk boundary (onPartConfirmed).
    pump();
}

void TusParallelTransfer::run()
{
    if (m_finished)
        return;
    if (!m_job.parts.isEmpty()) {
        // Begun as parts: goes on as parts, whatever the server said before.
        m_parts = m_job.parts;
        return choose(m_protocol->capabilities(m_job.endpoint));
    }
    const TusCapabilities caps = m_protocol->capabilities(m_job.endpoint);
    if (caps.known || !TusHttp::urlProblem(m_job.endpoint).isEmpty())
        choose(caps);
    else
        discover();
}

void TusParallelTransfer::discover()
{
    // The protocol's one OPTIONS per endpoint, which the scheduler has usually made already.
    // When it could not find out, choose() goes on as one stream, and that transfer asks again
    // and says why it fails.
    m_probed = connect(m_protocol, &TransferProtocol::probed, this, [this] {
        if (m_finished || !m_protocol->offersInstantUpload(m_job.endpoint).has_value())
            return; // another endpoint's answer
        disconnect(m_probed);
        choose(m_protocol->capabilities(m_job.endpoint));
    });
    m_protocol->probe(m_job.endpoint, m_job.headers);
}

void TusParallelTransfer::choose(const TusCapabilities &caps)
{
    if (m_parts.isEmpty()) {
        const bool fits = caps.maxSize <= 0 || m_job.fileSize <= caps.maxSize;
        if (caps.has(QStringLiteral("concatenation")) && fits)
            m_parts = planParts(m_job.fileSize, m_job.chunkSize, m_job.maxStreams);
        if (m_parts.isEmpty())
            return runSingle();
    }
    // Parts already created (a resumed upload) mean the server did not hold the content.
    const bool begun = std::any_of(m_parts.cbegin(), m_parts.cend(),
                                   [](const UploadPart &part) { return !part.url.isEmpty(); });
    if (!begun && tryInstant(caps))
        return;
    startParts();
}

bool TusParallelTransfer::tryInstant(const TusCapabilities &caps)
{
    if (!m_job.metadata.contains(QLatin1String(InstantWire::MetadataKey))
        || !caps.instantUpload.contains(QLatin1String(InstantWire::Algorithm), Qt::CaseInsensitive))
        return false;
    TransferJob job = m_job;
    job.parts.clear();
    job.uploadUrl.clear();
    job.instantOnly = true;
    // The attempt's URL is saved (as one to delete) before its proof or its DELETE goes: a crash
    // in between would leave it on the server, counting against the quota until it expired.
    m_single = std::make_unique<TusTransfer>(m_protocol, job);
    TusTransfer *attempt = m_single.get();
    auto url = std::make_shared<QUrl>();
    connect(attempt, &Transfer::uploadCreated, this, [this, url](const QUrl &created) {
        *url = created;
        Q_EMIT temporaryUploadCreated(created);
    });
    connect(attempt, &TusTransfer::instantDeclined, this, [this] {
        // Let go of it outside its own signal; the parts take over.
        m_single.release()->deleteLater();
        startParts();
    });
    connect(attempt, &Transfer::completedInstantly, this, [this, url] {
        QPointer<TusParallelTransfer> guard(this);
        Q_EMIT uploadCreated(*url);
        if (guard && !m_finished)
            Q_EMIT completedInstantly();
    });
    connect(attempt, &Transfer::checked, this, &Transfer::checked);
    connect(attempt, &Transfer::completed, this, [this] {
        if (m_finished)
            return;
        m_finished = true;
        reportStreams();
        Q_EMIT completed();
    });
    connect(attempt, &Transfer::failed, this, &TusParallelTransfer::fail);
    qCDebug(lcTus) << "instant attempt before parts for" << m_job.filePath;
    attempt->start();
    reportStreams();
    return true;
}

void TusParallelTransfer::startParts()
{
    if (m_finished)
        return;
    qCDebug(lcTus) << "parallel upload of" << m_job.filePath << "in" << m_parts.size() << "parts";
    m_partTransfers = QVector<TusTransfer *>(m_parts.size(), nullptr);
    m_chunkBegin = QVector<qint64>(m_parts.size(), -1);
    m_doneNow = QVector<bool>(m_parts.size(), false);
    // Every part was complete when the last attempt ended: it ended at the final POST (no answer
    // in time while the server joined, or an error). The final goes again first, without asking
    // for each part: a server that made it answers with it (hoistd; asking for the parts would
    // find them consumed and send the whole file again), one that did not joins them now, and a
    // part gone meanwhile sends each part to be checked (404/410, m_finalAgain).
    if (std::all_of(m_parts.cbegin(), m_parts.cend(),
                    [](const UploadPart &part) { return !part.url.isEmpty() && part.isDone(); })) {
        qCDebug(lcTus) << "every part complete before: the final first";
        std::fill(m_doneNow.begin(), m_doneNow.end(), true);
    }
    // The plan, before any part exists: a part whose creation answers only after an abort can
    // then be given its place (AbandonedUpload).
    QPointer<TusParallelTransfer> guard(this);
    Q_EMIT partsConfirmed(m_parts);
    if (!guard || m_finished)
        return;
    pump();
}

void TusParallelTransfer::runSingle()
{
    TransferJob job = m_job;
    job.parts.clear();
    m_single = std::make_unique<TusTransfer>(m_protocol, job);
    TusTransfer *single = m_single.get();
    connect(single, &Transfer::uploadCreated, this, &Transfer::uploadCreated);
    connect(single, &Transfer::uploadLost, this, &Transfer::uploadLost);
    connect(single, &Transfer::offsetConfirmed, this, &Transfer::offsetConfirmed);
    connect(single, &Transfer::chunkStarted, this, &Transfer::chunkStarted);
    connect(single, &Transfer::chunkProgress, this, &Transfer::chunkProgress);
    connect(single, &Transfer::completedInstantly, this, &Transfer::completedInstantly);
    connect(single, &Transfer::checked, this, &Transfer::checked);
    connect(single, &Transfer::completed, this, [this] {
        m_finished = true;
        Q_EMIT completed();
    });
    connect(single, &Transfer::failed, this, [this](const TransferError &error) {
        m_finished = true;
        Q_EMIT failed(error);
    });
    single->start();
}

int TusParallelTransfer::runningParts() const
{
    return int(std::count_if(m_partTransfers.cbegin(), m_partTransfers.cend(),
                             [](const TusTransfer *t) { return t != nullptr; }));
}

void TusParallelTransfer::pump()
{
    if (m_finished || m_reply)
        return;
    for (int i = 0; i < m_parts.size() && runningParts() < m_limit; ++i) {
        if (!m_doneNow.at(i) && !m_partTransfers.at(i))
            startPart(i);
        if (m_finished)
            return;
    }
    reportStreams();
    if (std::all_of(m_doneNow.cbegin(), m_doneNow.cend(), [](bool done) { return done; }))
        postFinal();
}

void TusParallelTransfer::startPart(int index)
{
    const UploadPart &part = m_parts.at(index);
    TransferJob job = m_job;
    job.uploadUrl = part.url; // empty: create it; otherwise HEAD, then on from its offset
    job.parts.clear();
    job.maxStreams = 1;
    job.metadata.clear();
    auto *transfer = new TusTransfer(m_protocol, job, this, TusRange{part.begin, part.end, true});
    transfer->setRequestGroup(m_requests);
    m_partTransfers[index] = transfer;
    connect(transfer, &Transfer::uploadCreated, this, [this, index](const QUrl &url) {
        m_parts[index].url = url;
        m_parts[index].confirmed = 0;
        Q_EMIT partsCreated(m_parts);
    });
    connect(transfer, &Transfer::uploadLost, this, [this, index] {
        // Only this part starts again; the others keep what the server holds of them.
        m_parts[index].url.clear();
        m_parts[index].confirmed = 0;
        Q_EMIT partsConfirmed(m_parts);
    });
    connect(transfer, &Transfer::offsetConfirmed, this,
            [this, index](qint64 offset) { onPartConfirmed(index, offset); });
    connect(transfer, &Transfer::chunkStarted, this, [this, index](qint64 begin, qint64 end) {
        const qint64 base = m_parts.at(index).begin;
        m_chunkBegin[index] = base + begin;
        Q_EMIT chunkStarted(base + begin, base + end);
    });
    connect(transfer, &Transfer::chunkProgress, this, [this, index](qint64 sent) {
        if (m_chunkBegin.at(index) >= 0)
            Q_EMIT chunkProgressAt(m_chunkBegin.at(index), sent);
    });
    connect(transfer, &Transfer::completed, this, [this, index] { onPartCompleted(index); });
    connect(transfer, &Transfer::failed, this, &TusParallelTransfer::fail);
    transfer->start();
}

void TusParallelTransfer::retirePart(int index)
{
    TusTransfer *transfer = std::exchange(m_partTransfers[index], nullptr);
    m_chunkBegin[index] = -1;
    if (!transfer)
        return;
    transfer->disconnect(this);
    transfer->abort();
    transfer->deleteLater(); // it may be inside one of its own signal emissions
}

void TusParallelTransfer::onPartConfirmed(int index, qint64 offset)
{
    m_parts[index].confirmed = offset;
    m_chunkBegin[index] = -1;
    QPointer<TusParallelTransfer> guard(this);
    Q_EMIT partsConfirmed(m_parts);
    if (!guard || m_finished)
        return;
    // A chunk boundary: the place to give a stream back when the limit went down.
    if (runningParts() > m_limit && !m_parts.at(index).isDone()) {
        qCDebug(lcTus) << "part" << index << "stops at" << offset << "- limit" << m_limit;
        retirePart(index);
        reportStreams();
    }
}

void TusParallelTransfer::onPartCompleted(int index)
{
    m_parts[index].confirmed = m_parts.at(index).length();
    m_doneNow[index] = true;
    retirePart(index);
    pump();
}

void TusParallelTransfer::postFinal()
{
    QList<QByteArray> references;
    for (const UploadPart &part : std::as_const(m_parts))
        references << partReference(part.url);
    qCDebug(lcTus) << "POST final" << m_job.endpoint << m_parts.size() << "parts";
    QNetworkRequest request = TusHttp::makeRequest(m_job.endpoint, m_job.headers);
    QByteArray concat = "final;";
    for (qsizetype i = 0; i < references.size(); ++i)
        concat += (i ? " " : "") + references.at(i);
    request.setRawHeader("Upload-Concat", concat);
    if (const QByteArray metadata = TusHttp::uploadMetadata(m_job); !metadata.isEmpty())
        request.setRawHeader("Upload-Metadata", metadata);
    request.setHeader(QNetworkRequest::ContentLengthHeader, 0);
    // The server joins the parts before it answers: give it as long as a stalled chunk gets.
    request.setTransferTimeout(qMax(1, m_job.stallTimeoutMs));
    m_reply = m_protocol->network()->post(request, QByteArray());
    connect(m_reply, &QNetworkReply::finished, this, &TusParallelTransfer::onFinalFinished);
    reportStreams();
}

QByteArray TusParallelTransfer::partReference(const QUrl &url) const
{
    // The path alone when the part lives where the endpoint is (what the spec's examples send,
    // and right behind a proxy that rewrites Host); the whole URL otherwise.
    const QUrl &endpoint = m_job.endpoint;
    if (url.scheme() == endpoint.scheme() && url.host() == endpoint.host()
        && url.port() == endpoint.port())
        return url.adjusted(QUrl::RemoveScheme | QUrl::RemoveAuthority).toEncoded();
    return url.toEncoded();
}

void TusParallelTransfer::onFinalFinished()
{
    using Kind = TransferError::Kind;
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    if (!reply)
        return;
    reply->deleteLater();
    const int status = TusHttp::httpStatus(reply);
    if ((status == 404 || status == 410) && !m_finalAgain) {
        // A part expired or was removed after it was complete: ask for each again; the one that
        // is gone is sent again, and then the final goes once more.
        qCDebug(lcTus) << "final: a part is gone, checking each";
        m_finalAgain = true;
        std::fill(m_doneNow.begin(), m_doneNow.end(), false);
        return pump();
    }
    if (status < 200 || status >= 300)
        return fail(TusHttp::errorFromReply(
            reply, TrText::of(staticMetaObject, QT_TR_NOOP("joining the parts"))));
    const QByteArray location = reply->rawHeader("Location").trimmed();
    const QUrl url = m_job.endpoint.resolved(QUrl::fromEncoded(location));
    if (location.isEmpty() || !TusHttp::urlProblem(url).isEmpty())
        return fail(TransferError::make(
            Kind::BadResponse,
            TrText::of(
                staticMetaObject,
                QT_TR_NOOP("The server did not say where the joined upload is (Location '%1')."))
                .arg(QString::fromLatin1(location)),
            status));
    // A final upload is complete by definition; a server that says otherwise is not tus.
    const QByteArray offsetHeader = reply->rawHeader("Upload-Offset");
    if (!offsetHeader.isEmpty() && TusWire::parseUnsigned(offsetHeader) != m_job.fileSize)
        return fail(TransferError::make(
            Kind::BadResponse,
            TrText::of(
                staticMetaObject,
                QT_TR_NOOP("The server joined the parts into an upload of Upload-Offset '%1', "
                           "not %2 bytes."))
                .arg(QString::fromLatin1(offsetHeader))
                .arg(m_job.fileSize),
            status));
    qCDebug(lcTus) << "final created" << url;
    m_protocol->rememberUpload(url, m_job.endpoint);
    // What the server offers, as the parts found it (a resumed upload starts before it is known):
    // every part's requests carried Upload-Checksum when the server checks one we compute.
    const TusCapabilities caps = m_protocol->capabilities(m_job.endpoint);
    ChunkChecksums checksums{QString()};
    const bool checksummed =
        caps.has(QStringLiteral("checksum")) && checksums.choose(caps.checksumAlgorithms);
    m_verification->setCapabilities(caps, checksummed);
    m_verification->noteAnswer(reply);
    QPointer<TusParallelTransfer> guard(this);
    Q_EMIT uploadCreated(url);
    if (!guard || m_finished)
        return;
    m_verification->finish([this](const UploadCheck &check, const TransferError &mismatch) {
        if (mismatch.kind != TransferError::Kind::None)
            return fail(mismatch);
        finishCompleted(check);
    });
}

void TusParallelTransfer::finishCompleted(const UploadCheck &check)
{
    if (m_finished)
        return;
    m_finished = true;
    reportStreams();
    QPointer<TusParallelTransfer> guard(this);
    Q_EMIT checked(check);
    if (guard)
        Q_EMIT completed();
}

void TusParallelTransfer::reportStreams()
{
    if (m_single && m_partTransfers.isEmpty())
        return;
    const int inUse = m_finished ? 0 : qMax(runningParts(), m_reply ? 1 : 0);
    const int wanted = qMax(1, int(std::count(m_doneNow.cbegin(), m_doneNow.cend(), false)));
    if (inUse == m_reportedInUse && wanted == m_reportedWanted)
        return;
    m_reportedInUse = inUse;
    m_reportedWanted = wanted;
    Q_EMIT streamsChanged(inUse, wanted);
}

void TusParallelTransfer::fail(const TransferError &error)
{
    if (m_finished)
        return;
    // The other parts stop too; a retry resumes each from the server's offset. The fault that
    // failed this part has often failed theirs already (a server gone): freed, not aborted.
    m_requests->markFailed();
    abort();
    qCDebug(lcTus) << "parallel upload failed" << int(error.kind) << error.message();
    Q_EMIT failed(error);
}

void TusParallelTransfer::dropReply()
{
    if (QNetworkReply *reply = m_reply) {
        m_reply = nullptr;
        disconnect(reply, nullptr, this, nullptr);
        if (reply->isRunning())
            reply->abort();
        reply->deleteLater();
    }
}
