#include "progressdelegate.h"

#include "progresspainter.h"
#include "uploadtablemodel.h"

#include <QApplication>

ProgressDelegate::ProgressDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
}

void ProgressDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                             const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const auto state = index.data(UploadTableModel::StateRole).value<TaskState>();
    const bool active = state != TaskState::Paused && state != TaskState::Error;
    ProgressPainter::paint(painter, option, index.data(UploadTableModel::ProgressRole).toDouble(),
                           index.data(Qt::DisplayRole).toString(), active);
}
