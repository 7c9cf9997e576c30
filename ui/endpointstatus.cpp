#include "endpointstatus.h"

#include "icons.h"

#include <QAction>
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
    m_ok->setToolTip(result.ok ? tr("%1 answers: %2")
                                     .arg(result.endpoint.toString(QUrl::RemoveUserInfo),
                                          result.summary)
                               : QString());
    if (!result.ok) {
        m_warning->setToolTip(result.summary);
        m_warning->setProperty("endpointCheck", true);
        m_warning->setVisible(true);
    }
    Q_EMIT checked(result);
}
