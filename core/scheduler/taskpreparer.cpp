#include "taskpreparer.h"

#include "fingerprint.h"
#include "hashrunner.h"
#include "offthread.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcScheduler)

TaskPreparer::TaskPreparer(TransferProtocol *protocol, QObject *parent)
    : QObject(parent)
    , m_protocol(protocol)
    , m_hashes(new HashRunner(this))
{
    connect(m_protocol, &TransferProtocol::probed, this, &TaskPreparer::onProbed);
    connect(m_hashes, &HashRunner::finished, this, &TaskPreparer::onHashed);
}

TaskPreparer::~TaskPreparer() = default;

void TaskPreparer::prepare(const Request &request)
{
    cancel(request.id);
    Pending &pending = m_pending[request.id];
    pending.request = request;
    pending.generation = ++m_nextGeneration;
    if (request.verifyFile)
        verify(pending);
    else
        afterVerify(request.id);
}

void TaskPreparer::cancel(TaskId id)
{
    m_pending.remove(id);
    m_hashes->stop(id);
}

bool TaskPreparer::isHashing(TaskId id) const
{
    return m_hashes->isRunning(id);
}

qint64 TaskPreparer::hashedBytes(TaskId id) const
{
    return m_hashes->hashedBytes(id);
}

void TaskPreparer::verify(Pending &pending)
{
    // Reading 128 KiB of a file for its fingerprint may be slow on a network drive: off thread.
    const TaskId id = pending.request.id;
    const quint64 generation = pending.generation;
    runOffThread(
        this, [path = pending.request.path] { return FileIdentity::of(path); },
        [this, id, generation](const FileIdentity &now) {
            const auto it = m_pending.constFind(id);
            if (it == m_pending.constEnd() || it->generation != generation)
                return; // cancelled or started anew meanwhile
            const Request &r = it->request;
            const bool same = now.exists && now.size == r.size && now.modifiedMs == r.modifiedMs
                              && (r.fingerprint.isEmpty() || now.fingerprint == r.fingerprint);
            if (same)
                return afterVerify(id);
            // Not one byte of the new content may be appended to the old upload.
            failWith(id, now.exists
                             ? TransferError::make(
                                 TransferError::Kind::FileChanged,
                                 TrText::of(staticMetaObject,
                                            QT_TR_NOOP("The file changed since it was queued; "
                                                       "nothing more was sent. Retry uploads it "
                                                       "anew.")))
                             : TransferError::make(
                                 TransferError::Kind::FileUnreadable,
                                 TrText::of(staticMetaObject,
                                            QT_TR_NOOP("The file is gone since it was queued."))));
        });
}

std::optional<bool> TaskPreparer::wantsHash(const Request &r) const
{
    if (!r.mayHash)
        return false;
    switch (m_hashPolicy) {
    case HashPolicy::Never:
        return false;
    case HashPolicy::Always:
        return true;
    case HashPolicy::WhenServerOffersInstant:
        // A small file goes up with its creation: one request, where asking first costs two.
        if (r.size < m_instantMinimumSize)
            return false;
        return m_protocol->offersInstantUpload(r.endpoint);
    }
    return false;
}

void TaskPreparer::afterVerify(TaskId id)
{
    const auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    const std::optional<bool> hash = wantsHash(it->request);
    if (!hash.has_value()) {
        // One answer serves every task waiting for this endpoint: onProbed().
        it->awaitingProbe = true;
        m_protocol->probe(it->request.endpoint, it->request.headers);
        return;
    }
    if (!*hash)
        return finish(id, {});
    const QString path = it->request.path;
    const qint64 size = it->request.size;
    Q_EMIT hashingStarted(id);
    if (m_pending.contains(id)) // a listener may have cancelled it
        m_hashes->start(id, path, size);
}

void TaskPreparer::onProbed()
{
    // Each waiting task goes on once its own endpoint is known, found out or failed to find out.
    QList<TaskId> ready;
    for (auto it = m_pending.cbegin(); it != m_pending.cend(); ++it) {
        if (it->awaitingProbe && m_protocol->offersInstantUpload(it->request.endpoint))
            ready.append(it.key());
    }
    for (TaskId id : std::as_const(ready)) {
        const auto it = m_pending.find(id);
        if (it == m_pending.end() || !it->awaitingProbe)
            continue;
        it->awaitingProbe = false;
        afterVerify(id);
    }
}

void TaskPreparer::onHashed(TaskId id, const FileHash &hash)
{
    if (!m_pending.contains(id))
        return;
    using Kind = TransferError::Kind;
    switch (hash.status) {
    case FileHash::Status::Ok:
        qCDebug(lcScheduler) << "task" << id << "sha256" << hash.hex();
        return finish(id, hash.digest);
    case FileHash::Status::Changed:
        return failWith(
            id, TransferError::make(
                    Kind::FileChanged,
                    TrText::of(staticMetaObject,
                               QT_TR_NOOP("The file changed while uploading: %1 Nothing was sent."))
                        .arg(hash.error)));
    case FileHash::Status::Unreadable:
    case FileHash::Status::Cancelled: // not reached: a stopped job reports nothing
        return failWith(id, TransferError::make(Kind::FileUnreadable, hash.error));
    }
}

void TaskPreparer::finish(TaskId id, const QByteArray &hash)
{
    m_pending.remove(id);
    Q_EMIT prepared(id, hash);
}

void TaskPreparer::failWith(TaskId id, const TransferError &error)
{
    m_pending.remove(id);
    Q_EMIT failed(id, error);
}
