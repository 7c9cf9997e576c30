#include "chunkmap.h"

#include <algorithm>
#include <limits>

ChunkMap::ChunkMap(qint64 fileSize, qint64 chunkSize)
    : m_fileSize(std::max<qint64>(0, fileSize))
    // A non-positive chunk size means "the whole file is one chunk" rather than a division by zero.
    , m_chunkSize(chunkSize > 0 ? chunkSize : std::max<qint64>(1, m_fileSize))
{
    // A 0-byte file still has one chunk, so it has something to show as pending and then done.
    const qint64 chunks = std::max<qint64>(1, (m_fileSize + m_chunkSize - 1) / m_chunkSize);
    Q_ASSERT(chunks <= std::numeric_limits<int>::max());
    m_states = QVector<ChunkState>(int(chunks), ChunkState::Pending);
}

int ChunkMap::indexOf(qint64 offset) const
{
    if (m_fileSize == 0)
        return offset == 0 ? 0 : -1;
    if (offset < 0 || offset >= m_fileSize)
        return -1;
    return int(offset / m_chunkSize);
}

qint64 ChunkMap::chunkBegin(int index) const
{
    Q_ASSERT(index >= 0 && index < count());
    if (count() == 0)
        return 0;
    return std::min(m_fileSize, qint64(std::clamp(index, 0, count() - 1)) * m_chunkSize);
}

qint64 ChunkMap::chunkEnd(int index) const
{
    Q_ASSERT(index >= 0 && index < count());
    if (count() == 0)
        return 0;
    return std::min(m_fileSize, (qint64(std::clamp(index, 0, count() - 1)) + 1) * m_chunkSize);
}

void ChunkMap::setConfirmedOffset(qint64 offset)
{
    offset = std::clamp<qint64>(offset, 0, m_fileSize);
    for (int i = 0; i < count(); ++i) {
        ChunkState &state = m_states[i];
        // chunkEnd <= offset also covers the single empty chunk of a 0-byte file.
        if (chunkEnd(i) <= offset)
            state = ChunkState::Done;
        else if (state == ChunkState::Done)
            state = ChunkState::Pending; // the server holds less than we thought: send it again
    }
}

void ChunkMap::setConfirmedRanges(const QVector<QPair<qint64, qint64>> &held)
{
    for (int i = 0; i < count(); ++i) {
        const qint64 begin = chunkBegin(i);
        const qint64 end = chunkEnd(i);
        const bool done = std::any_of(held.cbegin(), held.cend(), [&](const auto &range) {
            return range.first <= begin && end <= range.second && range.first < range.second;
        });
        ChunkState &state = m_states[i];
        if (done)
            state = ChunkState::Done;
        else if (state == ChunkState::Done)
            state = ChunkState::Pending;
    }
}

void ChunkMap::markInFlight(int index)
{
    if (index >= 0 && index < count())
        m_states[index] = ChunkState::InFlight;
}

void ChunkMap::markFailed(int index)
{
    if (index >= 0 && index < count())
        m_states[index] = ChunkState::Failed;
}

int ChunkMap::countIn(ChunkState state) const
{
    return int(std::count(m_states.cbegin(), m_states.cend(), state));
}

void ChunkMap::clearInFlight()
{
    std::replace(m_states.begin(), m_states.end(), ChunkState::InFlight, ChunkState::Pending);
}
