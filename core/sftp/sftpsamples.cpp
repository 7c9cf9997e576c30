#include "sftpsamples.h"

#include <utility>

SftpSamples::SftpSamples(QString server)
    : m_server(std::move(server))
{
}

void SftpSamples::started(qint64 begin, qint64 end, qint64 nowUs)
{
    m_open.append({begin, end, nowUs, std::exchange(m_fresh, false)});
}

QList<RequestSample> SftpSamples::confirmed(qint64 offset, qint64 nowUs)
{
    QList<RequestSample> done;
    while (!m_open.isEmpty() && m_open.constFirst().end <= offset) {
        const Open chunk = m_open.takeFirst();
        RequestSample sample;
        sample.server = m_server;
        sample.startedUs = chunk.startedUs;
        sample.finishedUs = qMax(nowUs, chunk.startedUs);
        sample.bytes = chunk.end - chunk.begin;
        sample.status = 200; // answered, like an HTTP success
        sample.newConnection = chunk.fresh;
        sample.shared = m_shared;
        done.append(sample);
    }
    return done;
}

RequestSample SftpSamples::refused(qint64 startedUs, qint64 nowUs) const
{
    RequestSample sample;
    sample.server = m_server;
    sample.startedUs = startedUs;
    sample.finishedUs = qMax(nowUs, startedUs);
    sample.outcome = RequestSample::Outcome::Refused;
    sample.newConnection = true;
    return sample;
}
