// Fuzz target for the queue's rows as Hoist reads them back at start (core/store/taskrow.h): a
// file damaged on disk, edited by hand or written by a newer Hoist must give records the
// scheduler can act on, never a crash or a value outside its type. The input is one row of the
// tasks table: its 30 values separated by the byte 0x1e, each a SQLite value of the type its
// first byte says ('n' NULL, 'i' integer, 'r' real, 'b' blob, 't' text; anything else: the whole
// value as text). It is stored in an in-memory SQLite database and read through TaskRow::read, as
// TaskStore does. An independent oracle checks the record: every enum within its range, counts
// not negative, parts contiguous from byte 0 with confirmed bytes inside each, URLs to delete
// valid; and writing the record back (TaskRow::bind) and reading it again gives the same record.
// A row TaskRowCheck finds sound (TaskStore loads only those; the rest are kept aside as damaged)
// must be read exactly as stored, nothing clamped (checkSound).
// Same entry point as fuzz_tuswire.cpp (libFuzzer or fuzz_driver.cpp).

#include "taskrow.h"
#include "taskrowcheck.h"

#include <QCoreApplication>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>

#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "fuzz_taskrow: check failed at %s:%d: %s\n", __FILE__, __LINE__,  \
                         #cond);                                                                   \
            std::abort();                                                                          \
        }                                                                                          \
    } while (0)

namespace {
const QString Connection = QStringLiteral("fuzz_taskrow");

QSqlDatabase database()
{
    static int argc = 1;
    static char name[] = "fuzz_taskrow";
    static char *argv[] = {name, nullptr};
    static QCoreApplication *app = new QCoreApplication(argc, argv); // for the SQLite plugin
    Q_UNUSED(app);
    if (QSqlDatabase::contains(Connection))
        return QSqlDatabase::database(Connection);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), Connection);
    db.setDatabaseName(QStringLiteral(":memory:"));
    FUZZ_CHECK(db.open());
    QSqlQuery q(db);
    FUZZ_CHECK(q.exec(QStringLiteral("CREATE TABLE tasks (%1)").arg(TaskRow::Columns)));
    return db;
}

QVariant valueFrom(const QByteArray &field)
{
    const QByteArray rest = field.mid(1);
    switch (field.isEmpty() ? 'n' : field.at(0)) {
    case 'n':
        return QVariant();
    case 'i':
        return QVariant(rest.toLongLong());
    case 'r':
        return QVariant(rest.toDouble());
    case 'b':
        return QVariant(rest);
    case 't':
        return QVariant(QString::fromUtf8(rest));
    default:
        return QVariant(QString::fromUtf8(field));
    }
}

// A row TaskRowCheck lets through (TaskStore loads it; the others are kept aside) is one that
// TaskRow::read takes as it is, nothing clamped, with a chunk map a ChunkMap can hold. The raw
// values are the oracle, not the check's own words.
void checkSound(const QSqlQuery &raw, const TaskRecord &r)
{
    const auto integer = [&raw](int column) {
        const QVariant v = raw.value(column);
        FUZZ_CHECK(!v.isNull() && v.typeId() == QMetaType::LongLong);
        return v.toLongLong();
    };
    FUZZ_CHECK(integer(0) >= 0 && r.id == TaskId(integer(0)));
    FUZZ_CHECK(integer(1) >= 0 && r.sequence == quint64(integer(1)));
    FUZZ_CHECK(!r.path.isEmpty());
    FUZZ_CHECK(r.size >= 0 && r.size == integer(4));
    FUZZ_CHECK(int(r.priority) == integer(9) && int(r.state) == integer(10));
    FUZZ_CHECK(r.confirmedBytes == integer(11) && r.confirmedBytes >= 0
               && r.confirmedBytes <= r.size);
    FUZZ_CHECK(r.chunkSize == integer(12) && r.chunkSize >= 0);
    FUZZ_CHECK(r.retries == integer(14) && int(r.errorKind) == integer(15));
    const qint64 chunk = r.chunkSize > 0 ? r.chunkSize : qMax<qint64>(1, r.size);
    const qint64 chunks = qMax<qint64>(1, r.size / chunk + (r.size % chunk != 0 ? 1 : 0));
    FUZZ_CHECK(chunks <= std::numeric_limits<int>::max());
    FUZZ_CHECK(r.chunkStates.isEmpty() || r.chunkStates.size() == chunks);
    for (const char state : r.chunkStates)
        FUZZ_CHECK(quint8(state) <= quint8(ChunkState::Failed));
    if (!raw.value(20).toString().trimmed().isEmpty())
        FUZZ_CHECK(!r.parts.isEmpty() && r.parts.last().end <= r.size);
    FUZZ_CHECK(r.rateLimit == integer(22) && r.maxRequestSize == integer(23));
    FUZZ_CHECK(r.finishedMs == integer(25) && int(r.checkOutcome) == integer(26));
    FUZZ_CHECK(r.httpStatus == integer(29));
}

TaskRecord store(QSqlDatabase db, const QVariantList &values)
{
    QSqlQuery q(db);
    FUZZ_CHECK(q.exec(QStringLiteral("DELETE FROM tasks")));
    QStringList marks;
    for (int i = 0; i < TaskRow::ColumnCount; ++i)
        marks << QStringLiteral("?");
    FUZZ_CHECK(q.prepare(QStringLiteral("INSERT INTO tasks (%1) VALUES (%2)")
                             .arg(TaskRow::Columns, marks.join(QLatin1Char(',')))));
    for (int i = 0; i < TaskRow::ColumnCount; ++i)
        q.bindValue(i, values.value(i));
    FUZZ_CHECK(q.exec());
    QSqlQuery read(db);
    read.setForwardOnly(true);
    FUZZ_CHECK(read.exec(QStringLiteral("SELECT %1 FROM tasks").arg(TaskRow::Columns)));
    FUZZ_CHECK(read.next());
    const TaskRecord record = TaskRow::read(read);
    if (TaskRowCheck::problem(read).isEmpty())
        checkSound(read, record);
    return record;
}

void checkRecord(const TaskRecord &r)
{
    FUZZ_CHECK(int(r.priority) <= int(Priority::High));
    FUZZ_CHECK(int(r.state) < TaskStateCount); // TaskState is unsigned
    FUZZ_CHECK(int(r.errorKind) >= 0
               && int(r.errorKind) <= int(TransferError::Kind::ContentMismatch));
    FUZZ_CHECK(int(r.checkOutcome) >= 0
               && int(r.checkOutcome) <= int(UploadCheck::Outcome::NotVerifiable));
    FUZZ_CHECK(r.httpStatus >= 0 && r.httpStatus <= 999);
    FUZZ_CHECK(r.rateLimit >= 0 && r.maxRequestSize >= 0 && r.finishedMs >= 0);
    qint64 expected = 0;
    for (const UploadPart &p : r.parts) {
        FUZZ_CHECK(p.begin == expected && p.end > p.begin);
        FUZZ_CHECK(p.confirmed >= 0 && p.confirmed <= p.end - p.begin);
        expected = p.end;
    }
    for (const QUrl &url : r.uploadsToDelete)
        FUZZ_CHECK(url.isValid());
    // Shown in the window and in headless output: it must read as words, whatever was stored.
    FUZZ_CHECK(r.errorText.toString().size() <= 1 << 20);
}

void checkSame(const TaskRecord &a, const TaskRecord &b)
{
    FUZZ_CHECK(a.id == b.id && a.sequence == b.sequence);
    FUZZ_CHECK(a.path == b.path && a.displayName == b.displayName);
    FUZZ_CHECK(a.size == b.size && a.modifiedMs == b.modifiedMs);
    FUZZ_CHECK(a.fingerprint == b.fingerprint && a.contentHash == b.contentHash);
    FUZZ_CHECK(a.endpoint.toEncoded() == b.endpoint.toEncoded());
    FUZZ_CHECK(a.uploadUrl.toEncoded() == b.uploadUrl.toEncoded());
    FUZZ_CHECK(a.priority == b.priority && a.state == b.state);
    FUZZ_CHECK(a.confirmedBytes == b.confirmedBytes && a.chunkSize == b.chunkSize);
    FUZZ_CHECK(a.chunkStates == b.chunkStates && a.retries == b.retries);
    FUZZ_CHECK(a.errorKind == b.errorKind && a.errorText.toString() == b.errorText.toString());
    FUZZ_CHECK(a.createdMs == b.createdMs && a.updatedMs == b.updatedMs);
    FUZZ_CHECK(encodeUploadParts(a.parts) == encodeUploadParts(b.parts));
    FUZZ_CHECK(a.instant == b.instant && a.rateLimit == b.rateLimit);
    FUZZ_CHECK(a.maxRequestSize == b.maxRequestSize && a.finishedMs == b.finishedMs);
    FUZZ_CHECK(a.uploadsToDelete.size() == b.uploadsToDelete.size());
    FUZZ_CHECK(a.checkOutcome == b.checkOutcome && a.checkNote == b.checkNote);
    FUZZ_CHECK(a.httpStatus == b.httpStatus);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    QVariantList values;
    for (const QByteArray &field : input.split('\x1e'))
        values.append(valueFrom(field));
    QSqlDatabase db = database();
    const TaskRecord first = store(db, values);
    checkRecord(first);

    // What Hoist writes back for it reads back the same.
    QSqlQuery q(db);
    FUZZ_CHECK(q.exec(QStringLiteral("DELETE FROM tasks")));
    QStringList marks;
    for (int i = 0; i < TaskRow::ColumnCount; ++i)
        marks << QStringLiteral("?");
    FUZZ_CHECK(q.prepare(QStringLiteral("INSERT INTO tasks (%1) VALUES (%2)")
                             .arg(TaskRow::Columns, marks.join(QLatin1Char(',')))));
    TaskRow::bind(q, first);
    FUZZ_CHECK(q.exec());
    QSqlQuery read(db);
    FUZZ_CHECK(read.exec(QStringLiteral("SELECT %1 FROM tasks").arg(TaskRow::Columns)));
    FUZZ_CHECK(read.next());
    const TaskRecord second = TaskRow::read(read);
    checkRecord(second);
    checkSame(first, second);
    return 0;
}
