// The queue's rows as they are read back at start (issue 23): a row damaged on disk (a bad
// state, a negative size, no URL, a garbage chunk map, NULLs, the wrong SQLite type) is left out
// of the queue and reported, never read as a made-up task and never a crash; the rest of the
// queue loads, and the damaged rows are kept, unchanged, in the table damaged_tasks. The damage is
// real: a queue written by TaskStore into an SQLite file, then changed with UPDATEs through a
// connection of the test's own, then a real start (TaskStore::open, and the hoist binary).
#include "hoistdprocess.h"
#include "taskstore.h"
#include "testfiles.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr int RunTimeoutMs = 120000;

TaskRecord goodRecord(TaskId id, TaskState state = TaskState::Paused)
{
    TaskRecord r;
    r.id = id;
    r.sequence = id;
    r.path = QStringLiteral("/nonexistent/damaged-rows/file-%1.bin").arg(id);
    r.displayName = QStringLiteral("file-%1.bin").arg(id);
    r.size = 10'000'000;
    r.modifiedMs = 1'700'000'000'123;
    r.endpoint = QUrl(QStringLiteral("http://127.0.0.1:9/files/"));
    r.state = state;
    r.chunkSize = 1'000'000;
    r.chunkStates = QByteArray(10, char(ChunkState::Pending));
    r.createdMs = 1'700'000'000'000;
    r.updatedMs = 1'700'000'000'500;
    if (state == TaskState::Success) {
        r.confirmedBytes = r.size;
        r.chunkStates = QByteArray(10, char(ChunkState::Done));
        r.finishedMs = 1'700'000'000'400;
    }
    return r;
}

// Each an UPDATE of one task's row that makes it one this Hoist never wrote.
const QStringList Damages = {
    QStringLiteral("state = 77"),
    QStringLiteral("state = 'Waiting'"),
    QStringLiteral("size = -5"),
    QStringLiteral("size = 1.5"),
    QStringLiteral("confirmed_bytes = 20000000"),
    QStringLiteral("endpoint = 'ht tp://no url'"),
    QStringLiteral("upload_url = 'garbage'"),
    QStringLiteral("chunk_states = X'FF00FF'"),
    QStringLiteral("chunk_states = X'0909090909090909090909'"),
    QStringLiteral("path = NULL"),
    QStringLiteral("priority = -1"),
    QStringLiteral("error_kind = 999"),
    QStringLiteral("sequence = -3"),
    QStringLiteral("parts = 'not parts at all'"),
    QStringLiteral("to_delete = 'http://ok/ \nno url'"),
    QStringLiteral("http_status = 100000"),
    // A 6 GiB file in 1-byte chunks: more chunks than a ChunkMap can count.
    QStringLiteral("size = 6442450944, chunk_size = 1, chunk_states = NULL"),
};

// Runs `statements` on the database file through a connection of its own.
bool damage(const QString &dbPath, const QStringList &statements, QString *error)
{
    const QString name = QStringLiteral("damager");
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(dbPath);
        ok = db.open();
        QSqlQuery q(db);
        for (const QString &statement : statements) {
            if (ok && !q.exec(statement)) {
                *error = statement + QStringLiteral(": ") + q.lastError().text();
                ok = false;
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

QList<QVariantList> rowsOf(const QString &dbPath, const QString &sql)
{
    const QString name = QStringLiteral("reader");
    QList<QVariantList> rows;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(dbPath);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(sql)) {
                while (q.next()) {
                    QVariantList row;
                    for (int i = 0; i < q.record().count(); ++i)
                        row.append(q.value(i));
                    rows.append(row);
                }
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return rows;
}

// A queue of `good` sound tasks (ids 1..good) and one more per damage (ids from 101), damaged.
bool writeDamagedQueue(const QString &dir, int good, TaskState goodState, QString *error)
{
    TaskStore store(dir);
    if (!store.open().ok) {
        *error = QStringLiteral("cannot open the store");
        return false;
    }
    QList<TaskRecord> records;
    for (int i = 1; i <= good; ++i)
        records.append(goodRecord(TaskId(i), goodState));
    for (int i = 0; i < Damages.size(); ++i)
        records.append(goodRecord(TaskId(101 + i)));
    store.saveAll(records);
    const QString path = store.databasePath();
    store.close();
    QStringList statements;
    for (int i = 0; i < Damages.size(); ++i)
        statements.append(
            QStringLiteral("UPDATE tasks SET %1 WHERE id = %2").arg(Damages.at(i)).arg(101 + i));
    return damage(path, statements, error);
}
} // namespace

class TestDamagedRows : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void damagedRowsAreLeftOutAndKeptAside();
    void soundQueueReportsNothing();
    void headlessStartSaysSoOnceAndGoesOn();
};

void TestDamagedRows::damagedRowsAreLeftOutAndKeptAside()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    constexpr int Good = 5;
    QString error;
    QVERIFY2(writeDamagedQueue(dir.path(), Good, TaskState::Paused, &error), qPrintable(error));
    const QString dbPath = QDir(dir.path()).filePath(QStringLiteral("hoist.db"));
    const QList<QVariantList> before =
        rowsOf(dbPath, QStringLiteral("SELECT * FROM tasks WHERE id > 100 ORDER BY id"));
    QCOMPARE(before.size(), Damages.size());

    {
        TaskStore store(dir.path());
        const TaskStore::OpenResult opened = store.open();
        QVERIFY2(opened.ok, qPrintable(opened.error));
        // The rest of the queue, as it was written.
        QCOMPARE(opened.tasks.size(), Good);
        for (int i = 0; i < Good; ++i) {
            QCOMPARE(opened.tasks.at(i).id, TaskId(i + 1));
            QCOMPARE(opened.tasks.at(i).path, goodRecord(TaskId(i + 1)).path);
            QCOMPARE(opened.tasks.at(i).state, TaskState::Paused);
        }
        QCOMPARE(opened.damagedRows, int(Damages.size()));
        QVERIFY2(opened.notice.contains(QString::number(Damages.size()))
                     && opened.notice.contains(QStringLiteral("damaged_tasks")),
                 qPrintable(opened.notice));
        QVERIFY(opened.movedAside.isEmpty());
        QCOMPARE(store.integrityCheck(), QStringLiteral("ok"));
        // Still a queue that takes writes.
        store.save(goodRecord(TaskId(50)));
        QCOMPARE(store.pendingWrites(), 0);
    }

    // Moved, not deleted: every value as it was, with when and why.
    QVERIFY(rowsOf(dbPath, QStringLiteral("SELECT id FROM tasks WHERE id > 100")).isEmpty());
    const QList<QVariantList> kept =
        rowsOf(dbPath, QStringLiteral("SELECT * FROM damaged_tasks ORDER BY id"));
    QCOMPARE(kept.size(), Damages.size());
    for (int i = 0; i < kept.size(); ++i) {
        const QVariantList &row = kept.at(i);
        QVERIFY(row.at(0).toLongLong() > 0);      // found_ms
        QVERIFY(!row.at(1).toString().isEmpty()); // problem
        QCOMPARE(row.mid(2), before.at(i));       // the row itself
    }
    // The problems say what is wrong, in words a person can follow.
    const QList<QVariantList> problems =
        rowsOf(dbPath, QStringLiteral("SELECT problem FROM damaged_tasks WHERE id = 101"));
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems.first().first().toString().contains(QStringLiteral("state is 77")),
             qPrintable(problems.first().first().toString()));

    // Once moved, said once: the next start finds a sound queue.
    TaskStore again(dir.path());
    const TaskStore::OpenResult reopened = again.open();
    QVERIFY(reopened.ok);
    QCOMPARE(reopened.damagedRows, 0);
    QVERIFY(reopened.notice.isEmpty());
    QCOMPARE(reopened.tasks.size(), Good + 1);
}

// Whatever Hoist writes itself reads back whole: a queue of many shapes of tasks is never taken
// for damaged.
void TestDamagedRows::soundQueueReportsNothing()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QList<TaskRecord> records;
    TaskRecord empty = goodRecord(1);
    empty.size = 0;
    empty.chunkSize = 0;
    empty.chunkStates = QByteArray(1, char(ChunkState::Pending));
    records.append(empty);
    TaskRecord noEndpoint = goodRecord(2);
    noEndpoint.endpoint = QUrl();
    noEndpoint.chunkStates.clear();
    records.append(noEndpoint);
    TaskRecord done = goodRecord(3, TaskState::Success);
    done.uploadUrl = QUrl(QStringLiteral("http://127.0.0.1:9/files/abc"));
    done.contentHash = QByteArray(32, 'h');
    records.append(done);
    TaskRecord parts = goodRecord(4);
    for (int i = 0; i < 2; ++i) {
        UploadPart part;
        part.begin = i * 5'000'000;
        part.end = part.begin + 5'000'000;
        part.confirmed = 1000;
        part.url = QUrl(QStringLiteral("http://127.0.0.1:9/files/part%1").arg(i));
        parts.parts.append(part);
    }
    parts.uploadsToDelete = {QUrl(QStringLiteral("http://127.0.0.1:9/files/x"))};
    records.append(parts);
    TaskRecord failed = goodRecord(5, TaskState::Error);
    failed.errorKind = TransferError::Kind::FileUnreadable;
    failed.errorText = TrText(QStringLiteral("Cannot read 'x': Input/output error."));
    failed.httpStatus = 507;
    failed.retries = 3;
    records.append(failed);
    TaskRecord s3 = goodRecord(6);
    s3.endpoint = QUrl(QStringLiteral("s3://bucket/prefix/?region=eu-west-1"));
    records.append(s3);
    {
        TaskStore store(dir.path());
        QVERIFY(store.open().ok);
        store.saveAll(records);
    }
    TaskStore store(dir.path());
    const TaskStore::OpenResult opened = store.open();
    QVERIFY(opened.ok);
    QCOMPARE(opened.damagedRows, 0);
    QVERIFY2(opened.notice.isEmpty(), qPrintable(opened.notice));
    QCOMPARE(opened.tasks.size(), records.size());
}

// A real start of the hoist binary on a damaged queue: it says so once on stderr, uploads what
// it was given, and exits 0; the damaged rows, one of which would have asked a ChunkMap for more
// chunks than it can count, never become tasks.
void TestDamagedRows::headlessStartSaysSoOnceAndGoesOn()
{
    HoistdProcess hoistd;
    QVERIFY2(hoistd.start(), qPrintable(hoistd.errorString()));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString state = QDir(dir.path()).filePath(QStringLiteral("state"));
    QString error;
    QVERIFY2(writeDamagedQueue(state, 3, TaskState::Success, &error), qPrintable(error));
    const QString file = makeTestFile(dir.path(), QStringLiteral("new.bin"), 300'000, 7);
    QVERIFY(!file.isEmpty());
    const QStringList args = {QStringLiteral("--headless"),
                              QStringLiteral("--endpoint"),
                              hoistd.endpoint().toString(),
                              QStringLiteral("--state-dir"),
                              state,
                              file};
    // (The plural form is the English translation's; the count is the same.)
    const QRegularExpression said(QStringLiteral("hoist: %1 upload[^ ]* in the queue could not be "
                                                 "read back")
                                      .arg(Damages.size()));

    QProcess first;
    first.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")), args);
    QVERIFY(first.waitForFinished(RunTimeoutMs));
    const QString err = QString::fromLocal8Bit(first.readAllStandardError());
    QCOMPARE(first.exitStatus(), QProcess::NormalExit);
    QVERIFY2(first.exitCode() == 0, qPrintable(err.right(3000)));
    QCOMPARE(int(err.count(said)), 1);
    QVERIFY2(err.contains(QStringLiteral("damaged_tasks")), qPrintable(err));
    QCOMPARE(hoistd.storedFiles().size(), 1);
    QVERIFY(fileMatches(hoistd.storedPath(QUrl(hoistd.storedFiles().first())), 300'000, 7));

    QProcess second;
    second.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")),
                 args.mid(0, args.size() - 1)); // the queue only
    QVERIFY(second.waitForFinished(RunTimeoutMs));
    const QString secondErr = QString::fromLocal8Bit(second.readAllStandardError());
    QVERIFY2(second.exitCode() == 0, qPrintable(secondErr.right(3000)));
    QVERIFY2(!secondErr.contains(said), qPrintable(secondErr));
    QCOMPARE(hoistd.storedFiles().size(), 1);
}

QTEST_GUILESS_MAIN(TestDamagedRows)
#include "tst_damagedrows.moc"
