#include "tusrequestwatch.h"

#include "lowdelay.h"
#include "tushttp.h"

#include <QNetworkReply>

namespace {
QString seconds(int ms)
{
    return ms % 1000 == 0 ? QString::number(ms / 1000) : QString::number(ms / 1000.0, 'f', 1);
}
} // namespace

TusRequestWatch::TusRequestWatch(int stallTimeoutMs, QObject *parent)
    : QObject(parent)
{
    m_stallTimer.setSingleShot(true);
    m_stallTimer.setInterval(qMax(1, stallTimeoutMs));
    connect(&m_stallTimer, &QTimer::timeout, this, [this] {
        if (!m_reply)
            return;
        qCDebug(lcTus) << "stalled" << m_reply->url();
        Q_EMIT stalled(TransferError::make(
            TransferError::Kind::Stalled,
            TrText::of(staticMetaObject, QT_TR_NOOP("The upload stalled: no progress for %1 s."))
                .arg(seconds(m_stallTimer.interval()))));
    });
}

TusRequestWatch::~TusRequestWatch()
{
    drop();
}

void TusRequestWatch::watch(QNetworkReply *reply, qint64 bodySize)
{
    drop();
    m_reply = reply;
    m_bodySize = bodySize;
    m_sent = 0;
    // Qt's HTTP/1 client leaves Nagle on; every body's last segment would wait for a delayed
    // ACK (lowdelay.h). New connections get it when they start; reused ones have it already,
    // unless their start was missed, which the (rate-limited) call here mends.
    connect(reply, &QNetworkReply::socketStartedConnecting, this, &disableNagleOnNewConnection);
    disableNagleSoon();
    connect(reply, &QNetworkReply::finished, this, [this, reply] {
        if (reply != m_reply)
            return;
        m_reply = nullptr;
        m_stallTimer.stop();
        reply->deleteLater();
        Q_EMIT finished(reply);
    });
    connect(reply, &QNetworkReply::uploadProgress, this, [this](qint64 sent, qint64) {
        if (m_bodySize <= 0 || sent <= m_sent)
            return;
        m_sent = qMin(sent, m_bodySize);
        m_stallTimer.start();
        Q_EMIT progressed(m_sent);
    });
    // Any sign of life from the server counts as progress, too.
    connect(reply, &QNetworkReply::metaDataChanged, &m_stallTimer, qOverload<>(&QTimer::start));
    connect(reply, &QNetworkReply::downloadProgress, &m_stallTimer, qOverload<>(&QTimer::start));
    m_stallTimer.start();
}

QNetworkReply *TusRequestWatch::reply() const
{
    return m_reply;
}

QNetworkReply *TusRequestWatch::release()
{
    m_stallTimer.stop();
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    if (reply) {
        disconnect(reply, nullptr, this, nullptr);
        disconnect(reply, nullptr, &m_stallTimer, nullptr);
    }
    return reply;
}

void TusRequestWatch::drop()
{
    endReply(release(), m_group.get());
}
