#include "progresspainter.h"

#include <QApplication>
#include <QPainter>
#include <QStyleOptionProgressBar>
#include <QStyleOptionViewItem>

#include <algorithm>
#include <cmath>

namespace {
constexpr int steps = 1000; // resolution of the bar: 0.1%
constexpr int marginX = 2;
constexpr int marginY = 3;
} // namespace

void ProgressPainter::paint(QPainter *painter, const QStyleOptionViewItem &option, double fraction,
                            const QString &text, bool enabled)
{
    QStyleOptionProgressBar bar;
    bar.rect = option.rect.adjusted(marginX, marginY, -marginX, -marginY);
    bar.palette = option.palette;
    bar.fontMetrics = option.fontMetrics;
    bar.direction = option.direction;
    // Without State_Horizontal, Qt 6 styles draw the bar outside the cell.
    // A paused bar greys its fill, never its text: the disabled palette's light grey text was
    // unreadable, more so on a selected row.
    bar.state = QStyle::State_Horizontal | QStyle::State_Enabled;
    if (!enabled) {
        bar.palette.setColor(QPalette::Highlight,
                             option.palette.color(QPalette::Disabled, QPalette::Highlight));
    }
    bar.minimum = 0;
    bar.maximum = steps;
    bar.progress = int(std::lround(std::clamp(fraction, 0.0, 1.0) * steps));
    bar.text = text;
    bar.textVisible = true;
    bar.textAlignment = Qt::AlignCenter;
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ProgressBar, &bar, painter, widget);
}
