#include "speedgraph.h"

#include "formatting.h"
#include "speedsampler.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace {
constexpr int margin = 6;
constexpr int gridLines = 2;
constexpr QRgb totalColor = 0x0072b2;    // blue (Okabe-Ito)
constexpr QRgb selectedColor = 0xe69f00; // orange (Okabe-Ito)
constexpr int totalAlpha = 90;
constexpr double selectedPenWidth = 2.5;

// The smallest round speed at least `value`: 1, 2 or 5 times a power of ten of KiB, MiB, ...,
// so that the grid's labels read "2.5 MiB/s", not "2.38 MiB/s".
double roundUp(double value)
{
    double unit = 1;
    while (value / unit >= 1024)
        unit *= 1024;
    for (const double step : {1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0}) {
        if (step * unit >= value)
            return step * unit;
    }
    return 1024 * unit;
}

QPainterPath pathOf(const QVector<double> &values, int capacity, const QRectF &plot, double top,
                    bool closed)
{
    QPainterPath path;
    if (values.isEmpty())
        return path;
    // The newest sample at the right edge; the plot spans `capacity` samples.
    const double step = plot.width() / std::max(1, capacity - 1);
    const double x0 = plot.right() - step * (values.size() - 1);
    const auto y = [&](double v) { return plot.bottom() - plot.height() * std::min(1.0, v / top); };
    if (closed)
        path.moveTo(x0, plot.bottom());
    for (int i = 0; i < values.size(); ++i) {
        const QPointF point(x0 + step * i, y(values.at(i)));
        if (i == 0 && !closed)
            path.moveTo(point);
        else
            path.lineTo(point);
    }
    if (closed) {
        path.lineTo(plot.right(), plot.bottom());
        path.closeSubpath();
    }
    return path;
}
} // namespace

SpeedGraph::SpeedGraph(const SpeedSampler *sampler, QWidget *parent)
    : QWidget(parent)
    , m_sampler(sampler)
{
    setAccessibleName(tr("Upload speed graph"));
    if (sampler)
        connect(sampler, &SpeedSampler::sampled, this, qOverload<>(&QWidget::update));
}

void SpeedGraph::setTask(TaskId id)
{
    m_task = id;
    update();
}

QSize SpeedGraph::sizeHint() const
{
    return {360, 120};
}

QSize SpeedGraph::minimumSizeHint() const
{
    return {160, 60};
}

void SpeedGraph::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette &pal = palette();
    painter.fillRect(rect(), pal.color(QPalette::Base));
    if (!m_sampler)
        return;

    const QVector<double> total = m_sampler->total().values();
    const QVector<double> selected = m_task ? m_sampler->taskSeries(m_task) : QVector<double>();
    const double most =
        std::max(m_sampler->total().max(),
                 selected.isEmpty() ? 0.0 : *std::max_element(selected.cbegin(), selected.cend()));
    const double top = roundUp(std::max(most, 1024.0));

    const QFontMetrics fm = fontMetrics();
    // As wide as the widest grid label: "768.0 KiB/s" below a top of "1.0 MiB/s" is wider than
    // the top's own, and was cut.
    QStringList labels{QStringLiteral("0")};
    int widest = fm.horizontalAdvance(labels.first());
    for (int i = 1; i <= gridLines; ++i) {
        labels << formatSpeed(top * i / gridLines);
        widest = std::max(widest, fm.horizontalAdvance(labels.last()));
    }
    const int labelWidth = widest + margin;
    const QRectF plot(margin + labelWidth, margin + fm.height(), width() - 2 * margin - labelWidth,
                      height() - 2 * margin - 2 * fm.height());
    if (plot.width() < 10 || plot.height() < 10)
        return;

    // Grid and its speeds.
    painter.setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DotLine));
    for (int i = 0; i <= gridLines; ++i) {
        const double y = plot.bottom() - plot.height() * i / gridLines;
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(QRectF(margin, y - fm.height() / 2.0, labelWidth - margin, fm.height()),
                         Qt::AlignRight | Qt::AlignVCenter | Qt::TextDontClip, labels.at(i));
        painter.setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DotLine));
    }
    // The time axis: the oldest minute on the left, now on the right.
    const int seconds = m_sampler->capacity() * m_sampler->interval() / 1000;
    painter.setPen(pal.color(QPalette::PlaceholderText));
    const QRectF axis(plot.left(), plot.bottom() + 2, plot.width(), fm.height());
    painter.drawText(axis, Qt::AlignLeft | Qt::AlignTop,
                     tr("%n min ago", nullptr, std::max(1, seconds / 60)));
    painter.drawText(axis, Qt::AlignRight | Qt::AlignTop, tr("now"));

    const int capacity = m_sampler->capacity();
    QColor fill(totalColor);
    fill.setAlpha(totalAlpha);
    painter.setPen(QPen(QColor(totalColor), 1));
    painter.setBrush(fill);
    painter.drawPath(pathOf(total, capacity, plot, top, true));
    if (!selected.isEmpty()) {
        painter.setPen(QPen(QColor(selectedColor), selectedPenWidth, Qt::SolidLine, Qt::RoundCap,
                            Qt::RoundJoin));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(pathOf(selected, capacity, plot, top, false));
    }

    // Legend, with the speeds now.
    const double totalNow = m_sampler->total().last();
    const QString legend =
        totalNow > 0 ? tr("Total %1").arg(formatSpeed(totalNow)) : tr("Total: idle");
    const QRectF head(plot.left(), margin, plot.width(), fm.height());
    painter.setPen(Qt::NoPen);
    painter.setBrush(fill);
    painter.drawRect(QRectF(head.left(), head.center().y() - 4, 14, 8));
    painter.setPen(pal.color(QPalette::Text));
    painter.drawText(head.adjusted(18, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, legend);
    if (m_task) {
        const double now = selected.isEmpty() ? 0.0 : selected.last();
        const QString mine =
            now > 0 ? tr("This upload %1").arg(formatSpeed(now)) : tr("This upload: not sending");
        const int w = fm.horizontalAdvance(mine);
        const QPointF start(head.right() - w - 22, head.center().y());
        painter.setPen(QPen(QColor(selectedColor), selectedPenWidth));
        painter.drawLine(start, start + QPointF(14, 0));
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(QRectF(head.right() - w, head.top(), w, head.height()),
                         Qt::AlignRight | Qt::AlignVCenter, mine);
    }
}
