#pragma once

#include <QLocalServer>
#include <QObject>
#include <QStringList>

// One window per queue: a second `hoist FILE...` on the same queue hands its paths to the window
// already open (which adds them and comes to the front) and exits, as desktop apps do. The
// channel is a local socket named after the user and the queue's folder, so windows on different
// queues (--state-dir) stay apart. A headless run never listens: it keeps its own queue's lock.
//
// Message: the paths, absolute, percent-encoded (a name may hold a line break), one per line,
// then an empty line; the window answers
// "ok\n" once it took them.
class InstanceChannel final : public QObject {
    Q_OBJECT
public:
    explicit InstanceChannel(const QString &stateDir, QObject *parent = nullptr);

    // The socket name for `stateDir`: the same folder always gives the same name.
    static QString nameFor(const QString &stateDir);

    // When a window already listens: sends it `paths` (made absolute) and returns true once it
    // confirmed. False when nobody listens (or it did not answer within `timeoutMs`).
    bool handOver(const QStringList &paths, int timeoutMs = 5000) const;
    // Becomes the window others hand over to; removes a socket left by a crashed window. False
    // with the reason in `error`.
    bool listen(QString *error);

Q_SIGNALS:
    // A second launch asked for these (possibly none: then only to be shown).
    void pathsReceived(const QStringList &paths);

private:
    void accept();

    QString m_name;
    QLocalServer m_server;
};
