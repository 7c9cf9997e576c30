#include "webdavlistings.h"

#include "webdavexchange.h"
#include "webdavrequest.h"

namespace {
QString keyOf(const QUrl &folder)
{
    return folder.toString(QUrl::FullyEncoded);
}

// A decoded path without its trailing '/', to tell the folder's own entry from its members'.
QString bare(QString path)
{
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    return path;
}
} // namespace

WebDavListings::WebDavListings(QObject *parent)
    : QObject(parent)
{
}

WebDavListings::~WebDavListings() = default;

void WebDavListings::find(QNetworkAccessManager *network, const QUrl &folder, const QString &name,
                          const HttpHeaders &headers, QObject *context, Done done)
{
    const QString key = keyOf(folder);
    const Waiter waiter{context, name, std::move(done)};
    const auto held = m_listings.constFind(key);
    if (held != m_listings.cend() && (held->tooBig || held->age.elapsed() < FreshForMs))
        return answer(waiter, *held);
    if (held != m_listings.cend())
        drop(key); // stale: listed again
    QList<Waiter> &queue = m_waiting[key];
    queue.append(waiter);
    if (queue.size() == 1)
        send(network, folder, headers);
}

void WebDavListings::send(QNetworkAccessManager *network, const QUrl &folder,
                          const HttpHeaders &headers)
{
    auto *request =
        new WebDavRequest("PROPFIND", folder, headers,
                          TrText::of(staticMetaObject, QT_TR_NOOP("listing the folder %1"))
                              .arg(folder.path(QUrl::FullyDecoded)),
                          this);
    request->setHeader("Depth", "1");
    request->setBody(WebDavXml::propfindBody());
    request->setStallTimeout(WebDavExchange::ShortTimeoutMs);
    ++m_sent;
    connect(request, &WebDavRequest::finished, this,
            [this, request, folder](const WebDavAnswer &answered) {
                request->deleteLater();
                Listing listing;
                listing.age.start();
                if (answered.ok()) {
                    std::optional<QHash<QString, WebDavEntry>> members =
                        membersOf(folder, answered.body, &listing.tooBig);
                    listing.known = members.has_value() && !listing.tooBig;
                    if (listing.known)
                        listing.members = std::move(*members);
                } else {
                    // A 207 with an error: its answer passed WebDavRequest's bound.
                    listing.tooBig = answered.status >= 200 && answered.status < 300;
                }
                const QString key = keyOf(folder);
                hold(key, std::move(listing));
                const QList<Waiter> waiting = m_waiting.take(key);
                for (const Waiter &waiter : waiting)
                    answer(waiter, m_listings.value(key));
            });
    request->send(network);
}

std::optional<QHash<QString, WebDavEntry>>
WebDavListings::membersOf(const QUrl &folder, const QByteArray &body, bool *tooBig)
{
    bool ok = false;
    QList<WebDavEntry> entries = WebDavXml::parseMultistatus(body, &ok);
    if (!ok)
        return std::nullopt;
    QHash<QString, WebDavEntry> members;
    if (entries.size() > MaxEntriesPerFolder + 1) { // its own entry and the members
        *tooBig = true;
        return members;
    }
    const QString self = bare(folder.path(QUrl::FullyDecoded));
    members.reserve(entries.size());
    for (WebDavEntry &entry : entries) {
        if (bare(QUrl(entry.href).path(QUrl::FullyDecoded)) == self)
            continue;
        const QString name = WebDavXml::lastSegment(entry.href);
        if (name.isEmpty())
            continue;
        entry.href.clear(); // the name is the key
        members.insert(name, std::move(entry));
    }
    return members;
}

void WebDavListings::learned(const QUrl &folder, const QString &name,
                             const std::optional<WebDavEntry> &entry)
{
    const QString key = keyOf(folder);
    const auto it = m_listings.find(key);
    if (it == m_listings.end() || !it->known)
        return;
    if (!entry) {
        if (it->members.remove(name))
            --m_held;
        return;
    }
    if (!it->members.contains(name)) {
        // Full: let it go; the next file there is listed again (or looked up, past the bound).
        if (it->members.size() >= MaxEntriesPerFolder || m_held >= MaxEntriesHeld)
            return drop(key);
        ++m_held;
    }
    it->members.insert(name, *entry);
}

void WebDavListings::hold(const QString &key, Listing listing)
{
    if (m_held + listing.members.size() > MaxEntriesHeld)
        dropStale();
    if (m_held + listing.members.size() > MaxEntriesHeld) {
        listing.members.clear(); // unknown until stale, then listed again
        listing.known = false;
    }
    m_held += listing.members.size();
    m_listings.insert(key, std::move(listing));
}

void WebDavListings::drop(const QString &key)
{
    m_held -= m_listings.take(key).members.size();
}

void WebDavListings::dropStale()
{
    for (auto it = m_listings.begin(); it != m_listings.end();) {
        if (!it->tooBig && it->age.elapsed() >= FreshForMs) {
            m_held -= it->members.size();
            it = m_listings.erase(it);
        } else {
            ++it;
        }
    }
}

void WebDavListings::answer(const Waiter &waiter, const Listing &listing)
{
    if (!waiter.context)
        return;
    Answer answer;
    if (listing.known) {
        const auto it = listing.members.constFind(waiter.name);
        answer.says = it == listing.members.cend() ? Says::Absent : Says::Present;
        if (it != listing.members.cend())
            answer.entry = *it;
    }
    QMetaObject::invokeMethod(
        waiter.context, [done = waiter.done, answer] { done(answer); }, Qt::QueuedConnection);
}
