#include "chunkbardelegate.h"

#include "chunkbarpainter.h"
#include "uploadtablemodel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

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
    const auto colors = ChunkBarPainter::Colors::fromPalette(option.palette);
    Entry &entry = m_cache[data.taskId];
    if (entry.image.isNull() || entry.width != pixels || entry.revision != data.revision
        || entry.paletteKey != paletteKey) {
        entry.image = ChunkBarPainter::render(
            ChunkBarPainter::downsample(data.states, data.inFlightFraction, pixels), colors);
        entry.marks = ChunkBarPainter::marks(data.states, data.partStarts, pixels,
                                             int(std::lround(ChunkBarPainter::MinMarkWidth * dpr)));
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
    const Entry entryCopy = m_cache.value(data.taskId);

    ChunkBarPainter::paint(painter, QRectF(bar), entryCopy.image, entryCopy.marks, colors);
    painter->save();
    // On a selected row the frame is the base colour: the bar stands apart from the highlight.
    const bool selected = option.state & QStyle::State_Selected;
    painter->setPen(option.palette.color(selected ? QPalette::Base : QPalette::Mid));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(QRectF(bar).adjusted(-0.5, -0.5, 0.5, 0.5));
    painter->restore();
}

bool ChunkBarDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                                 const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (!event || !view || event->type() != QEvent::ToolTip)
        return CellDelegate::helpEvent(event, view, option, index);
    // The counts the model says, then what each colour means.
    const QString counts = index.data(Qt::ToolTipRole).toString();
    const QString legend =
        ChunkBarPainter::legendHtml(ChunkBarPainter::Colors::fromPalette(option.palette));
    QToolTip::showText(
        event->globalPos(),
        QStringLiteral("<p style=\"white-space:pre\">%1</p>%2").arg(counts.toHtmlEscaped(), legend),
        view->viewport(), option.rect);
    return true;
}

QSize ChunkBarDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setWidth(std::max(size.width(), 120));
    return size;
}
