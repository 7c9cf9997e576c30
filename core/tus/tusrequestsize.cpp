#include "tusrequestsize.h"

TusRequestSize::TusRequestSize(qint64 chunkSize, qint64 maxRequestSize, qint64 length)
    : m_chunk(qMax<qint64>(1, chunkSize))
    , m_most(int(qBound(qint64(1), maxRequestSize / m_chunk, qint64(1) << 20)))
    , m_length(length)
{
}

qint64 TusRequestSize::nextEnd(qint64 offset) const
{
    // To the end of the chunk `offset` is in, then whole chunks: requests stay chunk-aligned.
    const qint64 end = (offset / m_chunk + m_chunks) * m_chunk;
    return qMin(m_length, end);
}

void TusRequestSize::succeeded(qint64 bytes)
{
    if (!m_clock.isValid() || m_most == 1)
        return;
    const qint64 took = m_clock.elapsed();
    const bool whole = bytes >= m_chunks * m_chunk;
    // Only a request as large as asked says how fast the link is; the file's last is shorter.
    if (took < GrowBelowMs && whole)
        m_chunks = qMin(m_most, m_chunks * 2);
    else if (took > ShrinkAboveMs)
        m_chunks = qMax(1, m_chunks / 2);
}
