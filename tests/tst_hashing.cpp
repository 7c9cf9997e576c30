// UploadScheduler's hashing phase against the real third-party tus server (@tus/server): the
// SHA-256 it sends, the phase a person sees, the concurrency slot it holds, pause and resume,
// and a restored queue that does not hash twice.
#include "testfiles.h"
#include "tusserverprocess.h"
#include "waitfor.h"

#include "fingerprint.h"
#include "storethread.h"
#include "taskstore.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
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
    QList<TaskId> add(const QStringList &paths);
    bool waitIdle(int timeoutMs = UploadTimeoutMs);
    // What @tus/file-store recorded as the upload's metadata (it keeps <id>.json beside the data).
    QJsonObject storedMetadata(const QUrl &uploadUrl) const;
    const UploadTask *task(TaskId id) const { return m_scheduler->task(id); }

    std::unique_ptr<TusServerProcess> m_server;
    std::unique_ptr<QTemporaryDir> m_files;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
};

void tst_Hashing::init()
{
    m_server = std::make_unique<TusServerProcess>();
    QVERIFY2(m_server->start(), qPrintable(m_server->errorString()));
    m_files = std::make_unique<QTemporaryDir>();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_scheduler->setHashBeforeUpload(true);
    m_scheduler->setEndpoint(m_server->endpoint());
    m_scheduler->setChunkSize(4 * MiB);
    QVERIFY(m_scheduler->hashBeforeUpload()); // on for these tests (off by default)
}

void tst_Hashing::cleanup()
{
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
    m_server.reset();
    m_files.reset();
}

QList<TaskId> tst_Hashing::add(const QStringList &paths)
{
    QSignalSpy added(m_scheduler.get(), &UploadScheduler::tasksAdded);
    m_scheduler->addPaths(paths);
    if (!added.wait(10000))
        return {};
    return added.first().first().value<QList<TaskId>>();
}

bool tst_Hashing::waitIdle(int timeoutMs)
{
    return waitFor([this] { return m_scheduler->isIdle(); }, timeoutMs);
}

QJsonObject tst_Hashing::storedMetadata(const QUrl &uploadUrl) const
{
    QFile file(m_server->storedPath(uploadUrl) + QStringLiteral(".json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject upload = QJsonDocument::fromJson(file.readAll()).object();
    return upload.value(QLatin1String("metadata")).toObject();
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
        const QJsonObject metadata = storedMetadata(t->uploadUrl());
        QCOMPARE(metadata.value(QLatin1String("sha256")).toString().toLatin1(), expected);
        QCOMPARE(metadata.value(QLatin1String("filename")).toString(),
                 QStringLiteral("m%1.bin").arg(i));
        QVERIFY(fileMatches(m_server->storedPath(t->uploadUrl()), sizes[i], i + 11));
    }
    // The hash costs no request: one creation each, nothing more than without it.
    QCOMPARE(m_server->stats().count(QStringLiteral("POST")), int(std::size(sizes)));
}

void tst_Hashing::passesThroughHashingPhase()
{
    const QString path = makeTestFile(m_files->path(), QStringLiteral("big.bin"), SlowToHash, 2);
    QList<TaskPhase> startedIn;
    connect(m_scheduler.get(), &UploadScheduler::taskStarted, this,
            [&](TaskId id) { startedIn << task(id)->phase(); });
    // What a table sees: each batch of changes, in order.
    QList<QPair<TaskPhase, double>> seen;
    bool hashedBeforeTransfer = true;
    connect(m_scheduler.get(), &UploadScheduler::tasksChanged, this, [&](const QList<TaskId> &ids) {
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
    QCOMPARE(storedMetadata(task(ids[0])->uploadUrl()).value(QLatin1String("sha256")).toString(),
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
    connect(m_scheduler.get(), &UploadScheduler::taskStarted, this, [&](TaskId id) {
        hashingAtStart += task(id)->phase() == TaskPhase::Hashing ? 1 : 0;
        look();
    });
    connect(m_scheduler.get(), &UploadScheduler::tasksChanged, this, look);
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
    const QStringList two = {
        makeTestFile(m_files->path(), QStringLiteral("one"), SlowToHash, 30),
        makeTestFile(m_files->path(), QStringLiteral("two"), MiB, 31)};
    QList<TaskState> otherWhileHashing;
    QList<TaskId> pair;
    connect(m_scheduler.get(), &UploadScheduler::tasksChanged, this, [&] {
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
    connect(m_scheduler.get(), &UploadScheduler::taskStarted, this, [&](TaskId id) {
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
    QCOMPARE(storedMetadata(task(ids[0])->uploadUrl()).value(QLatin1String("sha256")).toString(),
             QString::fromLatin1(sha256Hex(SlowToHash, 40)));
    QVERIFY(fileMatches(m_server->storedPath(task(ids[0])->uploadUrl()), SlowToHash, 40));
}

void tst_Hashing::fileChangedWhileHashing()
{
    const QString path = makeTestFile(m_files->path(), QStringLiteral("cut.bin"), SlowToHash, 50);
    connect(m_scheduler.get(), &UploadScheduler::taskStarted, this,
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
    // Task 1 was hashed before the restart (a value no file here has: proof it is not
    // recomputed); task 2 was not, as in a store from before hashes were kept.
    const QByteArray storedHash(32, '\xab');
    records[0].contentHash = storedHash;
    {
        StoreThread store(state.path());
        QVERIFY(store.open().ok);
        m_scheduler->setStore(store.store());
        QMap<TaskId, TaskPhase> startedIn;
        connect(m_scheduler.get(), &UploadScheduler::taskStarted, this,
                [&](TaskId id) { startedIn.insert(id, task(id)->phase()); });
        m_scheduler->restore(records);
        QVERIFY(waitIdle());
        QCOMPARE(task(1)->state(), TaskState::Success);
        QCOMPARE(task(2)->state(), TaskState::Success);
        QCOMPARE(startedIn.value(1), TaskPhase::Transferring);
        QCOMPARE(startedIn.value(2), TaskPhase::Hashing);
        QCOMPARE(storedMetadata(task(1)->uploadUrl()).value(QLatin1String("sha256")).toString(),
                 QString::fromLatin1(storedHash.toHex()));
        QCOMPARE(storedMetadata(task(2)->uploadUrl()).value(QLatin1String("sha256")).toString(),
                 QString::fromLatin1(sha256Hex(size, 62)));
        m_scheduler.reset(); // before its store goes
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
    m_scheduler->setHashBeforeUpload(false);
    const QString path = makeTestFile(m_files->path(), QStringLiteral("plain.bin"), 5 * MiB, 70);
    QList<TaskPhase> startedIn;
    connect(m_scheduler.get(), &UploadScheduler::taskStarted, this,
            [&](TaskId id) { startedIn << task(id)->phase(); });
    const QList<TaskId> ids = add({path});
    QVERIFY(waitIdle());
    QCOMPARE(task(ids[0])->state(), TaskState::Success);
    QCOMPARE(startedIn, QList<TaskPhase>{TaskPhase::Transferring});
    QVERIFY(task(ids[0])->contentHash().isEmpty());
    const QJsonObject metadata = storedMetadata(task(ids[0])->uploadUrl());
    QVERIFY(metadata.contains(QLatin1String("filename"))); // the metadata file was read
    QVERIFY(!metadata.contains(QLatin1String("sha256")));
}

QTEST_GUILESS_MAIN(tst_Hashing)
#include "tst_hashing.moc"
