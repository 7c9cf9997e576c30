#pragma once

#include "chunkbarpainter.h"
#include "uploadtablemodel.h"

#include <QWidget>

// One upload's chunk map drawn large, as the Chunks column draws it small.
class ChunkMapView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChunkMapView)
public:
    explicit ChunkMapView(QWidget *parent = nullptr);

    void setData(const ChunkBarData &data);
    const ChunkBarData &data() const { return m_data; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    ChunkBarData m_data;
    // What was drawn last, rebuilt when the width or the map changes.
    QImage m_strip;
    QVector<ChunkBarPainter::Mark> m_marks;
    int m_width = 0;
    quint64 m_revision = 0;
};
