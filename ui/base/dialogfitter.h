#pragma once

#include <QSize>

class QDialog;
class QScrollArea;

// Sizes a dialog whose contents sit in a scroll area (its buttons outside it) to what the contents
// ask for, but never larger than the free area of the screen it opens on less a window frame: on
// a short screen (800x500 less a panel) the contents scroll and OK and Cancel stay in sight. Call
// it once the dialog's layout is built, before it is shown.
namespace DialogFitter {
// A frameless scroll area that resizes its widget, ready for the dialog's contents.
QScrollArea *scrollArea(QDialog *dialog);
void fitToScreen(QDialog *dialog, QScrollArea *scroll);
// Resizes `dialog` to `wanted`, bounded as above (for a dialog whose contents scroll themselves).
void fitToScreen(QDialog *dialog, QSize wanted);
} // namespace DialogFitter
