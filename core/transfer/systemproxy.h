#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QMutex>
#include <QNetworkProxyFactory>

// The proxy the system says to use (http_proxy, https_proxy, no_proxy, or the desktop's
// settings, through Qt's system configuration), for every request Hoist makes, except to this
// machine: 127.0.0.0/8, ::1 and "localhost" always go direct, whatever the settings say (Hoist's
// own server listens there, and a proxy elsewhere cannot reach it). Answers are kept per server
// for a short while: asking the system can cost far more than a chunk's request.
class SystemProxy final : public QNetworkProxyFactory {
    Q_DISABLE_COPY_MOVE(SystemProxy)
public:
    SystemProxy() = default;

    // Makes it the application's proxy factory (Qt owns it from then on). Call once, before any
    // request.
    static void install();
    // True for names and addresses of this machine.
    static bool isLoopback(const QString &host);

    QList<QNetworkProxy> queryProxy(const QNetworkProxyQuery &query) override;

private:
    struct Answer {
        QList<QNetworkProxy> proxies;
        QElapsedTimer age;
    };
    QMutex m_mutex; // Qt may ask from any thread that opens a socket
    QHash<QString, Answer> m_answers;
};
