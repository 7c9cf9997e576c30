#pragma once

#include "sftpjobevents.h"
#include "sftpworker.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>

class QThread;

// The SFTP connections of every server, each an SftpWorker on its own thread: lends an idle one,
// opens another while a server has fewer than its limit, or keeps the asker waiting until one is
// back. A server that refuses a connection or a channel (MaxStartups, MaxSessions) gets a lower
// limit, so later uploads wait for a connection instead of failing. Lives on the GUI thread.
class SftpSessions final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SftpSessions)
public:
    // Connections to one server at most (OpenSSH's MaxStartups begins refusing at 10 starting).
    static constexpr int MaxPerServer = 8;
    // Small files a connection carries before a small file gets another connection (while the
    // server may have more): 1, each small file on its own connection while there are enough;
    // beyond them, up to SftpSmallFiles::MaxFiles share one.
    static constexpr int FilesBeforeAnother = 1;
    // Connections small files get to a near server (its round trip under
    // RequestSample::NearServerUs: loopback, a LAN), where a connection's batch of files is
    // answered within a millisecond and more connections only split the files into smaller
    // batches, each costing both ends a wake-up per round trip. 2,000 files of 16 KiB over
    // loopback to OpenSSH (2 cores, Auto, medians of 3): 0.54 s over 8 connections, 0.41 over 4.
    static constexpr int NearConnections = 4;

    explicit SftpSessions(QObject *parent = nullptr);
    // Stops every upload at its next write and waits for the threads.
    ~SftpSessions() override;

    // For connections made from now on; the idle ones are closed.
    void setSettings(const SshSettings &settings);
    const SshSettings &settings() const { return m_settings; }

    using Lent = std::function<void(SftpWorker *)>;
    // Calls `lent` (on this thread) with a worker for `target` once one is free, unless
    // `context` is gone by then. The worker is the caller's until give back(). `shared`: for
    // a small file (sendSmall()), which may share a connection sending other small
    // files (up to SftpSmallFiles::MaxFiles) once every connection the server may have is busy.
    void borrow(const SftpTarget &target, QObject *context, Lent lent, bool shared = false);
    // Runs `job` (one of SftpWorker's upload jobs, on the worker's thread) on a borrowed
    // worker; it comes back by itself after finished(). `aborted` stops it when this ends.
    void run(SftpWorker *worker, const SftpWorker::Flag &aborted,
             std::function<void(SftpWorker *)> job);
    // Where the events of a borrowed worker's jobs are heard, each by its ticket's listener.
    SftpJobEvents *eventsOf(SftpWorker *worker);
    // Has a worker lent for a small file (borrow(..., shared)) send it together with the
    // others lent it: a batch (up to SftpSmallFiles::MaxFiles and MaxBytes) goes when the
    // worker has none in flight, once this thread has handled the events already waiting.
    // When a batch ends its files' slots free at once, and the files taking them are lent one
    // by one: a worker sent each at once would send the first alone, ahead of the rest.
    void sendSmall(SftpWorker *worker, const SftpWorker::SmallJob &job);
    // Whether the worker lent last was lent for the first time (its connection is made now).
    bool lentFirstTime(SftpWorker *worker) const;
    // For the transfers: a stream's chunk ended (SftpSamples), as requestFinished().
    void report(const RequestSample &sample) { Q_EMIT requestFinished(sample); }
    // Removes a file on a borrowed worker; it comes back by itself after removed().
    void remove(SftpWorker *worker, const QString &path);
    // A borrowed worker not used after all.
    void giveBack(SftpWorker *worker);
    // Closes every idle connection (the network changed).
    void dropIdle();

    // Connections to `serverKey` open now, and the most it may have now.
    int connections(const QString &serverKey) const;
    int limit(const QString &serverKey) const;
    // The least round trip a connection to `serverKey` timed, microseconds (0: none yet), and
    // whether that makes it near.
    qint64 leastRoundTripUs(const QString &serverKey) const;
    bool isNear(const QString &serverKey) const;
    // The most small files whose requests were in flight together on one connection (the
    // statistics: SftpWorker::pipelined).
    int mostFilesAtOnce() const { return m_mostFilesAtOnce; }

Q_SIGNALS:
    // What Parallel: Auto learns from (TransferProtocol::requestFinished).
    void requestFinished(const RequestSample &sample);

private:
    struct Entry {
        SftpWorker *worker = nullptr;
        QThread *thread = nullptr;
        QString server;
        bool busy = false;
        int shared = 0;           // small files lent it now (busy while any)
        int lent = 0;             // times lent
        SftpWorker::Flag aborted; // the job on it now
        SftpJobEvents *events = nullptr;
        QList<SftpWorker::SmallJob> queued; // sendSmall()'s, for the next batch
        QSet<quint64> inBatch;              // the tickets of the batch in flight not finished yet
    };
    struct Waiter {
        SftpTarget target;
        QPointer<QObject> context;
        Lent lent;
        bool shared = false;
    };

    // Sends the next batch of each worker with small files queued and none in flight.
    void sendBatches();
    void sendBatchesSoon();
    void sendBatch(Entry *entry);
    Entry *entryOf(SftpWorker *worker);
    const Entry *entryOf(SftpWorker *worker) const;
    SftpWorker *spawn(const SftpTarget &target);
    void retire(SftpWorker *worker);
    // `ticket`: of the job that finished; 0 for a worker given back or a removal.
    void returned(SftpWorker *worker, bool refused, quint64 ticket = 0);
    void lend(Entry *entry, const Waiter &waiter);
    // The connection to `server` sending the fewest small files, if fewer than `below`.
    Entry *sharedWithRoom(const QString &server, int below);
    void serveWaiting(const QString &server);

    SshSettings m_settings;
    QList<Entry> m_entries;
    QList<Entry> m_retiring; // threads ending, deleted once they have
    QList<Waiter> m_waiting;
    bool m_batchesPosted = false;              // sendBatches() is queued
    QHash<QString, int> m_limits;              // lowered after refusals
    QHash<QString, qint64> m_leastRoundTripUs; // of connections retired since
    int m_mostFilesAtOnce = 0;
};
