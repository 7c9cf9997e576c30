#include "statedelegate.h"

#include <QApplication>
#include <QFontMetrics>
#include <QStyle>

namespace {
// The first part keeps at least this many characters before its "…", else the last part goes too.
constexpr int MinHeadChars = 4;
} // namespace

QString StateDelegate::fitted(const QString &text, const QFontMetrics &metrics, int width)
{
    if (metrics.horizontalAdvance(text) <= width)
        return text;
    const QString separator = QStringLiteral(" \u00b7 ");
    const int split = int(text.lastIndexOf(separator));
    if (split > 0) {
        const QString tail = separator + text.mid(split + separator.size());
        const int room = width - metrics.horizontalAdvance(tail);
        const QString head = metrics.elidedText(text.left(split), Qt::ElideRight, room);
        if (head.size() > MinHeadChars)
            return head + tail;
    }
    return metrics.elidedText(text, Qt::ElideRight, width);
}

void StateDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const QStyle *style = option->widget ? option->widget->style() : QApplication::style();
    // The room the style leaves the text: its margin on each side of the cell.
    const int margin =
        style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, option->widget) + 1;
    int width = option->rect.width() - 2 * margin;
    if (option->features & QStyleOptionViewItem::HasDecoration)
        width -= option->decorationSize.width() + margin;
    option->text = fitted(option->text, option->fontMetrics, width);
}
