// TaskStore opening a queue written by an older Hoist: schema 1 (before content hashes and
// parallel parts), schema 5 (before the uploads to delete), schema 6 (before the finish time) and
// schema 7 (before uploads were verified), schema 8 (before causes were kept untranslated) and
// schema 9 (before the failing HTTP status was kept) are brought up to date in place, keeping
// every task.
#include "taskstore.h"

#include <QDir>
#include <QHash>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

namespace {
// The schema 1 tables exactly as that Hoist created them.
const char *const SchemaV1[] = {
    "CREATE TABLE meta (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE tasks ("
    " id INTEGER NOT NULL, sequence INTEGER NOT NULL, path TEXT, display_name TEXT,"
    " size INTEGER NOT NULL, modified_ms INTEGER NOT NULL, fingerprint BLOB, endpoint TEXT,"
    " upload_url TEXT, priority INTEGER NOT NULL, state INTEGER NOT NULL,"
    " confirmed_bytes INTEGER NOT NULL, chunk_size INTEGER NOT NULL, chunk_states BLOB,"
    " retries INTEGER NOT NULL, error_kind INTEGER NOT NULL, error_message TEXT,"
    " created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL,"
    " PRIMARY KEY (id))",
    "INSERT INTO meta (key, value) VALUES ('version', 1)",
    "INSERT INTO tasks VALUES (7, 3, '/data/a.bin', 'a.bin', 1000, 1700000000123, x'0102',"
    " 'http://127.0.0.1:1080/files/', 'http://127.0.0.1:1080/files/abc', 1, 2, 500, 250,"
    " x'02020000', 0, 0, '', 1700000000000, 1700000000500)",
};

// The schema 5 tables exactly as that Hoist created them, with a task sent as parts.
const char *const SchemaV5[] = {
    "CREATE TABLE meta (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE tasks ("
    " id INTEGER NOT NULL, sequence INTEGER NOT NULL, path TEXT, display_name TEXT,"
    " size INTEGER NOT NULL, modified_ms INTEGER NOT NULL, fingerprint BLOB, endpoint TEXT,"
    " upload_url TEXT, priority INTEGER NOT NULL, state INTEGER NOT NULL,"
    " confirmed_bytes INTEGER NOT NULL, chunk_size INTEGER NOT NULL, chunk_states BLOB,"
    " retries INTEGER NOT NULL, error_kind INTEGER NOT NULL, error_message TEXT,"
    " created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL, content_hash BLOB,"
    " parts TEXT, instant INTEGER NOT NULL DEFAULT 0, rate_limit INTEGER NOT NULL DEFAULT 0,"
    " max_request INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (id))",
    "INSERT INTO meta (key, value) VALUES ('version', 5)",
    "INSERT INTO tasks VALUES (9, 4, '/data/b.bin', 'b.bin', 1000, 1700000000123, x'0304',"
    " 'http://127.0.0.1:1080/files/', '', 1, 0, 250, 250, x'02000000', 0, 0, '',"
    " 1700000000000, 1700000000500, x'5a5a', '0 500 250 http://127.0.0.1:1080/files/p1\n"
    "500 1000 0 \n', 0, 4096, 1048576)",
};

// The schema 6 tables exactly as that Hoist created them: one task done, one waiting.
const char *const SchemaV6[] = {
    "CREATE TABLE meta (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE tasks ("
    " id INTEGER NOT NULL, sequence INTEGER NOT NULL, path TEXT, display_name TEXT,"
    " size INTEGER NOT NULL, modified_ms INTEGER NOT NULL, fingerprint BLOB, endpoint TEXT,"
    " upload_url TEXT, priority INTEGER NOT NULL, state INTEGER NOT NULL,"
    " confirmed_bytes INTEGER NOT NULL, chunk_size INTEGER NOT NULL, chunk_states BLOB,"
    " retries INTEGER NOT NULL, error_kind INTEGER NOT NULL, error_message TEXT,"
    " created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL, content_hash BLOB,"
    " parts TEXT, instant INTEGER NOT NULL DEFAULT 0, rate_limit INTEGER NOT NULL DEFAULT 0,"
    " max_request INTEGER NOT NULL DEFAULT 0, to_delete TEXT, PRIMARY KEY (id))",
    "INSERT INTO meta (key, value) VALUES ('version', 6)",
    "INSERT INTO tasks VALUES (11, 5, '/data/done.bin', 'done.bin', 1000, 1700000000123, x'05',"
    " 'http://127.0.0.1:1080/files/', 'http://127.0.0.1:1080/files/done', 1, 3, 1000, 1000,"
    " x'02', 0, 0, '', 1700000000000, 1700000009000, NULL, '', 0, 0, 0, NULL)",
    "INSERT INTO tasks VALUES (12, 6, '/data/wait.bin', 'wait.bin', 1000, 1700000000123, x'06',"
    " 'http://127.0.0.1:1080/files/', '', 1, 0, 0, 1000, x'00', 0, 0, '', 1700000001000,"
    " 1700000002000, NULL, '', 0, 0, 0, NULL)",
};

// The schema 7 tables exactly as that Hoist created them: one task done (before uploads were
// verified), one waiting.
const char *const SchemaV7[] = {
    "CREATE TABLE meta (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE tasks ("
    " id INTEGER NOT NULL, sequence INTEGER NOT NULL, path TEXT, display_name TEXT,"
    " size INTEGER NOT NULL, modified_ms INTEGER NOT NULL, fingerprint BLOB, endpoint TEXT,"
    " upload_url TEXT, priority INTEGER NOT NULL, state INTEGER NOT NULL,"
    " confirmed_bytes INTEGER NOT NULL, chunk_size INTEGER NOT NULL, chunk_states BLOB,"
    " retries INTEGER NOT NULL, error_kind INTEGER NOT NULL, error_message TEXT,"
    " created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL, content_hash BLOB,"
    " parts TEXT, instant INTEGER NOT NULL DEFAULT 0, rate_limit INTEGER NOT NULL DEFAULT 0,"
    " max_request INTEGER NOT NULL DEFAULT 0, to_delete TEXT,"
    " finished_ms INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (id))",
    "INSERT INTO meta (key, value) VALUES ('version', 7)",
    "INSERT INTO tasks VALUES (21, 5, '/data/done.bin', 'done.bin', 1000, 1700000000123, x'05',"
    " 'http://127.0.0.1:1080/files/', 'http://127.0.0.1:1080/files/done', 1, 3, 1000, 1000,"
    " x'02', 0, 0, '', 1700000000000, 1700000009000, NULL, '', 0, 0, 0, NULL, 1700000009000)",
    "INSERT INTO tasks VALUES (22, 6, '/data/wait.bin', 'wait.bin', 1000, 1700000000123, x'06',"
    " 'http://127.0.0.1:1080/files/', '', 1, 0, 0, 1000, x'00', 0, 0, '', 1700000001000,"
    " 1700000002000, NULL, '', 0, 0, 0, NULL, 0)",
};

// The schema 8 tables exactly as that Hoist created them: a task that failed under Chinese, its
// cause stored as the words it was shown in.
const char *const SchemaV8[] = {
    "CREATE TABLE meta (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE tasks ("
    " id INTEGER NOT NULL, sequence INTEGER NOT NULL, path TEXT, display_name TEXT,"
    " size INTEGER NOT NULL, modified_ms INTEGER NOT NULL, fingerprint BLOB, endpoint TEXT,"
    " upload_url TEXT, priority INTEGER NOT NULL, state INTEGER NOT NULL,"
    " confirmed_bytes INTEGER NOT NULL, chunk_size INTEGER NOT NULL, chunk_states BLOB,"
    " retries INTEGER NOT NULL, error_kind INTEGER NOT NULL, error_message TEXT,"
    " created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL, content_hash BLOB,"
    " parts TEXT, instant INTEGER NOT NULL DEFAULT 0, rate_limit INTEGER NOT NULL DEFAULT 0,"
    " max_request INTEGER NOT NULL DEFAULT 0, to_delete TEXT,"
    " finished_ms INTEGER NOT NULL DEFAULT 0, check_outcome INTEGER NOT NULL DEFAULT 0,"
    " check_note TEXT, PRIMARY KEY (id))",
    "INSERT INTO meta (key, value) VALUES ('version', 8)",
    "INSERT INTO tasks VALUES (31, 7, '/data/big.bin', 'big.bin', 1000, 1700000000123, x'07',"
    " 'http://127.0.0.1:1080/files/', '', 1, 4, 0, 1000, x'00', 0, 8,"
    " '\xe6\x9c\x8d\xe5\x8a\xa1\xe5\x99\xa8 (HTTP 413)', 1700000000000, 1700000009000,"
    " NULL, '', 0, 0, 0, NULL, 1700000009000, 0, NULL)",
};

// The schema 9 tables exactly as that Hoist created them: one task refused for want of a token
// (its cause the untranslated source with "(HTTP 401)"), one refused with 403, one waiting.
const char *const SchemaV9[] = {
    "CREATE TABLE meta (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE tasks ("
    " id INTEGER NOT NULL, sequence INTEGER NOT NULL, path TEXT, display_name TEXT,"
    " size INTEGER NOT NULL, modified_ms INTEGER NOT NULL, fingerprint BLOB, endpoint TEXT,"
    " upload_url TEXT, priority INTEGER NOT NULL, state INTEGER NOT NULL,"
    " confirmed_bytes INTEGER NOT NULL, chunk_size INTEGER NOT NULL, chunk_states BLOB,"
    " retries INTEGER NOT NULL, error_kind INTEGER NOT NULL, error_message TEXT,"
    " created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL, content_hash BLOB,"
    " parts TEXT, instant INTEGER NOT NULL DEFAULT 0, rate_limit INTEGER NOT NULL DEFAULT 0,"
    " max_request INTEGER NOT NULL DEFAULT 0, to_delete TEXT,"
    " finished_ms INTEGER NOT NULL DEFAULT 0, check_outcome INTEGER NOT NULL DEFAULT 0,"
    " check_note TEXT, error_text TEXT, PRIMARY KEY (id))",
    "INSERT INTO meta (key, value) VALUES ('version', 9)",
    "INSERT INTO tasks VALUES (41, 1, '/data/a.bin', 'a.bin', 1000, 1700000000123, x'01',"
    " 'http://127.0.0.1:1080/files/', '', 1, 4, 0, 1000, x'00', 0, 9,"
    " '\xe6\x9c\x8d\xe5\x8a\xa1\xe5\x99\xa8\xe6\x8b\x92\xe7\xbb\x9d', 1700000000000,"
    " 1700000009000, NULL, '', 0, 0, 0, NULL, 1700000009000, 0, NULL,"
    " '{\"c\":\"TusHttp\",\"s\":\"The server refused authorisation (HTTP 401); check the"
    " token set for this server%1\",\"a\":[{\"t\":\"\"}]}')",
    "INSERT INTO tasks VALUES (42, 2, '/data/b.bin', 'b.bin', 1000, 1700000000123, x'02',"
    " 'http://127.0.0.1:1080/files/', '', 1, 4, 0, 1000, x'00', 0, 9,"
    " 'The server refused access (HTTP 403); this token may not upload there', 1700000000000,"
    " 1700000009000, NULL, '', 0, 0, 0, NULL, 1700000009000, 0, NULL, NULL)",
    "INSERT INTO tasks VALUES (43, 3, '/data/c.bin', 'c.bin', 1000, 1700000000123, x'03',"
    " 'http://127.0.0.1:1080/files/', '', 1, 0, 0, 1000, x'00', 0, 0, '', 1700000001000,"
    " 1700000002000, NULL, '', 0, 0, 0, NULL, 0, 0, NULL, NULL)",
};

// Runs `sql` on its own connection, the way another program (or an older Hoist) would.
QVariant exec(const QString &dbPath, const QString &sql)
{
    static int n = 0;
    const QString name = QStringLiteral("tst-migration-%1").arg(++n);
    QVariant value;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(dbPath);
        if (db.open()) {
            QSqlQuery q(db);
            if (!q.exec(sql))
                qWarning() << sql << q.lastError().text();
            if (q.next())
                value = q.value(0);
        }
    }
    QSqlDatabase::removeDatabase(name);
    return value;
}
} // namespace

class tst_TaskStoreMigration : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void schema1IsMigratedKeepingTasks();
    void schema5IsMigratedKeepingTasks();
    void schema6IsMigratedWithFinishTimes();
    void schema7IsMigratedWithVerification();
    void schema8IsMigratedKeepingOldCauses();
    void schema9IsMigratedWithHttpStatus();
};

void tst_TaskStoreMigration::schema1IsMigratedKeepingTasks()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("state"));
    QVERIFY(QDir().mkpath(dir));
    const QString dbPath = QDir(dir).filePath(QStringLiteral("hoist.db"));
    for (const char *sql : SchemaV1)
        exec(dbPath, QString::fromLatin1(sql));
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT count(*) FROM tasks")).toInt(), 1);

    const QByteArray hash(32, '\x5a');
    UploadParts parts(2);
    parts[0] = {0, 250, QUrl(QStringLiteral("http://127.0.0.1:1080/files/p1")), 250, {}};
    // An S3 part with its ETag (a 5th field, percent-encoded): quotes kept, a blank survives.
    parts[1] = {250, 1000,
                QUrl(QStringLiteral("s3://b/k%20k?endpoint=http://127.0.0.1:8000&region=r"
                                    "&uploadId=2~x&partNumber=2")),
                750, QByteArrayLiteral("\"9b2cf535 f27731c9\"")};
    {
        TaskStore store(dir);
        const TaskStore::OpenResult opened = store.open();
        QVERIFY2(opened.ok, qPrintable(opened.error));
        QVERIFY(opened.movedAside.isEmpty()); // migrated, not thrown away
        QCOMPARE(opened.tasks.size(), 1);
        TaskRecord r = opened.tasks.first();
        QCOMPARE(r.id, TaskId(7));
        QCOMPARE(r.path, QStringLiteral("/data/a.bin"));
        QCOMPARE(r.uploadUrl, QUrl(QStringLiteral("http://127.0.0.1:1080/files/abc")));
        QCOMPARE(r.state, TaskState::Paused);
        QCOMPARE(r.confirmedBytes, qint64(500));
        QCOMPARE(r.fingerprint, QByteArray("\x01\x02"));
        QVERIFY(r.contentHash.isEmpty());
        QVERIFY(r.parts.isEmpty());
        r.contentHash = hash;
        QVERIFY(!r.instant);
        QCOMPARE(r.rateLimit, qint64(0));      // schema 5: no limit of its own
        QCOMPARE(r.maxRequestSize, qint64(0)); // ...and requests of one chunk, as before
        QVERIFY(r.uploadsToDelete.isEmpty());  // schema 6: nothing to delete
        r.parts = parts;
        r.instant = true;
        r.rateLimit = 250000;
        r.maxRequestSize = 64 << 20;
        store.save(r);
    }
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT value FROM meta WHERE key = 'version'")).toInt(),
             10);

    // Once migrated it opens as a current store, with what was saved since.
    TaskStore store(dir);
    const TaskStore::OpenResult reopened = store.open();
    QVERIFY2(reopened.ok, qPrintable(reopened.error));
    QCOMPARE(reopened.tasks.size(), 1);
    QCOMPARE(reopened.tasks.first().contentHash, hash);
    QCOMPARE(reopened.tasks.first().parts, parts);
    QVERIFY(reopened.tasks.first().instant);
    QCOMPARE(reopened.tasks.first().rateLimit, qint64(250000));
    QCOMPARE(reopened.tasks.first().maxRequestSize, qint64(64 << 20));
    QCOMPARE(reopened.tasks.first().confirmedBytes, qint64(500));
}

void tst_TaskStoreMigration::schema5IsMigratedKeepingTasks()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("state"));
    QVERIFY(QDir().mkpath(dir));
    const QString dbPath = QDir(dir).filePath(QStringLiteral("hoist.db"));
    for (const char *sql : SchemaV5)
        exec(dbPath, QString::fromLatin1(sql));
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT count(*) FROM tasks")).toInt(), 1);

    const QList<QUrl> toDelete = {QUrl(QStringLiteral("http://127.0.0.1:1080/files/attempt")),
                                  QUrl(QStringLiteral("http://127.0.0.1:1080/files/late%20part"))};
    {
        TaskStore store(dir);
        const TaskStore::OpenResult opened = store.open();
        QVERIFY2(opened.ok, qPrintable(opened.error));
        QVERIFY(opened.movedAside.isEmpty());
        QCOMPARE(opened.tasks.size(), 1);
        const TaskRecord r = opened.tasks.first();
        QCOMPARE(r.id, TaskId(9));
        QCOMPARE(r.parts.size(), 2);
        QCOMPARE(r.parts.at(0).url, QUrl(QStringLiteral("http://127.0.0.1:1080/files/p1")));
        QVERIFY(r.parts.at(1).url.isEmpty());
        QCOMPARE(r.rateLimit, qint64(4096));
        QCOMPARE(r.maxRequestSize, qint64(1048576));
        QVERIFY(r.uploadsToDelete.isEmpty());
        // Saved the way an instant attempt's URL is: durably, alone.
        QSignalSpy saved(&store, &TaskStore::uploadUrlSaved);
        store.saveUploadsToDelete(9, toDelete, 31);
        QCOMPARE(saved.size(), 1);
        QCOMPARE(saved.first().at(1).toULongLong(), quint64(31));
    }
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT value FROM meta WHERE key = 'version'")).toInt(),
             10);
    TaskStore store(dir);
    const TaskStore::OpenResult reopened = store.open();
    QVERIFY2(reopened.ok, qPrintable(reopened.error));
    QCOMPARE(reopened.tasks.size(), 1);
    QCOMPARE(reopened.tasks.first().uploadsToDelete, toDelete);
    QCOMPARE(reopened.tasks.first().parts.size(), 2);
    // Deleted: the list is empty again, and so is the column.
    store.saveUploadsToDelete(9, {}, 32);
    QVERIFY(exec(dbPath, QStringLiteral("SELECT to_delete FROM tasks WHERE id = 9")).isNull());
}

void tst_TaskStoreMigration::schema6IsMigratedWithFinishTimes()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("state"));
    QVERIFY(QDir().mkpath(dir));
    const QString dbPath = QDir(dir).filePath(QStringLiteral("hoist.db"));
    for (const char *sql : SchemaV6)
        exec(dbPath, QString::fromLatin1(sql));
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT count(*) FROM tasks")).toInt(), 2);

    constexpr qint64 finishedAt = 1700000123456;
    {
        TaskStore store(dir);
        const TaskStore::OpenResult opened = store.open();
        QVERIFY2(opened.ok, qPrintable(opened.error));
        QVERIFY(opened.movedAside.isEmpty());
        QCOMPARE(opened.tasks.size(), 2);
        // The finished one's last write is its best-known finish; the waiting one has none.
        const TaskRecord done = opened.tasks.at(0);
        QCOMPARE(done.id, TaskId(11));
        QCOMPARE(done.state, TaskState::Success);
        QCOMPARE(done.finishedMs, qint64(1700000009000));
        QCOMPARE(done.createdMs, qint64(1700000000000));
        TaskRecord waiting = opened.tasks.at(1);
        QCOMPARE(waiting.id, TaskId(12));
        QCOMPARE(waiting.finishedMs, qint64(0));
        waiting.state = TaskState::Error;
        waiting.finishedMs = finishedAt;
        store.save(waiting);
    }
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT value FROM meta WHERE key = 'version'")).toInt(),
             10);
    QCOMPARE(
        exec(dbPath, QStringLiteral("SELECT finished_ms FROM tasks WHERE id = 12")).toLongLong(),
        finishedAt);

    // Round trip: what was saved in schema 7 comes back as saved.
    TaskStore store(dir);
    const TaskStore::OpenResult reopened = store.open();
    QVERIFY2(reopened.ok, qPrintable(reopened.error));
    QCOMPARE(reopened.tasks.size(), 2);
    QCOMPARE(reopened.tasks.at(0).finishedMs, qint64(1700000009000));
    QCOMPARE(reopened.tasks.at(1).finishedMs, finishedAt);
    QCOMPARE(reopened.tasks.at(1).state, TaskState::Error);
}

void tst_TaskStoreMigration::schema7IsMigratedWithVerification()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("state"));
    QVERIFY(QDir().mkpath(dir));
    const QString dbPath = QDir(dir).filePath(QStringLiteral("hoist.db"));
    for (const char *sql : SchemaV7)
        exec(dbPath, QString::fromLatin1(sql));
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT count(*) FROM tasks")).toInt(), 2);

    const QString how = QStringLiteral("The server's whole copy has this file's SHA-256.");
    {
        TaskStore store(dir);
        const TaskStore::OpenResult opened = store.open();
        QVERIFY2(opened.ok, qPrintable(opened.error));
        QVERIFY(opened.movedAside.isEmpty());
        QCOMPARE(opened.tasks.size(), 2);
        // Done before uploads were verified: unchecked, which the table shows as plain "Done".
        const TaskRecord done = opened.tasks.at(0);
        QCOMPARE(done.id, TaskId(21));
        QCOMPARE(done.state, TaskState::Success);
        QCOMPARE(done.checkOutcome, UploadCheck::Outcome::Unchecked);
        QVERIFY(done.checkNote.isEmpty());
        QCOMPARE(done.finishedMs, qint64(1700000009000));
        TaskRecord waiting = opened.tasks.at(1);
        QCOMPARE(waiting.id, TaskId(22));
        waiting.state = TaskState::Success;
        waiting.checkOutcome = UploadCheck::Outcome::Verified;
        waiting.checkNote = how;
        store.save(waiting);
    }
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT value FROM meta WHERE key = 'version'")).toInt(),
             10);
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT check_outcome FROM tasks WHERE id = 22")).toInt(),
             int(UploadCheck::Outcome::Verified));

    // A restart: what was verified is still verified, and says how.
    TaskStore store(dir);
    const TaskStore::OpenResult reopened = store.open();
    QVERIFY2(reopened.ok, qPrintable(reopened.error));
    QCOMPARE(reopened.tasks.size(), 2);
    QCOMPARE(reopened.tasks.at(0).checkOutcome, UploadCheck::Outcome::Unchecked);
    QCOMPARE(reopened.tasks.at(1).checkOutcome, UploadCheck::Outcome::Verified);
    QCOMPARE(reopened.tasks.at(1).checkNote, how);
}

void tst_TaskStoreMigration::schema8IsMigratedKeepingOldCauses()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("state"));
    QVERIFY(QDir().mkpath(dir));
    const QString dbPath = QDir(dir).filePath(QStringLiteral("hoist.db"));
    for (const char *sql : SchemaV8)
        exec(dbPath, QString::fromUtf8(sql));
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT count(*) FROM tasks")).toInt(), 1);

    const QString oldWords = QString::fromUtf8("\xe6\x9c\x8d\xe5\x8a\xa1\xe5\x99\xa8 (HTTP 413)");
    // A cause kept untranslated, with an argument that is itself translated when shown.
    const TrText cause = TrText("TusHttp", "The server refused the upload (HTTP %1)%2")
                             .arg(422)
                             .arg(TrText(QStringLiteral(": no")));
    {
        TaskStore store(dir);
        const TaskStore::OpenResult opened = store.open();
        QVERIFY2(opened.ok, qPrintable(opened.error));
        QVERIFY(opened.movedAside.isEmpty());
        QCOMPARE(opened.tasks.size(), 1);
        // Failed before causes were kept untranslated: its words, as they were stored.
        TaskRecord failed = opened.tasks.first();
        QCOMPARE(failed.id, TaskId(31));
        QCOMPARE(failed.state, TaskState::Error);
        QVERIFY(!failed.errorText.isTranslatable());
        QCOMPARE(failed.errorText.toString(), oldWords);
        failed.errorText = cause;
        store.save(failed);
    }
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT value FROM meta WHERE key = 'version'")).toInt(),
             10);
    QVERIFY(exec(dbPath, QStringLiteral("SELECT error_text FROM tasks WHERE id = 31"))
                .toString()
                .contains(QLatin1String("The server refused the upload (HTTP %1)%2")));

    TaskStore store(dir);
    const TaskStore::OpenResult reopened = store.open();
    QVERIFY2(reopened.ok, qPrintable(reopened.error));
    QCOMPARE(reopened.tasks.size(), 1);
    QCOMPARE(reopened.tasks.first().errorText, cause);
    QCOMPARE(reopened.tasks.first().errorText.toString(),
             QStringLiteral("The server refused the upload (HTTP 422): no"));
}

void tst_TaskStoreMigration::schema9IsMigratedWithHttpStatus()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("state"));
    QVERIFY(QDir().mkpath(dir));
    const QString dbPath = QDir(dir).filePath(QStringLiteral("hoist.db"));
    for (const char *sql : SchemaV9)
        exec(dbPath, QString::fromUtf8(sql));
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT count(*) FROM tasks")).toInt(), 3);
    {
        TaskStore store(dir);
        const TaskStore::OpenResult opened = store.open();
        QVERIFY2(opened.ok, qPrintable(opened.error));
        QVERIFY(opened.movedAside.isEmpty());
        QCOMPARE(opened.tasks.size(), 3);
        QHash<TaskId, TaskRecord> byId;
        for (const TaskRecord &r : opened.tasks)
            byId.insert(r.id, r);
        // Refused for want of a token before the status was kept: found in its source text.
        QCOMPARE(byId.value(41).httpStatus, 401);
        QVERIFY(byId.value(41).errorText.isTranslatable());
        QCOMPARE(byId.value(41).errorKind, TransferError::Kind::Rejected);
        // Refused otherwise (403), and not failed: no status made up.
        QCOMPARE(byId.value(42).httpStatus, 0);
        QCOMPARE(byId.value(43).httpStatus, 0);
        TaskRecord busy = byId.value(42);
        busy.httpStatus = 503;
        store.save(busy);
    }
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT value FROM meta WHERE key = 'version'")).toInt(),
             10);
    QCOMPARE(exec(dbPath, QStringLiteral("SELECT http_status FROM tasks WHERE id = 42")).toInt(),
             503);

    TaskStore store(dir);
    const TaskStore::OpenResult reopened = store.open();
    QVERIFY2(reopened.ok, qPrintable(reopened.error));
    QCOMPARE(reopened.tasks.size(), 3);
    for (const TaskRecord &r : reopened.tasks)
        QCOMPARE(r.httpStatus, r.id == 41 ? 401 : r.id == 42 ? 503 : 0);
}

QTEST_GUILESS_MAIN(tst_TaskStoreMigration)
#include "tst_taskstoremigration.moc"
