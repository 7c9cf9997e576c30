#include "chunkmap.h"

#include <QTest>

namespace {
constexpr qint64 Chunk = 1000;
}

class TstChunkMap final : public QObject {
    Q_OBJECT

private slots:
    void geometry_data();
    void geometry();
    void indexOfBounds();
    void confirmedOffset_data();
    void confirmedOffset();
    void emptyFileIsDoneOnceConfirmed();
    void offsetGoingBackReopensChunks();
    void marksAboveOffsetAreKept();
    void outOfRangeMarksAreIgnored();
    void nonPositiveChunkSizeIsOneChunk();
};

void TstChunkMap::geometry_data()
{
    QTest::addColumn<qint64>("size");
    QTest::addColumn<int>("count");
    QTest::addColumn<qint64>("lastBegin");
    QTest::addColumn<qint64>("lastEnd");

    QTest::newRow("0") << qint64(0) << 1 << qint64(0) << qint64(0);
    QTest::newRow("1") << qint64(1) << 1 << qint64(0) << qint64(1);
    QTest::newRow("chunk-1") << Chunk - 1 << 1 << qint64(0) << Chunk - 1;
    QTest::newRow("chunk") << Chunk << 1 << qint64(0) << Chunk;
    QTest::newRow("chunk+1") << Chunk + 1 << 2 << Chunk << Chunk + 1;
    QTest::newRow("many") << 37 * Chunk + 5 << 38 << 37 * Chunk << 37 * Chunk + 5;
    QTest::newRow("many exact") << 40 * Chunk << 40 << 39 * Chunk << 40 * Chunk;
    // Sizes past 4 GiB must not overflow the offset arithmetic.
    QTest::newRow("6 GiB") << (qint64(6) << 30) << 6 << (qint64(5) << 30) << (qint64(6) << 30);
}

void TstChunkMap::geometry()
{
    QFETCH(qint64, size);
    QFETCH(int, count);
    QFETCH(qint64, lastBegin);
    QFETCH(qint64, lastEnd);

    const qint64 chunkSize = size > (qint64(1) << 32) ? (qint64(1) << 30) : Chunk;
    const ChunkMap map(size, chunkSize);
    QCOMPARE(map.count(), count);
    QCOMPARE(map.fileSize(), size);
    QCOMPARE(map.countIn(ChunkState::Pending), count);
    QCOMPARE(map.chunkBegin(count - 1), lastBegin);
    QCOMPARE(map.chunkEnd(count - 1), lastEnd);

    // Chunks tile the file exactly: each begins where the previous ended, and none is empty
    // unless the file is.
    qint64 expectedBegin = 0;
    for (int i = 0; i < map.count(); ++i) {
        QCOMPARE(map.chunkBegin(i), expectedBegin);
        QVERIFY(map.chunkEnd(i) > map.chunkBegin(i) || size == 0);
        QVERIFY(map.chunkEnd(i) - map.chunkBegin(i) <= chunkSize);
        if (size > 0) {
            QCOMPARE(map.indexOf(map.chunkBegin(i)), i);
            QCOMPARE(map.indexOf(map.chunkEnd(i) - 1), i);
        }
        expectedBegin = map.chunkEnd(i);
    }
    QCOMPARE(expectedBegin, size);
}

void TstChunkMap::indexOfBounds()
{
    const ChunkMap map(2500, Chunk);
    QCOMPARE(map.indexOf(-1), -1);
    QCOMPARE(map.indexOf(0), 0);
    QCOMPARE(map.indexOf(999), 0);
    QCOMPARE(map.indexOf(1000), 1);
    QCOMPARE(map.indexOf(2499), 2);
    QCOMPARE(map.indexOf(2500), -1); // the end of the file belongs to no chunk
    QCOMPARE(ChunkMap(0, Chunk).indexOf(0), 0);
    QCOMPARE(ChunkMap(0, Chunk).indexOf(1), -1);
}

void TstChunkMap::confirmedOffset_data()
{
    QTest::addColumn<qint64>("size");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<int>("done");

    QTest::newRow("nothing") << 5 * Chunk << qint64(0) << 0;
    QTest::newRow("inside first") << 5 * Chunk << Chunk - 1 << 0;
    QTest::newRow("first exactly") << 5 * Chunk << Chunk << 1;
    QTest::newRow("one byte past first") << 5 * Chunk << Chunk + 1 << 1;
    QTest::newRow("all") << 5 * Chunk << 5 * Chunk << 5;
    QTest::newRow("short last chunk") << 4 * Chunk + 1 << 4 * Chunk + 1 << 5;
    QTest::newRow("short last chunk, minus one") << 4 * Chunk + 1 << 4 * Chunk << 4;
    QTest::newRow("past the end is clamped") << 3 * Chunk << 10 * Chunk << 3;
    QTest::newRow("negative is clamped") << 3 * Chunk << qint64(-5) << 0;
}

void TstChunkMap::confirmedOffset()
{
    QFETCH(qint64, size);
    QFETCH(qint64, offset);
    QFETCH(int, done);

    ChunkMap map(size, Chunk);
    map.setConfirmedOffset(offset);
    QCOMPARE(map.countIn(ChunkState::Done), done);
    QCOMPARE(map.countIn(ChunkState::Pending), map.count() - done);
    for (int i = 0; i < map.count(); ++i)
        QCOMPARE(map.state(i) == ChunkState::Done, i < done);
}

void TstChunkMap::emptyFileIsDoneOnceConfirmed()
{
    ChunkMap map(0, Chunk);
    QCOMPARE(map.state(0), ChunkState::Pending);
    map.markInFlight(0);
    QCOMPARE(map.state(0), ChunkState::InFlight);
    map.setConfirmedOffset(0);
    QCOMPARE(map.state(0), ChunkState::Done);
}

void TstChunkMap::offsetGoingBackReopensChunks()
{
    ChunkMap map(4 * Chunk, Chunk);
    map.setConfirmedOffset(4 * Chunk);
    QCOMPARE(map.countIn(ChunkState::Done), 4);
    // The server lost data (or the upload was recreated): what it no longer holds is pending again.
    map.setConfirmedOffset(Chunk + 10);
    QCOMPARE(map.states(), (QVector<ChunkState>{ChunkState::Done, ChunkState::Pending,
                                                ChunkState::Pending, ChunkState::Pending}));
}

void TstChunkMap::marksAboveOffsetAreKept()
{
    ChunkMap map(4 * Chunk, Chunk);
    map.markInFlight(1);
    map.markFailed(3);
    map.setInFlightBytes(400);
    QCOMPARE(map.countIn(ChunkState::InFlight), 1);
    QCOMPARE(map.countIn(ChunkState::Failed), 1);
    QCOMPARE(map.inFlightBytes(), qint64(400));

    map.setConfirmedOffset(Chunk);
    QCOMPARE(map.states(), (QVector<ChunkState>{ChunkState::Done, ChunkState::InFlight,
                                                ChunkState::Pending, ChunkState::Failed}));

    // Once confirmed, a chunk is done whatever it was marked before.
    map.setConfirmedOffset(4 * Chunk);
    QCOMPARE(map.countIn(ChunkState::Done), 4);
    QCOMPARE(map.countIn(ChunkState::Failed), 0);
    QCOMPARE(map.countIn(ChunkState::InFlight), 0);
}

void TstChunkMap::outOfRangeMarksAreIgnored()
{
    ChunkMap map(2 * Chunk, Chunk);
    map.markInFlight(-1);
    map.markInFlight(2);
    map.markFailed(5);
    QCOMPARE(map.countIn(ChunkState::Pending), 2);
}

void TstChunkMap::nonPositiveChunkSizeIsOneChunk()
{
    const ChunkMap map(5000, 0);
    QCOMPARE(map.count(), 1);
    QCOMPARE(map.chunkEnd(0), qint64(5000));
    QCOMPARE(ChunkMap().count(), 0);
}

QTEST_APPLESS_MAIN(TstChunkMap)
#include "tst_chunkmap.moc"
