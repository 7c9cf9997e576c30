#include "chunkchecksums.h"

#include "crc32c.h"
#include "offthread.h"

ChunkChecksums::ChunkChecksums(QString path, QObject *parent)
    : QObject(parent)
    , m_path(std::move(path))
{
}

ChunkChecksums::~ChunkChecksums()
{
    cancel();
}

bool ChunkChecksums::choose(const QStringList &offered)
{
    const auto offers = [&offered](const char *name) {
        return offered.contains(QLatin1String(name), Qt::CaseInsensitive);
    };
    m_algorithm.reset();
    if (offers(Crc32c::Name)) {
        m_algorithm = DigestAlgorithm::Crc32c; // for damage in transit: as good, far cheaper
        m_name = QByteArray(Crc32c::Name);
    } else if (offers("sha512")) {
        m_algorithm = DigestAlgorithm::Sha512;
        m_name = QByteArrayLiteral("sha512");
    } else if (offers("sha256")) {
        m_algorithm = DigestAlgorithm::Sha256;
        m_name = QByteArrayLiteral("sha256");
    } else if (offers("sha1")) {
        m_algorithm = DigestAlgorithm::Sha1;
        m_name = QByteArrayLiteral("sha1");
    }
    return enabled();
}

void ChunkChecksums::request(qint64 begin, qint64 end, Ready ready)
{
    if (!holds(begin, end))
        return start(begin, end, std::move(ready));
    if (!m_job->done) {
        m_job->ready = std::move(ready);
        return;
    }
    const Job job = *std::exchange(m_job, std::nullopt);
    ready(job.value, job.readProblem);
}

void ChunkChecksums::prefetch(qint64 begin, qint64 end)
{
    if (!enabled() || begin >= end || holds(begin, end) || (m_job && m_job->ready))
        return;
    start(begin, end, {});
}

void ChunkChecksums::cancel()
{
    if (m_job && m_job->cancel)
        *m_job->cancel = true;
    m_job.reset();
}

void ChunkChecksums::start(qint64 begin, qint64 end, Ready ready)
{
    cancel();
    Job job;
    job.begin = begin;
    job.end = end;
    job.cancel = std::make_shared<std::atomic_bool>(false);
    job.ready = std::move(ready);
    const auto flag = job.cancel;
    m_job = std::move(job);
    runOffThread(
        this,
        [path = m_path, begin, end, algorithm = *m_algorithm, flag] {
            QString problem;
            const std::optional<QByteArray> digest =
                digestRange(path, begin, end, algorithm, flag.get(), &problem);
            return std::make_pair(digest, problem);
        },
        [this, flag](const std::pair<std::optional<QByteArray>, QString> &read) {
            if (!m_job || m_job->cancel != flag)
                return; // cancelled, or replaced by another range
            const std::optional<QByteArray> value =
                read.first ? std::optional<QByteArray>(m_name + ' ' + read.first->toBase64())
                           : std::nullopt;
            if (!m_job->ready) {
                m_job->done = true;
                m_job->value = value;
                m_job->readProblem = read.second;
                return;
            }
            const Ready ready = std::exchange(m_job, std::nullopt)->ready;
            ready(value, read.second);
        });
}
