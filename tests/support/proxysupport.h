#pragma once

#include <QMetaObject>
#include <QString>
#include <QThread>
#include <QUrl>

#include <utility>

#ifdef Q_OS_UNIX
#include <sys/socket.h>
#endif

// What the loopback proxies (FaultProxy, DelayLink) share around their engines.

// Runs a proxy's engine in a thread of its own, so that a test moving hundreds of MB/s does not
// wait on it and so that it keeps forwarding while the test's thread is busy. Engine: a QObject
// with shutdown(), which runs in the engine's thread before that thread ends.
template <typename Engine>
class EngineThread final {
    Q_DISABLE_COPY_MOVE(EngineThread)
public:
    explicit EngineThread(const QString &name)
        : m_engine(new Engine)
    {
        m_thread.setObjectName(name);
        m_engine->moveToThread(&m_thread);
        m_thread.start();
    }
    ~EngineThread()
    {
        run([engine = m_engine] { engine->shutdown(); });
        m_thread.quit();
        m_thread.wait();
        delete m_engine; // its thread has ended: nothing else can touch it
    }

    Engine *operator->() const { return m_engine; }
    Engine *get() const { return m_engine; }

    // Runs `f` in the engine's thread and returns when it is done.
    template <typename F>
    void run(F &&f) const
    {
        QMetaObject::invokeMethod(m_engine, std::forward<F>(f), Qt::BlockingQueuedConnection);
    }

private:
    QThread m_thread;
    Engine *m_engine;
};

// http://127.0.0.1:PORT + path
inline QUrl loopbackUrl(quint16 port, const QString &path)
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(QStringLiteral("127.0.0.1"));
    url.setPort(port);
    url.setPath(path);
    return url;
}

// Makes the next close of a socket send RST instead of FIN, as a dropped connection looks to both
// ends.
inline void resetOnClose(qintptr descriptor)
{
#ifdef Q_OS_UNIX
    if (descriptor == -1)
        return;
    linger hard{};
    hard.l_onoff = 1;
    hard.l_linger = 0;
    ::setsockopt(int(descriptor), SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
#else
    Q_UNUSED(descriptor)
#endif
}
