#include "endpointstatus.h"

#include "formatting.h"
#include "icons.h"
#include "serverhealth.h"

#include <QAction>
#include <QDateTime>
#include <QLineEdit>
#include <QNetworkAccessManager>

EndpointStatus::EndpointStatus(QLineEdit *edit, QAction *warning, QObject *parent)
    : QObject(parent)
    , m_warning(warning)
    , m_ok(edit->addAction(Icons::check(), QLineEdit::TrailingPosition))
    , m_check(new EndpointCheck(new QNetworkAccessManager(this), this))
{
    m_ok->setVisible(false);
    connect(m_check, &EndpointCheck::finished, this, &EndpointStatus::show);
    connect(edit, &QLineEdit::textEdited, this, &EndpointStatus::clear);
    m_outageTimer.setInterval(1000);
    connect(&m_outageTimer, &QTimer::timeout, this, &EndpointStatus::showOutage);
}

void EndpointStatus::setServerHealth(ServerHealth *health)
{
    m_health = health;
    connect(health, &ServerHealth::serverDown, this, &EndpointStatus::showOutage);
    connect(health, &ServerHealth::outageChanged, this, &EndpointStatus::showOutage);
    connect(health, &ServerHealth::serverUp, this, &EndpointStatus::showOutage);
}

void EndpointStatus::showOutage()
{
    const std::shared_ptr<const ServerOutage> outage =
        m_health && !m_endpoint.isEmpty() ? m_health->outageOf(m_endpoint) : nullptr;
    const bool down = outage && outage->down;
    if (!down) {
        if (m_outageTimer.isActive()) { // over: the verdict from before comes back
            m_outageTimer.stop();
            m_warning->setProperty("endpointCheck", false);
            m_warning->setVisible(false);
            if (m_result.endpoint == m_endpoint)
                show(m_result);
        }
        return;
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const QString since = formatWhen(outage->sinceWallMs, QDateTime::currentDateTime());
    const QString next =
        outage->nextTryWallMs > now
            ? tr("next try in %1").arg(formatDuration((outage->nextTryWallMs - now + 999) / 1000))
            : tr("trying now");
    m_warning->setToolTip(tr("Unreachable since %1 · %2\n%3").arg(since, next, outage->cause));
    m_warning->setProperty("endpointCheck", true);
    m_warning->setVisible(true);
    m_ok->setVisible(false);
    if (!m_outageTimer.isActive())
        m_outageTimer.start();
}

void EndpointStatus::check(const QUrl &endpoint, const HttpHeaders &headers)
{
    if (endpoint == m_endpoint && !endpoint.isEmpty())
        return;
    clear();
    if (m_check->check(endpoint, headers))
        m_endpoint = endpoint;
}

void EndpointStatus::clear()
{
    m_check->cancel();
    m_endpoint.clear();
    m_result = {};
    m_outageTimer.stop();
    m_ok->setVisible(false);
    // The warning is also the field's syntax check's: only hide what this class showed.
    if (m_warning->property("endpointCheck").toBool()) {
        m_warning->setVisible(false);
        m_warning->setProperty("endpointCheck", false);
    }
}

void EndpointStatus::show(const EndpointCheck::Result &result)
{
    m_result = result;
    m_ok->setVisible(result.ok);
    m_ok->setToolTip(result.ok
                         ? tr("%1 answers: %2")
                               .arg(result.endpoint.toString(QUrl::RemoveUserInfo), result.summary)
                         : QString());
    if (!result.ok) {
        m_warning->setToolTip(result.summary);
        m_warning->setProperty("endpointCheck", true);
        m_warning->setVisible(true);
    }
    Q_EMIT checked(result);
    showOutage(); // an outage uploads found outweighs an answer from before it
}
