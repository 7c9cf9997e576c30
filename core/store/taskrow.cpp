#include "taskrow.h"

#include <QSqlQuery>
#include <QStringList>

namespace TaskRow {
const QString ColumnsV1 = QStringLiteral(
    "id, sequence, path, display_name, size, modified_ms, fingerprint, endpoint, upload_url, "
    "priority, state, confirmed_bytes, chunk_size, chunk_states, retries, error_kind, "
    "error_message, created_ms, updated_ms");
const QString Columns = ColumnsV1
                        + QStringLiteral(", content_hash, parts, instant, rate_limit, "
                                         "max_request, to_delete, finished_ms, "
                                         "check_outcome, check_note, error_text, http_status");

namespace {
QUrl urlFrom(const QVariant &value)
{
    return QUrl::fromEncoded(value.toString().toLatin1());
}

QList<QUrl> urlListFrom(const QVariant &value)
{
    QList<QUrl> urls;
    for (const QString &line : value.toString().split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (const QUrl url = QUrl::fromEncoded(line.toLatin1()); url.isValid())
            urls.append(url);
    }
    return urls;
}
} // namespace

QString urlValue(const QUrl &url)
{
    return QString::fromLatin1(url.toEncoded());
}

QVariant urlListValue(const QList<QUrl> &urls)
{
    QStringList lines;
    for (const QUrl &url : urls)
        lines.append(urlValue(url));
    return urls.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
}

TaskRecord read(const QSqlQuery &q)
{
    TaskRecord r;
    r.id = TaskId(q.value(0).toLongLong());
    r.sequence = quint64(q.value(1).toLongLong());
    r.path = q.value(2).toString();
    r.displayName = q.value(3).toString();
    r.size = q.value(4).toLongLong();
    r.modifiedMs = q.value(5).toLongLong();
    r.fingerprint = q.value(6).toByteArray();
    r.endpoint = urlFrom(q.value(7));
    r.uploadUrl = urlFrom(q.value(8));
    const int priority = q.value(9).toInt();
    r.priority =
        priority >= 0 && priority <= int(Priority::High) ? Priority(priority) : Priority::Normal;
    const int state = q.value(10).toInt();
    // An unknown state waits for a person rather than starting anything on its own.
    r.state = state >= 0 && state < TaskStateCount ? TaskState(state) : TaskState::Paused;
    r.confirmedBytes = q.value(11).toLongLong();
    r.chunkSize = q.value(12).toLongLong();
    r.chunkStates = q.value(13).toByteArray();
    r.retries = q.value(14).toInt();
    const int kind = q.value(15).toInt();
    r.errorKind = kind >= 0 && kind <= int(TransferError::LastKind) ? TransferError::Kind(kind)
                                                                    : TransferError::Kind::None;
    // error_text (schema 9) keeps the cause untranslated; before it, error_message its words.
    r.errorText = q.value(28).toString().isEmpty() ? TrText(q.value(16).toString())
                                                   : TrText::fromJson(q.value(28).toString());
    r.createdMs = q.value(17).toLongLong();
    r.updatedMs = q.value(18).toLongLong();
    r.contentHash = q.value(19).toByteArray();
    r.parts = decodeUploadParts(q.value(20).toString().toLatin1());
    r.instant = q.value(21).toInt() != 0;
    r.rateLimit = qMax<qint64>(0, q.value(22).toLongLong());
    r.maxRequestSize = qMax<qint64>(0, q.value(23).toLongLong());
    r.uploadsToDelete = urlListFrom(q.value(24));
    r.finishedMs = qMax<qint64>(0, q.value(25).toLongLong());
    const int outcome = q.value(26).toInt();
    r.checkOutcome = outcome >= 0 && outcome <= int(UploadCheck::Outcome::NotVerifiable)
                         ? UploadCheck::Outcome(outcome)
                         : UploadCheck::Outcome::Unchecked;
    r.checkNote = q.value(27).toString();
    r.httpStatus = qBound(0, q.value(29).toInt(), 999);
    return r;
}

void bind(QSqlQuery &q, const TaskRecord &r)
{
    const QVariantList values = {
        qint64(r.id),
        qint64(r.sequence),
        r.path,
        r.displayName,
        r.size,
        r.modifiedMs,
        r.fingerprint,
        urlValue(r.endpoint),
        urlValue(r.uploadUrl),
        int(r.priority),
        int(r.state),
        r.confirmedBytes,
        r.chunkSize,
        r.chunkStates,
        r.retries,
        int(r.errorKind),
        r.errorText.toString(), // as shown when it failed, for a person reading the database
        r.createdMs,
        r.updatedMs,
        r.contentHash,
        QString::fromLatin1(encodeUploadParts(r.parts)),
        int(r.instant),
        r.rateLimit,
        r.maxRequestSize,
        urlListValue(r.uploadsToDelete),
        r.finishedMs,
        int(r.checkOutcome),
        r.checkNote,
        r.errorText.toJson(),
        r.httpStatus,
    };
    Q_ASSERT(values.size() == ColumnCount);
    for (int i = 0; i < values.size(); ++i)
        q.bindValue(i, values.at(i));
}
} // namespace TaskRow
