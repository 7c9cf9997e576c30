#pragma once

#include <QStyledItemDelegate>

class QFontMetrics;

// The State column's text, fitted to its cell: a sentence of parts joined by " · " ("Server's disk
// is full · next try in 2 min", "Connection refused by host:9 · 3 tries") that does not fit keeps
// its last part whole, since when the next try comes is what changes, and elides the rest at its
// end; with no room even for that, the whole sentence is elided at its end. The tooltip has it
// whole (UploadCellText::toolTip).
class StateDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // `text` as it fits `width` pixels of `metrics`.
    static QString fitted(const QString &text, const QFontMetrics &metrics, int width);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};
