#pragma once

#include <QString>
#include <QUrl>

#include <optional>

// Where SFTP uploads go: sftp://USER@HOST[:PORT]/DIR. DIR is a path on the server as its SFTP
// server names it (absolute; "/~/x" is x under the user's home, as curl and rclone read it).
class SftpTarget final {
public:
    static constexpr char Scheme[] = "sftp";
    static constexpr int DefaultPort = 22;

    static bool isSftp(const QUrl &url);
    // The target of `url`, or nullopt with a sentence on `problem`.
    static std::optional<SftpTarget> fromUrl(const QUrl &url, QString *problem = nullptr);

    const QString &user() const { return m_user; }
    const QString &host() const { return m_host; }
    int port() const { return m_port; }
    // The folder, without a trailing slash ("" for the home folder's "/~").
    const QString &dir() const { return m_dir; }
    bool inHome() const { return m_home; }
    // "user@host:port": which connections may serve it.
    QString serverKey() const;
    // "host" or "[host]:port", as known_hosts names it.
    QString knownHostsName() const;
    // The server's path of `relative` (a/b/c.txt) under the folder.
    QString remotePath(const QString &relative) const;

private:
    QString m_user;
    QString m_host;
    int m_port = DefaultPort;
    QString m_dir;
    bool m_home = false;
};
