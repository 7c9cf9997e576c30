#pragma once

#include "celldelegate.h"

// Paints the Progress column as a style progress bar with the percentage on it; greyed out
// while the task is paused or failed.
class ProgressDelegate final : public CellDelegate {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProgressDelegate)
public:
    explicit ProgressDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
};
