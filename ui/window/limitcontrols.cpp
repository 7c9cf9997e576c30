#include "limitcontrols.h"

#include "appsettings.h"
#include "parallelspin.h"
#include "ratelimitmenu.h"
#include "uploadscheduler.h"

#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolBar>
#include <QToolButton>

namespace {
QLabel *label(const QString &text, QToolBar *bar, int leftMargin)
{
    auto *l = new QLabel(text, bar);
    l->setContentsMargins(leftMargin, 0, 4, 0);
    return l;
}
} // namespace

LimitControls::LimitControls(UploadScheduler *scheduler, AppSettings *settings, QToolBar *bar)
    : QObject(bar)
    , m_scheduler(scheduler)
    , m_settings(settings)
    , m_concurrency(new ParallelSpin(bar))
    , m_perServer(new QSpinBox(bar))
    , m_rate(new QToolButton(bar))
    , m_rateMenu(new RateLimitMenu(tr("Speed limit"), bar))
{
    QLabel *parallel = label(tr("Parallel:"), bar, 6);
    bar->addWidget(parallel);
    m_concurrency->showFrom(*m_settings);
    m_concurrency->setToolTip(
        tr("How many requests go at once: files, or parts of a large file where the server "
           "joins parts.")
        + QLatin1Char('\n') + ParallelSpin::autoDescription() + QLatin1Char('\n')
        + tr("A number: never more than that many at once."));
    parallel->setBuddy(m_concurrency);
    connect(m_concurrency, &QSpinBox::valueChanged, this,
            [this] { m_concurrency->applyTo(m_settings); });
    bar->addWidget(m_concurrency);

    QLabel *perServer = label(tr("Per server:"), bar, 8);
    bar->addWidget(perServer);
    // 0 reads "Any": the global limit alone counts.
    m_perServer->setRange(0, UploadScheduler::MaxConcurrency);
    m_perServer->setSpecialValueText(tr("Any"));
    m_perServer->setValue(m_scheduler->perServerLimit());
    m_perServer->setToolTip(tr("At most this many requests to one server at once, so that one "
                               "slow server cannot take every slot"));
    perServer->setBuddy(m_perServer);
    connect(m_perServer, &QSpinBox::valueChanged, m_settings, &AppSettings::setPerServerLimit);
    bar->addWidget(m_perServer);

    m_rateMenu->setObjectName(QStringLiteral("globalSpeedLimit"));
    m_rate->setMenu(m_rateMenu);
    m_rate->setPopupMode(QToolButton::InstantPopup);
    m_rate->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_rate->setAutoRaise(true);
    m_rate->setAccessibleName(tr("Speed limit of all uploads"));
    connect(m_rateMenu, &RateLimitMenu::rateChosen, this, &LimitControls::setRateLimit);
    // The settings dialog changes the same values: the toolbar follows.
    connect(m_settings, &AppSettings::limitsChanged, this, &LimitControls::showLimits);
    showRate();
}

void LimitControls::setRateLimit(qint64 bytesPerSecond)
{
    m_settings->setRateLimit(bytesPerSecond);
}

void LimitControls::showLimits()
{
    const QSignalBlocker concurrency(m_concurrency);
    const QSignalBlocker perServer(m_perServer);
    m_concurrency->showFrom(*m_settings);
    m_perServer->setValue(m_scheduler->perServerLimit());
    showRate();
}

void LimitControls::showRate()
{
    const qint64 rate = m_scheduler->rateLimit();
    m_rateMenu->setCurrent(rate);
    m_rate->setText(tr("Limit: %1").arg(RateLimitMenu::describe(rate)));
    m_rate->setToolTip(
        rate > 0 ? tr("All uploads together send at most %1").arg(RateLimitMenu::describe(rate))
                 : tr("Uploads send as fast as the network takes them"));
}
