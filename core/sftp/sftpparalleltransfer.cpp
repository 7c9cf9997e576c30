#include "sftpparalleltransfer.h"

#include "networkpool.h"
#include "requestobserver.h"
#include "sftppace.h"
#include "sftpsessions.h"
#include "sftptransfer.h"

#include <QFileInfo>
#include <QLoggingCategory>

#include <algorithm>

namespace {
Q_LOGGING_CATEGORY(lcParallel, "hoist.sftp.parallel", QtInfoMsg)

constexpr qint64 MiB = 1024 * 1024;
// Refused connections waited out in one attempt before it fails (and the scheduler retries).
constexpr int MaxRefusals = 20;
// The part file's steps (prepare, finish) in m_streams.
constexpr int FileSteps = -1;
} // namespace

SftpParallelTransfer::SftpParallelTransfer(SftpSessions *sessions, const TransferJob &job,
                                           QObject *parent)
    : Transfer(parent)
    , m_sessions(sessions)
    , m_job(job)
    , m_aborted(std::make_shared<std::atomic<bool>>(false))
    , m_pace(new SftpPace(job.throttle, this))
{
}

SftpParallelTransfer::~SftpParallelTransfer()
{
    abort();
}

bool SftpParallelTransfer::wants(const TransferJob &job)
{
    if (!job.parts.isEmpty())
        return true;
    return job.uploadUrl.isEmpty() && job.maxStreams > 1 && job.fileSize >= MinParallelBytes;
}

UploadParts SftpParallelTransfer::planParts(qint64 fileSize, const QUrl &url)
{
    const qint64 spread = (qMax<qint64>(0, fileSize) + MaxParts - 1) / MaxParts;
    const qint64 partSize = (qMax(MinPartBytes, spread) + MiB - 1) / MiB * MiB;
    UploadParts parts;
    for (qint64 begin = 0; begin < fileSize || parts.isEmpty(); begin += partSize) {
        UploadPart part;
        part.begin = begin;
        part.end = qMin(fileSize, begin + partSize);
        part.url = url;
        parts.append(part);
        if (part.end >= fileSize)
            break;
    }
    return parts;
}

void SftpParallelTransfer::start()
{
    if (m_started || m_finished)
        return;
    m_started = true;
    QMetaObject::invokeMethod(this, &SftpParallelTransfer::run, Qt::QueuedConnection);
}

void SftpParallelTransfer::abort()
{
    if (m_finished)
        return;
    m_finished = true;
    m_aborted->store(true);
    // Each worker returns to SftpSessions once it has stopped.
    for (const auto &entry : m_streams)
        entry.second->stopListening();
    m_streams.clear();
}

void SftpParallelTransfer::continueAfterCreated()
{
    if (!m_held || m_finished)
        return;
    m_held = false;
    prepare();
}

void SftpParallelTransfer::setStreamLimit(int streams)
{
    m_limit = qMax(1, streams);
    if (m_ready && !m_finished)
        pump();
}

bool SftpParallelTransfer::adoptJobParts()
{
    // Only ranges of this file, in order and without gaps, all in this target's part file.
    const QUrl url = SftpTransfer::partUrl(*m_target, m_job);
    qint64 expected = 0;
    for (const UploadPart &part : std::as_const(m_job.parts)) {
        if (part.url != url || part.begin != expected || part.end <= part.begin
            || part.confirmed < 0 || part.confirmed > part.length())
            return false;
        expected = part.end;
    }
    if (expected != m_job.fileSize)
        return false;
    m_parts = m_job.parts;
    return true;
}

void SftpParallelTransfer::run()
{
    if (m_finished)
        return;
    QString problem;
    m_target = SftpTarget::fromUrl(m_job.endpoint, &problem);
    if (!m_target)
        return fail(TransferError::make(TransferError::Kind::InvalidUrl, problem));
    m_fresh = !adoptJobParts();
    if (!m_fresh) {
        qCDebug(lcParallel) << "resuming" << m_parts.size() << "parts of" << m_job.filePath;
        return prepare();
    }
    m_parts = planParts(m_job.fileSize, SftpTransfer::partUrl(*m_target, m_job));
    // Known before any byte is written, so that a cancel removes the part file.
    m_held = m_job.holdAfterCreate;
    if (!reportParts(true) || m_held)
        return;
    prepare();
}

void SftpParallelTransfer::prepare()
{
    reportStreams();
    const bool fresh = m_fresh;
    borrow(
        FileSteps,
        [job = m_job, fresh, aborted = m_aborted](SftpWorker *worker, quint64 ticket) {
            worker->prepareParts(ticket, job, fresh, aborted);
        },
        [this](const SftpUploadResult &result) { onPrepared(result); });
}

void SftpParallelTransfer::onPrepared(const SftpUploadResult &result)
{
    if (endStream(FileSteps, result, [this] { prepare(); }))
        return;
    if (result.error.kind != TransferError::Kind::None)
        return fail(result.error);
    if (result.skipped) {
        m_finished = true;
        reportStreams();
        QPointer<SftpParallelTransfer> guard(this);
        Q_EMIT uploadCreated(SftpTransfer::urlOf(*m_target, result.storedAs));
        if (guard)
            Q_EMIT completedInstantly();
        if (guard)
            Q_EMIT checked(UploadCheck::notVerifiable(
                tr("%1 was on the server already, of the same size and time")
                    .arg(QFileInfo(result.storedAs).fileName())));
        if (guard)
            Q_EMIT completed();
        return;
    }
    learnDistance(result);
    // A part file made empty now holds nothing, whatever the store says.
    m_check = !m_fresh && result.resumedAt > 0;
    if (result.resumedAt == 0) {
        for (UploadPart &part : m_parts)
            part.confirmed = 0;
    }
    m_ready = true;
    if (reportParts(false))
        pump();
}

int SftpParallelTransfer::runningParts() const
{
    return int(std::count_if(m_streams.cbegin(), m_streams.cend(),
                             [](const auto &entry) { return entry.first != FileSteps; }));
}

void SftpParallelTransfer::learnDistance(const SftpUploadResult &prepared)
{
    if (!m_job.oneStreamIfNear || prepared.roundTripStartedUs <= 0
        || prepared.roundTripFinishedUs < prepared.roundTripStartedUs)
        return;
    RequestSample sample;
    sample.server = NetworkPool::serverOf(m_job.endpoint);
    sample.startedUs = prepared.roundTripStartedUs;
    sample.finishedUs = prepared.roundTripFinishedUs;
    sample.status = 200; // answered, like an HTTP success
    if (m_sessions)
        m_sessions->report(sample); // later uploads to this server are planned knowing it
    m_oneStream = sample.durationUs() < RequestSample::NearServerUs;
    qCDebug(lcParallel) << "round trip" << sample.durationUs()
                        << "us:" << (m_oneStream ? "near, one stream" : "far, parallel parts");
}

void SftpParallelTransfer::pump()
{
    if (m_finished || !m_ready)
        return;
    const int limit = m_oneStream ? 1 : m_limit;
    for (int i = 0; i < m_parts.size() && runningParts() < limit; ++i) {
        if (!m_parts.at(i).isDone() && m_streams.count(i) == 0)
            startPart(i);
        if (m_finished)
            return;
    }
    reportStreams();
    const bool allDone = std::all_of(m_parts.cbegin(), m_parts.cend(),
                                     [](const UploadPart &part) { return part.isDone(); });
    if (allDone && m_streams.empty())
        finishParts();
}

void SftpParallelTransfer::startPart(int index)
{
    const UploadPart &part = m_parts.at(index);
    SftpRange range;
    range.begin = part.begin;
    range.end = part.end;
    range.held = part.begin + part.confirmed;
    range.check = m_check;
    borrow(
        index,
        [job = m_job, range, aborted = m_aborted, credit = m_pace->credit()](SftpWorker *worker,
                                                                             quint64 ticket) {
            worker->uploadRange(ticket, job, range, aborted, credit);
        },
        [this, index](const SftpUploadResult &result) { onPartFinished(index, result); });
}

void SftpParallelTransfer::borrow(int index, Job job, Done done)
{
    if (!m_sessions)
        return fail(TransferError::make(TransferError::Kind::Network, QStringLiteral("closing")));
    auto &stream = m_streams[index];
    stream = std::make_unique<Stream>(NetworkPool::serverOf(m_job.endpoint));
    stream->askedUs = RequestObserver::nowUs();
    QPointer<SftpParallelTransfer> guard(this);
    m_sessions->borrow(
        *m_target, this,
        [guard, index, job = std::move(job), done = std::move(done)](SftpWorker *worker) {
            if (guard)
                guard->lent(index, worker, job, done);
        });
}

void SftpParallelTransfer::lent(int index, SftpWorker *worker, const Job &job, const Done &done)
{
    const auto found = m_streams.find(index);
    if (m_finished || !m_sessions || found == m_streams.end() || found->second->worker) {
        if (m_sessions)
            m_sessions->giveBack(worker);
        return;
    }
    Stream *stream = found->second.get();
    stream->worker = worker;
    stream->ticket = SftpWorker::nextTicket();
    if (m_sessions->lentFirstTime(worker))
        stream->samples.newConnection();
    const quint64 ticket = stream->ticket;
    qCDebug(lcParallel) << "part" << index + 1 << "on connection" << worker << "ticket" << ticket;
    // By this job's ticket: the worker may serve another of this transfer's parts next, before
    // this one hears that its job ended.
    SftpJobEvents::Listener listener;
    listener.context = this;
    listener.started = [this, stream](qint64 begin, qint64 end) {
        if (m_finished)
            return;
        stream->chunkBegin = begin;
        stream->samples.started(begin, end, RequestObserver::nowUs());
        Q_EMIT chunkStarted(begin, end);
    };
    listener.sent = [this, stream](qint64 bytes) {
        if (!m_finished)
            Q_EMIT chunkProgressAt(stream->chunkBegin, bytes);
    };
    listener.confirmed = [this, index, stream](qint64 offset) {
        if (m_finished || index < 0)
            return;
        UploadPart &part = m_parts[index];
        part.confirmed = qBound<qint64>(0, offset - part.begin, part.length());
        const QList<RequestSample> samples =
            stream->samples.confirmed(offset, RequestObserver::nowUs());
        for (const RequestSample &sample : samples) {
            if (m_sessions)
                m_sessions->report(sample);
        }
        reportParts(false);
    };
    listener.finished = [this, done](const SftpUploadResult &result) {
        if (!m_finished)
            done(result);
    };
    stream->events = m_sessions->eventsOf(worker);
    stream->events->listen(ticket, std::move(listener));
    m_sessions->run(worker, m_aborted, [job, ticket](SftpWorker *w) { job(w, ticket); });
}

bool SftpParallelTransfer::endStream(int index, const SftpUploadResult &result,
                                     const std::function<void()> &again)
{
    const auto found = m_streams.find(index);
    if (found == m_streams.end())
        return false;
    const std::unique_ptr<Stream> stream = std::move(found->second);
    m_streams.erase(found);
    stream->stopListening();
    if (!result.refused || !m_sessions)
        return false;
    m_sessions->report(stream->samples.refused(stream->askedUs, RequestObserver::nowUs()));
    // Refused while other connections to the server are open: too many at once for it. The
    // limit is lower now (SftpSessions); wait for one of those instead of failing.
    if (m_refusals >= MaxRefusals || m_sessions->connections(m_target->serverKey()) == 0)
        return false;
    ++m_refusals;
    qCDebug(lcParallel) << "connection refused; waiting for another:" << result.error.message();
    again();
    return true;
}

void SftpParallelTransfer::onPartFinished(int index, const SftpUploadResult &result)
{
    qCDebug(lcParallel) << "part" << index + 1 << "ended:" << result.error.message() << "sent from"
                        << result.resumedAt;
    if (endStream(index, result, [this, index] { startPart(index); }))
        return;
    if (result.error.kind != TransferError::Kind::None)
        return fail(result.error);
    if (result.rewritten > 0)
        qCInfo(lcParallel) << "part" << index + 1 << "was not as saved; sent again";
    m_parts[index].confirmed = m_parts.at(index).length();
    if (reportParts(false))
        pump();
}

void SftpParallelTransfer::finishParts()
{
    reportStreams();
    borrow(
        FileSteps,
        [job = m_job, aborted = m_aborted](SftpWorker *worker, quint64 ticket) {
            worker->finishParts(ticket, job, aborted);
        },
        [this](const SftpUploadResult &result) { onFinished(result); });
}

void SftpParallelTransfer::onFinished(const SftpUploadResult &result)
{
    if (endStream(FileSteps, result, [this] { finishParts(); }))
        return;
    if (result.error.kind != TransferError::Kind::None)
        return fail(result.error);
    m_finished = true;
    reportStreams();
    qCDebug(lcParallel) << "stored as" << result.storedAs << "in" << m_parts.size() << "parts";
    QPointer<SftpParallelTransfer> guard(this);
    // Where the file is now, for whoever shows where it went (the headless runner's line).
    Q_EMIT uploadCreated(SftpTransfer::urlOf(*m_target, result.storedAs));
    if (guard)
        Q_EMIT checked(UploadCheck::notVerifiable(
            tr("Stored as %1, of the file's size (SFTP servers report no checksum)")
                .arg(QFileInfo(result.storedAs).fileName())));
    if (guard)
        Q_EMIT completed();
}

bool SftpParallelTransfer::reportParts(bool created)
{
    QPointer<SftpParallelTransfer> guard(this);
    if (created)
        Q_EMIT partsCreated(m_parts);
    if (!guard || m_finished)
        return false;
    Q_EMIT partsConfirmed(m_parts);
    return guard && !m_finished;
}

void SftpParallelTransfer::reportStreams()
{
    const int steps = m_streams.count(FileSteps) > 0 ? 1 : 0;
    const int inUse = m_finished ? 0 : qMax(runningParts(), steps);
    const int wanted =
        m_oneStream ? 1
                    : qMax(1, int(std::count_if(m_parts.cbegin(), m_parts.cend(),
                                                [](const UploadPart &p) { return !p.isDone(); })));
    if (inUse == m_reportedInUse && wanted == m_reportedWanted)
        return;
    m_reportedInUse = inUse;
    m_reportedWanted = wanted;
    Q_EMIT streamsChanged(inUse, wanted);
}

void SftpParallelTransfer::fail(const TransferError &error)
{
    if (m_finished)
        return;
    abort();
    qCDebug(lcParallel) << "failed:" << error.message();
    Q_EMIT failed(error);
}
