#include "saveproblemlabel.h"

#include "queuesavestatus.h"

#include <QPainter>

SaveProblemLabel::SaveProblemLabel(QueueSaveStatus *status, QWidget *parent)
    : FittingLabel(Shortest::Elided, parent)
    , m_status(status)
{
    setObjectName(QStringLiteral("saveProblem"));
    // The warning's colour from the palette's, so that a dark theme keeps it readable.
    setForegroundRole(QPalette::BrightText);
    QPalette warning = palette();
    warning.setColor(QPalette::Window, QColor(0xb0, 0x3a, 0x2e));
    warning.setColor(QPalette::BrightText, Qt::white);
    setPalette(warning);
    setContentsMargins(6, 0, 6, 0);
    setTextFormat(Qt::PlainText);
    connect(status, &QueueSaveStatus::failed, this, &SaveProblemLabel::showProblem);
    connect(status, &QueueSaveStatus::resumed, this, [this] {
        clear();
        hide();
    });
    if (status->isFailing())
        showProblem(status->message());
    else
        hide();
}

void SaveProblemLabel::showProblem(const QString &message)
{
    setText(message);
    setShorterForms({tr("Hoist cannot save its queue: %1").arg(m_status->cause()),
                     tr("Queue not saved: %1").arg(m_status->cause())});
    setToolTip(message);
    show();
}

QSize SaveProblemLabel::sizeHint() const
{
    // The counts beside it keep their whole text first; what room is left is this label's.
    return minimumSizeHint();
}

void SaveProblemLabel::paintEvent(QPaintEvent *event)
{
    {
        QPainter painter(this);
        QRect chip = rect();
        chip.setWidth(qMin(chip.width(), widthFor(shownText())));
        if (layoutDirection() == Qt::RightToLeft)
            chip.moveRight(rect().right());
        painter.fillRect(chip, palette().color(QPalette::Window));
    }
    FittingLabel::paintEvent(event);
}
