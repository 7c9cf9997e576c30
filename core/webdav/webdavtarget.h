#pragma once

#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

// Where a dav:// or davs:// endpoint uploads: dav://[USER@]HOST[:PORT]/PATH is WebDAV over HTTP,
// davs:// over HTTPS (certificates verified as for every other server). PATH is the collection
// files go into; a file's relative path (a dropped folder's tree) goes below it. USER, when
// written, is whom the token kept for the endpoint is the password of (basic auth); without
// one the token goes out as a bearer token. A password is never part of the endpoint (the
// endpoint is saved with the queue): one written there is refused.
class WebDavTarget final {
public:
    static constexpr char Scheme[] = "dav";
    static constexpr char SecureScheme[] = "davs";

    static bool isWebDav(const QUrl &url);
    // nullopt with `problem` saying why when `url` is no usable dav(s):// endpoint.
    static std::optional<WebDavTarget> fromUrl(const QUrl &url, QString *problem = nullptr);

    QUrl endpoint() const { return m_endpoint; }
    bool isHttps() const { return m_https; }
    QString userName() const { return m_user; }
    // The server itself (http(s)://host:port/), for checks and the network pool.
    QUrl serverUrl() const;
    // The collection's http(s) URL, ending in '/'.
    QUrl collectionUrl() const;
    // The http(s) URL of a file at `relativePath` ('/'-separated) under the collection.
    QUrl fileUrl(const QString &relativePath) const;
    // The collections to make for `relativePath`, outermost first (the endpoint's own path
    // included, each ending in '/'): what MKCOL creates, level by level.
    QList<QUrl> foldersOf(const QString &relativePath) const;
    // Nextcloud's and ownCloud's new WebDAV endpoint (…/remote.php/dav/files/USER/…) offers
    // chunked uploads (v2) under …/remote.php/dav/uploads/USER/: that folder, ending in '/';
    // empty for any other server.
    QUrl chunkUploadsUrl() const;

private:
    QUrl m_endpoint;
    QUrl m_base; // http(s)://host:port/path/ without user info
    QString m_user;
    bool m_https = false;
};
