#pragma once

#include "uploadtypes.h"

#include <QPair>
#include <QVector>

// Per-chunk state of one upload, like a torrent client's pieces: what is done, what is moving,
// what failed. Chunk i covers [i * chunkSize, min(size, (i + 1) * chunkSize)).
class ChunkMap final {
public:
    ChunkMap() = default;
    ChunkMap(qint64 fileSize, qint64 chunkSize);

    qint64 fileSize() const { return m_fileSize; }
    qint64 chunkSize() const { return m_chunkSize; }
    int count() const { return m_states.size(); }
    ChunkState state(int index) const { return m_states.at(index); }
    const QVector<ChunkState> &states() const { return m_states; }

    int indexOf(qint64 offset) const;
    qint64 chunkBegin(int index) const;
    qint64 chunkEnd(int index) const;

    // The server holds [0, offset): chunks wholly below it are Done, the rest Pending
    // (failed marks on chunks above it are kept).
    void setConfirmedOffset(qint64 offset);
    // The server holds each of `held` ([begin, end) file offsets; parts sent in parallel):
    // chunks wholly inside one are Done, Done chunks outside all of them Pending again.
    void setConfirmedRanges(const QVector<QPair<qint64, qint64>> &held);
    void markInFlight(int index);
    void markFailed(int index);
    // The request in flight ended without a verdict (paused, cancelled): its chunk is pending.
    void clearInFlight();
    // Bytes of the chunk in flight that left this machine, for painting a partial chunk.
    void setInFlightBytes(qint64 bytes) { m_inFlightBytes = bytes; }
    qint64 inFlightBytes() const { return m_inFlightBytes; }
    int countIn(ChunkState state) const;

private:
    qint64 m_fileSize = 0;
    qint64 m_chunkSize = 1;
    qint64 m_inFlightBytes = 0;
    QVector<ChunkState> m_states;
};
