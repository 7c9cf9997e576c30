// Nagle turned off on this process's TCP connections (lowdelay.h): every connection once, the
// sockets already looked at costing no second look, sweeps coalesced, a reused fd number looked
// at again, and a QNetworkAccessManager connection swept when its reply says it starts.
#include "lowdelay.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <memory>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

namespace {
bool noDelay(qintptr fd)
{
    int on = 0;
    socklen_t length = sizeof on;
    return ::getsockopt(int(fd), IPPROTO_TCP, TCP_NODELAY, &on, &length) == 0 && on;
}
} // namespace

class TestLowDelay : public QObject {
    Q_OBJECT

private:
    // A connected pair: the client here, the accepted end in m_accepted.
    std::unique_ptr<QTcpSocket> connectPair()
    {
        auto client = std::make_unique<QTcpSocket>();
        client->connectToHost(QHostAddress::LocalHost, m_server.serverPort());
        if (!client->waitForConnected(5000) || !m_server.waitForNewConnection(5000))
            return {};
        m_accepted.emplace_back(m_server.nextPendingConnection());
        return client;
    }

    QTcpServer m_server;
    std::vector<std::unique_ptr<QTcpSocket>> m_accepted;

private slots:
    void initTestCase() { QVERIFY(m_server.listen(QHostAddress::LocalHost)); }

    void turnsNagleOffOnceAndLooksOnce()
    {
        const std::unique_ptr<QTcpSocket> client = connectPair();
        QVERIFY(client);
        QVERIFY(!noDelay(client->socketDescriptor()));
        QVERIFY(disableNagleOnOwnSockets() >= 2); // both ends are this process's
        QVERIFY(noDelay(client->socketDescriptor()));
        QVERIFY(noDelay(m_accepted.back()->socketDescriptor()));
        // The listening socket is left alone.
        QVERIFY(!noDelay(m_server.socketDescriptor()));

        // Nothing new: no socket is looked at in full again, nothing changes.
        const LowDelayCounters before = lowDelayCounters();
        QCOMPARE(disableNagleOnOwnSockets(), 0);
        const LowDelayCounters after = lowDelayCounters();
        QCOMPARE(after.sweeps, before.sweeps + 1);
        QCOMPARE(after.examined, before.examined);
    }

    void reusedFdNumberIsLookedAtAgain()
    {
        std::unique_ptr<QTcpSocket> client = connectPair();
        QVERIFY(client);
        disableNagleOnOwnSockets();
        const qintptr fd = client->socketDescriptor();
        client.reset();
        // The lowest free number: the one just closed, for a new socket with a new inode.
        std::unique_ptr<QTcpSocket> again = connectPair();
        QVERIFY(again);
        if (again->socketDescriptor() != fd && m_accepted.back()->socketDescriptor() != fd)
            QSKIP("the fd number was not reused");
        QCOMPARE(disableNagleOnOwnSockets(), 2);
        QVERIFY(noDelay(again->socketDescriptor()));
    }

    void sweepsCoalesced()
    {
        const LowDelayCounters before = lowDelayCounters();
        const std::unique_ptr<QTcpSocket> client = connectPair();
        QVERIFY(client);
        disableNagleOnNewConnection();
        for (int i = 0; i < 50; ++i)
            disableNagleSoon();
        QVERIFY(!noDelay(client->socketDescriptor())); // not before the event loop runs
        QTRY_VERIFY(noDelay(client->socketDescriptor()));
        QVERIFY(noDelay(m_accepted.back()->socketDescriptor()));
        // One sweep for 51 calls in one pass (found: no retries).
        QCOMPARE(lowDelayCounters().sweeps, before.sweeps + 1);

        // On a reused connection, the mend is rate-limited: many requests, at most one sweep.
        const int sweeps = lowDelayCounters().sweeps;
        for (int i = 0; i < 20; ++i) {
            disableNagleSoon();
            QCoreApplication::processEvents();
        }
        QVERIFY(lowDelayCounters().sweeps <= sweeps + 1);
    }

    void networkAccessManagerConnections()
    {
        // An HTTP server that answers every request on its connection.
        QTcpServer http;
        QVERIFY(http.listen(QHostAddress::LocalHost));
        std::vector<QTcpSocket *> served;
        connect(&http, &QTcpServer::newConnection, this, [&] {
            while (QTcpSocket *s = http.nextPendingConnection()) {
                served.push_back(s);
                connect(s, &QTcpSocket::readyRead, s, [s] {
                    if (!s->readAll().contains("\r\n\r\n"))
                        return;
                    s->write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
                });
            }
        });
        QNetworkAccessManager network;
        const LowDelayCounters before = lowDelayCounters();
        QList<QNetworkReply *> replies;
        for (int i = 0; i < 4; ++i) {
            QNetworkReply *reply = network.get(QNetworkRequest(
                QUrl(QStringLiteral("http://127.0.0.1:%1/%2").arg(http.serverPort()).arg(i))));
            connect(reply, &QNetworkReply::socketStartedConnecting, this,
                    &disableNagleOnNewConnection);
            disableNagleSoon();
            replies.append(reply);
        }
        for (QNetworkReply *reply : std::as_const(replies)) {
            QTRY_VERIFY(reply->isFinished());
            QCOMPARE(reply->readAll(), QByteArray("ok"));
            reply->deleteLater();
        }
        // The server's ends are this process's too: every one of them was swept.
        QVERIFY(!served.empty());
        for (QTcpSocket *s : served)
            QTRY_VERIFY(noDelay(s->socketDescriptor()));
        const LowDelayCounters after = lowDelayCounters();
        QVERIFY(after.changed - before.changed >= int(served.size()) * 2);
        // Few sweeps for four replies: coalesced, with retries only while a socket is awaited.
        QVERIFY2(after.sweeps - before.sweeps <= 4 + 25,
                 qPrintable(QString::number(after.sweeps - before.sweeps)));
    }
};

QTEST_GUILESS_MAIN(TestLowDelay)
#include "tst_lowdelay.moc"
