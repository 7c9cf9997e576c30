#include "filereadpool.h"
#include "filestall.h"
#include "readaheaddevice.h"
#include "testfiles.h"

#include <QElapsedTimer>
#include <QFile>
#include <QPointer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {
// A device over [begin, end) of `path`, the file opened as a transfer opens it.
std::unique_ptr<ReadAheadDevice> deviceOver(const QString &path, qint64 begin, qint64 end)
{
    return std::make_unique<ReadAheadDevice>(openSharedRegularFile(path, nullptr), begin, end);
}

// A read as the network stack makes it: when the device has nothing yet (0, not at its end), it
// waits for readyRead() and asks again. -2: nothing came for seconds.
qint64 readWaiting(QIODevice &device, char *data, qint64 maxSize)
{
    while (true) {
        const qint64 got = device.read(data, maxSize);
        if (got != 0 || device.atEnd())
            return got;
        QSignalSpy readyRead(&device, &QIODevice::readyRead);
        if (!readyRead.wait(10000))
            return -2;
    }
}

QByteArray readWaiting(QIODevice &device, qint64 maxSize)
{
    QByteArray bytes(maxSize, Qt::Uninitialized);
    const qint64 got = readWaiting(device, bytes.data(), maxSize);
    bytes.resize(qMax<qint64>(0, got));
    return bytes;
}

QByteArray readAllWaiting(QIODevice &device, qint64 block = 64 * 1024)
{
    QByteArray all;
    while (!device.atEnd()) {
        const QByteArray part = readWaiting(device, block);
        if (part.isEmpty())
            break;
        all += part;
    }
    return all;
}

// A gate opened by hand: grants up to `allowance`, keeps the one wait, wakes when told.
class FakeGate final : public ReadGate {
public:
    qint64 allowance = 0;
    int takes = 0;
    int waits = 0;
    QPointer<QObject> receiver;
    std::function<void()> wake;

    qint64 take(qint64 wanted) override
    {
        ++takes;
        const qint64 granted = qMin(wanted, allowance);
        allowance -= granted;
        return granted;
    }
    void waitForTokens(QObject *who, std::function<void()> callback) override
    {
        ++waits;
        receiver = who;
        wake = std::move(callback);
    }
    // What a gate does: wake the receiver once, unless it is gone.
    bool fire()
    {
        if (!receiver || !wake)
            return false;
        const std::function<void()> callback = std::exchange(wake, nullptr);
        callback();
        return true;
    }
};
} // namespace

class TestReadAheadDevice : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void readsRange_data();
    void readsRange();
    void seeks();
    void rewindToStartReadsAtOnce();
    void rewindPastFirstBlockReadsAhead();
    void readPastEnd();
    void truncatedFile();
    void truncatedBeforeRange();
    void missingFile();
    void namedPipeIsRefusedAtOnce();
    void readOnly();
    void throttledReadTakesWhatIsGranted();
    void throttledRangeArrivesWhole();
    void throttleNeverWakesDeletedDevice();
    void replacedThrottleWakesReader();
    void readAheadIsBounded();
    void stalledReadNeverBlocksTheReader();

private:
    QTemporaryDir m_dir;
    QString m_path;
    static constexpr qint64 FileSize = 100000;
    QByteArray m_content;
    char m_oneByte[1] = {}; // for a first read, which finds nothing and starts the read-ahead
};

void TestReadAheadDevice::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = makeTestFile(m_dir.path(), QStringLiteral("data.bin"), FileSize, 7);
    QVERIFY(!m_path.isEmpty());
    m_content = testContent(FileSize, 7);
}

void TestReadAheadDevice::readsRange_data()
{
    QTest::addColumn<qint64>("begin");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<int>("block"); // read in blocks of this size
    QTest::newRow("whole") << qint64(0) << FileSize << 4096;
    QTest::newRow("middle") << qint64(12345) << qint64(67890) << 1000;
    QTest::newRow("tail") << FileSize - 1 << FileSize << 16;
    QTest::newRow("one byte at a time") << qint64(500) << qint64(600) << 1;
    QTest::newRow("empty") << qint64(40) << qint64(40) << 100;
    QTest::newRow("end before begin is empty") << qint64(40) << qint64(10) << 100;
}

void TestReadAheadDevice::readsRange()
{
    QFETCH(qint64, begin);
    QFETCH(qint64, end);
    QFETCH(int, block);
    const auto device = deviceOver(m_path, begin, end);
    QVERIFY(device->open(QIODevice::ReadOnly));
    QVERIFY(!device->isSequential());
    const qint64 expected = qMax<qint64>(0, end - begin);
    QCOMPARE(device->size(), expected);
    QByteArray read;
    while (!device->atEnd()) {
        const QByteArray part = readWaiting(*device, block);
        QVERIFY(!part.isEmpty());
        QVERIFY(part.size() <= block);
        read += part;
    }
    QCOMPARE(read.size(), expected);
    QVERIFY(read == m_content.mid(begin, expected));
    QCOMPARE(device->read(10), QByteArray());
    QVERIFY(!device->truncated());
}

void TestReadAheadDevice::seeks()
{
    const auto device = deviceOver(m_path, 1000, 2000);
    QVERIFY(device->open(QIODevice::ReadOnly));
    QVERIFY(device->seek(500));
    QCOMPARE(device->pos(), qint64(500));
    QVERIFY(readWaiting(*device, 10) == m_content.mid(1500, 10));
    QVERIFY(device->seek(0));
    QVERIFY(readWaiting(*device, 10) == m_content.mid(1000, 10));
    QVERIFY(device->seek(20)); // forward within what was read ahead
    QVERIFY(readWaiting(*device, 10) == m_content.mid(1020, 10));
    QVERIFY(device->seek(1000)); // the end is a valid position
    QVERIFY(device->atEnd());
    QCOMPARE(device->read(10), QByteArray());
    QVERIFY(!device->seek(1001));
    QVERIFY(!device->seek(-1));
    // reset() is what the network stack calls when it sends a body again.
    QVERIFY(device->reset());
    QVERIFY(readAllWaiting(*device) == m_content.mid(1000, 1000));
}

void TestReadAheadDevice::rewindToStartReadsAtOnce()
{
    // Qt sending a body again: reset(), then it may take bytes it read before the reset as read
    // after it and skip them with getChar(), ignoring one that finds nothing; its body then
    // repeats those bytes (tst_faults: 1024 bytes twice in a PATCH that @tus/server stored). So
    // after a rewind into the first block, what was read before is there at once, throttled or
    // not, and what follows is read and paced as before.
    const auto device = deviceOver(m_path, 1000, 60000);
    QVERIFY(device->open(QIODevice::ReadOnly));
    QVERIFY(readWaiting(*device, 1024) == m_content.mid(1000, 1024));
    const auto gate = std::make_shared<FakeGate>(); // grants nothing
    device->setThrottle(gate);
    QVERIFY(device->reset());
    for (int i = 0; i < 1024; ++i) {
        char c = 0;
        QVERIFY2(device->getChar(&c), qPrintable(QStringLiteral("byte %1").arg(i)));
        QCOMPARE(c, m_content.at(1000 + i));
    }
    QCOMPARE(device->pos(), qint64(1024));
    QCOMPARE(device->read(m_oneByte, 1), qint64(0)); // beyond: the gate's again
    QCOMPARE(gate->waits, 1);
    gate->allowance = 1 << 20;
    QVERIFY(gate->fire());
    QVERIFY(readAllWaiting(*device) == m_content.mid(2024, 60000 - 2024));
    // And once more from the start, as a second resend would.
    QVERIFY(device->reset());
    QVERIFY(device->read(4096) == m_content.mid(1000, 4096));
}

void TestReadAheadDevice::rewindPastFirstBlockReadsAhead()
{
    // Only the first block is kept: a seek back beyond it reads from the file again.
    constexpr qint64 Size = 3 * ReadAheadDevice::BlockSize;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("blocks.bin"), Size, 8);
    const QByteArray content = testContent(Size, 8);
    const auto device = deviceOver(path, 0, Size);
    QVERIFY(device->open(QIODevice::ReadOnly));
    QVERIFY(readAllWaiting(*device) == content);
    QVERIFY(device->seek(ReadAheadDevice::BlockSize + 10));
    QVERIFY(readAllWaiting(*device) == content.mid(ReadAheadDevice::BlockSize + 10));
    QVERIFY(device->seek(10));
    QVERIFY(device->read(100) == content.mid(10, 100)); // from the kept block, at once
    QVERIFY(readAllWaiting(*device) == content.mid(110));
}

void TestReadAheadDevice::readPastEnd()
{
    const auto device = deviceOver(m_path, FileSize - 10, FileSize);
    QVERIFY(device->open(QIODevice::ReadOnly));
    char buffer[100];
    QCOMPARE(readWaiting(*device, buffer, sizeof buffer), qint64(10));
    QVERIFY(QByteArray(buffer, 10) == m_content.right(10));
    QCOMPARE(device->read(buffer, sizeof buffer), qint64(0));
    QVERIFY(device->atEnd());
    QVERIFY(!device->truncated());
}

void TestReadAheadDevice::truncatedFile()
{
    // Past what is read ahead, a file that got shorter fails the read instead of sending short.
    constexpr qint64 Size = 4 * 1024 * 1024;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("shrinks.bin"), Size, 3);
    const auto device = deviceOver(path, 1000, Size);
    QVERIFY(device->open(QIODevice::ReadOnly));
    QVERIFY(readWaiting(*device, 1000) == testContent(Size, 3).mid(1000, 1000));
    QVERIFY(QFile::resize(path, Size / 2));
    QByteArray buffer(256 * 1024, Qt::Uninitialized);
    qint64 got = 0;
    qint64 total = 1000;
    while ((got = readWaiting(*device, buffer.data(), buffer.size())) > 0)
        total += got;
    QCOMPARE(got, qint64(-1));
    QVERIFY(total < Size - 1000);
    QVERIFY(device->truncated());
    QCOMPARE(device->read(buffer.data(), 10), qint64(-1)); // stays failed
    QVERIFY(!device->errorString().isEmpty());
}

void TestReadAheadDevice::truncatedBeforeRange()
{
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("gone.bin"), 100, 3);
    const auto device = deviceOver(path, 200, 300);
    QVERIFY(device->open(QIODevice::ReadOnly));
    char buffer[10];
    QCOMPARE(readWaiting(*device, buffer, sizeof buffer), qint64(-1));
    QVERIFY(device->truncated());
}

void TestReadAheadDevice::missingFile()
{
    QString problem;
    QVERIFY(!openSharedRegularFile(m_dir.filePath(QStringLiteral("nope.bin")), &problem));
    QVERIFY(!problem.isEmpty());
    ReadAheadDevice device(nullptr, 0, 10);
    QVERIFY(!device.open(QIODevice::ReadOnly));
    QVERIFY(!device.isOpen());
    QVERIFY(!device.errorString().isEmpty());
}

// A file replaced by a named pipe after it was queued: opening it must not wait for a writer
// (it would hold a worker of the pool for good).
void TestReadAheadDevice::namedPipeIsRefusedAtOnce()
{
    const QString fifo = m_dir.filePath(QStringLiteral("pipe"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QString error;
    auto opened = std::async(std::launch::async, [&fifo, &error] {
        return openSharedRegularFile(fifo, &error) != nullptr;
    });
    if (opened.wait_for(std::chrono::seconds(5)) != std::future_status::ready) {
        // Release the blocked open() so the test can end, then fail.
        const int writer = ::open(QFile::encodeName(fifo).constData(), O_WRONLY | O_NONBLOCK);
        opened.wait();
        if (writer >= 0)
            ::close(writer);
        QFAIL("open() of a named pipe waited for a writer");
    }
    QVERIFY(!opened.get());
    QVERIFY2(error.contains(QStringLiteral("named pipe")), qPrintable(error));
}

void TestReadAheadDevice::readOnly()
{
    const auto device = deviceOver(m_path, 0, 10);
    QVERIFY(!device->open(QIODevice::ReadWrite));
    QVERIFY(!device->open(QIODevice::WriteOnly));
    QVERIFY(device->open(QIODevice::ReadOnly));
    QTest::ignoreMessage(QtWarningMsg, "QIODevice::write (ReadAheadDevice): ReadOnly device");
    QCOMPARE(device->write("x"), qint64(-1));
    QVERIFY(QFile(m_path).size() == FileSize);
}

void TestReadAheadDevice::throttledReadTakesWhatIsGranted()
{
    const auto device = deviceOver(m_path, 100, 5000);
    QVERIFY(device->open(QIODevice::ReadOnly));
    QCOMPARE(device->bufferedBytes(), qint64(0)); // nothing before the first read asks
    QCOMPARE(device->read(m_oneByte, 1), qint64(0));
    QTRY_COMPARE(device->bufferedBytes(), qint64(4900)); // the gate is asked only for bytes held
    const auto gate = std::make_shared<FakeGate>();
    device->setThrottle(gate);
    QSignalSpy readyRead(device.get(), &QIODevice::readyRead);
    gate->allowance = 7;
    QVERIFY(device->read(100) == m_content.mid(100, 7));
    // Nothing granted: 0 ("not yet", not an error and not the end), and one wait.
    char buffer[100];
    QCOMPARE(device->read(buffer, sizeof buffer), qint64(0));
    QVERIFY(!device->atEnd());
    QCOMPARE(gate->waits, 1);
    QCOMPARE(gate->receiver.data(), device.get());
    QCOMPARE(device->read(buffer, sizeof buffer), qint64(0));
    QCOMPARE(gate->waits, 1); // still the one wait
    QCOMPARE(readyRead.count(), 0);
    gate->allowance = 50;
    QVERIFY(gate->fire());
    QCOMPARE(readyRead.count(), 1);
    QVERIFY(device->read(100) == m_content.mid(107, 50));
    QCOMPARE(device->pos(), qint64(57));
    QVERIFY(!device->truncated());
}

void TestReadAheadDevice::throttledRangeArrivesWhole()
{
    // A reader that reads on readyRead, as Qt's upload pipeline does, through a gate that
    // grants little at a time: the bytes arrive whole and in order.
    const auto device = deviceOver(m_path, 333, 33333);
    QVERIFY(device->open(QIODevice::ReadOnly));
    QCOMPARE(device->bufferedBytes(), qint64(0)); // nothing before the first read asks
    QCOMPARE(device->read(m_oneByte, 1), qint64(0));
    QTRY_COMPARE(device->bufferedBytes(), qint64(33000));
    const auto gate = std::make_shared<FakeGate>();
    device->setThrottle(gate);
    QByteArray received;
    const auto drain = [&] {
        while (true) {
            const QByteArray part = device->read(16 * 1024);
            if (part.isEmpty())
                return;
            received += part;
        }
    };
    connect(device.get(), &QIODevice::readyRead, this, drain);
    drain();
    int wakes = 0;
    while (!device->atEnd() && wakes < 1000) {
        QCOMPARE(gate->waits, wakes + 1);
        gate->allowance = 1000 + wakes * 37;
        QVERIFY(gate->fire());
        ++wakes;
    }
    QVERIFY(device->atEnd());
    QVERIFY(received == m_content.mid(333, 33000));
    // At the end nothing is asked of the gate, and nobody waits.
    const int takes = gate->takes;
    QCOMPARE(device->read(100), QByteArray());
    QCOMPARE(gate->takes, takes);
    QCOMPARE(gate->waits, wakes);
}

void TestReadAheadDevice::throttleNeverWakesDeletedDevice()
{
    auto device = deviceOver(m_path, 0, 1000);
    QVERIFY(device->open(QIODevice::ReadOnly));
    QCOMPARE(device->bufferedBytes(), qint64(0)); // nothing before the first read asks
    QCOMPARE(device->read(m_oneByte, 1), qint64(0));
    QTRY_COMPARE(device->bufferedBytes(), qint64(1000));
    const auto gate = std::make_shared<FakeGate>();
    device->setThrottle(gate);
    QCOMPARE(device->read(10), QByteArray());
    QCOMPARE(gate->waits, 1);
    QVERIFY(gate->receiver);
    // The device hands itself over as the receiver, so a gate can tell it is gone.
    device.reset();
    QVERIFY(!gate->receiver);
    QVERIFY(!gate->fire());
}

void TestReadAheadDevice::replacedThrottleWakesReader()
{
    const auto device = deviceOver(m_path, 0, 1000);
    QVERIFY(device->open(QIODevice::ReadOnly));
    QCOMPARE(device->bufferedBytes(), qint64(0)); // nothing before the first read asks
    QCOMPARE(device->read(m_oneByte, 1), qint64(0));
    QTRY_COMPARE(device->bufferedBytes(), qint64(1000));
    const auto first = std::make_shared<FakeGate>();
    device->setThrottle(first);
    QSignalSpy readyRead(device.get(), &QIODevice::readyRead);
    QCOMPARE(device->read(10), QByteArray());
    // A reader left waiting on the old gate would wait forever: a new one wakes it at once...
    const auto second = std::make_shared<FakeGate>();
    device->setThrottle(second);
    QCOMPARE(readyRead.count(), 1);
    // ...and the old gate's late wake is ignored.
    QVERIFY(first->fire());
    QCOMPARE(readyRead.count(), 1);
    QCOMPARE(device->read(10), QByteArray());
    QCOMPARE(second->waits, 1);
    // No throttle: as before.
    device->setThrottle(nullptr);
    QCOMPARE(readyRead.count(), 2);
    QVERIFY(device->readAll() == m_content.left(1000));
    QVERIFY(second->fire()); // late, from a replaced gate: ignored
    QCOMPARE(readyRead.count(), 2);
}

void TestReadAheadDevice::readAheadIsBounded()
{
    // Memory is a few blocks per body, never the range: a reader that does not read leaves the
    // device holding at most Blocks blocks, and reading on keeps it so.
    constexpr qint64 Size = 16 * 1024 * 1024;
    constexpr qint64 Most = ReadAheadDevice::Blocks * ReadAheadDevice::BlockSize;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("big.bin"), Size, 9);
    const auto device = deviceOver(path, 0, Size);
    QVERIFY(device->open(QIODevice::ReadOnly));
    QCOMPARE(device->bufferedBytes(), qint64(0)); // nothing before the first read asks
    QCOMPARE(device->read(m_oneByte, 1), qint64(0));
    QTRY_COMPARE(device->bufferedBytes(), Most);
    // Nothing more comes while nobody reads.
    QTest::qWait(100);
    QCOMPARE(device->bufferedBytes(), Most);
    const QByteArray content = testContent(Size, 9);
    QByteArray read;
    qint64 most = 0;
    while (!device->atEnd()) {
        const QByteArray part = readWaiting(*device, 100 * 1000);
        QVERIFY(!part.isEmpty());
        read += part;
        most = qMax(most, device->bufferedBytes());
    }
    QVERIFY(read == content);
    QVERIFY2(most <= Most, qPrintable(QString::number(most)));
}

void TestReadAheadDevice::stalledReadNeverBlocksTheReader()
{
    // The file's reads hang, as on a network mount that stopped answering: a read of the body
    // returns at once with nothing (0, not at its end) instead of waiting, and the bytes come,
    // announced by readyRead(), once the file system answers again.
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("stalled.bin"), FileSize, 4);
    // Before the open: recent kernels send no permission events for a file opened before.
    FileStall stall(path, FileStall::Hold::ReadOnly);
    if (!stall.isValid())
        QSKIP(qPrintable(QStringLiteral("no fanotify here: ") + stall.errorString()));
    const auto device = deviceOver(path, 0, FileSize);
    QVERIFY(device->open(QIODevice::ReadOnly));
    char buffer[100];
    QCOMPARE(device->read(buffer, sizeof buffer), qint64(0)); // starts the first block's read
    QTRY_COMPARE(stall.held(), 1);                            // which hangs
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(device->read(buffer, sizeof buffer), qint64(0));
    QVERIFY(!device->atEnd());
    QVERIFY2(clock.elapsed() < 100, qPrintable(QString::number(clock.elapsed())));
    QSignalSpy readyRead(device.get(), &QIODevice::readyRead);
    QVERIFY(!readyRead.wait(300)); // nothing while the file system is silent
    stall.release();
    QVERIFY(readyRead.wait(5000));
    QVERIFY(readAllWaiting(*device) == testContent(FileSize, 4));
}

QTEST_GUILESS_MAIN(TestReadAheadDevice)
#include "tst_readaheaddevice.moc"
