#pragma once

#include "uploadtypes.h"

#include "celldelegate.h"
#include <QVector>

// Two small buttons per row: pause or resume (retry on failed rows) and cancel. Clicks come out
// as signals carrying the task id; the window decides what to do (e.g. ask before cancelling).
class ActionsDelegate final : public CellDelegate {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ActionsDelegate)
public:
    enum class Action { None, Pause, Resume, Retry, Cancel };
    Q_ENUM(Action)

    explicit ActionsDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    bool editorEvent(QEvent *event, QAbstractItemModel *model, const QStyleOptionViewItem &option,
                     const QModelIndex &index) override;

    // The buttons a row in `state` shows, left to right.
    static QVector<Action> actionsFor(TaskState state);
    static QRect buttonRect(const QRect &cell, int position);
    static Action actionAt(const QRect &cell, TaskState state, const QPoint &pos);
    // Width of the column that fits both buttons.
    static int preferredWidth();

Q_SIGNALS:
    void pauseClicked(TaskId id);
    void resumeClicked(TaskId id);
    void retryClicked(TaskId id);
    void cancelClicked(TaskId id);
};
