#include "chunkmapview.h"

#include <QPainter>

#include <cmath>

namespace {
constexpr int barHeight = 22;
} // namespace

ChunkMapView::ChunkMapView(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAccessibleName(tr("Chunk map"));
}

void ChunkMapView::setData(const ChunkBarData &data)
{
    const bool changed = data.revision != m_data.revision || data.taskId != m_data.taskId;
    m_data = data;
    if (changed) {
        m_width = 0; // rebuilt on the next paint
        update();
    }
}

QSize ChunkMapView::sizeHint() const
{
    return {400, barHeight + 2};
}

QSize ChunkMapView::minimumSizeHint() const
{
    return {100, barHeight + 2};
}

void ChunkMapView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const QRectF bar = QRectF(rect()).adjusted(1, 1, -1, -1);
    const auto colors = ChunkBarPainter::Colors::fromPalette(palette());
    if (m_data.states.isEmpty() || bar.width() < 2) {
        painter.fillRect(bar, colors.pending);
        return;
    }
    const qreal dpr = devicePixelRatioF();
    const int pixels = int(std::lround(bar.width() * dpr));
    if (pixels != m_width || m_revision != m_data.revision) {
        m_strip = ChunkBarPainter::render(
            ChunkBarPainter::downsample(m_data.states, m_data.inFlightFraction, pixels), colors);
        m_marks = ChunkBarPainter::marks(m_data.states, m_data.partStarts, pixels,
                                         int(std::lround(ChunkBarPainter::MinMarkWidth * dpr)));
        m_width = pixels;
        m_revision = m_data.revision;
    }
    ChunkBarPainter::paint(&painter, bar, m_strip, m_marks, colors);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(bar.adjusted(-0.5, -0.5, 0.5, 0.5));
}
