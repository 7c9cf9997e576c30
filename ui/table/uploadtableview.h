#pragma once

#include <QStringList>
#include <QTableView>

class QMimeData;

// The upload table: accepts local files and folders dropped on it and, while empty, says so.
class UploadTableView final : public QTableView {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UploadTableView)
public:
    explicit UploadTableView(QWidget *parent = nullptr);

    void setEmptyHint(const QString &hint);
    QString emptyHint() const { return m_emptyHint; }
    // Repaint this column's cell as the mouse moves inside it (its delegate draws hover states).
    void setHoverColumn(int column) { m_hoverColumn = column; }

    // The local files and folders a drag carries; empty when it carries none (remote URLs and
    // text are not uploads).
    static QStringList localPaths(const QMimeData *mime);

Q_SIGNALS:
    void pathsDropped(const QStringList &paths);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    // Home and End go to the first and last row (not the row's first and last column), as in
    // every list a person scrolls.
    QModelIndex moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers) override;

private:
    void setDropHighlight(bool on);

    QString m_emptyHint;
    int m_hoverColumn = -1;
    bool m_dropHighlight = false;
};
