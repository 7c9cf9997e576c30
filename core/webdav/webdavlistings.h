#pragma once

#include "transfer.h"
#include "webdavxml.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

class QNetworkAccessManager;

// What the server holds in the folders a run uploads into, one PROPFIND Depth: 1 per folder
// instead of a PROPFIND of each name (WebDavPutTransfer's look before its PUT): the members'
// names with their size, ETag and kind, kept briefly (FreshForMs; then listed again when asked).
// Transfers asking about a folder whose listing is on its way wait for that one answer. A stale
// listing is safe for what the PUTs do with it: "not there" goes out as If-None-Match: * and
// "there" as If-Match: ETag, so a file that came or changed since is answered 412 and looked up
// on its own. Memory is bounded: a folder of more than MaxEntriesPerFolder members (or whose
// answer passes WebDavRequest's bound) is not held and its files are looked up one by one for
// the rest of the run, and no more than MaxEntriesHeld members are held across folders. A
// listing that fails (a server refusing Depth: 1, an outage) says "unknown" for FreshForMs:
// the per-file look then reports what is wrong.
class WebDavListings final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WebDavListings)
public:
    static constexpr int FreshForMs = 60000;
    static constexpr int MaxEntriesPerFolder = 5000;
    static constexpr int MaxEntriesHeld = 50000;

    enum class Says { Unknown, Absent, Present };
    struct Answer {
        Says says = Says::Unknown;
        WebDavEntry entry; // when Present
    };
    using Done = std::function<void(const Answer &answer)>;

    explicit WebDavListings(QObject *parent = nullptr);
    ~WebDavListings() override;

    // What the listing of `folder` (a collection URL ending in '/') says of its member `name`,
    // listed first unless held and fresh; `done` runs on `context`'s thread, never before this
    // returns, and never once `context` is gone.
    void find(QNetworkAccessManager *network, const QUrl &folder, const QString &name,
              const HttpHeaders &headers, QObject *context, Done done);
    // What a transfer learned of `name` in `folder` since (its PUT made it, a look found it or
    // found nothing), into a held listing; nothing when none is held.
    void learned(const QUrl &folder, const QString &name, const std::optional<WebDavEntry> &entry);
    // How many Depth: 1 PROPFINDs were sent, and the members held now (tests).
    int listingsSent() const { return m_sent; }
    qsizetype entriesHeld() const { return m_held; }

private:
    struct Listing {
        QHash<QString, WebDavEntry> members;
        QElapsedTimer age;
        bool known = false;  // the listing answered; else "unknown" until it is stale
        bool tooBig = false; // for the run: look up file by file
    };
    struct Waiter {
        QPointer<QObject> context;
        QString name;
        Done done;
    };
    void send(QNetworkAccessManager *network, const QUrl &folder, const HttpHeaders &headers);
    // The answer's members, or nullopt (not a multistatus); `tooBig` when over the bound.
    static std::optional<QHash<QString, WebDavEntry>>
    membersOf(const QUrl &folder, const QByteArray &body, bool *tooBig);
    void hold(const QString &key, Listing listing);
    void drop(const QString &key);
    void dropStale();
    static void answer(const Waiter &waiter, const Listing &listing);

    QHash<QString, Listing> m_listings;
    QHash<QString, QList<Waiter>> m_waiting;
    qsizetype m_held = 0;
    int m_sent = 0;
};
