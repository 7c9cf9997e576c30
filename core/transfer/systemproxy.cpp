#include "systemproxy.h"

#include <QHostAddress>
#include <QUrl>

namespace {
// How long an answer from the system stands; a changed setting is seen within this.
constexpr qint64 AnswerLifetimeMs = 30 * 1000;
constexpr int MaxAnswers = 256; // servers remembered; forgotten all at once beyond
} // namespace

void SystemProxy::install()
{
    QNetworkProxyFactory::setApplicationProxyFactory(new SystemProxy);
}

bool SystemProxy::isLoopback(const QString &host)
{
    const QString name = host.toLower();
    if (name == QLatin1String("localhost") || name.endsWith(QLatin1String(".localhost")))
        return true;
    QHostAddress address;
    return address.setAddress(name) && address.isLoopback();
}

QList<QNetworkProxy> SystemProxy::queryProxy(const QNetworkProxyQuery &query)
{
    const QString host = query.peerHostName();
    if (isLoopback(host))
        return {QNetworkProxy(QNetworkProxy::NoProxy)};
    const QString key = query.protocolTag() + QLatin1Char('|') + host.toLower() + QLatin1Char('|')
                        + QString::number(query.peerPort());
    {
        QMutexLocker locker(&m_mutex);
        const auto found = m_answers.constFind(key);
        if (found != m_answers.constEnd() && found->age.elapsed() < AnswerLifetimeMs)
            return found->proxies;
    }
    QList<QNetworkProxy> proxies = systemProxyForQuery(query);
    if (proxies.isEmpty())
        proxies << QNetworkProxy(QNetworkProxy::NoProxy);
    QMutexLocker locker(&m_mutex);
    if (m_answers.size() >= MaxAnswers)
        m_answers.clear();
    Answer &answer = m_answers[key];
    answer.proxies = proxies;
    answer.age.start();
    return proxies;
}
