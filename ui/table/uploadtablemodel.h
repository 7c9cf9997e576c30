#pragma once

#include "chunkbardata.h"
#include "uploadcelltext.h"
#include "uploadtypes.h"

#include <QAbstractTableModel>
#include <QElapsedTimer>
#include <QHash>
#include <QPointer>
#include <QSet>
#include <QTimer>
#include <QUrl>
#include <QVector>

class UploadScheduler;
class UploadTask;

// The scheduler's tasks as rows, one column per fact. Read-only: commands go to the scheduler,
// changes come back through its signals. Repaints are coalesced: whatever the scheduler emits,
// dataChanged goes out at most once per flush interval, for the rows and columns that changed.
class UploadTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UploadTableModel)
public:
    enum Column {
        Name,
        Size,
        State,
        Progress,
        Chunks,
        Speed,
        TimeLeft,
        Server,
        Added,
        Finished,
        Actions,
        Count
    };
    Q_ENUM(Column)
    enum Role {
        TaskIdRole = Qt::UserRole + 1, // TaskId
        StateRole,                     // TaskState
        ProgressRole,                  // double, 0..1
        ChunkMapRole,                  // ChunkBarData
        SortRole,                      // raw value of the column, for QSortFilterProxyModel
        ErrorRole,                     // QString, empty unless failed
        PriorityRole,                  // Priority
    };
    Q_ENUM(Role)

    static constexpr int flushIntervalMs = 100;

    explicit UploadTableModel(UploadScheduler *scheduler, QObject *parent = nullptr);
    ~UploadTableModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    UploadScheduler *scheduler() const;
    TaskId taskId(int row) const;
    // The task shown in `row`, null when there is none (valid until the row is removed).
    const UploadTask *taskAt(int row) const
    {
        return row >= 0 && row < m_rows.size() ? m_rows.at(row).task : nullptr;
    }
    int rowOf(TaskId id) const; // -1 when unknown
    QModelIndex indexOf(TaskId id, int column = Name) const;

    // What the Server column calls some servers instead of their address ("This computer" for
    // the window's own); empty for the others. The words of every cell are UploadCellText's.
    using ServerName = UploadCellText::ServerName;
    void setServerName(ServerName name);

private:
    // What was last shown for a row; diffed on flush to find the columns that changed.
    struct Snapshot {
        TaskState state = TaskState::Waiting;
        Priority priority = Priority::Normal;
        qint64 size = 0;
        qint64 shown = 0;
        qint64 speed = 0;
        qint64 secondsLeft = -1;
        qint64 countdown = -1; // seconds until a retry, -1 when none
        quint64 chunkRevision = 0;
        int hashPercent = -1; // while hashing, else -1
        QString name;
        QString error;
        QString note;
        QUrl endpoint;
        qint64 createdMs = 0;
        qint64 finishedMs = 0;
    };
    struct Row {
        TaskId id = 0;
        const UploadTask *task = nullptr; // valid until tasksAboutToBeRemoved
        Snapshot shown;
    };

    void onTasksAdded(const QList<TaskId> &ids);
    void onTasksAboutToBeRemoved(const QList<TaskId> &ids);
    // Row numbers of the rows from `first` on, after rows moved.
    void reindexFrom(int first);
    void onTasksChanged(const QList<TaskId> &ids);
    void onSchedulerDestroyed();
    void requestFlush();
    void flush();
    void tickCountdowns();
    // Marks every waiting row to be read again (a server's outage began, moved on or ended).
    void rereadWaiting();
    Snapshot snapshotOf(const UploadTask &task, qint64 nowMs) const;
    static uint changedColumns(const Snapshot &before, const Snapshot &after);
    static QList<int> rolesFor(uint columnMask);

    QPointer<UploadScheduler> m_scheduler;
    UploadCellText m_text;
    QVector<Row> m_rows;
    QHash<TaskId, int> m_rowOf;
    QSet<TaskId> m_dirty;
    QSet<TaskId> m_countdowns; // rows showing "Retrying in N s"
    QTimer m_flushTimer;
    QElapsedTimer m_sinceFlush;
    QTimer m_countdownTimer;
};
