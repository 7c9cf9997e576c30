#pragma once

#include <QStyledItemDelegate>

// Base for the delegates that paint their own content over a row's cell: selection, hover and
// alternating colours come from the view's style as for any cell; the text is theirs to draw.
class CellDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    // Draws the cell as the style would, without its text.
    void paintBackground(QPainter *painter, const QStyleOptionViewItem &option,
                         const QModelIndex &index) const;
};
