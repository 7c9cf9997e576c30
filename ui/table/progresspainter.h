#pragma once

#include <QString>

class QPainter;
class QStyleOptionViewItem;

// Draws a style progress bar inside an item view cell, the way the widget style draws a
// QProgressBar, so bars look native in every theme.
class ProgressPainter final {
public:
    static void paint(QPainter *painter, const QStyleOptionViewItem &option, double fraction,
                      const QString &text, bool enabled = true);
};
