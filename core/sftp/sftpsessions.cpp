#include "sftpsessions.h"

#include "requestsample.h"
#include "sftpsmallfiles.h"

#include <QLoggingCategory>
#include <QThread>

namespace {
Q_LOGGING_CATEGORY(lcSessions, "hoist.sftp.sessions", QtInfoMsg)
} // namespace

SftpSessions::SftpSessions(QObject *parent)
    : QObject(parent)
{
}

SftpSessions::~SftpSessions()
{
    m_entries.append(m_retiring);
    for (const Entry &entry : std::as_const(m_entries)) {
        if (entry.aborted)
            entry.aborted->store(true);
        entry.thread->quit();
    }
    for (const Entry &entry : std::as_const(m_entries)) {
        entry.thread->wait();
        delete entry.worker; // its thread has ended: safe from here
        delete entry.thread;
    }
}

void SftpSessions::setSettings(const SshSettings &settings)
{
    m_settings = settings;
    const QList<Entry> entries = m_entries;
    for (const Entry &entry : entries) {
        if (!entry.busy)
            retire(entry.worker);
    }
}

SftpSessions::Entry *SftpSessions::entryOf(SftpWorker *worker)
{
    for (Entry &entry : m_entries) {
        if (entry.worker == worker)
            return &entry;
    }
    return nullptr;
}

const SftpSessions::Entry *SftpSessions::entryOf(SftpWorker *worker) const
{
    return const_cast<SftpSessions *>(this)->entryOf(worker);
}

SftpJobEvents *SftpSessions::eventsOf(SftpWorker *worker)
{
    Entry *entry = entryOf(worker);
    return entry ? entry->events : nullptr;
}

bool SftpSessions::lentFirstTime(SftpWorker *worker) const
{
    const Entry *entry = entryOf(worker);
    return entry && entry->lent == 1;
}

int SftpSessions::connections(const QString &serverKey) const
{
    return int(std::count_if(m_entries.cbegin(), m_entries.cend(),
                             [&serverKey](const Entry &e) { return e.server == serverKey; }));
}

int SftpSessions::limit(const QString &serverKey) const
{
    return m_limits.value(serverKey, MaxPerServer);
}

qint64 SftpSessions::leastRoundTripUs(const QString &serverKey) const
{
    // The connections open now say it as soon as they are made, before their first job ends.
    qint64 least = m_leastRoundTripUs.value(serverKey);
    for (const Entry &entry : m_entries) {
        const qint64 roundTrip = entry.server == serverKey ? entry.worker->roundTripUs() : 0;
        if (roundTrip > 0 && (least == 0 || roundTrip < least))
            least = roundTrip;
    }
    return least;
}

bool SftpSessions::isNear(const QString &serverKey) const
{
    const qint64 least = leastRoundTripUs(serverKey);
    return least > 0 && least < RequestSample::NearServerUs;
}

SftpWorker *SftpSessions::spawn(const SftpTarget &target)
{
    auto *thread = new QThread;
    thread->setObjectName(QStringLiteral("sftp ") + target.serverKey());
    auto *worker = new SftpWorker(target, m_settings);
    worker->moveToThread(thread);
    connect(worker, &SftpWorker::finished, this,
            [this, worker](quint64 ticket, const SftpUploadResult &result) {
                returned(worker, result.refused, ticket);
            });
    connect(worker, &SftpWorker::removed, this, [this, worker] { returned(worker, false); });
    connect(worker, &SftpWorker::pipelined, this,
            [this](int files) { m_mostFilesAtOnce = qMax(m_mostFilesAtOnce, files); });
    // After returned() above: a job's listener hears it finished once the worker is back.
    auto *events = new SftpJobEvents(worker, this);
    thread->start();
    Entry entry;
    entry.worker = worker;
    entry.thread = thread;
    entry.server = target.serverKey();
    entry.events = events;
    m_entries.append(entry);
    qCDebug(lcSessions) << "connection" << connections(target.serverKey()) << "to"
                        << target.serverKey();
    return worker;
}

void SftpSessions::retire(SftpWorker *worker)
{
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        if (m_entries.at(i).worker != worker)
            continue;
        QThread *thread = m_entries.at(i).thread;
        SftpJobEvents *events = m_entries.at(i).events;
        const QString server = m_entries.at(i).server;
        m_leastRoundTripUs.insert(server, leastRoundTripUs(server)); // outlives the connection
        m_entries.removeAt(i);
        Entry retiring;
        retiring.worker = worker;
        retiring.thread = thread;
        retiring.events = events;
        m_retiring.append(retiring);
        // The connection closes on the worker's thread; what is left to delete is idle.
        connect(thread, &QThread::finished, this, [this, worker, thread, events] {
            thread->wait();
            m_retiring.removeIf([thread](const Entry &e) { return e.thread == thread; });
            delete worker;
            delete thread;
            delete events;
        });
        QMetaObject::invokeMethod(
            worker,
            [worker, thread] {
                worker->disconnectNow();
                thread->quit();
            },
            Qt::QueuedConnection);
        return;
    }
}

void SftpSessions::borrow(const SftpTarget &target, QObject *context, Lent lent, bool shared)
{
    m_waiting.append({target, context, std::move(lent), shared});
    serveWaiting(target.serverKey());
}

void SftpSessions::lend(Entry *entry, const Waiter &waiter)
{
    entry->busy = true;
    if (waiter.shared)
        ++entry->shared;
    ++entry->lent;
    SftpWorker *worker = entry->worker;
    waiter.lent(worker);
}

void SftpSessions::serveWaiting(const QString &server)
{
    for (qsizetype i = 0; i < m_waiting.size();) {
        const Waiter waiter = m_waiting.at(i);
        if (!waiter.context) {
            m_waiting.removeAt(i);
            continue;
        }
        if (waiter.target.serverKey() != server) {
            ++i;
            continue;
        }
        // A small file joins a connection sending fewer than FilesBeforeAnother first.
        Entry *idle = waiter.shared ? sharedWithRoom(server, FilesBeforeAnother) : nullptr;
        for (Entry &entry : m_entries) {
            if (!idle && entry.server == server && !entry.busy) {
                idle = &entry;
                break;
            }
        }
        const int most =
            waiter.shared && isNear(server) ? qMin(limit(server), NearConnections) : limit(server);
        if (!idle && connections(server) < most)
            idle = entryOf(spawn(waiter.target));
        if (!idle && waiter.shared)
            idle = sharedWithRoom(server, SftpSmallFiles::MaxFiles);
        if (!idle)
            return;
        m_waiting.removeAt(i);
        lend(idle, waiter);
    }
}

SftpSessions::Entry *SftpSessions::sharedWithRoom(const QString &server, int below)
{
    Entry *fewest = nullptr;
    for (Entry &entry : m_entries) {
        if (entry.server == server && entry.shared > 0 && entry.shared < below
            && (!fewest || entry.shared < fewest->shared))
            fewest = &entry;
    }
    return fewest;
}

void SftpSessions::run(SftpWorker *worker, const SftpWorker::Flag &aborted,
                       std::function<void(SftpWorker *)> job)
{
    if (Entry *entry = entryOf(worker))
        entry->aborted = aborted;
    QMetaObject::invokeMethod(
        worker, [worker, job = std::move(job)] { job(worker); }, Qt::QueuedConnection);
}

void SftpSessions::sendSmall(SftpWorker *worker, const SftpWorker::SmallJob &job)
{
    Entry *entry = entryOf(worker);
    if (!entry)
        return;
    entry->queued.append(job);
    sendBatchesSoon();
}

void SftpSessions::sendBatchesSoon()
{
    if (m_batchesPosted)
        return;
    m_batchesPosted = true;
    QMetaObject::invokeMethod(this, &SftpSessions::sendBatches, Qt::QueuedConnection);
}

void SftpSessions::sendBatches()
{
    m_batchesPosted = false;
    for (Entry &entry : m_entries) {
        if (entry.inBatch.isEmpty() && !entry.queued.isEmpty())
            sendBatch(&entry);
    }
}

void SftpSessions::sendBatch(Entry *entry)
{
    QList<SftpWorker::SmallJob> batch;
    qint64 bytes = 0;
    while (!entry->queued.isEmpty() && batch.size() < SftpSmallFiles::MaxFiles
           && (batch.isEmpty()
               || bytes + entry->queued.constFirst().job.fileSize <= SftpSmallFiles::MaxBytes)) {
        bytes += entry->queued.constFirst().job.fileSize;
        batch.append(entry->queued.takeFirst());
        entry->inBatch.insert(batch.constLast().ticket);
    }
    entry->aborted = batch.constLast().aborted; // what the destructor stops
    SftpWorker *worker = entry->worker;
    QMetaObject::invokeMethod(
        worker, [worker, batch] { worker->uploadSmall(batch); }, Qt::QueuedConnection);
}

void SftpSessions::remove(SftpWorker *worker, const QString &path)
{
    QMetaObject::invokeMethod(
        worker, [worker, path] { worker->remove(path); }, Qt::QueuedConnection);
}

void SftpSessions::giveBack(SftpWorker *worker)
{
    returned(worker, false);
}

void SftpSessions::returned(SftpWorker *worker, bool refused, quint64 ticket)
{
    Entry *entry = entryOf(worker);
    if (!entry)
        return;
    const QString server = entry->server;
    if (entry->shared > 0)
        --entry->shared;
    // A batch ends with its last file (a worker given back, lent for one that was cancelled
    // while it waited, is none of them).
    if (ticket != 0 && entry->inBatch.remove(ticket) && entry->inBatch.isEmpty()
        && !entry->queued.isEmpty()) {
        if (refused)
            sendBatch(entry); // to this connection still: each hears it was refused
        else
            sendBatchesSoon();
    }
    entry->busy = entry->shared > 0;
    if (!entry->busy)
        entry->aborted.reset();
    if (refused) {
        // The server would not take this many: fewer from now on, never none. (Refused with
        // none open is a server down: the limit stays.)
        const int others = connections(server) - 1;
        if (others > 0) {
            m_limits.insert(server, qMin(limit(server), others));
            qCInfo(lcSessions) << server << "refused a connection; at most" << limit(server);
        }
        retire(worker);
    }
    serveWaiting(server);
}

void SftpSessions::dropIdle()
{
    for (const Entry &entry : std::as_const(m_entries)) {
        if (!entry.busy) {
            SftpWorker *worker = entry.worker;
            QMetaObject::invokeMethod(
                worker, [worker] { worker->disconnectNow(); }, Qt::QueuedConnection);
        }
    }
}
