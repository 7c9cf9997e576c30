// UploadScheduler's hashing phase against a real tus server (@tus/server or hoistd, as
// HOIST_TEST_PEER says): the SHA-256 it sends, the phase a person sees, the concurrency slot it
// holds, pause and resume, and a restored queue that does not hash twice.
#include "schedulerfixture.h"
#include "testfiles.h"
#include "waitfor.h"

#include "fingerprint.h"
#include "storethread.h"
#include "taskstore.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr int UploadTimeoutMs = 60000;
// Large enough that hashing it takes a while (hundreds of ms at about 1 GB/s).
constexpr qint64 SlowToHash = 256 * MiB;

QByteArray sha256Hex(qint64 size, quint32 seed)
{
    return QCryptographicHash::hash(testContent(size, seed), QCryptographicHash::Sha256).toHex();
}
} // namespace

class tst_Hashing : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void metadataCarriesSha256();
    void passesThroughHashingPhase();
    void hashingHoldsAConcurrencySlot();
    void pauseDuringHashingThenResume();
    void fileChangedWhileHashing();
    void restoredTaskWithHashDoesNotHashAgain();
    void hashingOffSendsNoHash();

private:
    QList<TaskId> add(const QStringList &paths) { return m_fixture->add(paths); }
    bool waitIdle(int timeoutMs = UploadTimeoutMs) { return m_fixture->waitIdle(timeoutMs); }
    // The upload's metadata as the server keeps it.
    QMap<QString, QString> storedMetadata(const QUrl &uploadUrl) const
    {
        return m_server->metadata(uploadUrl);
    }
    const UploadTask *task(TaskId id) const { return m_scheduler->task(id); }

    std::unique_ptr<SchedulerFixture> m_fixture;
    // Its parts, by the names the cases use.
    TestPeer *m_server = nullptr;
    const QTemporaryDir *m_files = nullptr;
    UploadScheduler *m_scheduler = nullptr;
};

void tst_Hashing::init()
{
    m_fixture = std::make_unique<SchedulerFixture>();
    QVERIFY2(m_fixture->start(), qPrintable(m_fixture->errorString()));
    m_server = m_fixture->peer();
    m_files = &m_fixture->files();
    m_scheduler = m_fixture->scheduler();
    m_scheduler->setHashPolicy(UploadScheduler::HashPolicy::Always);
    m_scheduler->setChunkSize(4 * MiB);
    // Always for these tests, whatever the server (by default: only when it offers instant upload).
    QCOMPARE(m_scheduler->hashPolicy(), UploadScheduler::HashPolicy::Always);
}

void tst_Hashing::cleanup()
{
    if (QTest::currentTestFailed() && m_server)
        qWarning("%s said:\n%s", qPrintable(m_server->name()),
                 qPrintable(m_server->serverLogTail()));
    m_fixture.reset();
}

void tst_Hashing::metadataCarriesSha256()
{
    const qint64 sizes[] = {0, 1, 4 * MiB + 1, 9 * MiB + 7};
    QStringList paths;
    for (int i = 0; i < int(std::size(sizes)); ++i)
        paths << makeTestFile(m_files->path(), QStringLiteral("m%1.bin").arg(i), sizes[i], i + 11);
    const QList<TaskId> ids = add(paths);
    QCOMPARE(ids.size(), paths.size());
    QVERIFY(waitIdle());
    for (int i = 0; i < ids.size(); ++i) {
        const UploadTask *t = task(ids[i]);
        QCOMPARE(t->state(), TaskState::Success);
        const QByteArray expected = sha256Hex(sizes[i], i + 11);
        QCOMPARE(t->contentHash().toHex(), expected);
        const QMap<QString, QString> metadata = storedMetadata(t->uploadUrl());
        QCOMPARE(metadata.value(QStringLiteral("sha256")).toLatin1(), expected);
        QCOMPARE(metadata.value(QStringLiteral("filename")), QStringLiteral("m%1.bin").arg(i));
        QVERIFY(fileMatches(m_server->storedPath(t->uploadUrl()), sizes[i], i + 11));
    }
    // The hash costs no request: one creation each, nothing more than without it.
    QCOMPARE(m_server->stats().count(QStringLiteral("POST")), int(std::size(sizes)));
}

void tst_Hashing::passesThroughHashingPhase()
{
    const QString path = makeTestFile(m_files->path(), QStringLiteral("big.bin"), SlowToHash, 2);
    QList<TaskPhase> startedIn;
    connect(m_scheduler, &UploadScheduler::taskStarted, this,
            [&](TaskId id) { startedIn << task(id)->phase(); });
    // What a table sees: each batch of changes, in order.
    QList<QPair<TaskPhase, double>> seen;
    bool hashedBeforeTransfer = true;
    connect(m_scheduler, &UploadScheduler::tasksChanged, this, [&](const QList<TaskId> &ids) {
        for (TaskId id : ids) {
            const UploadTask *t = task(id);
            if (t->state() != TaskState::Uploading)
                continue;
            seen.append({t->phase(), t->hashProgress()});
            if (t->phase() == TaskPhase::Transferring && t->contentHash().isEmpty())
                hashedBeforeTransfer = false;
        }
    });
    const QList<TaskId> ids = add({path});
    QVERIFY(waitIdle());
    QCOMPARE(task(ids[0])->state(), TaskState::Success);
    QCOMPARE(startedIn, QList<TaskPhase>{TaskPhase::Hashing});
    QVERIFY(hashedBeforeTransfer);
    QVERIFY(!seen.isEmpty());
    QCOMPARE(seen.first().first, TaskPhase::Hashing);
    // Hashing, then transferring, never back; hash progress never goes backwards.
    int firstTransfer = int(seen.size());
    for (int i = 0; i < seen.size(); ++i) {
        if (seen[i].first == TaskPhase::Transferring) {
            firstTransfer = qMin(firstTransfer, i);
        } else {
            QVERIFY2(i < firstTransfer, "hashing again after the transfer began");
            QVERIFY(seen[i].second >= 0 && seen[i].second <= 1);
            QVERIFY(i == 0 || seen[i].second >= seen[i - 1].second);
        }
    }
    QVERIFY(firstTransfer < seen.size());
    QCOMPARE(task(ids[0])->hashProgress(), 1.0);
    QCOMPARE(task(ids[0])->phase(), TaskPhase::Transferring); // outside Uploading
    QCOMPARE(storedMetadata(task(ids[0])->uploadUrl()).value(QStringLiteral("sha256")),
             QString::fromLatin1(sha256Hex(SlowToHash, 2)));
}

void tst_Hashing::hashingHoldsAConcurrencySlot()
{
    m_scheduler->setConcurrency(2);
    QStringList paths;
    for (int i = 0; i < 5; ++i)
        paths << makeTestFile(m_files->path(), QStringLiteral("c%1").arg(i), 48 * MiB, i + 20);
    // At every moment anyone can look: no more than two tasks hashing or transferring.
    int most = 0;
    int hashingAtStart = 0;
    bool overLimit = false;
    auto look = [&] {
        int active = 0;
        for (TaskId id : m_scheduler->taskIds())
            active += task(id)->state() == TaskState::Uploading ? 1 : 0;
        most = qMax(most, active);
        overLimit |= active > 2 || m_scheduler->runningCount() > 2;
    };
    connect(m_scheduler, &UploadScheduler::taskStarted, this, [&](TaskId id) {
        hashingAtStart += task(id)->phase() == TaskPhase::Hashing ? 1 : 0;
        look();
    });
    connect(m_scheduler, &UploadScheduler::tasksChanged, this, look);
    const QList<TaskId> ids = add(paths);
    QVERIFY(waitIdle());
    for (TaskId id : ids)
        QCOMPARE(task(id)->state(), TaskState::Success);
    QCOMPARE(hashingAtStart, 5);
    QVERIFY(!overLimit);
    QCOMPARE(most, 2);
    QVERIFY(m_server->stats().maxInFlight <= 2);

    // With one slot, a task hashing keeps the next one waiting.
    m_scheduler->setConcurrency(1);
    const QStringList two = {makeTestFile(m_files->path(), QStringLiteral("one"), SlowToHash, 30),
                             makeTestFile(m_files->path(), QStringLiteral("two"), MiB, 31)};
    QList<TaskState> otherWhileHashing;
    QList<TaskId> pair;
    connect(m_scheduler, &UploadScheduler::tasksChanged, this, [&] {
        if (pair.size() == 2 && task(pair[0])->phase() == TaskPhase::Hashing)
            otherWhileHashing << task(pair[1])->state();
    });
    pair = add(two);
    QVERIFY(waitIdle());
    QVERIFY(!otherWhileHashing.isEmpty());
    for (TaskState s : std::as_const(otherWhileHashing))
        QCOMPARE(s, TaskState::Waiting);
}

void tst_Hashing::pauseDuringHashingThenResume()
{
    const QString path = makeTestFile(m_files->path(), QStringLiteral("p.bin"), SlowToHash, 40);
    QList<TaskPhase> startedIn;
    TaskId paused = 0;
    TaskPhase pausedIn = TaskPhase::Transferring;
    connect(m_scheduler, &UploadScheduler::taskStarted, this, [&](TaskId id) {
        startedIn << task(id)->phase();
        if (startedIn.size() == 1) {
            // On the next turn of the event loop, while its worker is reading the file.
            QMetaObject::invokeMethod(
                this,
                [&, id] {
                    pausedIn = task(id)->phase();
                    m_scheduler->pause(paused = id);
                },
                Qt::QueuedConnection);
        }
    });
    const QList<TaskId> ids = add({path});
    QVERIFY(waitFor([&] { return paused != 0; }));
    QCOMPARE(pausedIn, TaskPhase::Hashing);
    QCOMPARE(task(ids[0])->state(), TaskState::Paused);
    QVERIFY(task(ids[0])->contentHash().isEmpty());
    QVERIFY(waitIdle());
    // Nothing reached the server: the upload is created only once the hash is known.
    QCOMPARE(m_server->stats().count(QStringLiteral("POST")), 0);
    QCOMPARE(m_server->uploadCount(), 0);

    m_scheduler->resume(ids[0]);
    QVERIFY(waitFor([&] { return task(ids[0])->state() == TaskState::Success; }, UploadTimeoutMs));
    QCOMPARE(startedIn, (QList<TaskPhase>{TaskPhase::Hashing, TaskPhase::Hashing}));
    QCOMPARE(m_server->stats().count(QStringLiteral("POST")), 1);
    QCOMPARE(storedMetadata(task(ids[0])->uploadUrl()).value(QStringLiteral("sha256")),
             QString::fromLatin1(sha256Hex(SlowToHash, 40)));
    QVERIFY(fileMatches(m_server->storedPath(task(ids[0])->uploadUrl()), SlowToHash, 40));
}

void tst_Hashing::fileChangedWhileHashing()
{
    const QString path = makeTestFile(m_files->path(), QStringLiteral("cut.bin"), SlowToHash, 50);
    connect(m_scheduler, &UploadScheduler::taskStarted, this,
            [&] { QFile::resize(path, 3 * MiB); });
    const QList<TaskId> ids = add({path});
    QVERIFY(waitIdle());
    const UploadTask *t = task(ids[0]);
    QCOMPARE(t->state(), TaskState::Error);
    QCOMPARE(t->errorKind(), TransferError::Kind::FileChanged);
    QVERIFY2(t->errorMessage().contains(QLatin1String("file changed while uploading")),
             qPrintable(t->errorMessage()));
    QVERIFY(t->contentHash().isEmpty());
    QCOMPARE(m_server->stats().count(QStringLiteral("POST")), 0);
}

void tst_Hashing::restoredTaskWithHashDoesNotHashAgain()
{
    QTemporaryDir state;
    const qint64 size = 6 * MiB + 3;
    QList<TaskRecord> records;
    for (TaskId id : {1, 2}) {
        TaskRecord r;
        r.id = id;
        r.sequence = id;
        r.path = makeTestFile(m_files->path(), QStringLiteral("r%1.bin").arg(id), size, 60 + id);
        r.displayName = QFileInfo(r.path).fileName();
        r.size = size;
        r.modifiedMs = QFileInfo(r.path).lastModified().toMSecsSinceEpoch();
        r.fingerprint = quickFingerprint(r.path, size);
        r.endpoint = m_server->endpoint();
        r.state = TaskState::Waiting;
        r.chunkSize = 4 * MiB;
        records.append(r);
    }
    // Task 1 was hashed before the restart (it starts in Transferring: proof it is not
    // recomputed); task 2 was not, as in a store from before hashes were kept. The stored hash
    // is the file's own: hoistd checks a declared hash and rejects an upload that does not match.
    const QByteArray storedHash = QByteArray::fromHex(sha256Hex(size, 61));
    records[0].contentHash = storedHash;
    {
        StoreThread store(state.path());
        QVERIFY(store.open().ok);
        m_scheduler->setStore(store.store());
        QMap<TaskId, TaskPhase> startedIn;
        connect(m_scheduler, &UploadScheduler::taskStarted, this,
                [&](TaskId id) { startedIn.insert(id, task(id)->phase()); });
        m_scheduler->restore(records);
        QVERIFY(waitIdle());
        QCOMPARE(task(1)->state(), TaskState::Success);
        QCOMPARE(task(2)->state(), TaskState::Success);
        QCOMPARE(startedIn.value(1), TaskPhase::Transferring);
        QCOMPARE(startedIn.value(2), TaskPhase::Hashing);
        QCOMPARE(storedMetadata(task(1)->uploadUrl()).value(QStringLiteral("sha256")),
                 QString::fromLatin1(storedHash.toHex()));
        QCOMPARE(storedMetadata(task(2)->uploadUrl()).value(QStringLiteral("sha256")),
                 QString::fromLatin1(sha256Hex(size, 62)));
        m_fixture.reset(); // its scheduler before the store goes
        m_scheduler = nullptr;
        m_server = nullptr;
    }
    // The hash computed for task 2 is in the store for the next start.
    TaskStore reopened(state.path());
    const TaskStore::OpenResult opened = reopened.open();
    QVERIFY2(opened.ok, qPrintable(opened.error));
    QCOMPARE(opened.tasks.size(), 2);
    QCOMPARE(opened.tasks[0].contentHash, storedHash);
    QCOMPARE(opened.tasks[1].contentHash.toHex(), sha256Hex(size, 62));
}

void tst_Hashing::hashingOffSendsNoHash()
{
    m_scheduler->setHashPolicy(UploadScheduler::HashPolicy::Never);
    const QString path = makeTestFile(m_files->path(), QStringLiteral("plain.bin"), 5 * MiB, 70);
    QList<TaskPhase> startedIn;
    connect(m_scheduler, &UploadScheduler::taskStarted, this,
            [&](TaskId id) { startedIn << task(id)->phase(); });
    const QList<TaskId> ids = add({path});
    QVERIFY(waitIdle());
    QCOMPARE(task(ids[0])->state(), TaskState::Success);
    QCOMPARE(startedIn, QList<TaskPhase>{TaskPhase::Transferring});
    QVERIFY(task(ids[0])->contentHash().isEmpty());
    const QMap<QString, QString> metadata = storedMetadata(task(ids[0])->uploadUrl());
    QVERIFY(metadata.contains(QStringLiteral("filename"))); // the metadata was read
    QVERIFY(!metadata.contains(QStringLiteral("sha256")));
}

QTEST_GUILESS_MAIN(tst_Hashing)
#include "tst_hashing.moc"
