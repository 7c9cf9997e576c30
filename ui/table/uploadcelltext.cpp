#include "uploadcelltext.h"

#include "chunkmap.h"
#include "clock.h"
#include "formatting.h"
#include "s3target.h"
#include "uploadtablemodel.h"
#include "uploadtask.h"

#include <QDateTime>

#include <limits>

namespace {
using Column = UploadTableModel::Column;
} // namespace

QString UploadCellText::stateText(const UploadTask &task, qint64 now)
{
    switch (task.state()) {
    case TaskState::Waiting:
        if (task.retryAtMs() > now) {
            // Why first, then when: "Connection refused by 127.0.0.1:9 · retry 2 of 5 in 4 s".
            const qint64 seconds = (task.retryAtMs() - now + 999) / 1000;
            // A minute or more in whole minutes, rounded up ("next try in 2 min"): the seconds
            // would change the text every second and leave the column no room for why.
            const QString when = seconds >= 60 && seconds < 3600
                                     ? tr("%1 min").arg((seconds + 59) / 60)
                                     : formatDuration(seconds);
            if (!task.statusNote().isEmpty())
                return tr("%1 in %2").arg(task.statusNote(), when);
            return tr("Retrying in %1").arg(when);
        }
        // "Server unreachable since 13:11 · trying now", "Waiting for your answer: the host key…"
        if (task.waitingForServer() || task.waitingForAnswer())
            return task.statusNote();
        if (task.retries() > 0) // its retry is due, about to start
            return tr("Reconnecting (try %1)").arg(task.retries() + 1);
        // Held by the schedule or a metered link: "Paused by schedule until Mon 08:00".
        return task.statusNote().isEmpty() ? tr("Waiting") : task.statusNote();
    case TaskState::Uploading:
        if (!task.awaitedAnswer().isEmpty()) // "Waiting for your answer: “a.txt” is already…"
            return task.awaitedAnswer();
        // The Progress bar stays what it always is, bytes on the server, so it never runs to the
        // end and back to zero; how far the hashing is reads here instead.
        if (task.phase() == TaskPhase::Hashing)
            return tr("Hashing %1%").arg(int(task.hashProgress() * 100.0));
        // After a failure and until bytes move again: one steady word, not a flicker between
        // "Uploading" and "Retrying in" while the network is down.
        return task.retries() > 0 ? tr("Reconnecting (try %1)").arg(task.retries() + 1)
                                  : tr("Uploading");
    case TaskState::Paused:
        return tr("Paused");
    case TaskState::Success:
        if (task.check().verified())
            return task.instant() ? tr("Done (instant) · verified") : tr("Done · verified");
        return task.instant() ? tr("Done (instant)") : tr("Done");
    case TaskState::Error:
        // The reason belongs in the row, cause first, where a person looks first (the colour and
        // the state filter say it failed); the tooltip adds what was being done.
        return task.errorMessage().isEmpty() ? tr("Failed") : task.errorMessage();
    }
    return {};
}

QString UploadCellText::displayText(const UploadTask &task, int column) const
{
    const bool moving =
        task.state() == TaskState::Uploading && task.phase() == TaskPhase::Transferring;
    switch (Column(column)) {
    case Column::Name:
        return task.displayName();
    case Column::Size: // a path that could not be read has no size to speak of
        return task.state() == TaskState::Error && task.size() == 0 ? QStringLiteral("\u2014")
                                                                    : formatSize(task.size());
    case Column::State:
        return stateText(task, SystemClock::nowMs());
    case Column::Progress:
        return QStringLiteral("%1%").arg(task.progress() * 100.0, 0, 'f', 1);
    case Column::Chunks: {
        const ChunkMap &chunks = task.chunks();
        return QStringLiteral("%1/%2").arg(chunks.countIn(ChunkState::Done)).arg(chunks.count());
    }
    case Column::Speed:
        return moving ? formatSpeed(task.speed()) : QString();
    case Column::TimeLeft:
        return moving ? formatDuration(task.secondsLeft()) : QString();
    case Column::Server: {
        const QString name = m_serverName ? m_serverName(task.endpoint()) : QString();
        return name.isEmpty() ? serverText(task.endpoint()) : name;
    }
    case Column::Added:
        return formatWhen(task.createdMs(), QDateTime::currentDateTime());
    case Column::Finished:
        return formatWhen(task.finishedMs(), QDateTime::currentDateTime());
    case Column::Actions:
    case Column::Count:
        break;
    }
    return {};
}

QVariant UploadCellText::sortValue(const UploadTask &task, int column) const
{
    switch (Column(column)) {
    case Column::Name:
        return task.displayName();
    case Column::Size:
        return task.size();
    case Column::State:
    case Column::Actions:
        return int(task.state());
    case Column::Progress:
        return task.progress();
    case Column::Chunks: {
        const int count = task.chunks().count();
        return count ? double(task.chunks().countIn(ChunkState::Done)) / count : task.progress();
    }
    case Column::Speed:
        return task.state() == TaskState::Uploading ? task.speed() : 0.0;
    case Column::TimeLeft: {
        // Unknown sorts after every known time.
        const qint64 left = task.state() == TaskState::Uploading ? task.secondsLeft() : -1;
        return left < 0 ? std::numeric_limits<qint64>::max() : left;
    }
    case Column::Server:
        return task.endpoint().toString();
    case Column::Added:
        return task.createdMs();
    case Column::Finished: // unfinished sorts after every finished one
        return task.finishedMs() > 0 ? task.finishedMs() : std::numeric_limits<qint64>::max();
    case Column::Count:
        break;
    }
    return {};
}

QString UploadCellText::accessibleText(const UploadTask &task, int column) const
{
    // What a screen reader says for the columns that are painted rather than written.
    switch (Column(column)) {
    case Column::Progress:
        return tr("%1 uploaded").arg(displayText(task, column));
    case Column::Chunks:
        return toolTip(task, column);
    case Column::Actions:
        switch (task.state()) {
        case TaskState::Waiting:
        case TaskState::Uploading:
            return tr("Buttons: pause, cancel");
        case TaskState::Paused:
            return tr("Buttons: resume, cancel");
        case TaskState::Error:
            return tr("Buttons: retry, cancel");
        case TaskState::Success:
            return tr("No buttons");
        }
        return {};
    default:
        return displayText(task, column);
    }
}

QString UploadCellText::serverText(const QUrl &endpoint)
{
    // Host, port and path, as short as says which server: the scheme only when it is not http.
    if (endpoint.isEmpty())
        return QString();
    if (const std::optional<S3Target> s3 = S3Target::fromUrl(endpoint))
        return s3->displayName(); // "bucket/prefix/ on host:port"
    QString text = endpoint.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveScheme
                                     | QUrl::StripTrailingSlash);
    if (text.startsWith(QLatin1String("//")))
        text.remove(0, 2);
    return endpoint.scheme() == QLatin1String("http")
               ? text
               : endpoint.scheme() + QLatin1String("://") + text;
}

QString UploadCellText::toolTip(const UploadTask &task, int column) const
{
    if (column == Column::Server)
        return task.endpoint().toString(QUrl::RemoveUserInfo);
    if (column == Column::Added)
        return tr("Added %1").arg(formatWhenFull(task.createdMs()));
    if (column == Column::Finished && task.finishedMs() > 0)
        return (task.state() == TaskState::Error ? tr("Failed %1") : tr("Finished %1"))
            .arg(formatWhenFull(task.finishedMs()));
    if (column == Column::Chunks) {
        const ChunkMap &chunks = task.chunks();
        QString text = tr("%1 of %2 chunks of %3 done")
                           .arg(chunks.countIn(ChunkState::Done))
                           .arg(chunks.count())
                           .arg(formatSize(chunks.chunkSize()));
        if (const int moving = chunks.countIn(ChunkState::InFlight))
            text += tr(", %1 in flight").arg(moving);
        if (const int failed = chunks.countIn(ChunkState::Failed))
            text += tr(", %1 failed").arg(failed);
        return text;
    }
    QString text = task.path();
    if (task.state() == TaskState::Error && !task.errorMessage().isEmpty()) {
        text += QLatin1Char('\n') + tr("Failed: %1").arg(task.errorMessage());
        if (!task.errorDetail().isEmpty())
            text += QLatin1Char('\n') + task.errorDetail();
    } else if (column == Column::State) {
        // The whole sentence, which the cell may have had to shorten (StateDelegate).
        text += QLatin1Char('\n') + stateText(task, SystemClock::nowMs());
    } else if (!task.statusNote().isEmpty()) {
        text += QLatin1Char('\n') + task.statusNote();
    }
    return text;
}
