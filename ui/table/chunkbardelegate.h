#pragma once

#include "chunkbarpainter.h"
#include "uploadtypes.h"

#include "celldelegate.h"
#include <QHash>
#include <QImage>

// Paints the Chunks column: the task's chunk map downsampled to the cell's pixel width. The
// strip is cached per task and rebuilt only when the width, the map or the palette changes.
class ChunkBarDelegate final : public CellDelegate {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChunkBarDelegate)
public:
    explicit ChunkBarDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    // The tooltip: the chunk counts and a legend of the colours.
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

    // How many strips were rendered (not drawn from the cache) so far; for tests.
    int renderCount() const { return m_renders; }

private:
    struct Entry {
        int width = 0;
        quint64 revision = 0;
        qint64 paletteKey = 0;
        QImage image;
        QVector<ChunkBarPainter::Mark> marks;
    };
    mutable QHash<TaskId, Entry> m_cache;
    mutable int m_renders = 0;
};
