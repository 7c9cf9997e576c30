#include "progressdelegate.h"

#include "progresspainter.h"
#include "uploadtablemodel.h"

#include <QApplication>

ProgressDelegate::ProgressDelegate(QObject *parent)
    : CellDelegate(parent)
{
}

void ProgressDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                             const QModelIndex &index) const
{
    paintBackground(painter, option, index);

    const auto state = index.data(UploadTableModel::StateRole).value<TaskState>();
    const bool active = state != TaskState::Paused && state != TaskState::Error;
    ProgressPainter::paint(painter, option, index.data(UploadTableModel::ProgressRole).toDouble(),
                           index.data(Qt::DisplayRole).toString(), active);
}
