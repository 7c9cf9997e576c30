#include "limitcontrols.h"

#include "ratelimitmenu.h"
#include "uploadscheduler.h"

#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QToolBar>
#include <QToolButton>

namespace {
const char *const perServerKey = "perServer";
const char *const rateLimitKey = "rateLimit";

QLabel *label(const QString &text, QToolBar *bar, int leftMargin)
{
    auto *l = new QLabel(text, bar);
    l->setContentsMargins(leftMargin, 0, 4, 0);
    return l;
}
} // namespace

LimitControls::LimitControls(UploadScheduler *scheduler, QToolBar *bar)
    : QObject(bar)
    , m_scheduler(scheduler)
    , m_concurrency(new QSpinBox(bar))
    , m_perServer(new QSpinBox(bar))
    , m_rate(new QToolButton(bar))
    , m_rateMenu(new RateLimitMenu(tr("Speed limit"), bar))
{
    // Remembered limits fill in only what the command line left unset.
    QSettings settings;
    if (m_scheduler->perServerLimit() == 0)
        m_scheduler->setPerServerLimit(settings.value(QLatin1String(perServerKey), 0).toInt());
    if (m_scheduler->rateLimit() == 0)
        m_scheduler->setRateLimit(settings.value(QLatin1String(rateLimitKey), 0).toLongLong());

    QLabel *parallel = label(tr("Parallel:"), bar, 6);
    bar->addWidget(parallel);
    m_concurrency->setRange(UploadScheduler::MinConcurrency, UploadScheduler::MaxConcurrency);
    m_concurrency->setValue(m_scheduler->concurrency());
    m_concurrency->setToolTip(
        tr("How many requests go at once: files, or parts of a large file where the server "
           "joins parts"));
    parallel->setBuddy(m_concurrency);
    connect(m_concurrency, &QSpinBox::valueChanged, m_scheduler, &UploadScheduler::setConcurrency);
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
    connect(m_perServer, &QSpinBox::valueChanged, this, [this](int limit) {
        m_scheduler->setPerServerLimit(limit);
        QSettings().setValue(QLatin1String(perServerKey), limit);
    });
    bar->addWidget(m_perServer);

    m_rateMenu->setObjectName(QStringLiteral("globalSpeedLimit"));
    m_rate->setMenu(m_rateMenu);
    m_rate->setPopupMode(QToolButton::InstantPopup);
    m_rate->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_rate->setAutoRaise(true);
    m_rate->setAccessibleName(tr("Speed limit of all uploads"));
    connect(m_rateMenu, &RateLimitMenu::rateChosen, this, &LimitControls::setRateLimit);
    showRate();
}

void LimitControls::setRateLimit(qint64 bytesPerSecond)
{
    m_scheduler->setRateLimit(bytesPerSecond);
    QSettings().setValue(QLatin1String(rateLimitKey), m_scheduler->rateLimit());
    showRate();
}

void LimitControls::showRate()
{
    const qint64 rate = m_scheduler->rateLimit();
    m_rateMenu->setCurrent(rate);
    m_rate->setText(tr("Limit: %1").arg(RateLimitMenu::describe(rate)));
    m_rate->setToolTip(rate > 0 ? tr("All uploads together send at most %1")
                                      .arg(RateLimitMenu::describe(rate))
                                : tr("Uploads send as fast as the network takes them"));
}
