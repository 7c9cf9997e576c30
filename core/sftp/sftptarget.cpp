#include "sftptarget.h"

#include <QCoreApplication>

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SftpTarget)
};
} // namespace

bool SftpTarget::isSftp(const QUrl &url)
{
    return url.scheme().compare(QLatin1String(Scheme), Qt::CaseInsensitive) == 0;
}

std::optional<SftpTarget> SftpTarget::fromUrl(const QUrl &url, QString *problem)
{
    const auto fail = [problem](const QString &why) -> std::optional<SftpTarget> {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    if (!isSftp(url) || !url.isValid())
        return fail(Text::tr("Not an sftp://USER@HOST/FOLDER address"));
    if (url.host().isEmpty())
        return fail(Text::tr("The sftp:// address has no server name"));
    if (url.userName().isEmpty())
        return fail(
            Text::tr("The sftp:// address names no user: sftp://USER@%1/FOLDER").arg(url.host()));
    if (!url.password().isEmpty())
        return fail(Text::tr("Give no password in the sftp:// address: Hoist signs in with keys"));
    SftpTarget target;
    target.m_user = url.userName();
    target.m_host = url.host();
    target.m_port = url.port(DefaultPort);
    QString path = url.path();
    while (path.size() > 1 && path.endsWith(QLatin1Char('/')))
        path.chop(1);
    if (path == QLatin1String("/~") || path.startsWith(QLatin1String("/~/"))) {
        target.m_home = true;
        path = path.mid(3);
    } else if (path.isEmpty()) {
        path = QStringLiteral("/");
    }
    if (path.split(QLatin1Char('/')).contains(QLatin1String("..")))
        return fail(Text::tr("The sftp:// folder must not contain \"..\""));
    target.m_dir = path == QLatin1String("/") ? QString() : path;
    return target;
}

QString SftpTarget::serverKey() const
{
    return m_user + QLatin1Char('@') + m_host.toLower() + QLatin1Char(':')
           + QString::number(m_port);
}

QString SftpTarget::knownHostsName() const
{
    if (m_port == DefaultPort)
        return m_host;
    return QLatin1Char('[') + m_host + QLatin1String("]:") + QString::number(m_port);
}

QString SftpTarget::remotePath(const QString &relative) const
{
    // Relative paths are the home folder's on the server; "" + "/a" is the root's.
    if (m_home && m_dir.isEmpty())
        return relative;
    return m_dir + QLatin1Char('/') + relative;
}
