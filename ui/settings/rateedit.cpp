#include "rateedit.h"

#include "formatting.h"
#include "transferschedule.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>

namespace {
constexpr int editWidth = 110;
constexpr QRgb problemColor = 0xc0392b;
} // namespace

RateEdit::RateEdit(QWidget *parent)
    : QWidget(parent)
    , m_edit(new QLineEdit(this))
    , m_understood(new QLabel(this))
{
    m_edit->setPlaceholderText(tr("No limit"));
    m_edit->setClearButtonEnabled(true);
    m_edit->setMinimumWidth(editWidth);
    m_edit->setToolTip(tr("Bytes per second, as --limit-rate takes them: 512K, 2M, 1.5M/s or "
                          "1048576 (binary units, at least 1K). Empty: no limit."));
    m_understood->setTextFormat(Qt::PlainText);
    m_understood->setWordWrap(true);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_edit);
    layout->addWidget(m_understood, 1);
    setFocusProxy(m_edit);
    connect(m_edit, &QLineEdit::textChanged, this, &RateEdit::showUnderstood);
    showUnderstood();
}

qint64 RateEdit::rate() const
{
    const QString text = m_edit->text().trimmed();
    return text.isEmpty() ? 0 : ScheduleMode::parseRate(text);
}

void RateEdit::setRate(qint64 bytesPerSecond)
{
    m_edit->setText(bytesPerSecond > 0 ? ScheduleMode::rateText(bytesPerSecond) : QString());
}

void RateEdit::showUnderstood()
{
    const qint64 bytes = rate();
    QPalette palette; // nothing set: the dialog's
    if (bytes < 0)
        palette.setColor(QPalette::WindowText, QColor(problemColor));
    m_understood->setPalette(palette);
    m_understood->setText(bytes < 0    ? tr("Not a rate: write 512K, 2M or 1048576, at least 1K")
                          : bytes == 0 ? tr("No limit")
                                       : tr("= %1").arg(formatSpeed(double(bytes))));
    if ((bytes >= 0) != m_valid) {
        m_valid = bytes >= 0;
        Q_EMIT validityChanged(m_valid);
    }
}
