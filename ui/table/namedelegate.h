#pragma once

#include <QStyledItemDelegate>

// The Name column: paths shortened by elidePath(), folders first, the file's name whole.
class NameDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
};
