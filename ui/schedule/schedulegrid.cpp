#include "schedulegrid.h"

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace {
constexpr int CellWidth = 24;
constexpr int CellHeight = 26;
constexpr int Gap = 1;

// Hues for rates, lowest rate first: from warm (tight) to cool (generous).
constexpr int RateHues[] = {30, 50, 195, 265, 320, 10, 170, 225};
} // namespace

ScheduleGrid::ScheduleGrid(QWidget *parent)
    : QWidget(parent)
{
    m_firstDay = int(QLocale().firstDayOfWeek()) - 1;
    setMouseTracking(true);
    setAccessibleName(tr("Weekly schedule"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void ScheduleGrid::setSchedule(const TransferSchedule &schedule)
{
    m_schedule = schedule;
    update();
}

void ScheduleGrid::setRates(const QList<qint64> &rates)
{
    m_rates = rates;
    update();
}

QColor ScheduleGrid::colorFor(const ScheduleMode &mode, const QList<qint64> &rates)
{
    switch (mode.kind) {
    case ScheduleMode::Kind::Full:
        return QColor(120, 200, 120);
    case ScheduleMode::Kind::Paused:
        return QColor(150, 150, 150);
    case ScheduleMode::Kind::Limited:
        break;
    }
    QList<qint64> sorted = rates;
    std::sort(sorted.begin(), sorted.end());
    const qsizetype i = qMax<qsizetype>(0, sorted.indexOf(mode.rate));
    constexpr int hues = int(sizeof(RateHues) / sizeof(RateHues[0]));
    return QColor::fromHsv(RateHues[i % hues], 140, 235);
}

int ScheduleGrid::rowOf(int day) const
{
    return (day - m_firstDay + TransferSchedule::Days) % TransferSchedule::Days;
}

int ScheduleGrid::dayOf(int row) const
{
    return (row + m_firstDay) % TransferSchedule::Days;
}

int ScheduleGrid::labelWidth() const
{
    const QLocale locale;
    int width = 0;
    for (int d = 1; d <= 7; ++d)
        width =
            qMax(width, fontMetrics().horizontalAdvance(locale.dayName(d, QLocale::ShortFormat)));
    return width + 10;
}

int ScheduleGrid::headerHeight() const
{
    return fontMetrics().height() + 6;
}

QSize ScheduleGrid::sizeHint() const
{
    return {labelWidth() + TransferSchedule::Hours * (CellWidth + Gap),
            headerHeight() + TransferSchedule::Days * (CellHeight + Gap)};
}

QSize ScheduleGrid::minimumSizeHint() const
{
    return {labelWidth() + TransferSchedule::Hours * 14, sizeHint().height()};
}

QRect ScheduleGrid::cellRect(int row, int hour) const
{
    const double w = double(width() - labelWidth()) / TransferSchedule::Hours;
    const int x0 = labelWidth() + int(hour * w);
    const int x1 = labelWidth() + int((hour + 1) * w);
    const int y = headerHeight() + row * (CellHeight + Gap);
    return {x0, y, x1 - x0 - Gap, CellHeight};
}

QPoint ScheduleGrid::cellCenter(int day, int hour) const
{
    return cellRect(rowOf(day), hour).center();
}

bool ScheduleGrid::cellAt(const QPoint &pos, int *row, int *hour, bool clamp) const
{
    const double w = double(width() - labelWidth()) / TransferSchedule::Hours;
    int h = int(std::floor((pos.x() - labelWidth()) / w));
    int r = (pos.y() - headerHeight()) / (CellHeight + Gap);
    if (pos.y() < headerHeight())
        r = -1;
    const bool inside =
        h >= 0 && h < TransferSchedule::Hours && r >= 0 && r < TransferSchedule::Days;
    if (!inside && !clamp)
        return false;
    *hour = qBound(0, h, TransferSchedule::Hours - 1);
    *row = qBound(0, r, TransferSchedule::Days - 1);
    return true;
}

void ScheduleGrid::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QLocale locale;
    const QColor text = palette().color(QPalette::WindowText);
    p.setPen(text);
    // Hours every 3, as on a clock face: 00 03 06 …
    for (int h = 0; h < TransferSchedule::Hours; h += 3) {
        const QRect cell = cellRect(0, h);
        p.drawText(QRect(cell.left(), 0, cell.width() * 3, headerHeight()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("%1").arg(h, 2, 10, QLatin1Char('0')));
    }
    for (int row = 0; row < TransferSchedule::Days; ++row) {
        const int day = dayOf(row);
        const QRect first = cellRect(row, 0);
        p.setPen(text);
        p.drawText(QRect(0, first.top(), labelWidth() - 6, first.height()),
                   Qt::AlignRight | Qt::AlignVCenter,
                   locale.dayName(day + 1, QLocale::ShortFormat));
        for (int h = 0; h < TransferSchedule::Hours; ++h) {
            const ScheduleMode mode = m_schedule.modeAt(day, h);
            const QRect cell = cellRect(row, h);
            p.fillRect(cell, colorFor(mode, m_rates));
            if (mode.kind == ScheduleMode::Kind::Paused) {
                // Not by colour alone: paused hours are hatched.
                p.fillRect(cell, QBrush(QColor(90, 90, 90), Qt::BDiagPattern));
            }
        }
    }
    // A gap every 6 hours helps the eye find 06, 12 and 18.
    p.setPen(QPen(palette().color(QPalette::Window), 2));
    for (int h = 6; h < TransferSchedule::Hours; h += 6) {
        const int x = cellRect(0, h).left() - 1;
        p.drawLine(x, headerHeight(), x, cellRect(TransferSchedule::Days - 1, h).bottom());
    }
}

void ScheduleGrid::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton
        || !cellAt(event->position().toPoint(), &m_startRow, &m_startHour, false))
        return;
    m_dragging = true;
    m_beforeDrag = m_schedule;
    m_endRow = m_startRow;
    m_endHour = m_startHour;
    paintDrag();
}

void ScheduleGrid::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_dragging)
        return;
    int row = 0;
    int hour = 0;
    cellAt(event->position().toPoint(), &row, &hour, true);
    if (row == m_endRow && hour == m_endHour)
        return;
    m_endRow = row;
    m_endHour = hour;
    paintDrag();
}

void ScheduleGrid::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && m_dragging) {
        m_dragging = false;
        Q_EMIT scheduleChanged();
    }
}

// The rectangle from where the press was to where the pointer is, painted on the schedule as it
// was before the press: dragging back un-paints.
void ScheduleGrid::paintDrag()
{
    m_schedule = m_beforeDrag;
    for (int row = qMin(m_startRow, m_endRow); row <= qMax(m_startRow, m_endRow); ++row) {
        for (int h = qMin(m_startHour, m_endHour); h <= qMax(m_startHour, m_endHour); ++h)
            m_schedule.setMode(dayOf(row), h, m_brush);
    }
    update();
}

bool ScheduleGrid::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        int row = 0;
        int hour = 0;
        if (cellAt(help->pos(), &row, &hour, false)) {
            const int day = dayOf(row);
            QToolTip::showText(help->globalPos(),
                               tr("%1 %2:00–%3:00: %4")
                                   .arg(QLocale().dayName(day + 1))
                                   .arg(hour, 2, 10, QLatin1Char('0'))
                                   .arg(hour + 1, 2, 10, QLatin1Char('0'))
                                   .arg(m_schedule.modeAt(day, hour).label()),
                               this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(event);
}
