#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include <memory>

class QTcpServer;
class QTcpSocket;

// An HTTP/1.1 proxy on 127.0.0.1 (port 0) that makes a server store other bytes than a client
// sent: it flips one bit of the first body byte of requests (the first `flips` bodies, or all),
// and can hide the tus checksum extension from both ends, renaming "Upload-Checksum" in request
// heads and "Tus-Checksum-Algorithm" in answers to headers of the same length nobody reads (so
// the server cannot refuse the damaged chunk), and hoistd's offer of its whole-content hash. Reads
// request heads whole and counts bodies by Content-Length, so keep-alive connections stay in step;
// chunked bodies are passed unchanged. Runs on the thread that owns it: for small test files, not
// for throughput.
class CorruptingProxy final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CorruptingProxy)
public:
    explicit CorruptingProxy(QObject *parent = nullptr);
    ~CorruptingProxy() override;

    bool start(quint16 targetPort);
    quint16 port() const;
    // `flips` < 0: every body; 0: none.
    void setFlips(int flips) { m_flipsLeft = flips; }
    void setHideChecksums(bool hide) { m_hideChecksums = hide; }
    // Hides hoistd's whole-content hash (VerifyWire's offer in OPTIONS) from the client.
    void setHideContentHash(bool hide) { m_hideContentHash = hide; }
    int flipped() const { return m_flipped; }

private:
    struct Connection;
    void accept();
    void fromClient(Connection *c);
    void fromServer(Connection *c);

    std::unique_ptr<QTcpServer> m_server;
    quint16 m_target = 0;
    int m_flipsLeft = -1;
    bool m_hideChecksums = true;
    bool m_hideContentHash = false;
    int m_flipped = 0;
};
