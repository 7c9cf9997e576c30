#include "taskstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QThread>

#include <cstdio>

namespace {
constexpr qint64 GiB = qint64(1) << 30;

// Child modes of this binary, for the cross-process lock tests.
const char *const HoldArg = "--hold-store";
const char *const TryArg = "--try-store";

TaskRecord sampleRecord(TaskId id, quint64 sequence)
{
    TaskRecord r;
    r.id = id;
    r.sequence = sequence;
    r.path = QStringLiteral("/data/file-%1.bin").arg(id);
    r.displayName = QStringLiteral("file-%1.bin").arg(id);
    r.size = 10'000'000;
    r.modifiedMs = 1'700'000'000'123;
    r.fingerprint = QByteArray(32, char(id));
    r.contentHash = QByteArray(32, char(id + 1));
    r.endpoint = QUrl(QStringLiteral("http://127.0.0.1:1080/files/"));
    r.priority = Priority::Normal;
    r.state = TaskState::Waiting;
    r.chunkSize = 1'000'000;
    r.chunkStates = QByteArray(10, char(ChunkState::Pending));
    r.rateLimit = qint64(id) * 1000;
    r.maxRequestSize = qint64(id) << 20;
    r.createdMs = 1'700'000'000'000;
    r.updatedMs = 1'700'000'000'500;
    r.finishedMs = 1'700'000'000'400;
    return r;
}

void compareRecords(const TaskRecord &a, const TaskRecord &b)
{
    QCOMPARE(a.id, b.id);
    QCOMPARE(a.sequence, b.sequence);
    QCOMPARE(a.path, b.path);
    QCOMPARE(a.displayName, b.displayName);
    QCOMPARE(a.size, b.size);
    QCOMPARE(a.modifiedMs, b.modifiedMs);
    QCOMPARE(a.fingerprint, b.fingerprint);
    QCOMPARE(a.contentHash, b.contentHash);
    QCOMPARE(a.endpoint, b.endpoint);
    QCOMPARE(a.uploadUrl, b.uploadUrl);
    QCOMPARE(a.priority, b.priority);
    QCOMPARE(a.state, b.state);
    QCOMPARE(a.confirmedBytes, b.confirmedBytes);
    QCOMPARE(a.chunkSize, b.chunkSize);
    QCOMPARE(a.chunkStates, b.chunkStates);
    QCOMPARE(a.retries, b.retries);
    QCOMPARE(a.errorKind, b.errorKind);
    QCOMPARE(a.errorText, b.errorText);
    QCOMPARE(a.httpStatus, b.httpStatus);
    QCOMPARE(a.instant, b.instant);
    QCOMPARE(a.rateLimit, b.rateLimit);
    QCOMPARE(a.maxRequestSize, b.maxRequestSize);
    QCOMPARE(a.uploadsToDelete, b.uploadsToDelete);
    QCOMPARE(a.createdMs, b.createdMs);
    QCOMPARE(a.updatedMs, b.updatedMs);
    QCOMPARE(a.finishedMs, b.finishedMs);
}

// What a second, independent connection reads: proof that a write reached the file.
QVariant readColumn(const QString &dbPath, const QString &sql)
{
    static int n = 0;
    const QString name = QStringLiteral("tst-reader-%1").arg(++n);
    QVariant value;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(dbPath);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(sql) && q.next())
                value = q.value(0);
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return value;
}

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// Child: holds the store open until its stdin closes, or tries to open it and says what happened.
int childMain(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    TaskStore store(QString::fromLocal8Bit(argv[2]));
    const TaskStore::OpenResult result = store.open();
    QTextStream out(stdout);
    if (!result.ok || qstrcmp(argv[1], TryArg) == 0)
        out << (result.ok ? QStringLiteral("open") : QStringLiteral("refused: ") + result.error)
            << Qt::endl;
    if (result.ok && qstrcmp(argv[1], HoldArg) == 0) {
        // Committed, then the process is killed: it must all come back from the WAL.
        store.save(sampleRecord(1, 1));
        store.saveUploadUrl(1, QUrl(QStringLiteral("http://127.0.0.1:1/files/kept")), 1);
        out << QStringLiteral("open") << Qt::endl;
        QTextStream in(stdin);
        in.readLine();
    }
    return result.ok ? 0 : 3;
}
} // namespace

class TstTaskStore final : public QObject {
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void upsertOverwrites();
    void removeAndRemoveAll();
    void reopenReturnsSequenceOrder();
    void walModeIsActive();
    void secondStoreInProcessIsRefused();
    void secondProcessIsRefusedAndKilledHolderIsTakenOver();
    void unreadableDatabaseIsMovedAside_data();
    void unreadableDatabaseIsMovedAside();
    void newerSchemaIsRefusedNotMoved();
    void failedWriteIsReportedAndRolledBack();
    void writeOnClosedStoreIsReported();
    void integrityOkAfterManyWrites();
    void uploadUrlSavedAfterCommitOnWorkerThread();

private:
    QTemporaryDir m_tmp;
};

void TstTaskStore::roundTrip_data()
{
    QTest::addColumn<TaskRecord>("record");

    QTest::newRow("plain") << sampleRecord(1, 1);

    TaskRecord unicode = sampleRecord(2, 7);
    unicode.path = QStringLiteral("/home/zoë/Фото/写真 🚀/naïve café.jpg");
    unicode.displayName = QStringLiteral("写真 🚀/naïve café.jpg");
    unicode.endpoint = QUrl(QStringLiteral("https://例え.jp/files/ü?x=1&y=ä"));
    unicode.uploadUrl = QUrl(QStringLiteral("https://例え.jp/files/abc%20def"));
    unicode.errorText = TrText("FileCheck", "The file changed while uploading: %1; %2.")
                            .arg(QStringLiteral("«ошибка»"), TrText(QStringLiteral("changé")));
    unicode.state = TaskState::Error;
    unicode.errorKind = TransferError::Kind::FileChanged;
    unicode.priority = Priority::High;
    unicode.retries = 4;
    QTest::newRow("non-ASCII") << unicode;

    TaskRecord empty = sampleRecord(3, 3);
    empty.size = 0;
    empty.chunkStates.clear();
    empty.fingerprint = QByteArray::fromHex( // quickFingerprint() of an empty file
        "af5570f5a1810b7af78caf4bc70a660f0df51e42baf91d4de5b2328de0e83dfc");
    empty.state = TaskState::Success;
    empty.priority = Priority::Low;
    QTest::newRow("0-byte file") << empty;

    TaskRecord large = sampleRecord(TaskId(1) << 40, quint64(1) << 50);
    large.size = 6 * GiB + 17;
    large.confirmedBytes = 5 * GiB + 3;
    large.chunkSize = 64 * 1024 * 1024;
    large.chunkStates.clear();
    for (int i = 0; i < 97; ++i)
        large.chunkStates.append(char(i < 80 ? ChunkState::Done : ChunkState(i % 4)));
    large.uploadUrl = QUrl(QStringLiteral("http://127.0.0.1:1080/files/0123456789abcdef"));
    large.state = TaskState::Paused;
    large.errorKind = TransferError::Kind::TooManyRequests;
    large.errorText = QStringLiteral("429");
    large.httpStatus = 429;
    QTest::newRow("> 4 GiB") << large;

    TaskRecord leftovers = sampleRecord(4, 4);
    leftovers.uploadsToDelete = {QUrl(QStringLiteral("http://127.0.0.1:1080/files/attempt")),
                                 QUrl(QStringLiteral("https://例え.jp/files/a%20b?x=1"))};
    QTest::newRow("uploads to delete") << leftovers;
}

void TstTaskStore::roundTrip()
{
    QFETCH(TaskRecord, record);
    const QString dir = m_tmp.filePath(QStringLiteral("état 状态/%1").arg(QTest::currentDataTag()));
    {
        TaskStore store(dir);
        const TaskStore::OpenResult opened = store.open();
        QVERIFY2(opened.ok, qPrintable(opened.error));
        QVERIFY(opened.tasks.isEmpty());
        QVERIFY(opened.movedAside.isEmpty());
        QSignalSpy failed(&store, &TaskStore::writeFailed);
        store.save(record);
        QCOMPARE(failed.count(), 0);
    }
    TaskStore again(dir);
    const TaskStore::OpenResult reopened = again.open();
    QVERIFY2(reopened.ok, qPrintable(reopened.error));
    QCOMPARE(reopened.tasks.size(), 1);
    compareRecords(reopened.tasks.first(), record);
}

void TstTaskStore::upsertOverwrites()
{
    const QString dir = m_tmp.filePath(QStringLiteral("upsert"));
    TaskStore store(dir);
    QVERIFY(store.open().ok);
    TaskRecord r = sampleRecord(5, 5);
    store.save(r);
    r.state = TaskState::Uploading;
    r.confirmedBytes = 3'000'000;
    r.chunkStates[0] = r.chunkStates[1] = r.chunkStates[2] = char(ChunkState::Done);
    r.uploadUrl = QUrl(QStringLiteral("http://127.0.0.1:1080/files/x"));
    r.retries = 2;
    store.save(r);
    store.close();

    TaskStore again(dir);
    const TaskStore::OpenResult opened = again.open();
    QVERIFY(opened.ok);
    QCOMPARE(opened.tasks.size(), 1);
    compareRecords(opened.tasks.first(), r);
}

void TstTaskStore::removeAndRemoveAll()
{
    const QString dir = m_tmp.filePath(QStringLiteral("remove"));
    TaskStore store(dir);
    QVERIFY(store.open().ok);
    store.saveAll({sampleRecord(1, 1), sampleRecord(2, 2), sampleRecord(3, 3), sampleRecord(4, 4)});
    store.remove(2);
    store.removeAll({1, 4, 99}); // an id the store never held is no error
    store.close();

    TaskStore again(dir);
    const TaskStore::OpenResult opened = again.open();
    QVERIFY(opened.ok);
    QCOMPARE(opened.tasks.size(), 1);
    QCOMPARE(opened.tasks.first().id, TaskId(3));
}

void TstTaskStore::reopenReturnsSequenceOrder()
{
    const QString dir = m_tmp.filePath(QStringLiteral("order"));
    TaskStore store(dir);
    QVERIFY(store.open().ok);
    // Ids and sequences disagree on purpose: the order is the sequence, whatever the insertion.
    const QList<quint64> sequences = {50, 10, 40, 20, 30};
    for (int i = 0; i < sequences.size(); ++i)
        store.save(sampleRecord(TaskId(i + 1), sequences.at(i)));
    store.close();

    TaskStore again(dir);
    const TaskStore::OpenResult opened = again.open();
    QVERIFY(opened.ok);
    QList<quint64> got;
    QList<TaskId> ids;
    for (const TaskRecord &r : opened.tasks) {
        got.append(r.sequence);
        ids.append(r.id);
    }
    QCOMPARE(got, (QList<quint64>{10, 20, 30, 40, 50}));
    QCOMPARE(ids, (QList<TaskId>{2, 4, 5, 3, 1}));
}

void TstTaskStore::walModeIsActive()
{
    const QString dir = m_tmp.filePath(QStringLiteral("wal"));
    TaskStore store(dir);
    QVERIFY(store.open().ok);
    store.save(sampleRecord(1, 1));
    QCOMPARE(readColumn(store.databasePath(), QStringLiteral("PRAGMA journal_mode")).toString(),
             QStringLiteral("wal"));
    QVERIFY(QFile::exists(store.databasePath() + QStringLiteral("-wal")));
    QCOMPARE(readColumn(store.databasePath(), QStringLiteral("SELECT value FROM meta WHERE key = "
                                                             "'version'"))
                 .toInt(),
             10);
}

void TstTaskStore::secondStoreInProcessIsRefused()
{
    const QString dir = m_tmp.filePath(QStringLiteral("twice"));
    TaskStore first(dir);
    QVERIFY(first.open().ok);
    first.save(sampleRecord(1, 1));

    TaskStore second(dir);
    const TaskStore::OpenResult refused = second.open();
    QVERIFY(!refused.ok);
    QCOMPARE(refused.error, QStringLiteral("Another Hoist (pid %1) is using %2.")
                                .arg(QCoreApplication::applicationPid())
                                .arg(QDir(dir).absolutePath()));
    QVERIFY(!second.isOpen());
    // The refused store touched nothing: the first one still works and its data is intact.
    first.save(sampleRecord(2, 2));
    QCOMPARE(first.integrityCheck(), QStringLiteral("ok"));

    first.close();
    const TaskStore::OpenResult opened = second.open();
    QVERIFY2(opened.ok, qPrintable(opened.error));
    QCOMPARE(opened.tasks.size(), 2);
}

void TstTaskStore::secondProcessIsRefusedAndKilledHolderIsTakenOver()
{
    const QString dir = m_tmp.filePath(QStringLiteral("processes"));
    QProcess holder;
    holder.start(QCoreApplication::applicationFilePath(), {QString::fromLatin1(HoldArg), dir});
    QVERIFY(holder.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(holder.canReadLine(), 10000);
    QCOMPARE(holder.readLine().trimmed(), QByteArray("open"));

    {
        TaskStore store(dir);
        const TaskStore::OpenResult refused = store.open();
        QVERIFY(!refused.ok);
        QCOMPARE(refused.error, QStringLiteral("Another Hoist (pid %1) is using %2.")
                                    .arg(holder.processId())
                                    .arg(QDir(dir).absolutePath()));
    }

    // Killed outright (as the crash tests do): its lock is stale and the next Hoist takes over.
    holder.kill();
    QVERIFY(holder.waitForFinished());
    TaskStore store(dir);
    const TaskStore::OpenResult opened = store.open();
    QVERIFY2(opened.ok, qPrintable(opened.error));
    QVERIFY(opened.movedAside.isEmpty());
    QCOMPARE(opened.tasks.size(), 1);
    QCOMPARE(opened.tasks.first().uploadUrl, QUrl(QStringLiteral("http://127.0.0.1:1/files/kept")));

    // And the other way round: while this process holds it, another process is refused.
    QProcess intruder;
    intruder.start(QCoreApplication::applicationFilePath(), {QString::fromLatin1(TryArg), dir});
    QVERIFY(intruder.waitForFinished(10000));
    QCOMPARE(intruder.exitCode(), 3);
    QCOMPARE(QString::fromUtf8(intruder.readAllStandardOutput().trimmed()),
             QStringLiteral("refused: Another Hoist (pid %1) is using %2.")
                 .arg(QCoreApplication::applicationPid())
                 .arg(QDir(dir).absolutePath()));
}

void TstTaskStore::unreadableDatabaseIsMovedAside_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QByteArray>("wal");
    QTest::addColumn<QString>("foreignSchema");

    QByteArray garbage;
    for (int i = 0; i < 8192; ++i)
        garbage.append(char((i * 131 + 7) % 251));
    QTest::newRow("garbage bytes") << garbage << QByteArray() << QString();
    QTest::newRow("garbage with a WAL") << garbage << garbage.left(4000) << QString();
    QTest::newRow("truncated header")
        << QByteArray("SQLite format 3\0\x10", 18) << QByteArray() << QString();
    QTest::newRow("foreign schema")
        << QByteArray() << QByteArray()
        << QStringLiteral("CREATE TABLE tasks (name TEXT, colour TEXT)");

    // A real store whose pages past the header were overwritten: SQLite's checks must catch it.
    const QString seed = m_tmp.filePath(QStringLiteral("seed"));
    {
        TaskStore store(seed);
        QVERIFY(store.open().ok);
        QList<TaskRecord> records;
        for (TaskId id = 1; id <= 300; ++id)
            records.append(sampleRecord(id, id));
        store.saveAll(records);
    }
    QFile file(QDir(seed).filePath(QStringLiteral("hoist.db")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray damaged = file.readAll();
    QVERIFY(damaged.size() > 3 * 4096);
    damaged.replace(4096, 2 * 4096, garbage.left(2 * 4096));
    QTest::newRow("damaged pages") << damaged << QByteArray() << QString();
}

void TstTaskStore::unreadableDatabaseIsMovedAside()
{
    QFETCH(QByteArray, content);
    QFETCH(QByteArray, wal);
    QFETCH(QString, foreignSchema);
    const QString dir = m_tmp.filePath(QStringLiteral("corrupt-%1").arg(QTest::currentDataTag()));
    QVERIFY(QDir().mkpath(dir));
    const QString dbPath = QDir(dir).filePath(QStringLiteral("hoist.db"));
    if (!foreignSchema.isEmpty())
        readColumn(dbPath, foreignSchema); // creates a valid SQLite file that is not ours
    else
        QVERIFY(writeBytes(dbPath, content));
    if (!wal.isEmpty())
        QVERIFY(writeBytes(dbPath + QStringLiteral("-wal"), wal));
    QFile original(dbPath);
    QVERIFY(original.open(QIODevice::ReadOnly));
    const QByteArray before = original.readAll();
    original.close();

    TaskStore store(dir);
    const TaskStore::OpenResult opened = store.open();
    QVERIFY2(opened.ok, qPrintable(opened.error));
    QVERIFY(opened.tasks.isEmpty());
    QVERIFY(!opened.movedAside.isEmpty());
    QVERIFY2(QRegularExpression(QStringLiteral("/hoist\\.db\\.corrupt-\\d{8}-\\d{6}$"))
                 .match(opened.movedAside)
                 .hasMatch(),
             qPrintable(opened.movedAside));
    QVERIFY(opened.notice.contains(opened.movedAside));
    QVERIFY(opened.error.isEmpty());
    // Kept byte for byte, for whoever wants to look at it.
    QFile moved(opened.movedAside);
    QVERIFY(moved.open(QIODevice::ReadOnly));
    QCOMPARE(moved.readAll(), before);
    if (!wal.isEmpty()) {
        QFile movedWal(opened.movedAside + QStringLiteral("-wal"));
        QVERIFY(movedWal.open(QIODevice::ReadOnly));
        QCOMPARE(movedWal.readAll(), wal);
    }

    // The fresh store works and keeps what it is given.
    store.save(sampleRecord(1, 1));
    QCOMPARE(store.integrityCheck(), QStringLiteral("ok"));
    store.close();
    TaskStore again(dir);
    const TaskStore::OpenResult reopened = again.open();
    QVERIFY(reopened.ok);
    QVERIFY(reopened.movedAside.isEmpty());
    QCOMPARE(reopened.tasks.size(), 1);
}

void TstTaskStore::newerSchemaIsRefusedNotMoved()
{
    const QString dir = m_tmp.filePath(QStringLiteral("newer"));
    {
        TaskStore store(dir);
        QVERIFY(store.open().ok);
        store.save(sampleRecord(1, 1));
    }
    const QString dbPath = QDir(dir).filePath(QStringLiteral("hoist.db"));
    readColumn(dbPath, QStringLiteral("UPDATE meta SET value = '99' WHERE key = 'version'"));

    TaskStore store(dir);
    const TaskStore::OpenResult opened = store.open();
    QVERIFY(!opened.ok);
    QVERIFY2(opened.error.contains(QStringLiteral("newer Hoist")), qPrintable(opened.error));
    QVERIFY(opened.movedAside.isEmpty());
    QCOMPARE(QDir(dir).entryList({QStringLiteral("*corrupt*")}), QStringList());
    // Refusing released the lock: a Hoist that can read it may still open the directory.
    QVERIFY(!QFile::exists(QDir(dir).filePath(QStringLiteral("hoist.lock"))));
}

void TstTaskStore::failedWriteIsReportedAndRolledBack()
{
    const QString dir = m_tmp.filePath(QStringLiteral("failing"));
    TaskStore store(dir);
    QVERIFY(store.open().ok);
    store.save(sampleRecord(1, 1));
    // A second connection plants a trigger that refuses one id: an SQL error on demand.
    readColumn(store.databasePath(),
               QStringLiteral("CREATE TRIGGER refuse BEFORE INSERT ON tasks WHEN NEW.id = 13 "
                              "BEGIN SELECT RAISE(ABORT, 'injected failure'); END"));

    QSignalSpy failed(&store, &TaskStore::writeFailed);
    TaskRecord changed = sampleRecord(1, 1);
    changed.confirmedBytes = 42;
    store.saveAll({changed, sampleRecord(13, 13), sampleRecord(2, 2)});
    QCOMPARE(failed.count(), 1);
    const QString message = failed.first().first().toString();
    QVERIFY2(message.startsWith(QStringLiteral("Could not save the upload queue in ")),
             qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("injected failure")), qPrintable(message));

    QSignalSpy urlSaved(&store, &TaskStore::uploadUrlSaved);
    store.save(sampleRecord(13, 13));
    QCOMPARE(failed.count(), 2);
    QCOMPARE(urlSaved.count(), 0);

    // All or nothing: the batch left no trace, and the store still takes writes.
    store.save(sampleRecord(3, 3));
    QCOMPARE(failed.count(), 2);
    store.close();
    TaskStore again(dir);
    const TaskStore::OpenResult opened = again.open();
    QVERIFY(opened.ok);
    QCOMPARE(opened.tasks.size(), 2);
    QCOMPARE(opened.tasks.at(0).id, TaskId(1));
    QCOMPARE(opened.tasks.at(0).confirmedBytes, qint64(0));
    QCOMPARE(opened.tasks.at(1).id, TaskId(3));
}

void TstTaskStore::writeOnClosedStoreIsReported()
{
    TaskStore store(m_tmp.filePath(QStringLiteral("never-opened")));
    QSignalSpy failed(&store, &TaskStore::writeFailed);
    QSignalSpy urlSaved(&store, &TaskStore::uploadUrlSaved);
    store.save(sampleRecord(1, 1));
    store.saveUploadUrl(1, QUrl(QStringLiteral("http://x/files/1")), 7);
    QCOMPARE(failed.count(), 2);
    QVERIFY(failed.first().first().toString().contains(QStringLiteral("not open")));
    QCOMPARE(urlSaved.count(), 0);
}

void TstTaskStore::integrityOkAfterManyWrites()
{
    const QString dir = m_tmp.filePath(QStringLiteral("many"));
    TaskStore store(dir);
    QVERIFY(store.open().ok);
    QSignalSpy failed(&store, &TaskStore::writeFailed);
    QList<TaskRecord> batch;
    for (TaskId id = 1; id <= 500; ++id)
        batch.append(sampleRecord(id, id));
    store.saveAll(batch);
    // Progress as the scheduler sends it: one task at a time, over and over.
    for (int round = 0; round < 2000; ++round) {
        TaskRecord r = batch.at(round % batch.size());
        r.confirmedBytes = round * 1000;
        r.state = TaskState::Uploading;
        store.save(r);
    }
    QList<TaskId> gone;
    for (TaskId id = 1; id <= 500; id += 3)
        gone.append(id);
    store.removeAll(gone);
    QCOMPARE(failed.count(), 0);
    QCOMPARE(store.integrityCheck(), QStringLiteral("ok"));
    store.close();

    TaskStore again(dir);
    const TaskStore::OpenResult opened = again.open();
    QVERIFY(opened.ok);
    QCOMPARE(opened.tasks.size(), 500 - gone.size());
    QCOMPARE(again.integrityCheck(), QStringLiteral("ok"));
}

void TstTaskStore::uploadUrlSavedAfterCommitOnWorkerThread()
{
    const QString dir = m_tmp.filePath(QStringLiteral("threaded"));
    // The intended use: the store lives on a worker thread; everything reaches it queued.
    QThread worker;
    worker.start();
    auto *store = new TaskStore(dir);
    store->moveToThread(&worker);
    TaskStore::OpenResult opened;
    QVERIFY(QMetaObject::invokeMethod(
        store, [store] { return store->open(); }, Qt::BlockingQueuedConnection, &opened));
    QVERIFY2(opened.ok, qPrintable(opened.error));

    // Signals from the worker thread, received here queued, as the scheduler receives them.
    QList<QPair<TaskId, quint64>> saved;
    int failed = 0;
    connect(store, &TaskStore::uploadUrlSaved, this, [&saved](TaskId id, quint64 token) {
        saved.append({id, token});
    });
    connect(store, &TaskStore::writeFailed, this, [&failed] { ++failed; });
    const TaskRecord r = sampleRecord(77, 1);
    const QUrl url(QStringLiteral("http://127.0.0.1:1080/files/ab12cd34?ü=1"));
    QMetaObject::invokeMethod(
        store, [store, r] { store->save(r); }, Qt::QueuedConnection);
    QMetaObject::invokeMethod(
        store, [store, url] { store->saveUploadUrl(77, url, 4242); }, Qt::QueuedConnection);
    QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 10000);
    QCOMPARE(saved.first().first, TaskId(77));
    QCOMPARE(saved.first().second, quint64(4242));
    QCOMPARE(failed, 0);
    // Durable by the time the signal arrives: a fresh connection already reads it.
    const QString stored = readColumn(QDir(dir).filePath(QStringLiteral("hoist.db")),
                                      QStringLiteral("SELECT upload_url FROM tasks WHERE id = 77"))
                               .toString();
    QCOMPARE(QUrl::fromEncoded(stored.toLatin1()), url);

    QMetaObject::invokeMethod(
        store, [store] { delete store; }, Qt::BlockingQueuedConnection);
    worker.quit();
    QVERIFY(worker.wait());

    TaskStore again(dir);
    const TaskStore::OpenResult reopened = again.open();
    QVERIFY(reopened.ok);
    QCOMPARE(reopened.tasks.size(), 1);
    QCOMPARE(reopened.tasks.first().uploadUrl, url);
}

int main(int argc, char **argv)
{
    if (argc == 3 && (qstrcmp(argv[1], HoldArg) == 0 || qstrcmp(argv[1], TryArg) == 0))
        return childMain(argc, argv);
    QCoreApplication app(argc, argv);
    TstTaskStore test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_taskstore.moc"
