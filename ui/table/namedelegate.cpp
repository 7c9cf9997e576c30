#include "namedelegate.h"

#include "pathelider.h"

#include <QApplication>
#include <QPainter>
#include <QStyle>

void NameDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                         const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    // The text's room as the style lays it out, less the margins it draws text within.
    const QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget);
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    opt.text = elidePath(opt.text, opt.fontMetrics, textRect.width() - 2 * margin);
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
}
