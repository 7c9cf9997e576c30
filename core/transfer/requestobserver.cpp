#include "requestobserver.h"

#include "headervalues.h"
#include "networkpool.h"

#include <QChildEvent>
#include <QDateTime>
#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>

namespace {
// A Retry-After longer than this says nothing about the next second's load.
constexpr qint64 MaxRetryAfterMs = 60 * 1000;

qint64 retryAfterMs(const QByteArray &value)
{
    const auto after = HeaderValues::parseRetryAfter(value, QDateTime::currentDateTimeUtc());
    return after ? qMin<qint64>(after->count(), MaxRetryAfterMs) : 0;
}
} // namespace

void RequestObserver::watch(QNetworkAccessManager *manager)
{
    // A manager shared by two protocols' pools (tus and S3 may be given the same one) is
    // watched once, so that each request is one sample.
    static const char *const Watched = "hoistRequestsObserved";
    if (manager->property(Watched).toBool())
        return;
    manager->setProperty(Watched, true);
    manager->installEventFilter(this);
    connect(manager, &QNetworkAccessManager::finished, this, &RequestObserver::finished);
}

qint64 RequestObserver::nowUs()
{
    static const QElapsedTimer timer = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();
    return timer.nsecsElapsed() / 1000;
}

RequestSample::Outcome RequestObserver::outcomeOf(int status, int networkError)
{
    if (status == 429 || status >= 500)
        return RequestSample::Outcome::Refused;
    if (status == 0
        && (networkError == QNetworkReply::TimeoutError
            || networkError == QNetworkReply::RemoteHostClosedError))
        return RequestSample::Outcome::Refused;
    return RequestSample::Outcome::Done;
}

bool RequestObserver::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ChildAdded) {
        // Only the pointer is kept: the reply is still being constructed.
        QObject *child = static_cast<QChildEvent *>(event)->child();
        m_started.insert(child, Started{nowUs(), false});
        connect(child, &QObject::destroyed, this,
                [this](QObject *gone) { m_started.remove(gone); });
        // Once it is made (the next turn of the event loop, before anything its connection
        // thread says can arrive: that is posted after this): hear whether a connection is
        // opened for it.
        QMetaObject::invokeMethod(
            this,
            [this, reply = QPointer<QObject>(child)] {
                auto *made = qobject_cast<QNetworkReply *>(reply.data());
                if (!made || !m_started.contains(made))
                    return;
                connect(made, &QNetworkReply::socketStartedConnecting, this, [this, made] {
                    const auto it = m_started.find(made);
                    if (it != m_started.end())
                        it->newConnection = true;
                });
            },
            Qt::QueuedConnection);
    }
    return QObject::eventFilter(watched, event);
}

void RequestObserver::finished(QNetworkReply *reply)
{
    const auto started = m_started.constFind(reply);
    if (started == m_started.constEnd())
        return;
    const Started start = *started;
    m_started.erase(started);
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError error = reply->error();
    // Aborted here (a pause, a stall seen by the transfer): says nothing of the server.
    if (status == 0 && error == QNetworkReply::OperationCanceledError)
        return;
    if (status == 0 && error != QNetworkReply::TimeoutError
        && error != QNetworkReply::RemoteHostClosedError)
        return; // refused connection, no route, TLS: an outage, not load (ServerHealth)
    RequestSample sample;
    sample.server = NetworkPool::serverOf(reply->url());
    sample.startedUs = start.atUs;
    sample.newConnection = start.newConnection;
    sample.finishedUs = nowUs();
    sample.bytes =
        qMax<qint64>(0, reply->request().header(QNetworkRequest::ContentLengthHeader).toLongLong());
    sample.status = status;
    sample.outcome = outcomeOf(status, error);
    if (sample.refused())
        sample.retryAfterMs = retryAfterMs(reply->rawHeader("Retry-After"));
    Q_EMIT requestFinished(sample);
}
