#include "uploadtablemodel.h"

#include "clock.h"
#include "serverhealth.h"
#include "uploadscheduler.h"
#include "uploadtask.h"

#include <QBrush>
#include <QColor>
#include <QtAlgorithms>

#include <algorithm>

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
        return m_text.displayText(task, column);
    case Qt::ToolTipRole:
        return m_text.toolTip(task, column);
    case Qt::AccessibleTextRole:
        return m_text.accessibleText(task, column);
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
        return QVariant::fromValue(ChunkBarData::of(task));
    case SortRole:
        return m_text.sortValue(task, column);
    case ErrorRole:
        return task.state() == TaskState::Error ? task.errorMessage() : QString();
    case PriorityRole:
        return QVariant::fromValue(task.priority());
    default:
        return {};
    }
}

void UploadTableModel::setServerName(ServerName name)
{
    m_text.setServerName(std::move(name));
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, Server), index(int(m_rows.size()) - 1, Server),
                         {Qt::DisplayRole});
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

    s.chunkRevision = ChunkBarData::of(task).revision;
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
