#pragma once

#include "sftpconnection.h"
#include "sftpfileupload.h"
#include "transfer.h"

#include <QObject>

#include <atomic>
#include <memory>

// One SFTP connection and the thread it blocks on: libssh waits for the server in its calls, so
// each connection gets a thread of its own and the GUI thread only ever posts to it (upload(),
// through a queued call) and hears back through queued signals. One upload at a time; the
// connection stays open between them. Made and ended by SftpSessions.
class SftpWorker final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SftpWorker)
public:
    using Flag = std::shared_ptr<std::atomic<bool>>;

    SftpWorker(const SftpTarget &target, const SshSettings &settings);
    ~SftpWorker() override;

    // On the worker's thread (call through QMetaObject::invokeMethod): sends `job`'s file,
    // stopping between writes once `aborted` is set; emits finished(ticket, ...) once.
    void upload(quint64 ticket, const TransferJob &job, const Flag &aborted);
    // On the worker's thread: removes a part file (a cancelled upload's), then removed().
    void remove(const QString &path);
    // On the worker's thread: closes the connection (the network changed, or idle).
    void disconnectNow();

Q_SIGNALS:
    void started(quint64 ticket, qint64 begin, qint64 end);
    void sent(quint64 ticket, qint64 bytes);
    void confirmed(quint64 ticket, qint64 offset);
    void finished(quint64 ticket, const SftpUploadResult &result);
    void removed(const QString &path, bool deleted);

private:
    SftpTarget m_target;
    SshSettings m_settings;
    std::unique_ptr<SftpConnection> m_connection;
};
