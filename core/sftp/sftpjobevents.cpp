#include "sftpjobevents.h"

#include "sftpworker.h"

SftpJobEvents::SftpJobEvents(SftpWorker *worker, QObject *parent)
    : QObject(parent)
{
    connect(worker, &SftpWorker::started, this, [this](quint64 ticket, qint64 begin, qint64 end) {
        if (const auto l = listenerOf(ticket); l && l->started)
            l->started(begin, end);
    });
    connect(worker, &SftpWorker::sent, this, [this](quint64 ticket, qint64 bytes) {
        if (const auto l = listenerOf(ticket); l && l->sent)
            l->sent(bytes);
    });
    connect(worker, &SftpWorker::confirmed, this, [this](quint64 ticket, qint64 offset) {
        if (const auto l = listenerOf(ticket); l && l->confirmed)
            l->confirmed(offset);
    });
    connect(worker, &SftpWorker::finished, this,
            [this](quint64 ticket, const SftpUploadResult &result) {
                const auto found = m_listeners.find(ticket);
                if (found == m_listeners.end())
                    return;
                const std::shared_ptr<const Listener> listener = found.value();
                m_listeners.erase(found);
                if (listener->context && listener->finished)
                    listener->finished(result);
            });
}

void SftpJobEvents::listen(quint64 ticket, Listener listener)
{
    m_listeners.insert(ticket, std::make_shared<const Listener>(std::move(listener)));
}

std::shared_ptr<const SftpJobEvents::Listener> SftpJobEvents::listenerOf(quint64 ticket) const
{
    const auto found = m_listeners.constFind(ticket);
    return found != m_listeners.cend() && found.value()->context ? found.value() : nullptr;
}
