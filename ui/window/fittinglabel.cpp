#include "fittinglabel.h"

#include <QPainter>
#include <QStyle>

namespace {
// An elided label keeps at least this many characters before its "…".
constexpr int MinElidedChars = 6;
} // namespace

FittingLabel::FittingLabel(Shortest shortest, QWidget *parent)
    : QLabel(parent)
    , m_shortest(shortest)
{
    setTextFormat(Qt::PlainText);
}

void FittingLabel::setShorterForms(const QStringList &forms)
{
    if (forms == m_shorter)
        return;
    m_shorter = forms;
    updateGeometry();
    update();
}

int FittingLabel::room() const
{
    return contentsRect().width() - 2 * margin();
}

QString FittingLabel::shownText() const
{
    return formFitting(room());
}

QString FittingLabel::formFitting(int width) const
{
    const QFontMetrics metrics = fontMetrics();
    if (metrics.horizontalAdvance(text()) <= width)
        return text();
    for (const QString &form : m_shorter) {
        if (metrics.horizontalAdvance(form) <= width)
            return form;
    }
    const QString last = m_shorter.isEmpty() ? text() : m_shorter.last();
    return m_shortest == Shortest::Whole ? last : metrics.elidedText(last, Qt::ElideRight, width);
}

int FittingLabel::widthFor(const QString &form) const
{
    if (form.isEmpty())
        return 0;
    const QMargins margins = contentsMargins();
    return fontMetrics().horizontalAdvance(form) + margins.left() + margins.right() + 2 * margin();
}

QSize FittingLabel::minimumSizeHint() const
{
    const QSize whole = QLabel::minimumSizeHint();
    const QFontMetrics metrics = fontMetrics();
    const QString last = m_shorter.isEmpty() ? text() : m_shorter.last();
    int width = metrics.horizontalAdvance(last);
    if (m_shortest == Shortest::Elided)
        width = qMin(width, metrics.horizontalAdvance(QString(MinElidedChars, QLatin1Char('x'))
                                                      + QChar(0x2026)));
    const QMargins margins = contentsMargins();
    return {qMin(whole.width(), width + margins.left() + margins.right() + 2 * margin()),
            whole.height()};
}

void FittingLabel::paintEvent(QPaintEvent *event)
{
    const QString shown = shownText();
    if (shown == text()) {
        QLabel::paintEvent(event);
        return;
    }
    QPainter painter(this);
    const QRect rect = contentsRect().adjusted(margin(), margin(), -margin(), -margin());
    style()->drawItemText(&painter, rect,
                          int(QStyle::visualAlignment(layoutDirection(), alignment())), palette(),
                          isEnabled(), shown, foregroundRole());
}
