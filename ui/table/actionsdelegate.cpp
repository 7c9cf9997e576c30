#include "actionsdelegate.h"

#include "icons.h"
#include "uploadtablemodel.h"

#include <QApplication>
#include <QCursor>
#include <QMouseEvent>
#include <QPainter>

namespace {
constexpr int buttonSize = 22;
constexpr int buttonGap = 2;
constexpr int margin = 4;
constexpr int iconInset = 4;

QIcon iconFor(ActionsDelegate::Action action)
{
    switch (action) {
    case ActionsDelegate::Action::Pause:
        return Icons::pause();
    case ActionsDelegate::Action::Resume:
        return Icons::resume();
    case ActionsDelegate::Action::Retry:
        return Icons::retry();
    case ActionsDelegate::Action::Cancel:
        return Icons::cancel();
    case ActionsDelegate::Action::None:
        break;
    }
    return {};
}
} // namespace

ActionsDelegate::ActionsDelegate(QObject *parent)
    : CellDelegate(parent)
{
}

QVector<ActionsDelegate::Action> ActionsDelegate::actionsFor(TaskState state)
{
    switch (state) {
    case TaskState::Waiting:
    case TaskState::Uploading:
        return {Action::Pause, Action::Cancel};
    case TaskState::Paused:
        return {Action::Resume, Action::Cancel};
    case TaskState::Error:
        return {Action::Retry, Action::Cancel};
    case TaskState::Success:
        return {};
    }
    return {};
}

QRect ActionsDelegate::buttonRect(const QRect &cell, int position)
{
    const int size = std::min(buttonSize, cell.height() - 2);
    const int x = cell.left() + margin + position * (size + buttonGap);
    const int y = cell.top() + (cell.height() - size) / 2;
    return QRect(x, y, size, size);
}

ActionsDelegate::Action ActionsDelegate::actionAt(const QRect &cell, TaskState state,
                                                  const QPoint &pos)
{
    const QVector<Action> actions = actionsFor(state);
    for (int i = 0; i < actions.size(); ++i) {
        if (buttonRect(cell, i).contains(pos))
            return actions.at(i);
    }
    return Action::None;
}

int ActionsDelegate::preferredWidth()
{
    return 2 * margin + 2 * buttonSize + buttonGap;
}

void ActionsDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                            const QModelIndex &index) const
{
    paintBackground(painter, option, index);
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();

    const auto state = index.data(UploadTableModel::StateRole).value<TaskState>();
    const QVector<Action> actions = actionsFor(state);
    // The view repaints the hovered row as the mouse moves (it tracks hover), so reading the
    // cursor here is enough to highlight the button under it.
    const QPoint cursor = widget && (option.state & QStyle::State_MouseOver)
                              ? widget->mapFromGlobal(QCursor::pos())
                              : QPoint(-1, -1);
    for (int i = 0; i < actions.size(); ++i) {
        const QRect rect = buttonRect(option.rect, i);
        if (option.state & QStyle::State_Selected) {
            // Coloured icons vanish on the selection's colour: each sits on a chip of the
            // view's base colour there.
            painter->save();
            painter->setRenderHint(QPainter::Antialiasing);
            painter->setPen(Qt::NoPen);
            painter->setBrush(option.palette.color(QPalette::Base));
            painter->drawRoundedRect(QRectF(rect).adjusted(1, 1, -1, -1), 4, 4);
            painter->restore();
        }
        if (rect.contains(cursor)) {
            QStyleOption panel;
            panel.initFrom(widget);
            panel.rect = rect;
            panel.state = QStyle::State_Enabled | QStyle::State_Raised | QStyle::State_MouseOver
                          | QStyle::State_AutoRaise;
            style->drawPrimitive(QStyle::PE_PanelButtonTool, &panel, painter, widget);
        }
        iconFor(actions.at(i))
            .paint(painter, rect.adjusted(iconInset, iconInset, -iconInset, -iconInset));
    }
}

QSize ActionsDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setWidth(preferredWidth());
    size.setHeight(std::max(size.height(), buttonSize + 2));
    return size;
}

bool ActionsDelegate::editorEvent(QEvent *event, QAbstractItemModel *model,
                                  const QStyleOptionViewItem &option, const QModelIndex &index)
{
    const QEvent::Type type = event->type();
    if (type != QEvent::MouseButtonPress && type != QEvent::MouseButtonRelease
        && type != QEvent::MouseButtonDblClick)
        return QStyledItemDelegate::editorEvent(event, model, option, index);
    const auto *mouse = static_cast<QMouseEvent *>(event);
    if (mouse->button() != Qt::LeftButton)
        return false;
    const auto state = index.data(UploadTableModel::StateRole).value<TaskState>();
    const Action action = actionAt(option.rect, state, mouse->position().toPoint());
    if (action == Action::None)
        return false;
    if (type != QEvent::MouseButtonRelease)
        return true; // a click on a button is not a click on the row
    const auto id = index.data(UploadTableModel::TaskIdRole).value<TaskId>();
    switch (action) {
    case Action::Pause:
        Q_EMIT pauseClicked(id);
        break;
    case Action::Resume:
        Q_EMIT resumeClicked(id);
        break;
    case Action::Retry:
        Q_EMIT retryClicked(id);
        break;
    case Action::Cancel:
        Q_EMIT cancelClicked(id);
        break;
    case Action::None:
        break;
    }
    return true;
}
