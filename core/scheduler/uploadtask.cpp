#include "uploadtask.h"

#include "answerwaits.h"
#include "serverhealth.h"
#include "taskrecord.h"

#include <QDateTime>
#include <QFileInfo>

#include <algorithm>

UploadTask::UploadTask(TaskId id, QString path, QString displayName, qint64 size, qint64 modifiedMs,
                       QUrl endpoint, Priority priority, qint64 chunkSize)
    : m_id(id)
    , m_path(std::move(path))
    , m_displayName(std::move(displayName))
    , m_size(size)
    , m_modifiedMs(modifiedMs)
    , m_endpoint(std::move(endpoint))
    , m_priority(priority)
    , m_chunks(size, chunkSize)
{
}

std::unique_ptr<UploadTask> UploadTask::fromRecord(const TaskRecord &r)
{
    auto task = std::make_unique<UploadTask>(r.id, r.path, r.displayName, r.size, r.modifiedMs,
                                             r.endpoint, r.priority, r.chunkSize);
    task->m_sequence = r.sequence;
    task->m_fingerprint = r.fingerprint;
    task->m_contentHash = r.contentHash; // checked with the file before use
    task->m_instant = r.instant;
    task->m_check = {r.checkOutcome, r.checkNote};
    task->m_uploadUrl = r.uploadUrl;
    task->m_createdMs = r.createdMs;
    task->m_finishedMs = r.finishedMs;
    task->m_retries = r.retries;
    task->m_errorKind = r.errorKind;
    task->m_errorText = r.errorText;
    task->m_httpStatus = r.httpStatus;
    task->m_rateLimit = r.rateLimit;
    task->m_maxRequestSize = r.maxRequestSize;
    task->m_confirmed = r.confirmedBytes;
    task->m_shown = r.confirmedBytes;
    // Not for nothing confirmed: that would mark the one empty chunk of a 0-byte file (or of a
    // path that failed before its size was known) done, and a failed row would look full.
    if (r.confirmedBytes > 0 || r.state == TaskState::Success)
        task->m_chunks.setConfirmedOffset(r.confirmedBytes);
    task->m_parts = r.parts;
    task->m_uploadsToDelete = r.uploadsToDelete;
    // Sent in parallel: what the server holds is each part's start, not one prefix.
    if (!r.parts.isEmpty())
        task->m_chunks.setConfirmedRanges(heldRanges(r.parts));
    for (int i = 0; i < qMin(int(r.chunkStates.size()), task->m_chunks.count()); ++i) {
        if (ChunkState(r.chunkStates.at(i)) == ChunkState::Failed)
            task->m_chunks.markFailed(i);
    }
    // A task that was uploading when Hoist stopped waits again; the server says where to go on.
    task->m_state = r.state == TaskState::Uploading ? TaskState::Waiting : r.state;
    task->m_verifyBeforeStart =
        task->m_state == TaskState::Waiting || task->m_state == TaskState::Paused;
    return task;
}

TaskRecord UploadTask::toRecord(qint64 nowMs) const
{
    TaskRecord r;
    r.id = m_id;
    r.sequence = m_sequence;
    r.path = m_path;
    r.displayName = m_displayName;
    r.size = m_size;
    r.modifiedMs = m_modifiedMs;
    r.fingerprint = m_fingerprint;
    r.contentHash = m_contentHash;
    r.instant = m_instant;
    r.checkOutcome = m_check.outcome;
    r.checkNote = m_check.how;
    r.endpoint = m_endpoint;
    r.uploadUrl = m_uploadUrl;
    // A plan of parts none of which exists yet is made again when the upload starts again.
    if (std::any_of(m_parts.cbegin(), m_parts.cend(),
                    [](const UploadPart &part) { return !part.url.isEmpty(); }))
        r.parts = m_parts;
    r.uploadsToDelete = m_uploadsToDelete;
    r.priority = m_priority;
    r.state = m_state;
    r.confirmedBytes = m_confirmed;
    r.chunkSize = m_chunks.chunkSize();
    r.chunkStates.reserve(m_chunks.count());
    for (ChunkState s : m_chunks.states())
        r.chunkStates.append(char(s == ChunkState::InFlight ? ChunkState::Pending : s));
    r.retries = m_retries;
    r.errorKind = m_errorKind;
    r.errorText = m_errorText;
    r.httpStatus = m_httpStatus;
    r.rateLimit = m_rateLimit;
    r.maxRequestSize = m_maxRequestSize;
    r.createdMs = m_createdMs;
    r.finishedMs = m_finishedMs;
    r.updatedMs = nowMs;
    return r;
}

qint64 UploadTask::secondsLeft() const
{
    if (m_state != TaskState::Uploading || m_speed <= 0)
        return -1;
    return qint64(double(m_size - m_shown) / m_speed + 0.5);
}

void UploadTask::resetProgress()
{
    m_confirmed = 0;
    m_shown = 0;
    // A fresh map rather than setConfirmedOffset(0): that marks the one empty chunk of a 0-byte
    // file done (chunkEnd 0 <= 0), and a path that failed before its size was known (a named
    // pipe) would show a full bar of chunks never sent.
    m_chunks = ChunkMap(m_size, m_chunks.chunkSize());
    m_rate.reset();
}

void UploadTask::confirmOffset(qint64 offset, qint64 nowMs)
{
    m_confirmed = offset;
    m_shown = qMax(m_shown, offset);
    // A 0-byte file's one chunk is done when the upload is (completeProgress), not when its
    // creation answers offset 0: a transfer failing after that would leave a full bar.
    if (m_size > 0)
        m_chunks.setConfirmedOffset(offset);
    m_rate.addSample(nowMs, offset);
}

void UploadTask::startRequest(qint64 begin, qint64 end)
{
    const int first = m_chunks.indexOf(begin);
    if (first < 0)
        return;
    m_inFlightBegin = begin;
    m_inFlightSent = 0;
    // A request may carry several chunks (they grow on fast links): all of them are moving.
    const int last = end > begin ? qMax(first, m_chunks.indexOf(end - 1)) : first;
    for (int i = first; i <= last; ++i)
        m_chunks.markInFlight(i);
    m_chunks.setInFlightBytes(begin - m_chunks.chunkBegin(first));
}

void UploadTask::requestProgress(qint64 sent, qint64 nowMs)
{
    if (m_inFlightBegin < 0)
        return;
    m_attempts.addBytes(qMax<qint64>(0, sent - m_inFlightSent));
    m_inFlightSent = sent;
    const qint64 position = qMin(m_inFlightBegin + sent, m_size);
    m_shown = qMax(m_shown, position);
    const int index = m_chunks.indexOf(m_inFlightBegin);
    if (index >= 0)
        m_chunks.setInFlightBytes(position - m_chunks.chunkBegin(index));
    m_rate.addSample(nowMs, position);
}

void UploadTask::confirmParts(const UploadParts &parts, qint64 nowMs)
{
    m_parts = parts;
    qint64 confirmed = 0;
    for (const UploadPart &part : parts) {
        confirmed += part.confirmed;
        // Chunks the server now holds are no longer in flight.
        for (auto it = m_sentInFlight.begin(); it != m_sentInFlight.end();) {
            if (it.key() >= part.begin && it.key() < part.begin + part.confirmed)
                it = m_sentInFlight.erase(it);
            else
                ++it;
        }
    }
    m_confirmed = confirmed;
    m_chunks.setConfirmedRanges(heldRanges(parts));
    updateShownFromParts(nowMs);
}

void UploadTask::partProgress(qint64 chunkBegin, qint64 sent, qint64 nowMs)
{
    qint64 &before = m_sentInFlight[chunkBegin];
    m_attempts.addBytes(qMax<qint64>(0, sent - before));
    before = sent;
    const int index = m_chunks.indexOf(chunkBegin);
    // The bar paints the first chunk in flight partly filled: keep its bytes current.
    if (index >= 0 && m_chunks.states().indexOf(ChunkState::InFlight) == index)
        m_chunks.setInFlightBytes(sent);
    updateShownFromParts(nowMs);
}

void UploadTask::updateShownFromParts(qint64 nowMs)
{
    qint64 moving = 0;
    for (qint64 sent : std::as_const(m_sentInFlight))
        moving += sent;
    // Never backwards: a part stopped at a boundary drops its chunk's bytes, which come back.
    m_shown = qMax(m_shown, qMin(m_size, m_confirmed + moving));
    m_rate.addSample(nowMs, m_shown);
}

void UploadTask::completeProgress()
{
    m_confirmed = m_size;
    m_shown = m_size;
    m_chunks.setConfirmedOffset(m_size);
}

void UploadTask::dropInFlight(bool failed)
{
    if (failed && m_inFlightBegin >= 0)
        m_chunks.markFailed(m_chunks.indexOf(m_inFlightBegin));
    m_inFlightBegin = -1;
    m_inFlightSent = 0;
    m_chunks.clearInFlight();
    m_chunks.setInFlightBytes(0);
    m_sentInFlight.clear();
    // Nothing is in flight any more: what the bar shows falls back to what the server confirmed,
    // which is where the next attempt goes on from (a checksummed chunk cut short is kept by no
    // server, and the bytes of one that was not are learnt from the server when it resumes). So
    // a paused row reads the same before and after a restart, and a tiny file whose bytes all
    // left but were not answered reads 0%, not 100%.
    m_shown = m_confirmed;
    m_rate.reset();
    m_speed = 0;
}

void UploadTask::updateSpeed(qint64 nowMs)
{
    m_speed = m_rate.bytesPerSecond(nowMs);
}

void UploadTask::clearFailure()
{
    m_retries = 0;
    m_retryAtMs = 0;
    m_stuckSinceMs = 0;
    m_errorKind = TransferError::Kind::None;
    m_errorText = {};
    m_httpStatus = 0;
    m_errorDetailText = {};
    m_statusNote.clear();
}

bool UploadTask::isUnstarted() const
{
    return m_state == TaskState::Waiting && m_uploadUrl.isEmpty() && m_confirmed == 0
           && std::none_of(m_parts.cbegin(), m_parts.cend(),
                           [](const UploadPart &part) { return !part.url.isEmpty(); });
}

void UploadTask::takeNewerFile(qint64 size, qint64 modifiedMs, const QByteArray &fingerprint,
                               qint64 nowMs)
{
    Q_ASSERT(isUnstarted());
    m_size = size;
    m_modifiedMs = modifiedMs;
    m_fingerprint = fingerprint;
    m_chunks = ChunkMap(size, m_chunks.chunkSize());
    m_parts.clear();
    m_contentHash.clear(); // of the old content
    m_instant = false;
    m_verifyBeforeStart = false;
    m_createdMs = nowMs; // the version in the queue was added now
    resetProgress();
    clearFailure();
}

const QString &UploadTask::statusNote() const
{
    if (waitingForAnswer())
        return m_answerHold->note;
    if (m_state == TaskState::Uploading && !m_awaitedAnswer.isEmpty())
        return m_awaitedAnswer;
    return waitingForServer() ? m_outage->note : m_statusNote;
}

qint64 UploadTask::retryAtMs() const
{
    return waitingForServer() ? m_outage->nextTryWallMs : m_retryAtMs;
}

bool UploadTask::waitingForServer() const
{
    return m_state == TaskState::Waiting && m_outage && m_outage->down;
}

bool UploadTask::waitingForAnswer() const
{
    return m_state == TaskState::Waiting && m_answerHold && !m_answerHold->questions.isEmpty();
}

void UploadTask::restartWithFile(qint64 size, qint64 modifiedMs, const QByteArray &fingerprint)
{
    m_uploadUrl.clear();
    m_parts.clear();
    m_size = size;
    m_modifiedMs = modifiedMs;
    m_chunks = ChunkMap(m_size, m_chunks.chunkSize());
    m_fingerprint = fingerprint;
    m_verifyBeforeStart = false;
    m_contentHash.clear(); // of the old content
    resetProgress();
}

// ---- changes --------------------------------------------------------------------------------

bool UploadTask::mayMove(TaskState from, TaskState to)
{
    switch (from) {
    case TaskState::Waiting:
        return to == TaskState::Uploading || to == TaskState::Paused || to == TaskState::Error;
    case TaskState::Uploading:
        return to != TaskState::Uploading;
    case TaskState::Paused:
        return to == TaskState::Waiting;
    case TaskState::Success:
        return false;
    case TaskState::Error:
        return to == TaskState::Waiting;
    }
    return false;
}

void UploadTask::moveTo(TaskState state, qint64 nowMs)
{
    Q_ASSERT(mayMoveTo(state));
    m_state = state;
    if (state != TaskState::Uploading) {
        m_speed = 0;
        m_rate.reset();
    }
    const bool finished = state == TaskState::Success || state == TaskState::Error;
    m_finishedMs = finished ? nowMs : 0;
}

void UploadTask::queued(quint64 sequence, qint64 maxRequestSize, const QByteArray &fingerprint,
                        qint64 nowMs)
{
    m_sequence = sequence;
    m_maxRequestSize = maxRequestSize;
    m_fingerprint = fingerprint;
    m_createdMs = nowMs;
}

void UploadTask::rejected(TransferError::Kind kind, const TrText &message, qint64 nowMs)
{
    m_state = TaskState::Error;
    m_errorKind = kind;
    m_errorText = message;
    m_httpStatus = 0;
    m_finishedMs = nowMs;
}

void UploadTask::setLane(int lane, std::shared_ptr<const ServerOutage> outage)
{
    m_lane = lane;
    m_outage = std::move(outage);
}

void UploadTask::moveToEndpoint(const QUrl &endpoint, int lane,
                                std::shared_ptr<const ServerOutage> outage)
{
    m_endpoint = endpoint;
    setLane(lane, std::move(outage));
}

void UploadTask::start(TaskPhase phase, qint64 nowMs)
{
    m_retryAtMs = 0;
    m_statusNote.clear();
    m_awaitedAnswer.clear();
    m_hashedBytes = 0;
    m_instant = false;
    m_phase = phase;
    m_attempts.begin(nowMs);
}

void UploadTask::startHashing()
{
    m_phase = TaskPhase::Hashing;
    m_hashedBytes = 0;
}

void UploadTask::prepared(const QByteArray &contentHash)
{
    m_verifyBeforeStart = false;
    if (contentHash.isEmpty())
        return;
    m_contentHash = contentHash;
    m_hashedBytes = m_size;
}

void UploadTask::attach(TaskDriver *driver)
{
    m_phase = TaskPhase::Transferring;
    m_driver = driver;
}

TaskDriver *UploadTask::detachDriver()
{
    return std::exchange(m_driver, nullptr);
}

void UploadTask::setStreams(int inUse, int wanted)
{
    m_streamsInUse = qMax(1, inUse);
    m_streamsWanted = qMax(1, wanted);
}

void UploadTask::endAttempt(UploadAttempt::Outcome outcome, const QString &message, qint64 nowMs)
{
    m_attempts.end(outcome, message, nowMs);
}

void UploadTask::stopped()
{
    m_holdToken = 0;
    m_streamLimit = m_streamsInUse = m_streamsWanted = 1;
}

bool UploadTask::adoptPart(qint64 begin, qint64 end, const QUrl &url)
{
    for (UploadPart &part : m_parts) {
        if (part.begin == begin && part.end == end && part.url.isEmpty()) {
            part.url = url;
            part.confirmed = 0; // resuming asks the server
            return true;
        }
    }
    return false;
}

bool UploadTask::keepOwnUploads()
{
    const auto own = [this](const QUrl &url) {
        return url == m_uploadUrl
               || std::any_of(m_parts.cbegin(), m_parts.cend(),
                              [&url](const UploadPart &part) { return part.url == url; });
    };
    return m_uploadsToDelete.removeIf(own) > 0;
}

void UploadTask::pause()
{
    m_retryAtMs = 0;
    m_statusNote.clear();
}

void UploadTask::waitForServer()
{
    m_retryAtMs = 0;
    m_statusNote.clear();
}

void UploadTask::waitForRetry(qint64 atWallMs, const QString &note)
{
    m_retryAtMs = atWallMs;
    m_statusNote = note;
}

void UploadTask::fail(const TransferError &error, const TrText &message, qint64 nowMs)
{
    m_attempts.end(UploadAttempt::Outcome::Failed, error.message(), nowMs);
    m_errorKind = error.kind;
    m_errorText = message;
    m_httpStatus = error.httpStatus;
    m_errorDetailText = error.details;
    m_statusNote.clear();
    m_retryAtMs = 0;
}

void UploadTask::failAgain(const TransferError &error)
{
    m_errorKind = error.kind;
    m_errorText = error.cause;
    m_httpStatus = error.httpStatus;
    m_errorDetailText = {};
}

void UploadTask::succeed()
{
    completeProgress();
    m_statusNote.clear();
}

void UploadTask::noteStuck(qint64 monotonicMs)
{
    if (m_stuckSinceMs == 0)
        m_stuckSinceMs = monotonicMs;
}

bool UploadTask::progressed()
{
    const bool hadRetries = m_retries > 0;
    m_retries = 0;
    m_stuckSinceMs = 0;
    return hadRetries;
}
