#include "uploadtableview.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMimeData>
#include <QPainter>
#include <QUrl>

namespace {
constexpr qreal hintFontScale = 1.25;
constexpr int dropFrameInset = 4;
} // namespace

UploadTableView::UploadTableView(QWidget *parent)
    : QTableView(parent)
{
    setAcceptDrops(true);
    viewport()->setAcceptDrops(true);
    setDragDropMode(QAbstractItemView::DropOnly);
    setDropIndicatorShown(false);
    setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_Hover);
    // Tab leaves the table for the next field instead of walking its cells for ever.
    setTabKeyNavigation(false);
}

QModelIndex UploadTableView::moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers)
{
    if ((action == MoveHome || action == MoveEnd) && model() && model()->rowCount() > 0) {
        const int column = currentIndex().isValid() ? currentIndex().column() : 0;
        const int row = action == MoveHome ? 0 : model()->rowCount() - 1;
        return model()->index(row, column);
    }
    return QTableView::moveCursor(action, modifiers);
}

void UploadTableView::setEmptyHint(const QString &hint)
{
    m_emptyHint = hint;
    viewport()->update();
}

QStringList UploadTableView::localPaths(const QMimeData *mime)
{
    QStringList paths;
    if (!mime || !mime->hasUrls())
        return paths;
    const QList<QUrl> urls = mime->urls();
    for (const QUrl &url : urls) {
        if (url.isLocalFile() && !url.toLocalFile().isEmpty())
            paths << QFileInfo(url.toLocalFile()).absoluteFilePath();
    }
    return paths;
}

void UploadTableView::paintEvent(QPaintEvent *event)
{
    QTableView::paintEvent(event);
    const bool empty = !model() || model()->rowCount() == 0;
    if (!empty && !m_dropHighlight)
        return;
    QPainter painter(viewport());
    const QRect area = viewport()->rect();
    if (m_dropHighlight) {
        QPen pen(palette().color(QPalette::Highlight), 2, Qt::DashLine);
        painter.setPen(pen);
        painter.drawRoundedRect(
            area.adjusted(dropFrameInset, dropFrameInset, -dropFrameInset, -dropFrameInset), 6, 6);
    }
    if (empty && !m_emptyHint.isEmpty()) {
        QFont font = painter.font();
        font.setPointSizeF(font.pointSizeF() * hintFontScale);
        painter.setFont(font);
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(area, Qt::AlignCenter | Qt::TextWordWrap, m_emptyHint);
    }
}

void UploadTableView::mouseMoveEvent(QMouseEvent *event)
{
    QTableView::mouseMoveEvent(event);
    if (m_hoverColumn < 0)
        return;
    const QModelIndex index = indexAt(event->position().toPoint());
    if (index.isValid() && index.column() == m_hoverColumn)
        viewport()->update(visualRect(index));
}

void UploadTableView::dragEnterEvent(QDragEnterEvent *event)
{
    if (localPaths(event->mimeData()).isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    setDropHighlight(true);
}

void UploadTableView::dragMoveEvent(QDragMoveEvent *event)
{
    if (localPaths(event->mimeData()).isEmpty())
        event->ignore();
    else
        event->acceptProposedAction();
}

void UploadTableView::dragLeaveEvent(QDragLeaveEvent *event)
{
    setDropHighlight(false);
    event->accept();
}

void UploadTableView::dropEvent(QDropEvent *event)
{
    setDropHighlight(false);
    const QStringList paths = localPaths(event->mimeData());
    if (paths.isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    Q_EMIT pathsDropped(paths);
}

void UploadTableView::setDropHighlight(bool on)
{
    if (m_dropHighlight == on)
        return;
    m_dropHighlight = on;
    viewport()->update();
}
