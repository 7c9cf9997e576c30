// Items 7 and 8 of issue 17 against real servers: an upload counts as verified only when the
// server's whole copy is shown to match the file (hoistd names its SHA-256; a tus server with the
// checksum extension checks every request), a server that stores other bytes ends the upload in
// Error, one that cannot tell ends it "Done" unverified; and each file's modification time goes
// along (tus metadata "mtime", which hoistd sets on its named file).
#include "corruptingproxy.h"
#include "hoistdprocess.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "testpeer.h"
#include "waitfor.h"

#include "mtimewire.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"
#include "uploadtask.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
// A time with milliseconds, long ago: 2001-02-03 04:05:06.789 UTC.
constexpr qint64 OldTimeMs = 981173106789;

bool setModified(const QString &path, qint64 ms)
{
    QFile file(path);
    return file.open(QIODevice::ReadWrite)
           && file.setFileTime(QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC),
                               QFileDevice::FileModificationTime);
}

QString describe(const UploadTask *task)
{
    return task ? QStringLiteral("%1: state %2, %3 / %4 / %5")
                      .arg(task->displayName())
                      .arg(int(task->state()))
                      .arg(task->errorMessage(), task->errorDetail(), task->check().how)
                : QStringLiteral("no task");
}
} // namespace

class tst_Verification : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void mtimeIsParsedStrictly_data();
    void mtimeIsParsedStrictly();
    void verifiedWhereTheServerCanTell();
    void copyWithOtherBytesIsAnError();
    void damagedChunkIsSentAgain();
    void checkedRequestsCountAsVerified();
    void namedFileKeepsTheSourceTime();
};

void tst_Verification::mtimeIsParsedStrictly_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<qint64>("seconds");
    QTest::addColumn<int>("nanoseconds");
    QTest::newRow("whole") << QByteArray("1700000000") << true << qint64(1700000000) << 0;
    QTest::newRow("ms") << QByteArray("981173106.789") << true << qint64(981173106) << 789000000;
    QTest::newRow("ns") << QByteArray("1.000000001") << true << qint64(1) << 1;
    QTest::newRow("epoch") << QByteArray("0") << true << qint64(0) << 0;
    QTest::newRow("year 9999") << QByteArray("253402300799") << true << qint64(253402300799) << 0;
    QTest::newRow("after 9999") << QByteArray("253402300800") << false << qint64(0) << 0;
    QTest::newRow("negative") << QByteArray("-1") << false << qint64(0) << 0;
    QTest::newRow("plus") << QByteArray("+5") << false << qint64(0) << 0;
    QTest::newRow("exponent") << QByteArray("1e9") << false << qint64(0) << 0;
    QTest::newRow("10 fraction digits") << QByteArray("1.0123456789") << false << qint64(0) << 0;
    QTest::newRow("bare dot") << QByteArray("5.") << false << qint64(0) << 0;
    QTest::newRow("space inside") << QByteArray("17 00") << false << qint64(0) << 0;
    QTest::newRow("huge") << QByteArray("99999999999999999999") << false << qint64(0) << 0;
    QTest::newRow("empty") << QByteArray("") << false << qint64(0) << 0;
    QTest::newRow("date") << QByteArray("2001-02-03") << false << qint64(0) << 0;
}

void tst_Verification::mtimeIsParsedStrictly()
{
    QFETCH(QByteArray, value);
    QFETCH(bool, valid);
    const auto parsed = MtimeWire::parse(value);
    QCOMPARE(parsed.has_value(), valid);
    if (valid) {
        QFETCH(qint64, seconds);
        QFETCH(int, nanoseconds);
        QCOMPARE(parsed->seconds, seconds);
        QCOMPARE(parsed->nanoseconds, nanoseconds);
    }
    // What the client writes, the server reads back to the millisecond.
    QCOMPARE(MtimeWire::format(OldTimeMs), QByteArray("981173106.789"));
    QCOMPARE(MtimeWire::format(1700000000000), QByteArray("1700000000"));
    QCOMPARE(MtimeWire::format(1700000000500), QByteArray("1700000000.5"));
}

void tst_Verification::verifiedWhereTheServerCanTell()
{
    SchedulerFixture fixture;
    QVERIFY2(fixture.start(), qPrintable(fixture.errorString()));
    const QString dir = fixture.files().path();
    // One chunk (sent with the creation), several chunks, and one hashed first (instant upload
    // declares its sha256 to hoistd).
    const QStringList paths{makeTestFile(dir, QStringLiteral("small.bin"), 10 * KiB, 1),
                            makeTestFile(dir, QStringLiteral("chunks.bin"), 700 * KiB, 2),
                            makeTestFile(dir, QStringLiteral("hashed.bin"), 3 * MiB / 2, 3)};
    for (const QString &path : paths)
        QVERIFY(setModified(path, OldTimeMs));
    const QList<TaskId> ids = fixture.add(paths);
    QCOMPARE(ids.size(), paths.size());
    QVERIFY(fixture.waitIdle());
    const bool hoistd = fixture.peer()->kind() == TestPeer::Kind::Hoistd;
    for (int i = 0; i < ids.size(); ++i) {
        const UploadTask *task = fixture.task(ids.at(i));
        QVERIFY2(task && task->state() == TaskState::Success, qPrintable(describe(task)));
        QCOMPARE(fixture.peer()->storedBytes(task->uploadUrl()),
                 testContent(task->size(), quint32(i + 1)));
        // The modification time went with it, in rclone's format, and the server kept it.
        QCOMPARE(fixture.peer()->metadata(task->uploadUrl()).value(QStringLiteral("mtime")),
                 QStringLiteral("981173106.789"));
        if (hoistd) {
            QVERIFY2(task->check().verified(), qPrintable(describe(task)));
            QVERIFY2(task->check().how.contains(QLatin1String("SHA-256")),
                     qPrintable(task->check().how));
            QCOMPARE(UploadCellText::stateText(*task, 0), QStringLiteral("Done · verified"));
        } else {
            // @tus/server has no checksum extension and names no hash: done, not verified.
            QCOMPARE(task->check().outcome, UploadCheck::Outcome::NotVerifiable);
            QVERIFY2(task->check().how.contains(QLatin1String("no way to check")),
                     qPrintable(task->check().how));
            QCOMPARE(UploadCellText::stateText(*task, 0), QStringLiteral("Done"));
        }
    }
}

void tst_Verification::copyWithOtherBytesIsAnError()
{
    // The server stores other bytes than were sent: a proxy flips a bit of every request body
    // and hides the checksum extension, so no request is refused for it.
    std::unique_ptr<TestPeer> peer = TestPeer::create();
    QVERIFY2(peer->start(), qPrintable(peer->errorString()));
    CorruptingProxy proxy;
    QVERIFY(proxy.start(peer->port()));
    SchedulerFixture fixture;
    QVERIFY2(fixture.start(QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(proxy.port()))),
             qPrintable(fixture.errorString()));
    const QString dir = fixture.files().path();
    const QStringList paths{makeTestFile(dir, QStringLiteral("streamed.bin"), 300 * KiB, 7),
                            makeTestFile(dir, QStringLiteral("declared.bin"), 3 * MiB / 2, 8)};
    const QList<TaskId> ids = fixture.add(paths);
    QCOMPARE(ids.size(), paths.size());
    QVERIFY(fixture.waitIdle(120000));
    QVERIFY(proxy.flipped() > 0);
    for (TaskId id : ids) {
        const UploadTask *task = fixture.task(id);
        QVERIFY(task);
        if (peer->kind() == TestPeer::Kind::Hoistd) {
            // hoistd names the SHA-256 of what it stored (or refuses a declared one): the upload
            // is not counted as done.
            QVERIFY2(task->state() == TaskState::Error, qPrintable(describe(task)));
            QCOMPARE(task->errorKind(), TransferError::Kind::ContentMismatch);
            QVERIFY2(task->errorMessage().startsWith(QLatin1String("The server's copy differs "
                                                                   "from this file")),
                     qPrintable(task->errorMessage()));
            QVERIFY(!task->check().verified());
        } else {
            // @tus/server cannot tell: "Done", not verified; and it did store other bytes.
            QVERIFY2(task->state() == TaskState::Success, qPrintable(describe(task)));
            QCOMPARE(task->check().outcome, UploadCheck::Outcome::NotVerifiable);
            QVERIFY(peer->storedBytes(task->uploadUrl()) != testContent(task->size(), 7)
                    && peer->storedBytes(task->uploadUrl()) != testContent(task->size(), 8));
        }
    }
    if (peer->kind() != TestPeer::Kind::Hoistd)
        return;
    // Retry, with the network mended: the file is sent anew, and this time the copy matches.
    proxy.setFlips(0);
    for (TaskId id : ids)
        fixture.scheduler()->retry(id);
    QVERIFY(fixture.waitIdle(120000));
    for (int i = 0; i < ids.size(); ++i) {
        const UploadTask *task = fixture.task(ids.at(i));
        QVERIFY2(task->state() == TaskState::Success, qPrintable(describe(task)));
        QVERIFY2(task->check().verified(), qPrintable(task->check().how));
        QCOMPARE(peer->storedBytes(task->uploadUrl()), testContent(task->size(), quint32(7 + i)));
    }
}

void tst_Verification::damagedChunkIsSentAgain()
{
    std::unique_ptr<TestPeer> peer = TestPeer::create();
    if (peer->kind() != TestPeer::Kind::Hoistd)
        QSKIP("@tus/server has no checksum extension");
    QVERIFY2(peer->start(), qPrintable(peer->errorString()));
    CorruptingProxy proxy;
    proxy.setHideChecksums(false);
    proxy.setFlips(1); // the first body only: the server answers 460, the chunk goes again
    QVERIFY(proxy.start(peer->port()));
    SchedulerFixture fixture;
    QVERIFY2(fixture.start(QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(proxy.port()))),
             qPrintable(fixture.errorString()));
    const QString path =
        makeTestFile(fixture.files().path(), QStringLiteral("again.bin"), 600 * KiB, 9);
    const QList<TaskId> ids = fixture.add({path});
    QCOMPARE(ids.size(), 1);
    QVERIFY(fixture.waitIdle());
    const UploadTask *task = fixture.task(ids.first());
    QVERIFY2(task && task->state() == TaskState::Success, qPrintable(describe(task)));
    QCOMPARE(proxy.flipped(), 1);
    QCOMPARE(task->retries(), 0); // sent again within the attempt, not as a failed try
    QVERIFY(task->check().verified());
    QCOMPARE(peer->storedBytes(task->uploadUrl()), testContent(600 * KiB, 9));
}

void tst_Verification::checkedRequestsCountAsVerified()
{
    // A tus server with the checksum extension but no whole-content hash (hoistd with that
    // hidden, as tusd would be): every request it accepted was checked, so the upload counts.
    std::unique_ptr<TestPeer> peer = TestPeer::create();
    if (peer->kind() != TestPeer::Kind::Hoistd)
        QSKIP("@tus/server has no checksum extension");
    QVERIFY2(peer->start(), qPrintable(peer->errorString()));
    CorruptingProxy proxy;
    proxy.setHideChecksums(false);
    proxy.setHideContentHash(true);
    proxy.setFlips(0);
    QVERIFY(proxy.start(peer->port()));
    SchedulerFixture fixture;
    QVERIFY2(fixture.start(QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(proxy.port()))),
             qPrintable(fixture.errorString()));
    const QString path =
        makeTestFile(fixture.files().path(), QStringLiteral("checked.bin"), 500 * KiB, 10);
    const QList<TaskId> ids = fixture.add({path});
    QCOMPARE(ids.size(), 1);
    QVERIFY(fixture.waitIdle());
    const UploadTask *task = fixture.task(ids.first());
    QVERIFY2(task && task->state() == TaskState::Success, qPrintable(describe(task)));
    QVERIFY2(task->check().verified(), qPrintable(task->check().how));
    QVERIFY2(task->check().how.contains(QLatin1String("checksum extension")),
             qPrintable(task->check().how));
    QCOMPARE(proxy.flipped(), 0);
}

void tst_Verification::namedFileKeepsTheSourceTime()
{
    if (TestPeer::kindFromEnvironment() != TestPeer::Kind::Hoistd)
        QSKIP("hoistd's named files");
    HoistdProcess hoistd;
    QTemporaryDir named;
    QVERIFY2(hoistd.start({QStringLiteral("--named-dir"), named.path()}),
             qPrintable(hoistd.errorString()));
    SchedulerFixture fixture;
    QVERIFY2(fixture.start(hoistd.endpoint()), qPrintable(fixture.errorString()));
    const QString dir = fixture.files().path();
    const QStringList paths{makeTestFile(dir, QStringLiteral("old photo.jpg"), 40 * KiB, 11),
                            makeTestFile(dir, QStringLiteral("old video.mp4"), 3 * MiB, 12)};
    QVERIFY(setModified(paths.at(0), OldTimeMs));
    QVERIFY(setModified(paths.at(1), OldTimeMs + 1000)); // whole seconds: "981173107.789"
    const QList<TaskId> ids = fixture.add(paths);
    QCOMPARE(ids.size(), 2);
    QVERIFY(fixture.waitIdle());
    for (int i = 0; i < 2; ++i) {
        const UploadTask *task = fixture.task(ids.at(i));
        QVERIFY2(task && task->state() == TaskState::Success, qPrintable(describe(task)));
        const QString namedFile = QDir(named.path()).filePath(QFileInfo(paths.at(i)).fileName());
        QVERIFY(waitFor([&] { return QFile::exists(namedFile); }, 10000));
        QCOMPARE(QFileInfo(namedFile).lastModified().toMSecsSinceEpoch(), OldTimeMs + 1000 * i);
        QVERIFY(filesEqual(namedFile, paths.at(i)));
    }
}

QTEST_GUILESS_MAIN(tst_Verification)
#include "tst_verification.moc"
