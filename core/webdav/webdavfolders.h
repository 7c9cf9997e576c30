#pragma once

#include "transfer.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>
#include <memory>
#include <optional>

class QNetworkAccessManager;

// The collections uploads need, made with MKCOL level by level, each at most once per run: a
// folder made (201) or found there already (405) is remembered, and transfers waiting for a folder
// whose MKCOL is on its way wait for that one answer instead of sending their own. A failure is
// not remembered: the next transfer that needs the folder asks again.
class WebDavFolders final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WebDavFolders)
public:
    using Done = std::function<void(const std::optional<TransferError> &error)>;

    explicit WebDavFolders(QObject *parent = nullptr);
    ~WebDavFolders() override;

    // Makes each of `folders` (outermost first) unless known, then calls `done` on `context`'s
    // thread, never before returning, and never once `context` is gone.
    void ensure(QNetworkAccessManager *network, const QList<QUrl> &folders,
                const HttpHeaders &headers, QObject *context, Done done);
    // Whether this run made `folder` (MKCOL answered 201): it was empty then, so a file going
    // there needs no look-up first (its PUT's If-None-Match: * still refuses to replace one that
    // someone put there since).
    bool created(const QUrl &folder) const;
    // How many MKCOLs were sent (tests).
    int mkcolsSent() const { return m_sent; }
    void forget()
    {
        m_made.clear();
        m_created.clear();
    }

private:
    struct Waiter {
        QPointer<QObject> context;
        QPointer<QNetworkAccessManager> network;
        QList<QUrl> rest;
        HttpHeaders headers;
        Done done;
    };
    void advance(const std::shared_ptr<Waiter> &waiter);
    void send(const std::shared_ptr<Waiter> &waiter, const QString &key);

    QSet<QString> m_made;
    QSet<QString> m_created; // of m_made, those this run's MKCOL made
    QHash<QString, QList<std::shared_ptr<Waiter>>> m_waiting;
    int m_sent = 0;
};
