#include "pglistener.h"

#include <QSocketNotifier>

namespace {
PgConnection::Options listenerOptions()
{
    PgConnection::Options options;
    options.applicationName = QStringLiteral("hoistd-listener");
    return options;
}
} // namespace

PgListener::PgListener(const PgAddress &address, const QString &channel, QObject *parent,
                       std::chrono::milliseconds retry)
    : QObject(parent)
    , m_connection(address, listenerOptions())
    , m_channel(channel)
{
    m_retry.setInterval(retry);
    connect(&m_retry, &QTimer::timeout, this, &PgListener::listenNow);
}

PgListener::~PgListener()
{
    dropNotifier();
}

bool PgListener::start()
{
    if (listenNow())
        return true;
    m_everListened = true; // whatever was sent until a later attempt listens was missed
    m_retry.start();
    return false;
}

void PgListener::dropNotifier()
{
    if (m_notifier)
        m_notifier->setEnabled(false);
    m_notifier.reset();
}

bool PgListener::listenNow()
{
    dropNotifier();
    if (!m_connection.open() || !m_connection.listen(m_channel)) {
        m_connection.close();
        return false;
    }
    m_retry.stop();
    m_notifier =
        std::make_unique<QSocketNotifier>(qintptr(m_connection.socket()), QSocketNotifier::Read);
    connect(m_notifier.get(), &QSocketNotifier::activated, this, &PgListener::readSocket);
    if (m_everListened)
        emit reconnected();
    m_everListened = true;
    readSocket(); // anything that arrived with the LISTEN's answer
    return true;
}

void PgListener::readSocket()
{
    const QList<PgConnection::Notification> got = m_connection.takeNotifications();
    if (m_connection.lastError().kind == PgError::Kind::Unreachable) {
        dropNotifier();
        m_connection.close();
        m_retry.start();
        emit lost();
        return;
    }
    for (const PgConnection::Notification &n : got) {
        if (n.channel == m_channel)
            emit notified(n.payload);
    }
}
