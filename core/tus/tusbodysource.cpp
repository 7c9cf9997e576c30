#include "tusbodysource.h"

#include "readaheaddevice.h"

TusBodySource::TusBodySource(const TransferJob &job, QObject *parent)
    : QObject(parent)
    , m_job(job)
    , m_checksums(new ChunkChecksums(job.filePath, this))
    , m_file(new TransferFile(job, this))
{
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        m_checksums->cancel();
        m_file->cancel();
        finish(nullptr, QByteArray(), TransferFile::stalledError(m_job));
    });
}

TusBodySource::~TusBodySource() = default;

void TusBodySource::prepare(qint64 begin, qint64 end, Prepared done)
{
    // Not cancel(): the checksum prefetched for this range is what it is waiting for.
    m_file->cancel();
    m_pending = std::move(done);
    // The checksum reads the whole range first: a slow disk is given the time to.
    m_timeout.start(m_checksums->enabled() ? TransferFile::hashTimeoutMs(m_job, end - begin)
                                           : qMax(1, m_job.stallTimeoutMs));
    if (!m_checksums->enabled())
        return openBody(begin, end, QByteArray());
    m_checksums->request(
        begin, end,
        [this, begin, end](const std::optional<QByteArray> &value, const QString &readProblem) {
            if (value)
                return openBody(begin, end, *value);
            // Unreadable: a changed file says so in its own words.
            m_file->check([this, readProblem](const std::optional<TransferError> &error) {
                finish(
                    nullptr, QByteArray(),
                    error.value_or(TransferFile::checksumReadError(m_job.filePath, readProblem)));
            });
        });
}

void TusBodySource::openBody(qint64 begin, qint64 end, const QByteArray &checksum)
{
    m_file->openBody(
        begin, end, m_hash,
        [this, checksum](std::unique_ptr<ReadAheadDevice> body, const TransferError &error) {
            finish(std::move(body), checksum, error);
        });
}

void TusBodySource::finish(std::unique_ptr<ReadAheadDevice> body, const QByteArray &checksum,
                           const TransferError &error)
{
    m_timeout.stop();
    if (const Prepared done = std::exchange(m_pending, nullptr))
        done(std::move(body), checksum, error);
}

void TusBodySource::prefetch(qint64 begin, qint64 end)
{
    if (m_checksums->enabled())
        m_checksums->prefetch(begin, end);
}

void TusBodySource::cancel()
{
    m_timeout.stop();
    m_pending = nullptr;
    m_checksums->cancel();
    m_file->cancel();
}
