#pragma once

#include <QElapsedTimer>
#include <QtGlobal>

// How many bytes each request of one tus upload carries. One chunk, or, with a maximum request
// size above the chunk size, a run of chunks that doubles while a request takes less than
// GrowBelowMs and halves when one takes more than ShrinkAboveMs: each request costs a round trip
// in which nothing is sent, which on a fast or far link is a large share of a chunk's time.
// Requests stay chunk-aligned.
class TusRequestSize final {
public:
    static constexpr qint64 GrowBelowMs = 2000;
    static constexpr qint64 ShrinkAboveMs = 8000;

    TusRequestSize(qint64 chunkSize, qint64 maxRequestSize, qint64 length);

    // Where the request that starts at `offset` ends.
    qint64 nextEnd(qint64 offset) const;
    // A request went out (its clock starts).
    void started() { m_clock.start(); }
    // The request just sent carried `bytes` and succeeded: grows or shrinks the next ones.
    void succeeded(qint64 bytes);

private:
    qint64 m_chunk;
    int m_most; // chunks per request at most
    qint64 m_length;
    int m_chunks = 1; // chunks per request now
    QElapsedTimer m_clock;
};
