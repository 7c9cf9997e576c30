#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QTcpServer>

class QTcpSocket;

// An HTTP forward proxy on 127.0.0.1 (port 0) as http_proxy names one: it takes requests in
// absolute form ("PATCH http://name:port/files/x HTTP/1.1"), notes each one, and passes it on
// in origin form to a fixed target on loopback, whatever name the request gave. So a client that
// reaches the target through a name nothing resolves ("*.invalid") can only have come through
// the proxy. One request per connection (it asks both ends for "Connection: close").
class ForwardProxy final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ForwardProxy)
public:
    explicit ForwardProxy(quint16 targetPort, QObject *parent = nullptr);
    bool start();
    quint16 port() const { return m_server.serverPort(); }
    // "http://127.0.0.1:PORT", for http_proxy.
    QByteArray address() const;

    // Request lines as they arrived ("POST http://name:1080/files/ HTTP/1.1"), in order.
    QList<QByteArray> requests;

private:
    void accept();
    void forward(QTcpSocket *client, QByteArray *pending);

    QTcpServer m_server;
    quint16 m_targetPort;
};
