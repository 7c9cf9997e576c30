// Watched folders against a real hoistd (its --named-dir shows what arrived under which name, its
// request log counts the uploads created): files written slowly go up only once settled and
// byte-identical, a change goes up as a new version, a touch without change does not, excluded
// files never, files added while Hoist was not running are found at the next start, each version
// exactly once, and a tree larger than the inotify watch budget falls back to scanning and still
// finds new files.
#include "hoistdprocess.h"
#include "hoistdrequestlog.h"
#include "testfiles.h"
#include "waitfor.h"
#include "watchpeers.h"

#include "folderscan.h"
#include "storethread.h"
#include "tusprotocol.h"
#include "uploadledger.h"
#include "uploadscheduler.h"
#include "watchservice.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <ctime>
#include <memory>
#include <utime.h>

namespace {
constexpr int SettleMs = 400;
constexpr int RescanMs = 300;

bool appendTo(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::Append) && file.write(bytes) == bytes.size();
}

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Sets a file's time to `secondsAgo` in the past (a copy that kept its time, an old file).
bool age(const QString &path, int secondsAgo)
{
    const time_t t = time(nullptr) - secondsAgo;
    const utimbuf times{t, t};
    return ::utime(QFile::encodeName(path).constData(), &times) == 0;
}
} // namespace

// The engine as a window or headless run builds it, with a queue and a ledger in a state folder
// that outlives it (so that a test can stop and start it again).
class WatchEngine {
public:
    WatchEngine(const QUrl &endpoint, const QString &stateDir, const FolderWatcher::Tuning &tuning)
        : store(stateDir)
        , ledger(stateDir)
    {
        opened = store.open();
        ledgerError = ledger.open();
        protocol = std::make_unique<TusProtocol>(&network);
        scheduler = std::make_unique<UploadScheduler>(protocol.get());
        scheduler->setStore(store.store());
        scheduler->setEndpoint(endpoint);
        scheduler->setParallelParts(false);
        scheduler->restore(opened.tasks);
        service = std::make_unique<WatchService>(scheduler.get(), ledger.ledger());
        service->setTuning(tuning);
        service->setGlobalExclude(PathPatterns(PathPatterns::defaultExcludes()));
    }
    ~WatchEngine()
    {
        service.reset();
        scheduler.reset();
    }
    int succeeded() const { return scheduler->totals().count(TaskState::Success); }

    StoreThread store;
    LedgerThread ledger;
    TaskStore::OpenResult opened;
    QString ledgerError;
    QNetworkAccessManager network;
    std::unique_ptr<TusProtocol> protocol;
    std::unique_ptr<UploadScheduler> scheduler;
    std::unique_ptr<WatchService> service;
};

class TestWatchFolder : public QObject, protected WatchPeers {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();

    void slowWriteGoesUpOnceSettled();
    void changeIsANewVersionTouchIsNot();
    void excludedNeverSent();
    void includeAndFolderExcludes();
    void catchUpAfterRestart();
    void newSubfolderIsWatched();
    void watchLimitFallsBackToScanning();
    void unchangedTreeCostsNothing();
    void localTargetKeepsItsLedger();

private:
    std::unique_ptr<WatchEngine> startEngine(FolderWatcher::Tuning tuning = {})
    {
        if (tuning.settleMs == FolderWatcher::Tuning().settleMs)
            tuning.settleMs = SettleMs;
        if (tuning.rescanMs == FolderWatcher::Tuning().rescanMs)
            tuning.rescanMs = RescanMs;
        auto engine = std::make_unique<WatchEngine>(m_server->endpoint(), m_state->path(), tuning);
        return engine;
    }
    WatchedFolder folder() const
    {
        WatchedFolder f;
        f.folder = m_watched->path();
        f.target = m_server->endpoint();
        f.prefix = QStringLiteral("w");
        return f;
    }
    // Uploads hoistd created (POST answered 201) since the server started.
    int creations()
    {
        m_log.update();
        int n = 0;
        for (const QJsonValue &v : m_log.stats().log) {
            const QJsonObject o = v.toObject();
            if (o.value(QLatin1String("method")).toString() == QLatin1String("POST")
                && o.value(QLatin1String("status")).toInt() == 201)
                ++n;
        }
        return n;
    }
    QString named(const QString &name) const { return m_named->filePath(name); }
    QString watched(const QString &name) const { return m_watched->filePath(name); }
};

void TestWatchFolder::init()
{
    startPeers();
}

void TestWatchFolder::cleanup()
{
    stopPeers();
}

// Written a piece every 150 ms for over a second (settling takes 400 ms): nothing is created on
// the server while it grows, and then exactly one upload holding every byte.
void TestWatchFolder::slowWriteGoesUpOnceSettled()
{
    auto engine = startEngine();
    QVERIFY(engine->ledgerError.isEmpty());
    engine->service->setFolders({folder()});
    QTRY_COMPARE(engine->service->stateOf(folder()), FolderWatcher::State::Watching);

    const QByteArray content = testContent(10 * 40000 + 17, 7);
    const QString path = watched(QStringLiteral("slow.bin"));
    QVERIFY(writeBytes(path, content.left(40000)));
    for (int piece = 1; piece <= 10; ++piece) {
        QTest::qWait(150); // the writer's pace, not a wait for the code under test
        QVERIFY(appendTo(path, content.mid(piece * 40000, piece == 10 ? -1 : 40000)));
        QCOMPARE(creations(), 0);
    }
    QVERIFY(waitFor([&] { return engine->succeeded() == 1; }, 20000));
    QCOMPARE(creations(), 1);
    QCOMPARE(readAll(named(QStringLiteral("w/slow.bin"))), content);
}

void TestWatchFolder::changeIsANewVersionTouchIsNot()
{
    auto engine = startEngine();
    engine->service->setFolders({folder()});
    const QByteArray v1 = testContent(5000, 1);
    const QByteArray v2 = testContent(7000, 2);
    QVERIFY(writeBytes(watched(QStringLiteral("doc.txt")), v1));
    QSignalSpy recorded(engine->service.get(), &WatchService::versionRecorded);
    QVERIFY(waitFor([&] { return engine->succeeded() == 1 && recorded.size() == 1; }));
    QCOMPARE(readAll(named(QStringLiteral("w/doc.txt"))), v1);

    // Touched: another time, the same bytes. The hash says so; nothing goes up.
    QVERIFY(age(watched(QStringLiteral("doc.txt")), 100));
    QVERIFY(recorded.wait(10000)); // noted unchanged
    QCOMPARE(creations(), 1);

    QVERIFY(writeBytes(watched(QStringLiteral("doc.txt")), v2));
    QVERIFY(waitFor([&] { return engine->succeeded() == 2; }));
    QCOMPARE(creations(), 2);
    QCOMPARE(readAll(named(QStringLiteral("w/doc (2).txt"))), v2);
    QCOMPARE(readAll(named(QStringLiteral("w/doc.txt"))), v1);
    QTest::qWait(SettleMs * 3); // nothing more comes of it
    QCOMPARE(creations(), 2);
}

void TestWatchFolder::excludedNeverSent()
{
    auto engine = startEngine();
    engine->service->setFolders({folder()});
    QTRY_COMPARE(engine->service->stateOf(folder()), FolderWatcher::State::Watching);
    for (const char *name : {"scratch.tmp", "~$report.docx", "Thumbs.db", ".DS_Store",
                             ".git/config", ".git/objects/ab/cd", "sub/.DS_Store"})
        QVERIFY(writeBytes(watched(QLatin1String(name)), "x"));
    QVERIFY(writeBytes(watched(QStringLiteral("sub/keep.txt")), "keep"));
    QVERIFY(waitFor([&] { return engine->succeeded() == 1; }));
    QTest::qWait(SettleMs * 3);
    QCOMPARE(creations(), 1);
    QCOMPARE(engine->scheduler->taskCount(), 1);
    QCOMPARE(readAll(named(QStringLiteral("w/sub/keep.txt"))), QByteArray("keep"));
}

void TestWatchFolder::includeAndFolderExcludes()
{
    auto engine = startEngine();
    WatchedFolder f = folder();
    f.include = QStringList{QStringLiteral("*.jpg")};
    f.exclude = QStringList{QStringLiteral("private/")};
    f.recursive = true;
    WatchedFolder flat = f;
    QTemporaryDir other;
    flat.folder = other.path();
    flat.recursive = false;
    flat.prefix = QStringLiteral("flat");
    flat.include.clear();
    QVERIFY(writeBytes(watched(QStringLiteral("a.jpg")), "a"));
    QVERIFY(writeBytes(watched(QStringLiteral("a.png")), "p"));
    QVERIFY(writeBytes(watched(QStringLiteral("private/b.jpg")), "b"));
    QVERIFY(writeBytes(watched(QStringLiteral("deep/c.JPG")), "c"));
    QVERIFY(writeBytes(other.filePath(QStringLiteral("top.txt")), "t"));
    QVERIFY(writeBytes(other.filePath(QStringLiteral("below/no.txt")), "n"));
    QVERIFY(age(watched(QStringLiteral("a.jpg")), 60));
    engine->service->setFolders({f, flat});
    QCOMPARE(engine->service->watchedCount(), 2);
    QVERIFY(waitFor([&] { return engine->succeeded() == 3; }));
    QTest::qWait(SettleMs * 3);
    QCOMPARE(creations(), 3);
    QCOMPARE(readAll(named(QStringLiteral("w/a.jpg"))), QByteArray("a"));
    QCOMPARE(readAll(named(QStringLiteral("w/deep/c.JPG"))), QByteArray("c"));
    QCOMPARE(readAll(named(QStringLiteral("flat/top.txt"))), QByteArray("t"));
}

// Stopped with one file sent and one still to go; meanwhile a file is added and the sent one
// changed. The next start sends what is new or changed, once, and never the unchanged one.
void TestWatchFolder::catchUpAfterRestart()
{
    QVERIFY(writeBytes(watched(QStringLiteral("a.txt")), "first a"));
    QVERIFY(writeBytes(watched(QStringLiteral("b.txt")), "first b"));
    QVERIFY(age(watched(QStringLiteral("a.txt")), 30));
    QVERIFY(age(watched(QStringLiteral("b.txt")), 30));
    {
        auto engine = startEngine();
        QSignalSpy recorded(engine->service.get(), &WatchService::versionRecorded);
        engine->service->setFolders({folder()});
        QVERIFY(waitFor([&] { return engine->succeeded() == 2 && recorded.size() == 2; }));
    }
    QCOMPARE(creations(), 2);
    QVERIFY(writeBytes(watched(QStringLiteral("c.txt")), "new c"));
    QVERIFY(writeBytes(watched(QStringLiteral("b.txt")), "second b!"));
    QVERIFY(writeBytes(watched(QStringLiteral("sub/d.txt")), "new d"));
    {
        auto engine = startEngine();
        QCOMPARE(engine->opened.tasks.size(), 2); // the queue is restored too
        QSignalSpy recorded(engine->service.get(), &WatchService::versionRecorded);
        engine->service->setFolders({folder()});
        QVERIFY(waitFor([&] { return engine->succeeded() == 5 && recorded.size() == 3; }));
        QTest::qWait(SettleMs * 3);
        QCOMPARE(engine->succeeded(), 5);
    }
    QCOMPARE(creations(), 5);
    QCOMPARE(readAll(named(QStringLiteral("w/c.txt"))), QByteArray("new c"));
    QCOMPARE(readAll(named(QStringLiteral("w/sub/d.txt"))), QByteArray("new d"));
    QCOMPARE(readAll(named(QStringLiteral("w/b (2).txt"))), QByteArray("second b!"));
    QVERIFY(!QFile::exists(named(QStringLiteral("w/a (2).txt"))));
    // A third start with nothing changed sends nothing.
    {
        auto engine = startEngine();
        engine->service->setFolders({folder()});
        QTRY_COMPARE(engine->service->stateOf(folder()), FolderWatcher::State::Watching);
        QTest::qWait(SettleMs * 3);
    }
    QCOMPARE(creations(), 5);
}

void TestWatchFolder::newSubfolderIsWatched()
{
    auto engine = startEngine();
    engine->service->setFolders({folder()});
    QTRY_COMPARE(engine->service->stateOf(folder()), FolderWatcher::State::Watching);
    QVERIFY(QDir(m_watched->path()).mkpath(QStringLiteral("x/y")));
    QVERIFY(writeBytes(watched(QStringLiteral("x/y/z.txt")), "zz"));
    QVERIFY(waitFor([&] { return engine->succeeded() == 1; }));
    // A folder moved in whole, with its files: walked.
    QTemporaryDir outside;
    QVERIFY(writeBytes(outside.filePath(QStringLiteral("pack/one.txt")), "1"));
    QVERIFY(writeBytes(outside.filePath(QStringLiteral("pack/two/two.txt")), "2"));
    QVERIFY(
        QFile::rename(outside.filePath(QStringLiteral("pack")), watched(QStringLiteral("pack"))));
    QVERIFY(waitFor([&] { return engine->succeeded() == 3; }));
    QCOMPARE(readAll(named(QStringLiteral("w/pack/two/two.txt"))), QByteArray("2"));
    QCOMPARE(creations(), 3);
}

// Twelve folders, a budget of five watches: the watcher gives up inotify for this folder, says
// so, and finds new files by scanning every RescanMs.
void TestWatchFolder::watchLimitFallsBackToScanning()
{
    for (int i = 0; i < 12; ++i)
        QVERIFY(QDir(m_watched->path()).mkpath(QStringLiteral("d%1").arg(i)));
    FolderWatcher::Tuning tuning;
    tuning.watchLimit = 5;
    auto engine = startEngine(tuning);
    QSignalSpy status(engine->service.get(), &WatchService::statusChanged);
    engine->service->setFolders({folder()});
    QTRY_COMPARE(engine->service->stateOf(folder()), FolderWatcher::State::Scanning);
    QCOMPARE(engine->service->scanningFolders(), QStringList{m_watched->path()});
    QVERIFY2(engine->service->summary().contains(QLatin1String("scanned every")),
             qPrintable(engine->service->summary()));
    QVERIFY(status.size() >= 2);
    QVERIFY(writeBytes(watched(QStringLiteral("d11/late.txt")), "late"));
    QVERIFY(writeBytes(watched(QStringLiteral("top.txt")), "top"));
    QVERIFY(waitFor([&] { return engine->succeeded() == 2; }));
    QTest::qWait(RescanMs * 4);
    QCOMPARE(creations(), 2);
    QCOMPARE(readAll(named(QStringLiteral("w/d11/late.txt"))), QByteArray("late"));
}

// 500 files in 50 folders already in the ledger: a restart queues none of them.
void TestWatchFolder::unchangedTreeCostsNothing()
{
    for (int d = 0; d < 50; ++d) {
        for (int f = 0; f < 10; ++f) {
            const QString path = watched(QStringLiteral("d%1/f%2.txt").arg(d).arg(f));
            QVERIFY(writeBytes(path, QByteArray::number(d * 10 + f)));
            QVERIFY(age(path, 60));
        }
    }
    {
        auto engine = startEngine();
        QSignalSpy recorded(engine->service.get(), &WatchService::versionRecorded);
        engine->scheduler->setConcurrency(8);
        engine->service->setFolders({folder()});
        QVERIFY(
            waitFor([&] { return engine->succeeded() == 500 && recorded.size() == 500; }, 120000));
    }
    QCOMPARE(creations(), 500);
    auto engine = startEngine();
    QSignalSpy queued(engine->service.get(), &WatchService::filesQueued);
    engine->service->setFolders({folder()});
    QTRY_COMPARE(engine->service->stateOf(folder()), FolderWatcher::State::Watching);
    QTest::qWait(SettleMs * 2);
    QCOMPARE(queued.size(), 0);
    QCOMPARE(creations(), 500);
}

// A folder without a target goes to the window's own server, whatever address it has this run:
// its ledger is kept under the empty target, so a new port (here: another name for the same
// server) sends nothing again, and new files go to the address of now.
void TestWatchFolder::localTargetKeepsItsLedger()
{
    WatchedFolder local = folder();
    local.target = QUrl();
    QVERIFY(writeBytes(watched(QStringLiteral("a.txt")), "a"));
    {
        auto engine = startEngine();
        QSignalSpy recorded(engine->service.get(), &WatchService::versionRecorded);
        engine->service->setLocalTarget([this](QString *) { return m_server->endpoint(); });
        engine->service->setFolders({local});
        QCOMPARE(engine->service->watchedCount(), 1);
        QVERIFY(waitFor([&] { return engine->succeeded() == 1 && recorded.size() == 1; }));
    }
    QUrl renamed = m_server->endpoint();
    renamed.setHost(QStringLiteral("localhost"));
    QVERIFY(writeBytes(watched(QStringLiteral("b.txt")), "b"));
    auto engine = startEngine();
    engine->service->setLocalTarget([renamed](QString *) { return renamed; });
    engine->service->setFolders({local});
    QVERIFY(waitFor([&] { return engine->succeeded() == 2; })); // a (restored) and b
    QTest::qWait(SettleMs * 3);
    QCOMPARE(creations(), 2);
    QCOMPARE(readAll(named(QStringLiteral("w/b.txt"))), QByteArray("b"));
    const QList<TaskId> ids = engine->scheduler->taskIds();
    QCOMPARE(engine->scheduler->task(ids.last())->endpoint(), renamed);
}

QTEST_GUILESS_MAIN(TestWatchFolder)
#include "tst_watchfolder.moc"
