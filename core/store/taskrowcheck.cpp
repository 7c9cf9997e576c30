#include "taskrowcheck.h"

#include "taskrecord.h"
#include "taskrow.h"

#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

#include <limits>
#include <optional>

namespace {
// The columns' positions in TaskRow::Columns.
enum Column {
    Id,
    Sequence,
    Path,
    DisplayName,
    Size,
    ModifiedMs,
    Fingerprint,
    Endpoint,
    UploadUrl,
    PriorityColumn,
    State,
    ConfirmedBytes,
    ChunkSize,
    ChunkStates,
    Retries,
    ErrorKind,
    ErrorMessage,
    CreatedMs,
    UpdatedMs,
    ContentHash,
    Parts,
    Instant,
    RateLimit,
    MaxRequest,
    ToDelete,
    FinishedMs,
    CheckOutcome,
    CheckNote,
    ErrorText,
    HttpStatus,
};
static_assert(HttpStatus + 1 == TaskRow::ColumnCount, "a new column needs its check here");

QString columnName(int column)
{
    return TaskRow::Columns.split(QStringLiteral(", ")).value(column);
}

// SQLite's INTEGER, as Qt's driver gives it; nothing for NULL, text, a real or a blob.
std::optional<qint64> integer(const QVariant &value)
{
    if (value.isNull())
        return std::nullopt;
    switch (value.typeId()) {
    case QMetaType::LongLong:
    case QMetaType::Int:
        return value.toLongLong();
    default:
        return std::nullopt;
    }
}

// A text or blob column (Qt gives NULL as a null QString).
bool isTextOrBlob(const QVariant &value)
{
    return value.isNull() || value.typeId() == QMetaType::QString
           || value.typeId() == QMetaType::QByteArray;
}

bool isUrl(const QString &text)
{
    const QUrl url = QUrl::fromEncoded(text.toLatin1(), QUrl::StrictMode);
    return text.toLatin1() == text.toUtf8() && url.isValid() && !url.scheme().isEmpty();
}

// As ChunkMap counts them: a chunk size of 0 is the whole file, and a 0-byte file has one chunk.
qint64 chunkCount(qint64 size, qint64 chunkSize)
{
    const qint64 chunk = chunkSize > 0 ? chunkSize : std::max<qint64>(1, size);
    return std::max<qint64>(1, size / chunk + (size % chunk != 0 ? 1 : 0));
}

class Row {
public:
    explicit Row(const QSqlQuery &query)
        : m_query(query)
    {
    }
    QVariant value(int column) const { return m_query.value(column); }
    // The column's integer within [min, max], or the problem in `problem`.
    std::optional<qint64> within(int column, qint64 min, qint64 max, QString *problem) const
    {
        const QVariant raw = value(column);
        const std::optional<qint64> v = integer(raw);
        if (!v)
            *problem =
                QStringLiteral("%1 is not an integer (%2)").arg(columnName(column), shown(raw));
        else if (*v < min || *v > max)
            *problem = QStringLiteral("%1 is %2, outside %3..%4")
                           .arg(columnName(column))
                           .arg(*v)
                           .arg(min)
                           .arg(max);
        return problem->isEmpty() ? v : std::nullopt;
    }
    // What a value was, briefly, for the problem's words.
    static QString shown(const QVariant &raw)
    {
        if (raw.isNull())
            return QStringLiteral("NULL");
        return QStringLiteral("'%1'").arg(raw.toString().left(40));
    }

private:
    const QSqlQuery &m_query;
};

constexpr qint64 Max = std::numeric_limits<qint64>::max();

QString checkNumbers(const Row &row, qint64 *size, qint64 *chunkSize)
{
    QString problem;
    const qint64 maxState = TaskStateCount - 1;
    const std::optional<qint64> id = row.within(Id, 0, Max, &problem);
    if (!id || !row.within(Sequence, 0, Max, &problem))
        return problem;
    const std::optional<qint64> s = row.within(Size, 0, Max, &problem);
    if (!s || !row.within(ModifiedMs, std::numeric_limits<qint64>::min(), Max, &problem)
        || !row.within(PriorityColumn, 0, qint64(Priority::High), &problem)
        || !row.within(State, 0, maxState, &problem)
        || !row.within(ConfirmedBytes, 0, *s, &problem))
        return problem;
    const std::optional<qint64> c = row.within(ChunkSize, 0, Max, &problem);
    if (!c || !row.within(Retries, 0, std::numeric_limits<int>::max(), &problem)
        || !row.within(ErrorKind, 0, qint64(TransferError::LastKind), &problem)
        || !row.within(CreatedMs, std::numeric_limits<qint64>::min(), Max, &problem)
        || !row.within(UpdatedMs, std::numeric_limits<qint64>::min(), Max, &problem)
        || !row.within(Instant, 0, 1, &problem) || !row.within(RateLimit, 0, Max, &problem)
        || !row.within(MaxRequest, 0, Max, &problem) || !row.within(FinishedMs, 0, Max, &problem)
        || !row.within(CheckOutcome, 0, qint64(UploadCheck::Outcome::NotVerifiable), &problem)
        || !row.within(HttpStatus, 0, 999, &problem))
        return problem;
    *size = *s;
    *chunkSize = *c;
    return {};
}

QString checkChunks(const Row &row, qint64 size, qint64 chunkSize)
{
    const qint64 count = chunkCount(size, chunkSize);
    // ChunkMap holds one state per chunk in an int-sized vector.
    if (count > std::numeric_limits<int>::max())
        return QStringLiteral("%1 chunks of %2 bytes for %3 bytes")
            .arg(count)
            .arg(chunkSize)
            .arg(size);
    const QVariant raw = row.value(ChunkStates);
    if (!isTextOrBlob(raw))
        return QStringLiteral("chunk_states is not a blob (%1)").arg(Row::shown(raw));
    const QByteArray states = raw.toByteArray();
    // None: nothing known of the chunks, all pending. Otherwise every one of them.
    if (states.isEmpty())
        return {};
    if (states.size() != count)
        return QStringLiteral("chunk_states has %1 states for %2 chunks")
            .arg(states.size())
            .arg(count);
    for (const char state : states) {
        if (quint8(state) > quint8(ChunkState::Failed))
            return QStringLiteral("chunk_states holds the unknown state %1").arg(quint8(state));
    }
    return {};
}

QString checkTexts(const Row &row, qint64 size)
{
    for (const int column : {Path, DisplayName, Fingerprint, Endpoint, UploadUrl, ErrorMessage,
                             ContentHash, Parts, ToDelete, CheckNote, ErrorText}) {
        if (!isTextOrBlob(row.value(column)))
            return QStringLiteral("%1 is not text (%2)")
                .arg(columnName(column), Row::shown(row.value(column)));
    }
    if (row.value(Path).toString().isEmpty())
        return QStringLiteral("path is empty");
    // An endpoint may be empty (none chosen yet); an upload URL is empty until one is created.
    for (const int column : {Endpoint, UploadUrl}) {
        const QString url = row.value(column).toString();
        if (!url.isEmpty() && !isUrl(url))
            return QStringLiteral("%1 is no URL (%2)").arg(columnName(column), Row::shown(url));
    }
    const QStringList toDelete =
        row.value(ToDelete).toString().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &url : toDelete) {
        if (!isUrl(url))
            return QStringLiteral("to_delete holds no URL (%1)").arg(Row::shown(url));
    }
    const QByteArray parts = row.value(Parts).toString().toLatin1();
    if (!parts.trimmed().isEmpty()) {
        const UploadParts decoded = decodeUploadParts(parts);
        if (decoded.isEmpty())
            return QStringLiteral("parts is not a list of parts (%1)")
                .arg(Row::shown(row.value(Parts)));
        if (decoded.last().end > size)
            return QStringLiteral("parts end at %1, past the file's %2 bytes")
                .arg(decoded.last().end)
                .arg(size);
    }
    return {};
}
} // namespace

namespace TaskRowCheck {
QString problem(const QSqlQuery &query)
{
    const Row row(query);
    qint64 size = 0;
    qint64 chunkSize = 0;
    if (QString p = checkNumbers(row, &size, &chunkSize); !p.isEmpty())
        return p;
    if (QString p = checkChunks(row, size, chunkSize); !p.isEmpty())
        return p;
    return checkTexts(row, size);
}
} // namespace TaskRowCheck
