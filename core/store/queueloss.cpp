#include "queueloss.h"

#include "taskrow.h"

#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QSqlQuery>

namespace {
// Files named in a message; the rest are counted.
constexpr int NamedFiles = 5;

// What the row on disk holds of a task: its state, upload address and parts.
struct Saved {
    bool exists = false;
    int state = -1;
    QString uploadUrl;
    QString parts;
};

Saved savedRow(const QSqlDatabase &db, TaskId id)
{
    QSqlQuery q(db);
    Saved saved;
    q.prepare(QStringLiteral("SELECT state, upload_url, parts FROM tasks WHERE id = ?"));
    q.bindValue(0, qint64(id));
    if (q.exec() && q.next()) {
        saved.exists = true;
        saved.state = q.value(0).toInt();
        saved.uploadUrl = q.value(1).toString();
        saved.parts = q.value(2).toString();
    }
    return saved;
}

QString nameOf(const TaskRecord &r)
{
    return r.displayName.isEmpty() ? QFileInfo(r.path).fileName() : r.displayName;
}
} // namespace

QueueLoss QueueLoss::of(const PendingWrites &pending, const QSqlDatabase &db, const QString &cause)
{
    QueueLoss loss;
    loss.m_cause = cause;
    for (const TaskRecord &r : pending.records()) {
        const Saved saved = savedRow(db, r.id);
        if (r.state == TaskState::Success) {
            if (!saved.exists || saved.state != int(TaskState::Success))
                loss.m_notDone.append(nameOf(r));
            continue;
        }
        const QString url = TaskRow::urlValue(r.uploadUrl);
        const QString parts = QString::fromLatin1(encodeUploadParts(r.parts));
        const bool hasResumePoint = !r.uploadUrl.isEmpty() || !r.parts.isEmpty();
        if (hasResumePoint && (!saved.exists || saved.uploadUrl != url || saved.parts != parts))
            loss.m_notResuming.append(nameOf(r));
    }
    // An address saved on its own (the upload was just created) for a task whose record is not
    // pending: the row on disk has none, or an older one.
    QSet<TaskId> counted;
    for (const TaskRecord &r : pending.records())
        counted.insert(r.id);
    for (const PendingWrites::ColumnUpdate &update : pending.columnUpdates()) {
        if (counted.contains(update.id) || update.column == QLatin1String("to_delete"))
            continue;
        counted.insert(update.id);
        QSqlQuery q(db);
        q.prepare(QStringLiteral("SELECT path, display_name FROM tasks WHERE id = ?"));
        q.bindValue(0, qint64(update.id));
        TaskRecord r;
        if (q.exec() && q.next()) {
            r.path = q.value(0).toString();
            r.displayName = q.value(1).toString();
        }
        loss.m_notResuming.append(nameOf(r).isEmpty() ? tr("task %1").arg(update.id) : nameOf(r));
    }
    return loss;
}

QString QueueLoss::names(const QStringList &files)
{
    const QStringList shown = files.mid(0, NamedFiles);
    const QString list = shown.join(QStringLiteral(", "));
    if (files.size() <= NamedFiles)
        return list;
    return tr("%1 and %n more", nullptr, int(files.size() - NamedFiles)).arg(list);
}

QString QueueLoss::message() const
{
    if (isEmpty())
        return {};
    QStringList sentences{tr("Hoist exits without having saved its queue (%1).").arg(m_cause)};
    if (!m_notResuming.isEmpty()) {
        sentences.append(tr("%n upload(s) will not resume after a restart: their resume points "
                            "are not saved, so they start again from the beginning: %1.",
                            nullptr, int(m_notResuming.size()))
                             .arg(names(m_notResuming)));
    }
    if (!m_notDone.isEmpty()) {
        sentences.append(tr("%n finished upload(s) are not saved as done: a later run with the "
                            "same state folder and files will upload them again: %1.",
                            nullptr, int(m_notDone.size()))
                             .arg(names(m_notDone)));
    }
    return sentences.join(QLatin1Char(' '));
}
