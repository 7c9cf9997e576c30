#include "webdavtarget.h"

#include "trtext.h"

namespace {
QString problemText(const char *source)
{
    return TrText("WebDavTarget", source).toString();
}

// `path` with every segment percent-encoded on its own, so that '#', '?', '%' and blanks in
// names stay part of the name.
QString encodedPath(const QStringList &segments)
{
    QStringList encoded;
    for (const QString &segment : segments)
        encoded << QString::fromLatin1(QUrl::toPercentEncoding(segment));
    return encoded.join(QLatin1Char('/'));
}

QStringList segmentsOf(const QString &path)
{
    QStringList segments = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    segments.removeAll(QStringLiteral("."));
    return segments;
}
} // namespace

bool WebDavTarget::isWebDav(const QUrl &url)
{
    const QString scheme = url.scheme().toLower();
    return scheme == QLatin1String(Scheme) || scheme == QLatin1String(SecureScheme);
}

std::optional<WebDavTarget> WebDavTarget::fromUrl(const QUrl &url, QString *problem)
{
    const auto refuse = [problem](const QString &why) {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    if (!isWebDav(url))
        return refuse(problemText(
            QT_TRANSLATE_NOOP("WebDavTarget", "A WebDAV address starts with dav:// or davs://")));
    if (!url.isValid() || url.host().isEmpty())
        return refuse(problemText(
            QT_TRANSLATE_NOOP("WebDavTarget", "The WebDAV address has no server name")));
    if (!url.password().isEmpty())
        return refuse(problemText(QT_TRANSLATE_NOOP(
            "WebDavTarget", "Do not write the password into the WebDAV address: set it as the "
                            "server's token (kept in the keyring), or in HOIST_DAV_PASSWORD")));
    if (url.hasQuery() || url.hasFragment())
        return refuse(problemText(
            QT_TRANSLATE_NOOP("WebDavTarget", "A WebDAV address has no ?query or #fragment")));
    WebDavTarget target;
    target.m_https = url.scheme().toLower() == QLatin1String(SecureScheme);
    target.m_user = url.userName();
    target.m_endpoint = url;
    QUrl base;
    base.setScheme(target.m_https ? QStringLiteral("https") : QStringLiteral("http"));
    base.setHost(url.host());
    if (url.port() > 0)
        base.setPort(url.port());
    const QStringList segments = segmentsOf(url.path());
    base.setPath(QLatin1Char('/') + segments.join(QLatin1Char('/'))
                 + (segments.isEmpty() ? QString() : QStringLiteral("/")));
    target.m_base = base;
    return target;
}

QUrl WebDavTarget::serverUrl() const
{
    QUrl server = m_base;
    server.setPath(QStringLiteral("/"));
    return server;
}

QUrl WebDavTarget::collectionUrl() const
{
    return m_base;
}

QUrl WebDavTarget::fileUrl(const QString &relativePath) const
{
    QUrl url = m_base;
    const QString path = encodedPath(segmentsOf(m_base.path()) + segmentsOf(relativePath));
    url.setPath(QLatin1Char('/') + path, QUrl::TolerantMode);
    return QUrl(url.toString(QUrl::FullyEncoded), QUrl::StrictMode);
}

QList<QUrl> WebDavTarget::foldersOf(const QString &relativePath) const
{
    const QStringList base = segmentsOf(m_base.path());
    QStringList below = segmentsOf(relativePath);
    if (!below.isEmpty())
        below.removeLast(); // the file itself
    QList<QUrl> folders;
    const QStringList all = base + below;
    for (qsizetype n = 1; n <= all.size(); ++n) {
        QUrl url = m_base;
        url.setPath(QLatin1Char('/') + encodedPath(all.mid(0, n)) + QLatin1Char('/'),
                    QUrl::TolerantMode);
        folders << QUrl(url.toString(QUrl::FullyEncoded), QUrl::StrictMode);
    }
    return folders;
}

QUrl WebDavTarget::chunkUploadsUrl() const
{
    const QStringList segments = segmentsOf(m_base.path());
    for (qsizetype i = 0; i + 3 < segments.size(); ++i) {
        if (segments.at(i) != QLatin1String("remote.php")
            || segments.at(i + 1) != QLatin1String("dav")
            || segments.at(i + 2) != QLatin1String("files"))
            continue;
        QStringList uploads = segments.mid(0, i + 2);
        uploads << QStringLiteral("uploads") << segments.at(i + 3);
        QUrl url = m_base;
        url.setPath(QLatin1Char('/') + encodedPath(uploads) + QLatin1Char('/'), QUrl::TolerantMode);
        return QUrl(url.toString(QUrl::FullyEncoded), QUrl::StrictMode);
    }
    return {};
}
