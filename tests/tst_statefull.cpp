// The client's own state folder full (issue 23): the queue cannot be saved while the disk is
// full, the run goes on, it says so once, and the store catches up by itself when room comes
// back, so that a later run with the same state sends nothing again. Against a real full disk:
// a small tmpfs (SmallTmpfs, root only) that is grown while the store or the hoist binary runs.
#include "hoistdprocess.h"
#include "smalltmpfs.h"
#include "taskstore.h"
#include "testfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr int RunTimeoutMs = 480000;

TaskRecord record(TaskId id)
{
    TaskRecord r;
    r.id = id;
    r.sequence = id;
    r.path = QStringLiteral("/data/some/folder/of/many/files/file-%1.bin").arg(id);
    r.displayName = QStringLiteral("file-%1.bin").arg(id);
    r.size = 100;
    r.modifiedMs = 1'700'000'000'000;
    r.fingerprint = QByteArray(32, char(id));
    r.endpoint = QUrl(QStringLiteral("http://127.0.0.1:1080/files/"));
    r.state = TaskState::Waiting;
    r.chunkSize = 1 << 20;
    r.chunkStates = QByteArray(1, char(ChunkState::Pending));
    r.createdMs = r.updatedMs = 1'700'000'000'000;
    return r;
}

int countOf(const QString &text, const QString &what)
{
    return int(text.count(what));
}

// Tasks whose upload address is on disk in the queue `db`.
int savedAddresses(const QString &db)
{
    int count = 0;
    {
        QSqlDatabase reader =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("addresses"));
        reader.setDatabaseName(db);
        reader.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        QSqlQuery q(reader);
        if (reader.open()
            && q.exec(QStringLiteral("SELECT count(*) FROM tasks WHERE upload_url <> ''"))
            && q.next())
            count = q.value(0).toInt();
        q.finish();
        reader.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("addresses"));
    return count;
}

// Writes a file in `dir` until the disk has no room left; false when it never filled.
bool fillUp(const QString &dir)
{
    QFile filler(QDir(dir).filePath(QStringLiteral("filler")));
    if (!filler.open(QIODevice::WriteOnly))
        return false;
    const QByteArray block(4096, 'f');
    for (int i = 0; i < 1 << 20; ++i) {
        if (filler.write(block) != block.size() || !filler.flush())
            return true;
    }
    return false;
}
} // namespace

class TestStateFull : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void storeKeepsFailedWritesAndCatchesUp();
    void headlessRunOnFullStateDiskSendsNothingTheSecondTime();
    void headlessExitWhileStateDiskFullSaysWhatIsLost();
};

// Writes that fail on a full disk are kept, newest picture of each task; the store says so once,
// tries again by itself, and once the disk has room writes all of it: every change is on disk.
void TestStateFull::storeKeepsFailedWritesAndCatchesUp()
{
    SmallTmpfs disk;
    QString whyNot;
    if (!disk.mount(128 * 1024, &whyNot))
        QSKIP(qPrintable(whyNot));
    const QString dir = QDir(disk.path()).filePath(QStringLiteral("state"));
    constexpr int Tasks = 2000;
    {
        TaskStore store(dir);
        const TaskStore::OpenResult opened = store.open();
        QVERIFY2(opened.ok, qPrintable(opened.error));
        QSignalSpy failing(&store, &TaskStore::savingFailed);
        QSignalSpy resumed(&store, &TaskStore::savingResumed);
        QSignalSpy writeFailed(&store, &TaskStore::writeFailed);
        QSignalSpy urlSaved(&store, &TaskStore::uploadUrlSaved);

        QList<TaskRecord> all;
        for (TaskId id = 1; id <= Tasks; ++id)
            all.append(record(id));
        store.saveAll(all);
        QCOMPARE(failing.count(), 1);
        QCOMPARE(failing.first().first().toString(), QStringLiteral("disk full"));
        QVERIFY(store.isFailing());

        // The run goes on: progress, a finished task, removals and an upload URL, all while full.
        for (int round = 0; round < 5; ++round) {
            for (TaskId id = 1; id <= Tasks; id += 7) {
                TaskRecord r = record(id);
                r.state = TaskState::Uploading;
                r.confirmedBytes = round * 10;
                store.save(r);
            }
        }
        TaskRecord done = record(5);
        done.state = TaskState::Success;
        done.confirmedBytes = done.size;
        store.save(done);
        store.removeAll({2, 3, 4});
        store.saveUploadUrl(6, QUrl(QStringLiteral("http://127.0.0.1:1080/files/six")), 77);
        QCOMPARE(urlSaved.count(), 0);
        QVERIFY(writeFailed.count() >= 2); // the first failure and the URL not saved
        QCOMPARE(failing.count(), 1);      // said once, not once per write
        QCOMPARE(store.pendingWrites(), qsizetype(Tasks - 3 + 3 + 1));

        QVERIFY2(disk.grow(16 << 20, &whyNot), qPrintable(whyNot));
        QVERIFY2(resumed.wait(15000) || resumed.count() == 1, "the store never caught up");
        QCOMPARE(resumed.count(), 1);
        QCOMPARE(store.pendingWrites(), qsizetype(0));
        QVERIFY(!store.isFailing());
        QCOMPARE(store.integrityCheck(), QStringLiteral("ok"));
    }
    TaskStore again(dir);
    const TaskStore::OpenResult reopened = again.open();
    QVERIFY2(reopened.ok, qPrintable(reopened.error));
    QCOMPARE(reopened.tasks.size(), Tasks - 3);
    QHash<TaskId, TaskRecord> byId;
    for (const TaskRecord &r : reopened.tasks)
        byId.insert(r.id, r);
    QVERIFY(!byId.contains(2) && !byId.contains(3) && !byId.contains(4));
    QCOMPARE(byId.value(5).state, TaskState::Success);
    QCOMPARE(byId.value(8).state, TaskState::Uploading);
    QCOMPARE(byId.value(8).confirmedBytes, qint64(40)); // the last of the five rounds
    QCOMPARE(byId.value(6).uploadUrl, QUrl(QStringLiteral("http://127.0.0.1:1080/files/six")));
    QCOMPARE(byId.value(Tasks).state, TaskState::Waiting);
}

// The run: thousands of small files to hoistd, headless, with --state-dir on a disk too
// small for the queue, grown while the run goes on. It says so once on stderr, uploads every file
// once, and a second run with the same state and paths sends nothing: hoistd holds as many
// uploads after it as before.
void TestStateFull::headlessRunOnFullStateDiskSendsNothingTheSecondTime()
{
    SmallTmpfs disk;
    QString whyNot;
    if (!disk.mount(256 * 1024, &whyNot))
        QSKIP(qPrintable(whyNot));
    HoistdProcess hoistd;
    QVERIFY2(hoistd.start(), qPrintable(hoistd.errorString()));

    constexpr int Files = 3000;
    QTemporaryDir source;
    QVERIFY(source.isValid());
    const QString folder = QDir(source.path()).filePath(QStringLiteral("many"));
    QVERIFY(QDir().mkpath(folder));
    for (int i = 0; i < Files; ++i) {
        QFile f(
            QDir(folder).filePath(QStringLiteral("small-%1.txt").arg(i, 5, 10, QLatin1Char('0'))));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::number(i).repeated(8));
    }
    const QString state = QDir(disk.path()).filePath(QStringLiteral("state"));
    const QStringList args = {QStringLiteral("--headless"),
                              QStringLiteral("--endpoint"),
                              hoistd.endpoint().toString(),
                              QStringLiteral("--state-dir"),
                              state,
                              folder};
    const QString notice = QStringLiteral("Hoist cannot save its queue: disk full");

    QProcess first;
    QString err;
    connect(&first, &QProcess::readyReadStandardError, this,
            [&] { err += QString::fromLocal8Bit(first.readAllStandardError()); });
    first.setStandardOutputFile(QProcess::nullDevice());
    QSignalSpy firstDone(&first, &QProcess::finished);
    first.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")), args);
    QVERIFY(first.waitForStarted(10000));
    // Said at once, while the files are still going.
    QTRY_VERIFY_WITH_TIMEOUT(err.contains(notice) || firstDone.count() > 0, RunTimeoutMs);
    QVERIFY2(err.contains(notice), qPrintable(err.right(2000)));
    QVERIFY2(firstDone.count() == 0, "the run ended before the disk could be grown");
    QVERIFY2(disk.grow(64 << 20, &whyNot), qPrintable(whyNot));
    QVERIFY(firstDone.wait(RunTimeoutMs) || firstDone.count() > 0);
    err += QString::fromLocal8Bit(first.readAllStandardError());
    QCOMPARE(first.exitStatus(), QProcess::NormalExit);
    QVERIFY2(first.exitCode() == 0, qPrintable(err.right(2000)));
    QCOMPARE(countOf(err, notice), 1);
    QVERIFY2(countOf(err, QStringLiteral("write failed")) <= 1, qPrintable(err.right(2000)));
    const qsizetype stored = hoistd.storedFiles().size();
    QVERIFY2(stored >= Files, qPrintable(QString::number(stored)));

    QProcess second;
    second.setStandardOutputFile(QProcess::nullDevice());
    second.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")), args);
    QVERIFY(second.waitForFinished(RunTimeoutMs));
    const QString secondErr = QString::fromLocal8Bit(second.readAllStandardError());
    QVERIFY2(second.exitCode() == 0, qPrintable(secondErr.right(2000)));
    QVERIFY2(
        secondErr.contains(
            QStringLiteral("%1 files were already in the queue and not added again").arg(Files)),
        qPrintable(secondErr.right(2000)));
    QVERIFY2(!secondErr.contains(notice), qPrintable(secondErr.right(2000)));
    // Nothing sent again: no upload more on hoistd's disk.
    QCOMPARE(hoistd.storedFiles().size(), stored);
}

// A run that ends while the state folder's disk is still full: before exiting it says on stderr,
// plainly and once, what will not survive a restart (the uploads finished but not saved as done,
// the one failed whose upload address was never saved and so will not resume), and exits 3.
void TestStateFull::headlessExitWhileStateDiskFullSaysWhatIsLost()
{
    SmallTmpfs disk;
    QString whyNot;
    if (!disk.mount(1 << 20, &whyNot))
        QSKIP(qPrintable(whyNot));
    const QString state = QDir(disk.path()).filePath(QStringLiteral("state"));
    HoistdProcess hoistd;
    QVERIFY2(hoistd.start(), qPrintable(hoistd.errorString()));
    QTemporaryDir source;
    QVERIFY(source.isValid());
    // Two at a time, in order: the big one is created only once a small one is done.
    const QStringList files = {
        makeTestFile(source.path(), QStringLiteral("first-done.bin"), 6 << 20, 1),
        makeTestFile(source.path(), QStringLiteral("second-done.bin"), 6 << 20, 2),
        makeTestFile(source.path(), QStringLiteral("cut-short.bin"), 64 << 20, 3)};
    const QStringList args = QStringList{QStringLiteral("--headless"),
                                         QStringLiteral("--endpoint"),
                                         hoistd.endpoint().toString(),
                                         QStringLiteral("--state-dir"),
                                         state,
                                         QStringLiteral("-c"),
                                         QStringLiteral("2"),
                                         QStringLiteral("--one-stream"),
                                         QStringLiteral("--limit-rate"),
                                         QStringLiteral("2M"),
                                         QStringLiteral("--give-up-after"),
                                         QStringLiteral("2s")}
                             + files;
    QProcess run;
    QString err;
    QString out;
    connect(&run, &QProcess::readyReadStandardError, this,
            [&] { err += QString::fromLocal8Bit(run.readAllStandardError()); });
    connect(&run, &QProcess::readyReadStandardOutput, this,
            [&] { out += QString::fromLocal8Bit(run.readAllStandardOutput()); });
    QSignalSpy done(&run, &QProcess::finished);
    run.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")), args);
    QVERIFY(run.waitForStarted(10000));
    // The two small ones' addresses on disk (read through a connection of the test's), then the
    // disk fills.
    const QString db = QDir(state).filePath(QStringLiteral("hoist.db"));
    QTRY_VERIFY_WITH_TIMEOUT(savedAddresses(db) >= 2 || done.count() > 0, RunTimeoutMs);
    QVERIFY2(done.count() == 0, qPrintable(err.right(2000)));
    QVERIFY(fillUp(disk.path()));
    // The big one is created once a small one is done: its address never reaches the disk. Once
    // both small ones are done and the big one's bytes arrive (so Hoist had the creation's
    // answer, its address: hoistd makes the file when it creates the upload, before answering),
    // the server goes for good while the big one sends.
    const auto bytesStored = [&hoistd] {
        qint64 bytes = 0;
        for (const QString &name : hoistd.storedFiles())
            bytes += QFileInfo(hoistd.storedPath(QUrl(name))).size();
        return bytes;
    };
    QTRY_VERIFY_WITH_TIMEOUT((hoistd.storedFiles().size() >= 3
                              && out.count(QStringLiteral("success\t")) >= 2
                              && bytesStored() > 2 * (6 << 20))
                                 || done.count() > 0,
                             RunTimeoutMs);
    QVERIFY2(done.count() == 0, qPrintable(err.right(2000)));
    QVERIFY2(err.contains(QStringLiteral("Hoist cannot save its queue")), qPrintable(err));
    hoistd.kill();
    QVERIFY(done.wait(RunTimeoutMs) || done.count() > 0);
    err += QString::fromLocal8Bit(run.readAllStandardError());
    QCOMPARE(run.exitStatus(), QProcess::NormalExit);
    QVERIFY2(run.exitCode() == 3, qPrintable(err.right(3000)));
    QCOMPARE(
        countOf(err, QStringLiteral("Hoist exits without having saved its queue (disk full).")), 1);
    // (The plural forms are the English translation's; the counts and names are the same.)
    const QString said = err.mid(err.indexOf(QStringLiteral("Hoist exits without")));
    QVERIFY2(said.contains(QRegularExpression(
                 QStringLiteral("1 upload[^ ]* will not resume after a restart.*cut-short.bin"))),
             qPrintable(said));
    QVERIFY2(said.contains(QRegularExpression(
                 QStringLiteral("2 finished upload[^ ]* (are|is) not saved as done")))
                 && said.contains(QStringLiteral("first-done.bin"))
                 && said.contains(QStringLiteral("second-done.bin")),
             qPrintable(said));
}

QTEST_GUILESS_MAIN(TestStateFull)
#include "tst_statefull.moc"
