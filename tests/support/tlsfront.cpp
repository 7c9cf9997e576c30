#include "tlsfront.h"

#include <QDir>
#include <QFile>
#include <QHostAddress>
#include <QProcess>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpSocket>

namespace {
constexpr int OpensslTimeoutMs = 30000;
} // namespace

TlsFront::TlsFront(const QSslCertificate &certificate, const QSslKey &key, quint16 targetPort,
                   QObject *parent)
    : QObject(parent)
    , m_targetPort(targetPort)
{
    QSslConfiguration config = QSslConfiguration::defaultConfiguration();
    config.setLocalCertificate(certificate);
    config.setPrivateKey(key);
    config.setPeerVerifyMode(QSslSocket::VerifyNone);
    m_server.setSslConfiguration(config);
    // After the handshake (newConnection comes before it, with nothing pending yet).
    connect(&m_server, &QSslServer::pendingConnectionAvailable, this, [this] {
        while (QTcpSocket *socket = m_server.nextPendingConnection())
            pipe(static_cast<QSslSocket *>(socket));
    });
}

bool TlsFront::start(quint16 port)
{
    return m_server.listen(QHostAddress::LocalHost, port);
}

void TlsFront::stop()
{
    m_server.close();
}

void TlsFront::pipe(QSslSocket *client)
{
    ++handshakes;
    auto *upstream = new QTcpSocket(client);
    connect(client, &QSslSocket::disconnected, client, &QObject::deleteLater);
    connect(upstream, &QTcpSocket::connected, client,
            [client, upstream] { upstream->write(client->readAll()); });
    connect(client, &QSslSocket::readyRead, upstream, [client, upstream] {
        if (upstream->state() == QAbstractSocket::ConnectedState)
            upstream->write(client->readAll());
    });
    connect(upstream, &QTcpSocket::readyRead, client,
            [client, upstream] { client->write(upstream->readAll()); });
    connect(upstream, &QTcpSocket::disconnected, client,
            [client] { client->disconnectFromHost(); });
    connect(client, &QSslSocket::disconnected, upstream,
            [upstream] { upstream->disconnectFromHost(); });
    upstream->connectToHost(QHostAddress::LocalHost, m_targetPort);
}

bool makeSelfSignedCertificate(const QString &dir, const QString &name,
                               QSslCertificate *certificate, QSslKey *key, QString *error)
{
    const QString certPath = QDir(dir).filePath(name + QStringLiteral(".crt"));
    const QString keyPath = QDir(dir).filePath(name + QStringLiteral(".key"));
    QProcess openssl;
    openssl.start(QStringLiteral("openssl"),
                  {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                   QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                   QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                   QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                   QStringLiteral("/CN=hoist-test-%1").arg(name), QStringLiteral("-addext"),
                   QStringLiteral("subjectAltName=IP:127.0.0.1,DNS:localhost"),
                   QStringLiteral("-keyout"), keyPath, QStringLiteral("-out"), certPath});
    if (!openssl.waitForFinished(OpensslTimeoutMs) || openssl.exitCode() != 0) {
        *error = QString::fromLocal8Bit(openssl.readAllStandardError()) + openssl.errorString();
        return false;
    }
    QFile certFile(certPath);
    QFile keyFile(keyPath);
    if (!certFile.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read what openssl wrote");
        return false;
    }
    *certificate = QSslCertificate(&certFile, QSsl::Pem);
    *key = QSslKey(&keyFile, QSsl::Ec, QSsl::Pem);
    if (certificate->isNull() || key->isNull()) {
        *error = QStringLiteral("openssl wrote something Qt cannot read");
        return false;
    }
    return true;
}
