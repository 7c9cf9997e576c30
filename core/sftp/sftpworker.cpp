#include "sftpworker.h"

#include "sftppartfile.h"
#include "sftpsmallfiles.h"

namespace {
// Bounds each blocking wait for the server (connecting, every SFTP answer).
constexpr int DefaultTimeoutMs = 30000;

int timeoutOf(const TransferJob &job)
{
    return job.stallTimeoutMs > 0 ? job.stallTimeoutMs : DefaultTimeoutMs;
}
} // namespace

SftpWorker::SftpWorker(const SftpTarget &target, const SshSettings &settings)
    : m_target(target)
    , m_settings(settings)
    , m_connection(std::make_unique<SftpConnection>(target, settings))
{
}

SftpWorker::~SftpWorker() = default;

quint64 SftpWorker::nextTicket()
{
    static quint64 ticket = 0; // GUI thread only
    return ++ticket;
}

bool SftpWorker::open(const TransferJob &job, const Flag &aborted, SftpUploadResult *result)
{
    result->error = m_connection->open(timeoutOf(job));
    result->refused = SftpConnection::refuses(result->error);
    if (m_connection->isOpen()) {
        result->roundTripStartedUs = m_connection->probeSentUs();
        result->roundTripFinishedUs = m_connection->probeAnsweredUs();
    }
    return result->error.kind == TransferError::Kind::None && !aborted->load();
}

SftpFileUpload::Events SftpWorker::eventsOf(quint64 ticket, const Flag &aborted,
                                            const Credit &credit)
{
    // Bytes of the chunk in flight reported (and paid for) so far.
    auto reported = std::make_shared<qint64>(0);
    SftpFileUpload::Events events;
    events.started = [this, ticket, reported](qint64 begin, qint64 end) {
        *reported = 0;
        Q_EMIT started(ticket, begin, end);
    };
    events.sent = [this, ticket, reported, aborted, credit](qint64 bytes) {
        Q_EMIT sent(ticket, bytes);
        // Paid after the write: the limit holds over time, within one write request.
        if (credit)
            credit->pay(bytes - *reported, aborted.get());
        *reported = bytes;
    };
    events.confirmed = [this, ticket](qint64 offset) { Q_EMIT confirmed(ticket, offset); };
    return events;
}

void SftpWorker::upload(quint64 ticket, const TransferJob &job, const Flag &aborted,
                        const Credit &credit)
{
    SftpUploadResult result;
    if (open(job, aborted, &result))
        result = SftpFileUpload(m_connection.get(), m_settings, job, aborted.get(),
                                eventsOf(ticket, aborted, credit))
                     .run();
    Q_EMIT finished(ticket, result);
}

void SftpWorker::uploadSmall(const QList<SmallJob> &jobs)
{
    QList<SftpSmallFiles::File> files;
    for (const SmallJob &small : jobs)
        files.append(
            {small.job, small.aborted.get(), eventsOf(small.ticket, small.aborted, small.credit)});
    SftpSmallFiles together(m_connection.get(), m_settings);
    together.run(files, [this, &jobs](int index, const SftpUploadResult &result) {
        Q_EMIT finished(jobs.at(index).ticket, result);
    });
    Q_EMIT pipelined(together.mostAtOnce());
}

void SftpWorker::prepareParts(quint64 ticket, const TransferJob &job, bool fresh,
                              const Flag &aborted)
{
    SftpUploadResult result;
    if (open(job, aborted, &result)) {
        const SftpUploadResult connected = result;
        result = SftpPartFile(m_connection.get(), m_settings, job).prepare(fresh);
        result.roundTripStartedUs = connected.roundTripStartedUs; // Auto's first look at the server
        result.roundTripFinishedUs = connected.roundTripFinishedUs;
    }
    Q_EMIT finished(ticket, result);
}

void SftpWorker::uploadRange(quint64 ticket, const TransferJob &job, const SftpRange &range,
                             const Flag &aborted, const Credit &credit)
{
    SftpUploadResult result;
    if (open(job, aborted, &result))
        result = SftpRangeUpload(m_connection.get(), m_settings, job, range, aborted.get(),
                                 eventsOf(ticket, aborted, credit))
                     .run();
    Q_EMIT finished(ticket, result);
}

void SftpWorker::finishParts(quint64 ticket, const TransferJob &job, const Flag &aborted)
{
    SftpUploadResult result;
    if (open(job, aborted, &result))
        result = SftpPartFile(m_connection.get(), m_settings, job).finish();
    Q_EMIT finished(ticket, result);
}

void SftpWorker::remove(const QString &path)
{
    bool deleted = false;
    if (m_connection->open(DefaultTimeoutMs).kind == TransferError::Kind::None) {
        deleted = sftp_unlink(m_connection->sftp(), path.toUtf8().constData()) == SSH_OK
                  || m_connection->status() == SSH_FX_NO_SUCH_FILE;
    }
    Q_EMIT removed(path, deleted);
}

void SftpWorker::disconnectNow()
{
    m_connection->close();
}
