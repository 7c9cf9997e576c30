#pragma once

#include "transfer.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QUrl>

// Request headers that belong to one endpoint (its token), kept apart from the headers every
// request carries, so that uploads to server A never send server B's credentials. Endpoints are
// told apart by origin and path: "https://Host:443/files/" and "https://host/files" are one.
// Also the endpoints whose headers are not known yet (a token still being read from a keyring):
// their uploads wait. Values are never logged.
class EndpointHeaders final {
public:
    // scheme://host[:port]/path: scheme and host in lower case, no user info, query, fragment,
    // default port or trailing slash. Empty for a URL without a host. An s3:// target keeps
    // its query (service, region, style): one bucket and prefix on two services are two keys.
    static QString keyOf(const QUrl &endpoint);

    // Replaces `endpoint`'s own headers; empty removes them.
    void set(const QUrl &endpoint, const HttpHeaders &headers);
    HttpHeaders of(const QUrl &endpoint) const;
    // `common`, then `endpoint`'s own; one of its own replaces a common header of the same name
    // (case-insensitive), so a token given for this server wins over a command line's.
    HttpHeaders merged(const HttpHeaders &common, const QUrl &endpoint) const;

    void setHeld(const QUrl &endpoint, bool held);
    bool isHeld(const QUrl &endpoint) const;
    bool anyHeld() const { return !m_held.isEmpty(); }

private:
    QHash<QString, HttpHeaders> m_byKey;
    QSet<QString> m_held;
};
