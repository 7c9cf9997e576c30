#include "filerangedevice.h"
#include "testfiles.h"

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
// A gate opened by hand: grants up to `allowance`, keeps the one wait, wakes when told.
class FakeGate final : public ReadGate {
public:
    qint64 allowance = 0;
    int takes = 0;
    int waits = 0;
    QPointer<QObject> receiver;
    std::function<void()> wake;

    qint64 take(qint64 wanted) override {
        ++takes;
        const qint64 granted = qMin(wanted, allowance);
        allowance -= granted;
        return granted;
    }
    void waitForTokens(QObject *who, std::function<void()> callback) override {
        ++waits;
        receiver = who;
        wake = std::move(callback);
    }
    // What a gate does: wake the receiver once, unless it is gone.
    bool fire() {
        if (!receiver || !wake)
            return false;
        const std::function<void()> callback = std::exchange(wake, nullptr);
        callback();
        return true;
    }
};
} // namespace

class TestFileRangeDevice : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void readsRange_data();
    void readsRange();
    void seeks();
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

private:
    QTemporaryDir m_dir;
    QString m_path;
    static constexpr qint64 FileSize = 100000;
    QByteArray m_content;
};

void TestFileRangeDevice::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = makeTestFile(m_dir.path(), QStringLiteral("data.bin"), FileSize, 7);
    QVERIFY(!m_path.isEmpty());
    m_content = testContent(FileSize, 7);
}

void TestFileRangeDevice::readsRange_data()
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

void TestFileRangeDevice::readsRange()
{
    QFETCH(qint64, begin);
    QFETCH(qint64, end);
    QFETCH(int, block);
    FileRangeDevice device(m_path, begin, end);
    QVERIFY(device.open(QIODevice::ReadOnly));
    QVERIFY(!device.isSequential());
    const qint64 expected = qMax<qint64>(0, end - begin);
    QCOMPARE(device.size(), expected);
    QByteArray read;
    while (!device.atEnd()) {
        const QByteArray part = device.read(block);
        QVERIFY(!part.isEmpty());
        QVERIFY(part.size() <= block);
        read += part;
    }
    QCOMPARE(read.size(), expected);
    QVERIFY(read == m_content.mid(begin, expected));
    QCOMPARE(device.read(10), QByteArray());
    QVERIFY(!device.truncated());
}

void TestFileRangeDevice::seeks()
{
    FileRangeDevice device(m_path, 1000, 2000);
    QVERIFY(device.open(QIODevice::ReadOnly));
    QVERIFY(device.seek(500));
    QCOMPARE(device.pos(), qint64(500));
    QVERIFY(device.read(10) == m_content.mid(1500, 10));
    QVERIFY(device.seek(0));
    QVERIFY(device.read(10) == m_content.mid(1000, 10));
    QVERIFY(device.seek(1000)); // the end is a valid position
    QVERIFY(device.atEnd());
    QCOMPARE(device.read(10), QByteArray());
    QVERIFY(!device.seek(1001));
    QVERIFY(!device.seek(-1));
    // reset() is what the network stack calls when it sends a body again.
    QVERIFY(device.reset());
    QVERIFY(device.readAll() == m_content.mid(1000, 1000));
}

void TestFileRangeDevice::readPastEnd()
{
    FileRangeDevice device(m_path, FileSize - 10, FileSize);
    QVERIFY(device.open(QIODevice::ReadOnly));
    char buffer[100];
    QCOMPARE(device.read(buffer, sizeof buffer), qint64(10));
    QVERIFY(QByteArray(buffer, 10) == m_content.right(10));
    QCOMPARE(device.read(buffer, sizeof buffer), qint64(0));
    QVERIFY(device.atEnd());
    QVERIFY(!device.truncated());
}

void TestFileRangeDevice::truncatedFile()
{
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("shrinks.bin"), FileSize, 3);
    FileRangeDevice device(path, 1000, 9000);
    QVERIFY(device.open(QIODevice::ReadOnly));
    QVERIFY(device.read(1000) == testContent(FileSize, 3).mid(1000, 1000));
    QVERIFY(QFile::resize(path, 5000)); // 3000 of the remaining 7000 bytes are still there
    char buffer[8000];
    QCOMPARE(device.read(buffer, sizeof buffer), qint64(-1));
    QVERIFY(device.truncated());
    QCOMPARE(device.read(buffer, 10), qint64(-1)); // stays failed
    QVERIFY(!device.errorString().isEmpty());
}

void TestFileRangeDevice::truncatedBeforeRange()
{
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("gone.bin"), 100, 3);
    FileRangeDevice device(path, 200, 300);
    QVERIFY(device.open(QIODevice::ReadOnly));
    char buffer[10];
    QCOMPARE(device.read(buffer, sizeof buffer), qint64(-1));
    QVERIFY(device.truncated());
}

void TestFileRangeDevice::missingFile()
{
    FileRangeDevice device(m_dir.filePath(QStringLiteral("nope.bin")), 0, 10);
    QVERIFY(!device.open(QIODevice::ReadOnly));
    QVERIFY(!device.isOpen());
    QVERIFY(!device.errorString().isEmpty());
}

// A file replaced by a named pipe after it was queued: opening it for a request's body (on the
// GUI thread) must not wait for a writer.
void TestFileRangeDevice::namedPipeIsRefusedAtOnce()
{
    const QString fifo = m_dir.filePath(QStringLiteral("pipe"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QString error;
    auto opened = std::async(std::launch::async, [&fifo, &error] {
        FileRangeDevice device(fifo, 0, 10);
        const bool ok = device.open(QIODevice::ReadOnly);
        error = device.errorString();
        return ok;
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

void TestFileRangeDevice::readOnly()
{
    FileRangeDevice device(m_path, 0, 10);
    QVERIFY(!device.open(QIODevice::ReadWrite));
    QVERIFY(!device.open(QIODevice::WriteOnly));
    QVERIFY(device.open(QIODevice::ReadOnly));
    QTest::ignoreMessage(QtWarningMsg, "QIODevice::write (FileRangeDevice): ReadOnly device");
    QCOMPARE(device.write("x"), qint64(-1));
    QVERIFY(QFile(m_path).size() == FileSize);
}

void TestFileRangeDevice::throttledReadTakesWhatIsGranted() {
    FileRangeDevice device(m_path, 100, 5000);
    QVERIFY(device.open(QIODevice::ReadOnly));
    const auto gate = std::make_shared<FakeGate>();
    device.setThrottle(gate);
    QSignalSpy readyRead(&device, &QIODevice::readyRead);
    gate->allowance = 7;
    QVERIFY(device.read(100) == m_content.mid(100, 7));
    // Nothing granted: 0 ("not yet", not an error and not the end), and one wait.
    char buffer[100];
    QCOMPARE(device.read(buffer, sizeof buffer), qint64(0));
    QVERIFY(!device.atEnd());
    QCOMPARE(gate->waits, 1);
    QCOMPARE(gate->receiver.data(), &device);
    QCOMPARE(device.read(buffer, sizeof buffer), qint64(0));
    QCOMPARE(gate->waits, 1); // still the one wait
    QCOMPARE(readyRead.count(), 0);
    gate->allowance = 50;
    QVERIFY(gate->fire());
    QCOMPARE(readyRead.count(), 1);
    QVERIFY(device.read(100) == m_content.mid(107, 50));
    QCOMPARE(device.pos(), qint64(57));
    QVERIFY(!device.truncated());
}

void TestFileRangeDevice::throttledRangeArrivesWhole() {
    // A reader that reads on readyRead, as Qt's upload pipeline does, through a gate that
    // grants little at a time: the bytes arrive whole and in order.
    FileRangeDevice device(m_path, 333, 33333);
    QVERIFY(device.open(QIODevice::ReadOnly));
    const auto gate = std::make_shared<FakeGate>();
    device.setThrottle(gate);
    QByteArray received;
    const auto drain = [&] {
        while (true) {
            const QByteArray part = device.read(16 * 1024);
            if (part.isEmpty())
                return;
            received += part;
        }
    };
    connect(&device, &QIODevice::readyRead, this, drain);
    drain();
    int wakes = 0;
    while (!device.atEnd() && wakes < 1000) {
        QCOMPARE(gate->waits, wakes + 1);
        gate->allowance = 1000 + wakes * 37;
        QVERIFY(gate->fire());
        ++wakes;
    }
    QVERIFY(device.atEnd());
    QVERIFY(received == m_content.mid(333, 33000));
    // At the end nothing is asked of the gate, and nobody waits.
    const int takes = gate->takes;
    QCOMPARE(device.read(100), QByteArray());
    QCOMPARE(gate->takes, takes);
    QCOMPARE(gate->waits, wakes);
}

void TestFileRangeDevice::throttleNeverWakesDeletedDevice() {
    auto device = std::make_unique<FileRangeDevice>(m_path, 0, 1000);
    QVERIFY(device->open(QIODevice::ReadOnly));
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

void TestFileRangeDevice::replacedThrottleWakesReader() {
    FileRangeDevice device(m_path, 0, 1000);
    QVERIFY(device.open(QIODevice::ReadOnly));
    const auto first = std::make_shared<FakeGate>();
    device.setThrottle(first);
    QSignalSpy readyRead(&device, &QIODevice::readyRead);
    QCOMPARE(device.read(10), QByteArray());
    // A reader left waiting on the old gate would wait forever: a new one wakes it at once...
    const auto second = std::make_shared<FakeGate>();
    device.setThrottle(second);
    QCOMPARE(readyRead.count(), 1);
    // ...and the old gate's late wake is ignored.
    QVERIFY(first->fire());
    QCOMPARE(readyRead.count(), 1);
    QCOMPARE(device.read(10), QByteArray());
    QCOMPARE(second->waits, 1);
    // No throttle: as before.
    device.setThrottle(nullptr);
    QCOMPARE(readyRead.count(), 2);
    QVERIFY(device.readAll() == m_content.left(1000));
    QVERIFY(second->fire()); // late, from a replaced gate: ignored
    QCOMPARE(readyRead.count(), 2);
}

QTEST_GUILESS_MAIN(TestFileRangeDevice)
#include "tst_filerangedevice.moc"
