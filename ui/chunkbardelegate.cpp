#include "chunkbardelegate.h"

#include "chunkbarpainter.h"
#include "uploadtablemodel.h"

#include <QApplication>
#include <QPainter>

#include <cmath>

namespace {
constexpr int marginX = 4;
constexpr int marginY = 6;
// Beyond this many cached strips (tasks scrolled past long ago), start over.
constexpr int maxCachedStrips = 4096;
} // namespace

ChunkBarDelegate::ChunkBarDelegate(QObject *parent)
    : CellDelegate(parent)
{
}

void ChunkBarDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                             const QModelIndex &index) const
{
    paintBackground(painter, option, index);

    const auto data = index.data(UploadTableModel::ChunkMapRole).value<ChunkBarData>();
    const QRect bar = option.rect.adjusted(marginX, marginY, -marginX, -marginY);
    if (data.states.isEmpty() || bar.width() < 2 || bar.height() < 2)
        return;

    const qreal dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
    const int pixels = int(std::lround(bar.width() * dpr));
    const qint64 paletteKey = option.palette.cacheKey();
    Entry &entry = m_cache[data.taskId];
    if (entry.image.isNull() || entry.width != pixels || entry.revision != data.revision
        || entry.paletteKey != paletteKey) {
        const auto colors = ChunkBarPainter::Colors::fromPalette(option.palette);
        entry.image = ChunkBarPainter::render(
            ChunkBarPainter::downsample(data.states, data.inFlightFraction, pixels), colors);
        entry.width = pixels;
        entry.revision = data.revision;
        entry.paletteKey = paletteKey;
        ++m_renders;
        if (m_cache.size() > maxCachedStrips) {
            const Entry keep = entry;
            m_cache.clear();
            m_cache.insert(data.taskId, keep);
        }
    }
    const QImage image = m_cache.value(data.taskId).image;

    painter->save();
    painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter->drawImage(QRectF(bar), image, QRectF(0, 0, image.width(), 1));
    painter->setPen(option.palette.color(QPalette::Mid));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(QRectF(bar).adjusted(-0.5, -0.5, 0.5, 0.5));
    painter->restore();
}

QSize ChunkBarDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setWidth(std::max(size.width(), 120));
    return size;
}
