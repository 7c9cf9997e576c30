#pragma once

#include "sftpfileupload.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>

class SftpWorker;

// The events of the jobs on one SftpWorker, each handed to the one that asked for that job (by
// its ticket) on the GUI thread. Every listener hearing every job's events and keeping its own
// would post each event once per listener: a connection sending 16 small files together would
// cost 16 times what it sends. Made with its worker by SftpSessions; lives on the GUI thread.
class SftpJobEvents final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SftpJobEvents)
public:
    struct Listener {
        // Nothing is called once it is gone.
        QPointer<QObject> context;
        std::function<void(qint64 begin, qint64 end)> started;
        std::function<void(qint64 bytes)> sent;
        std::function<void(qint64 offset)> confirmed;
        // The job ended; it is forgotten before this is called.
        std::function<void(const SftpUploadResult &result)> finished;
    };

    explicit SftpJobEvents(SftpWorker *worker, QObject *parent = nullptr);

    // The events of job `ticket` go to `listener` from now until it finished or forget().
    void listen(quint64 ticket, Listener listener);
    void forget(quint64 ticket) { m_listeners.remove(ticket); }
    int listening() const { return int(m_listeners.size()); }

private:
    // The listener of `ticket` when there is one and its context is alive; shared, so that a
    // listener may forget() itself while it is being called.
    std::shared_ptr<const Listener> listenerOf(quint64 ticket) const;

    QHash<quint64, std::shared_ptr<const Listener>> m_listeners;
};
