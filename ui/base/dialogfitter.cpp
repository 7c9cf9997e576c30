#include "dialogfitter.h"

#include <QDialog>
#include <QLayout>
#include <QScreen>
#include <QScrollArea>
#include <QStyle>

#include <algorithm>

QScrollArea *DialogFitter::scrollArea(QDialog *dialog)
{
    auto *scroll = new QScrollArea(dialog);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    return scroll;
}

void DialogFitter::fitToScreen(QDialog *dialog, QScrollArea *scroll)
{
    // What the layout asks for with the scroll area as tall and wide as its contents (a scroll
    // area's own hint is capped) and room for a vertical scroll bar, should it need one.
    QLayout *layout = dialog->layout();
    const QWidget *body = scroll->widget();
    if (!layout || !body)
        return;
    const QMargins margins = layout->contentsMargins();
    const int scrollBar = dialog->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, dialog);
    const QSize around = layout->sizeHint();
    const QSize wanted(std::max(around.width(), body->sizeHint().width() + scrollBar
                                                    + margins.left() + margins.right()),
                       around.height() - scroll->sizeHint().height() + body->sizeHint().height());
    fitToScreen(dialog, wanted);
}

void DialogFitter::fitToScreen(QDialog *dialog, QSize wanted)
{
    // The screen it opens on less the window frame, guessed from the parent's, as the dialog
    // has none before it is shown.
    QWidget *parent = dialog->parentWidget() ? dialog->parentWidget()->window() : nullptr;
    const QScreen *on = parent ? parent->screen() : dialog->screen();
    if (!on) {
        dialog->resize(wanted);
        return;
    }
    const QRect free = on->availableGeometry();
    QSize frame;
    if (parent)
        frame = parent->frameGeometry().size() - parent->geometry().size();
    const QSize size = wanted.boundedTo(free.size() - frame);
    dialog->resize(size);
    if (size == wanted || !parent)
        return;
    // As big as the screen allows: on it, not centred over the window and past the screen's edge.
    QRect placed(QPoint(), size + frame);
    placed.moveCenter(parent->frameGeometry().center());
    placed.moveLeft(
        qBound(free.left(), placed.left(), free.left() + free.width() - placed.width()));
    placed.moveTop(qBound(free.top(), placed.top(), free.top() + free.height() - placed.height()));
    dialog->move(placed.topLeft()); // a window's position is its frame's
}
