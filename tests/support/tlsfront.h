#pragma once

#include <QList>
#include <QObject>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslServer>
#include <QString>

class QSslSocket;

// A TLS-terminating front on 127.0.0.1 for a plain HTTP server on loopback (hoistd speaks no
// TLS): each TLS connection it accepts, with the certificate and key it was given, is passed
// on in the clear to the target port.
class TlsFront final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TlsFront)
public:
    TlsFront(const QSslCertificate &certificate, const QSslKey &key, quint16 targetPort,
             QObject *parent = nullptr);
    // On `port` (0: any free one); false when it cannot listen.
    bool start(quint16 port = 0);
    void stop();
    quint16 port() const { return m_server.serverPort(); }
    // Handshakes that completed.
    int handshakes = 0;

private:
    void pipe(QSslSocket *client);

    QSslServer m_server;
    quint16 m_targetPort;
};

// A self-signed certificate and its key made by `openssl req` for 127.0.0.1 and localhost, in
// `dir` under `name`; false (with the tool's words in `error`) when it failed.
bool makeSelfSignedCertificate(const QString &dir, const QString &name,
                               QSslCertificate *certificate, QSslKey *key, QString *error);
