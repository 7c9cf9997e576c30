#include "countdowndialog.h"

#include "icons.h"
#include "powercountdown.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <utility>

namespace {
constexpr int labelWidth = 380;
} // namespace

CountdownDialog::CountdownDialog(PowerCountdown *countdown, const QString &summary, QWidget *parent)
    : QDialog(parent)
    , m_countdown(countdown)
    , m_summary(summary)
    , m_label(new QLabel(this))
    , m_bar(new QProgressBar(this))
{
    Q_ASSERT(countdown);
    const bool suspend = countdown->action() == PowerControl::Action::Suspend;
    setWindowTitle(suspend ? tr("Suspend the computer") : tr("Shut down the computer"));
    setWindowIcon(Icons::app());
    m_label->setWordWrap(true);
    m_label->setMinimumWidth(labelWidth);
    m_bar->setRange(0, qMax(1, countdown->secondsLeft()));
    m_bar->setTextVisible(false);

    auto *buttons = new QDialogButtonBox(this);
    m_now = buttons->addButton(suspend ? tr("Suspend now") : tr("Shut down now"),
                               QDialogButtonBox::AcceptRole);
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    m_cancel->setDefault(true); // Enter, like Esc, keeps the computer on
    m_cancel->setFocus();
    connect(m_now, &QPushButton::clicked, m_countdown, &PowerCountdown::now);
    connect(m_cancel, &QPushButton::clicked, this, &CountdownDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(buttons);

    connect(m_countdown, &PowerCountdown::ticked, this, &CountdownDialog::showLeft);
    const auto over = [this] {
        if (!std::exchange(m_over, true))
            accept();
    };
    connect(m_countdown, &PowerCountdown::cancelled, this, over);
    connect(m_countdown, &PowerCountdown::requested, this, over);
    showLeft(countdown->secondsLeft());
}

void CountdownDialog::showLeft(int secondsLeft)
{
    const bool suspend = m_countdown->action() == PowerControl::Action::Suspend;
    // Plural forms spelled out: without a numerus translation "%n second(s)" would show as is.
    QString when;
    if (secondsLeft == 1)
        when = suspend ? tr("Hoist will suspend this computer in 1 second.")
                       : tr("Hoist will shut down this computer in 1 second.");
    else
        when = (suspend ? tr("Hoist will suspend this computer in %1 seconds.")
                        : tr("Hoist will shut down this computer in %1 seconds."))
                   .arg(secondsLeft);
    m_label->setText(m_summary.isEmpty() ? when : m_summary + QStringLiteral(".\n") + when);
    m_bar->setValue(secondsLeft);
}

void CountdownDialog::reject()
{
    if (!std::exchange(m_over, true))
        m_countdown->cancel();
    QDialog::reject();
}
