#include "schedulerfixture.h"

#include "waitfor.h"

#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>

namespace {
constexpr std::chrono::milliseconds FastBaseDelay{20};
} // namespace

SchedulerFixture::SchedulerFixture() = default;

SchedulerFixture::~SchedulerFixture()
{
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
    m_peer.reset();
}

bool SchedulerFixture::start(qint64 maxSize)
{
    m_peer = TestPeer::create();
    if (!m_peer->start(0, maxSize)) {
        m_error = QStringLiteral("%1: %2").arg(m_peer->name(), m_peer->errorString());
        return false;
    }
    return start(m_peer->endpoint());
}

bool SchedulerFixture::start(const QUrl &endpoint, TaskStore *store)
{
    if (!m_files.isValid()) {
        m_error = QStringLiteral("no temporary folder: %1").arg(m_files.errorString());
        return false;
    }
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    if (store)
        m_scheduler->setStore(store);
    m_scheduler->setEndpoint(endpoint);
    m_scheduler->setChunkSize(ChunkSize);
    // These suites check one upload per file (its URL, its offsets); parallel parts, which
    // hoistd's concatenation would bring, have their own tests (tst_parallelupload).
    m_scheduler->setParallelParts(false);
    return true;
}

QList<TaskId> SchedulerFixture::add(const QStringList &paths, Priority priority, int timeoutMs)
{
    QSignalSpy added(m_scheduler.get(), &UploadScheduler::tasksAdded);
    m_scheduler->addPaths(paths, priority);
    if (!added.wait(timeoutMs))
        return {};
    // A long list becomes tasks a slice at a time (more slices on a busy machine), each slice its
    // own tasksAdded(): all of them.
    if (!waitFor([this] { return !m_scheduler->isAddingPaths(); }, timeoutMs))
        return {};
    QList<TaskId> ids;
    for (const QList<QVariant> &emission : added)
        ids += emission.first().value<QList<TaskId>>();
    return ids;
}

bool SchedulerFixture::waitIdle(int timeoutMs) const
{
    return waitFor([this] { return m_scheduler->isIdle(); }, timeoutMs);
}

const UploadTask *SchedulerFixture::task(TaskId id) const
{
    return m_scheduler->task(id);
}

RetryPolicy SchedulerFixture::fastRetries(int maxRetries, std::chrono::milliseconds maxDelay)
{
    RetryPolicy policy;
    policy.maxRetries = maxRetries;
    policy.baseDelay = FastBaseDelay;
    policy.maxDelay = maxDelay;
    return policy;
}
