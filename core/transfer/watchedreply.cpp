#include "watchedreply.h"

#include "lowdelay.h"
#include "replydrop.h"

#include <QNetworkReply>

#include <climits>
#include <memory>

WatchedReply::WatchedReply(int stallTimeoutMs, qint64 maxAnswerBytes, QObject *parent)
    : QObject(parent)
    , m_stallTimeoutMs(qMax(1, stallTimeoutMs))
    , m_maxAnswerBytes(maxAnswerBytes)
{
    m_stallTimer.setSingleShot(true);
    connect(&m_stallTimer, &QTimer::timeout, this, &WatchedReply::onStalled);
}

WatchedReply::~WatchedReply()
{
    drop();
}

void WatchedReply::watch(QNetworkReply *reply)
{
    m_reply = reply;
    auto answerBody = std::make_shared<QByteArray>();
    auto tooLarge = std::make_shared<bool>(false);
    connect(reply, &QNetworkReply::socketStartedConnecting, this, &disableNagleOnNewConnection);
    disableNagleSoon();
    connect(reply, &QNetworkReply::uploadProgress, this, [this](qint64 sent, qint64 total) {
        // The answer to a body all handed over waits for the system's buffers to drain.
        const qint64 drainMs = total > 0 && sent >= total ? total * 1000 / DrainBytesPerSecond : 0;
        m_stallTimer.start(int(qMin<qint64>(m_stallTimeoutMs + drainMs, INT_MAX)));
        Q_EMIT uploadProgress(sent, total);
    });
    connect(reply, &QNetworkReply::metaDataChanged, &m_stallTimer, qOverload<>(&QTimer::start));
    connect(reply, &QNetworkReply::readyRead, this, [this, reply, answerBody, tooLarge] {
        m_stallTimer.start();
        answerBody->append(reply->read(m_maxAnswerBytes + 1 - answerBody->size()));
        if (answerBody->size() > m_maxAnswerBytes && !*tooLarge) {
            *tooLarge = true;
            reply->abort();
        }
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply, answerBody, tooLarge] {
        if (reply != m_reply)
            return;
        m_reply = nullptr;
        m_stallTimer.stop();
        reply->deleteLater();
        if (!*tooLarge && reply->bytesAvailable() > 0)
            answerBody->append(reply->read(m_maxAnswerBytes + 1 - answerBody->size()));
        Q_EMIT finished(reply, *answerBody, *tooLarge || answerBody->size() > m_maxAnswerBytes);
    });
    m_stallTimer.start(m_stallTimeoutMs);
}

void WatchedReply::onStalled()
{
    if (!m_reply)
        return;
    QNetworkReply *reply = std::exchange(m_reply, nullptr);
    disconnect(reply, nullptr, this, nullptr);
    reply->abort();
    reply->deleteLater();
    Q_EMIT stalled();
}

void WatchedReply::drop(const RequestGroup *group)
{
    m_stallTimer.stop();
    if (QNetworkReply *reply = std::exchange(m_reply, nullptr)) {
        disconnect(reply, nullptr, this, nullptr);
        endReply(reply, group);
    }
}
