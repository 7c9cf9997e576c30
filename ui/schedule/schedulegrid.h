#pragma once

#include "transferschedule.h"

#include <QColor>
#include <QWidget>

// The week as a grid, a row per day (from the locale's first day of the week) and a column per
// hour, each cell coloured by its mode. Pressing and dragging paints a rectangle of hours with the
// chosen mode (the brush), as in a paint program; the mode under the pointer is its tooltip.
class ScheduleGrid final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScheduleGrid)
public:
    explicit ScheduleGrid(QWidget *parent = nullptr);

    void setSchedule(const TransferSchedule &schedule);
    const TransferSchedule &schedule() const { return m_schedule; }
    void setBrush(const ScheduleMode &mode) { m_brush = mode; }
    ScheduleMode brush() const { return m_brush; }

    // The colour of a mode: full speed green, paused grey, each rate its own hue, the lower rates
    // warmer. `rates` are the palette's, in its order.
    static QColor colorFor(const ScheduleMode &mode, const QList<qint64> &rates);
    void setRates(const QList<qint64> &rates);

    // Row of `day` (0 Monday … 6 Sunday) in the grid, and back.
    int rowOf(int day) const;
    int dayOf(int row) const;
    // The middle of a cell, for tests that paint with the mouse.
    QPoint cellCenter(int day, int hour) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void scheduleChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    QRect cellRect(int row, int hour) const;
    // The cell at `pos`, clamped into the grid when `clamp`; false when outside.
    bool cellAt(const QPoint &pos, int *row, int *hour, bool clamp) const;
    void paintDrag();
    int labelWidth() const;
    int headerHeight() const;

    TransferSchedule m_schedule;
    TransferSchedule m_beforeDrag;
    ScheduleMode m_brush = ScheduleMode::paused();
    QList<qint64> m_rates;
    int m_firstDay = 0; // 0 Monday
    bool m_dragging = false;
    int m_startRow = 0;
    int m_startHour = 0;
    int m_endRow = 0;
    int m_endHour = 0;
};
