#pragma once

#include "sftpconnection.h"
#include "sftpcredit.h"
#include "sftpfileupload.h"
#include "sftprangeupload.h"
#include "transfer.h"

#include <QList>
#include <QObject>

#include <atomic>
#include <memory>

// One SFTP connection and the thread it blocks on: libssh waits for the server in its calls, so
// each connection gets a thread of its own and the GUI thread only ever posts to it (upload(),
// through a queued call) and hears back through queued signals. One job at a time, each ending
// with finished(ticket, ...); the connection stays open between them. Made and ended by
// SftpSessions.
class SftpWorker final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SftpWorker)
public:
    using Flag = std::shared_ptr<std::atomic<bool>>;
    // What the bytes sent are paid from (the bandwidth limit, SftpPace); null: not limited.
    using Credit = std::shared_ptr<SftpCredit>;

    SftpWorker(const SftpTarget &target, const SshSettings &settings);
    ~SftpWorker() override;

    // GUI thread: a ticket for a job, new each time (tells its signals from an earlier job's).
    static quint64 nextTicket();

    // The jobs, on the worker's thread (call through QMetaObject::invokeMethod); each stops
    // between writes once `aborted` is set, and emits finished(ticket, ...) once.
    // `job`'s file as one stream (SftpFileUpload).
    void upload(quint64 ticket, const TransferJob &job, const Flag &aborted, const Credit &credit);
    // A small file (at most SftpFileUpload::QuickBytes) for uploadSmall().
    struct SmallJob {
        quint64 ticket = 0;
        TransferJob job;
        Flag aborted;
        Credit credit;
    };
    // Small files sent together over this connection (SftpSmallFiles; SftpSessions makes the
    // batches), each ending with its own finished(). At most SftpSmallFiles::MaxFiles files and
    // MaxBytes.
    void uploadSmall(const QList<SmallJob> &jobs);
    // Before parallel parts (SftpPartFile::prepare).
    void prepareParts(quint64 ticket, const TransferJob &job, bool fresh, const Flag &aborted);
    // One part's bytes (SftpRangeUpload).
    void uploadRange(quint64 ticket, const TransferJob &job, const SftpRange &range,
                     const Flag &aborted, const Credit &credit);
    // After every part (SftpPartFile::finish).
    void finishParts(quint64 ticket, const TransferJob &job, const Flag &aborted);
    // On the worker's thread: removes a part file (a cancelled upload's), then removed().
    void remove(const QString &path);
    // On the worker's thread: closes the connection (the network changed, or idle).
    void disconnectNow();
    // Any thread: the round trip its last connection timed when it was made
    // (SftpConnection::roundTripUs), microseconds; 0 before it connected.
    qint64 roundTripUs() const { return m_connection->roundTripUs(); }

Q_SIGNALS:
    void started(quint64 ticket, qint64 begin, qint64 end);
    void sent(quint64 ticket, qint64 bytes);
    void confirmed(quint64 ticket, qint64 offset);
    void finished(quint64 ticket, const SftpUploadResult &result);
    void removed(const QString &path, bool deleted);
    // Small files whose requests were in flight together on this connection (uploadSmall()).
    void pipelined(int files);

private:
    // Connects (when not connected); false with `result` saying why.
    bool open(const TransferJob &job, const Flag &aborted, SftpUploadResult *result);
    // The signals of job `ticket`; each write paid from `credit`.
    SftpFileUpload::Events eventsOf(quint64 ticket, const Flag &aborted, const Credit &credit);

    SftpTarget m_target;
    SshSettings m_settings;
    std::unique_ptr<SftpConnection> m_connection;
};
