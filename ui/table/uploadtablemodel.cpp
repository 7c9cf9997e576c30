#include "uploadtablemodel.h"

#include "chunkmap.h"
#include "clock.h"
#include "formatting.h"
#include "s3target.h"
#include "serverhealth.h"
#include "uploadscheduler.h"
#include "uploadtask.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>
#include <QtAlgorithms>

#include <algorithm>
#include <limits>

namespace {
// How often a retry countdown ("Retrying in 12 s") is re-read while one is showing.
constexpr int countdownTickMs = 500;
// Removing more separate runs of rows than this at once resets the model instead: each removal
// makes a sorting proxy and the view renumber every row after it.
constexpr int maxRemovalRuns = 32;
// The colour of the state of failed rows; a semantic colour the palette has no role for.
constexpr QRgb failedTextColor = 0xc0392b;

constexpr uint bit(int column)
{
    return 1u << column;
}
} // namespace

UploadTableModel::UploadTableModel(UploadScheduler *scheduler, QObject *parent)
    : QAbstractTableModel(parent)
    , m_scheduler(scheduler)
{
    Q_ASSERT(scheduler);
    // Precise: a coarse timer may fire up to 5% early, which would break the repaint ceiling.
    m_flushTimer.setTimerType(Qt::PreciseTimer);
    m_flushTimer.setSingleShot(true);
    connect(&m_flushTimer, &QTimer::timeout, this, &UploadTableModel::flush);
    m_countdownTimer.setInterval(countdownTickMs);
    connect(&m_countdownTimer, &QTimer::timeout, this, &UploadTableModel::tickCountdowns);

    connect(scheduler, &UploadScheduler::tasksAdded, this, &UploadTableModel::onTasksAdded);
    connect(scheduler, &UploadScheduler::tasksAboutToBeRemoved, this,
            &UploadTableModel::onTasksAboutToBeRemoved);
    connect(scheduler, &UploadScheduler::tasksChanged, this, &UploadTableModel::onTasksChanged);
    connect(scheduler, &QObject::destroyed, this, &UploadTableModel::onSchedulerDestroyed);
    // An outage's start, end or next try changes what waiting rows say, though no task changed
    // (they share their server's record): re-read the waiting rows, once per such event.
    ServerHealth *health = scheduler->serverHealth();
    connect(health, &ServerHealth::serverDown, this, &UploadTableModel::rereadWaiting);
    connect(health, &ServerHealth::serverUp, this, &UploadTableModel::rereadWaiting);
    connect(health, &ServerHealth::outageChanged, this, &UploadTableModel::rereadWaiting);

    onTasksAdded(scheduler->taskIds());
}

UploadTableModel::~UploadTableModel() = default;

int UploadTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int UploadTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : Count;
}

Qt::ItemFlags UploadTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

UploadScheduler *UploadTableModel::scheduler() const
{
    return m_scheduler;
}

TaskId UploadTableModel::taskId(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).id : 0;
}

int UploadTableModel::rowOf(TaskId id) const
{
    return m_rowOf.value(id, -1);
}

QModelIndex UploadTableModel::indexOf(TaskId id, int column) const
{
    const int row = rowOf(id);
    return row < 0 ? QModelIndex() : index(row, column);
}

QVariant UploadTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= Count)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (Column(section)) {
        case Name:
            return tr("Name");
        case Size:
            return tr("Size");
        case State:
            return tr("State");
        case Progress:
            return tr("Progress");
        case Chunks:
            return tr("Chunks");
        case Speed:
            return tr("Speed");
        case TimeLeft:
            return tr("Time left");
        case Server:
            return tr("Server");
        case Added:
            return tr("Added");
        case Finished:
            return tr("Finished");
        case Actions:
            return QString();
        case Count:
            break;
        }
    }
    if (role == Qt::TextAlignmentRole) {
        const bool number = section == Size || section == Speed || section == TimeLeft;
        return QVariant::fromValue(Qt::Alignment(number ? Qt::AlignRight | Qt::AlignVCenter
                                                        : Qt::AlignLeft | Qt::AlignVCenter));
    }
    return {};
}

QVariant UploadTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const UploadTask &task = *m_rows.at(index.row()).task;
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayText(task, column);
    case Qt::ToolTipRole:
        return toolTip(task, column);
    case Qt::AccessibleTextRole:
        return accessibleText(task, column);
    case Qt::TextAlignmentRole: {
        const bool number = column == Size || column == Speed || column == TimeLeft;
        return QVariant::fromValue(Qt::Alignment(number ? Qt::AlignRight | Qt::AlignVCenter
                                                        : Qt::AlignLeft | Qt::AlignVCenter));
    }
    case Qt::ForegroundRole:
        if (column == State && task.state() == TaskState::Error)
            return QBrush(QColor(failedTextColor));
        return {};
    case TaskIdRole:
        return QVariant::fromValue(task.id());
    case StateRole:
        return QVariant::fromValue(task.state());
    case ProgressRole:
        return task.progress();
    case ChunkMapRole:
        return QVariant::fromValue(chunkBarData(task));
    case SortRole:
        return sortValue(task, column);
    case ErrorRole:
        return task.state() == TaskState::Error ? task.errorMessage() : QString();
    case PriorityRole:
        return QVariant::fromValue(task.priority());
    default:
        return {};
    }
}

QString UploadTableModel::stateText(const UploadTask &task, qint64 now)
{
    switch (task.state()) {
    case TaskState::Waiting:
        if (task.retryAtMs() > now) {
            // Why first, then when: "Connection refused by 127.0.0.1:9 · retry 2 of 5 in 4 s".
            const qint64 seconds = (task.retryAtMs() - now + 999) / 1000;
            if (!task.statusNote().isEmpty())
                return tr("%1 in %2").arg(task.statusNote(), formatDuration(seconds));
            return tr("Retrying in %1").arg(formatDuration(seconds));
        }
        if (task.waitingForServer()) // "Server unreachable since 13:11 · trying now"
            return task.statusNote();
        if (task.retries() > 0) // its retry is due, about to start
            return tr("Reconnecting (try %1)").arg(task.retries() + 1);
        // Held by the schedule or a metered link: "Paused by schedule until Mon 08:00".
        return task.statusNote().isEmpty() ? tr("Waiting") : task.statusNote();
    case TaskState::Uploading:
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

QString UploadTableModel::displayText(const UploadTask &task, int column) const
{
    const bool moving =
        task.state() == TaskState::Uploading && task.phase() == TaskPhase::Transferring;
    switch (Column(column)) {
    case Name:
        return task.displayName();
    case Size: // a path that could not be read has no size to speak of
        return task.state() == TaskState::Error && task.size() == 0 ? QStringLiteral("\u2014")
                                                                    : formatSize(task.size());
    case State:
        return stateText(task, SystemClock::nowMs());
    case Progress:
        return QStringLiteral("%1%").arg(task.progress() * 100.0, 0, 'f', 1);
    case Chunks: {
        const ChunkMap &chunks = task.chunks();
        return QStringLiteral("%1/%2").arg(chunks.countIn(ChunkState::Done)).arg(chunks.count());
    }
    case Speed:
        return moving ? formatSpeed(task.speed()) : QString();
    case TimeLeft:
        return moving ? formatDuration(task.secondsLeft()) : QString();
    case Server: {
        const QString name = m_serverName ? m_serverName(task.endpoint()) : QString();
        return name.isEmpty() ? serverText(task.endpoint()) : name;
    }
    case Added:
        return formatWhen(task.createdMs(), QDateTime::currentDateTime());
    case Finished:
        return formatWhen(task.finishedMs(), QDateTime::currentDateTime());
    case Actions:
    case Count:
        break;
    }
    return {};
}

QVariant UploadTableModel::sortValue(const UploadTask &task, int column) const
{
    switch (Column(column)) {
    case Name:
        return task.displayName();
    case Size:
        return task.size();
    case State:
    case Actions:
        return int(task.state());
    case Progress:
        return task.progress();
    case Chunks: {
        const int count = task.chunks().count();
        return count ? double(task.chunks().countIn(ChunkState::Done)) / count : task.progress();
    }
    case Speed:
        return task.state() == TaskState::Uploading ? task.speed() : 0.0;
    case TimeLeft: {
        // Unknown sorts after every known time.
        const qint64 left = task.state() == TaskState::Uploading ? task.secondsLeft() : -1;
        return left < 0 ? std::numeric_limits<qint64>::max() : left;
    }
    case Server:
        return task.endpoint().toString();
    case Added:
        return task.createdMs();
    case Finished: // unfinished sorts after every finished one
        return task.finishedMs() > 0 ? task.finishedMs() : std::numeric_limits<qint64>::max();
    case Count:
        break;
    }
    return {};
}

QString UploadTableModel::accessibleText(const UploadTask &task, int column) const
{
    // What a screen reader says for the columns that are painted rather than written.
    switch (Column(column)) {
    case Progress:
        return tr("%1 uploaded").arg(displayText(task, column));
    case Chunks:
        return toolTip(task, column);
    case Actions:
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

void UploadTableModel::setServerName(ServerName name)
{
    m_serverName = std::move(name);
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, Server), index(int(m_rows.size()) - 1, Server),
                         {Qt::DisplayRole});
}

QString UploadTableModel::serverText(const QUrl &endpoint)
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

QString UploadTableModel::toolTip(const UploadTask &task, int column) const
{
    if (column == Server)
        return task.endpoint().toString(QUrl::RemoveUserInfo);
    if (column == Added)
        return tr("Added %1").arg(formatWhenFull(task.createdMs()));
    if (column == Finished && task.finishedMs() > 0)
        return (task.state() == TaskState::Error ? tr("Failed %1") : tr("Finished %1"))
            .arg(formatWhenFull(task.finishedMs()));
    if (column == Chunks) {
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
    } else if (!task.statusNote().isEmpty())
        text += QLatin1Char('\n') + task.statusNote();
    return text;
}

ChunkBarData UploadTableModel::chunkBarData(const UploadTask &task)
{
    const ChunkMap &map = task.chunks();
    ChunkBarData data;
    data.taskId = task.id();
    data.states = map.states();
    if (data.states.isEmpty()) // an empty file: one chunk, done or not
        data.states = {task.state() == TaskState::Success ? ChunkState::Done : ChunkState::Pending};
    const auto first = std::find(data.states.cbegin(), data.states.cend(), ChunkState::InFlight);
    if (first != data.states.cend() && map.count() > 0) {
        const int index = int(first - data.states.cbegin());
        const qint64 length = map.chunkEnd(index) - map.chunkBegin(index);
        if (length > 0)
            data.inFlightFraction = std::clamp(double(map.inFlightBytes()) / length, 0.0, 1.0);
    }
    for (const UploadPart &part : task.parts()) {
        if (part.begin > 0)
            data.partStarts.append(map.indexOf(part.begin));
    }
    // 1/1000 of a chunk is finer than any pixel; hashing a coarser value saves repaints.
    const auto permille = quint64(data.inFlightFraction * 1000);
    data.revision = qHashBits(data.states.constData(), size_t(data.states.size()), permille);
    return data;
}

UploadTableModel::Snapshot UploadTableModel::snapshotOf(const UploadTask &task, qint64 now) const
{
    Snapshot s;
    s.state = task.state();
    s.priority = task.priority();
    s.size = task.size();
    s.shown = task.shownBytes();
    s.speed = qint64(task.speed());
    s.secondsLeft = task.secondsLeft();
    if (task.state() == TaskState::Waiting && task.retryAtMs() > now)
        s.countdown = (task.retryAtMs() - now + 999) / 1000;
    else if (task.waitingForServer())
        s.countdown = 0; // its server is being asked: re-read until it answers or not

    s.chunkRevision = chunkBarData(task).revision;
    s.hashPercent = task.phase() == TaskPhase::Hashing ? int(task.hashProgress() * 100.0) : -1;
    s.name = task.displayName();
    s.error = task.errorMessage();
    s.note = task.statusNote();
    s.endpoint = task.endpoint();
    s.createdMs = task.createdMs();
    s.finishedMs = task.finishedMs();
    return s;
}

uint UploadTableModel::changedColumns(const Snapshot &a, const Snapshot &b)
{
    uint mask = 0;
    if (a.name != b.name || a.priority != b.priority)
        mask |= bit(Name);
    if (a.size != b.size)
        mask |= bit(Size) | bit(Progress);
    if (a.state != b.state)
        mask |= bit(State) | bit(Progress) | bit(Speed) | bit(TimeLeft) | bit(Actions);
    if (a.hashPercent != b.hashPercent)
        mask |= bit(State) | bit(Speed) | bit(TimeLeft); // the last two are blank while hashing
    if (a.countdown != b.countdown || a.error != b.error || a.note != b.note)
        mask |= bit(State);
    if (a.shown != b.shown)
        mask |= bit(Progress);
    if (a.chunkRevision != b.chunkRevision)
        mask |= bit(Chunks);
    if (a.speed != b.speed)
        mask |= bit(Speed);
    if (a.secondsLeft != b.secondsLeft)
        mask |= bit(TimeLeft);
    if (a.endpoint != b.endpoint)
        mask |= bit(Server) | bit(Count);
    if (a.createdMs != b.createdMs)
        mask |= bit(Added);
    if (a.finishedMs != b.finishedMs)
        mask |= bit(Finished);
    // The tooltip (path, error, note) is per row and shown on every column.
    if (a.error != b.error || a.note != b.note || a.state != b.state)
        mask |= bit(Count);
    return mask;
}

QList<int> UploadTableModel::rolesFor(uint mask)
{
    QList<int> roles{Qt::DisplayRole, SortRole};
    if (mask & (bit(State) | bit(Actions) | bit(Count)))
        roles << StateRole << ErrorRole << Qt::ToolTipRole << Qt::ForegroundRole;
    if (mask & bit(Progress))
        roles << ProgressRole;
    if (mask & bit(Chunks))
        roles << ChunkMapRole << Qt::ToolTipRole;
    if (mask & bit(Name))
        roles << PriorityRole;
    std::sort(roles.begin(), roles.end());
    roles.erase(std::unique(roles.begin(), roles.end()), roles.end());
    return roles;
}

void UploadTableModel::onTasksAdded(const QList<TaskId> &ids)
{
    if (!m_scheduler)
        return;
    QVector<Row> added;
    const qint64 now = SystemClock::nowMs();
    QSet<TaskId> seen;
    for (TaskId id : ids) {
        if (m_rowOf.contains(id) || seen.contains(id))
            continue;
        const UploadTask *task = m_scheduler->task(id);
        if (!task)
            continue;
        seen.insert(id);
        added.push_back({id, task, snapshotOf(*task, now)});
    }
    if (added.isEmpty())
        return;
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(added.size()) - 1);
    m_rows.reserve(first + added.size());
    m_rowOf.reserve(first + added.size());
    for (const Row &row : std::as_const(added)) {
        m_rowOf.insert(row.id, int(m_rows.size()));
        m_rows.push_back(row);
        if (row.shown.countdown >= 0)
            m_countdowns.insert(row.id);
    }
    endInsertRows();
    if (!m_countdowns.isEmpty() && !m_countdownTimer.isActive())
        m_countdownTimer.start();
}

void UploadTableModel::onTasksAboutToBeRemoved(const QList<TaskId> &ids)
{
    QVector<int> rows;
    rows.reserve(ids.size());
    for (TaskId id : ids) {
        const int row = rowOf(id);
        if (row >= 0)
            rows.push_back(row);
    }
    if (rows.isEmpty())
        return;
    std::sort(rows.begin(), rows.end());
    // Runs of adjacent rows, last first, so that the rows of the runs before stay where they are.
    QVector<QPair<int, int>> runs;
    for (int row : std::as_const(rows)) {
        if (!runs.isEmpty() && runs.last().second + 1 == row)
            runs.last().second = row;
        else
            runs.append({row, row});
    }
    const auto forget = [this](int row) {
        const TaskId id = m_rows.at(row).id;
        m_rowOf.remove(id);
        m_dirty.remove(id);
        m_countdowns.remove(id);
    };
    if (runs.size() > maxRemovalRuns) {
        // One pass that keeps the rest: removing run after run would move the rows behind each
        // (O(rows x runs): 50,000 scattered rows of 100,000 took tens of seconds).
        beginResetModel();
        qsizetype kept = rows.first();
        auto doomed = rows.cbegin();
        for (qsizetype row = rows.first(); row < m_rows.size(); ++row) {
            if (doomed != rows.cend() && *doomed == row) {
                forget(int(row));
                while (doomed != rows.cend() && *doomed == row)
                    ++doomed;
            } else {
                m_rows[kept++] = std::move(m_rows[row]);
            }
        }
        m_rows.resize(kept);
        reindexFrom(rows.first());
        endResetModel();
        return;
    }
    for (auto run = runs.crbegin(); run != runs.crend(); ++run) {
        beginRemoveRows({}, run->first, run->second);
        for (int row = run->first; row <= run->second; ++row)
            forget(row);
        m_rows.remove(run->first, run->second - run->first + 1);
        endRemoveRows();
    }
    reindexFrom(runs.first().first);
}

void UploadTableModel::reindexFrom(int first)
{
    for (int i = first; i < m_rows.size(); ++i)
        m_rowOf[m_rows.at(i).id] = i;
}

void UploadTableModel::onTasksChanged(const QList<TaskId> &ids)
{
    for (TaskId id : ids) {
        if (m_rowOf.contains(id))
            m_dirty.insert(id);
    }
    requestFlush();
}

void UploadTableModel::onSchedulerDestroyed()
{
    // The tasks are gone with it; forget the rows without touching them.
    beginResetModel();
    m_rows.clear();
    m_rowOf.clear();
    m_dirty.clear();
    m_countdowns.clear();
    m_flushTimer.stop();
    m_countdownTimer.stop();
    endResetModel();
}

void UploadTableModel::rereadWaiting()
{
    for (const Row &row : std::as_const(m_rows)) {
        if (row.shown.state == TaskState::Waiting)
            m_dirty.insert(row.id);
    }
    requestFlush();
}

void UploadTableModel::requestFlush()
{
    if (m_dirty.isEmpty() || m_flushTimer.isActive())
        return;
    const qint64 since = m_sinceFlush.isValid() ? m_sinceFlush.elapsed() : flushIntervalMs;
    m_flushTimer.start(int(std::max<qint64>(0, flushIntervalMs - since)));
}

void UploadTableModel::flush()
{
    m_sinceFlush.start();
    if (m_dirty.isEmpty())
        return;
    QVector<int> rows;
    rows.reserve(m_dirty.size());
    for (TaskId id : std::as_const(m_dirty)) {
        const int row = rowOf(id);
        if (row >= 0)
            rows.push_back(row);
    }
    m_dirty.clear();
    std::sort(rows.begin(), rows.end());

    const qint64 now = SystemClock::nowMs();
    bool countdowns = false;
    // Runs of adjacent rows whose changed columns are alike become one dataChanged.
    int runFirst = -1, runLast = -1;
    uint runMask = 0;
    const auto emitRun = [&] {
        if (runFirst < 0 || runMask == 0)
            return;
        const uint columns = runMask & ~bit(Count);
        int left = 0, right = Count - 1;
        if (!(runMask & bit(Count))) {
            left = int(qCountTrailingZeroBits(columns));
            right = 31 - int(qCountLeadingZeroBits(columns));
        }
        Q_EMIT dataChanged(index(runFirst, left), index(runLast, right), rolesFor(runMask));
    };
    for (int row : std::as_const(rows)) {
        Row &r = m_rows[row];
        const Snapshot now_ = snapshotOf(*r.task, now);
        const uint mask = changedColumns(r.shown, now_);
        r.shown = now_;
        if (now_.countdown >= 0) {
            m_countdowns.insert(r.id);
            countdowns = true;
        } else {
            m_countdowns.remove(r.id);
        }
        if (mask == 0)
            continue;
        if (row == runLast + 1 && mask == runMask) {
            runLast = row;
            continue;
        }
        emitRun();
        runFirst = runLast = row;
        runMask = mask;
    }
    emitRun();
    if (countdowns && !m_countdownTimer.isActive())
        m_countdownTimer.start();
}

void UploadTableModel::tickCountdowns()
{
    if (m_countdowns.isEmpty())
        m_countdownTimer.stop();
    for (TaskId id : std::as_const(m_countdowns))
        m_dirty.insert(id);
    requestFlush();
}
