#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

// Debian's Apache 2.4 with mod_dav and basic auth, as a WebDAV server for the tests (the recipe of
// the field notes): a private configuration in a temporary folder of its own, on a free loopback
// port, the served folder (DocumentRoot/dav) and the lock folder owned by www-data, one user
// (User()/Password(), htpasswd -B). Runs in the foreground (-DFOREGROUND) as the test's child,
// never as the system service; stop() is SIGTERM to the parent, which ends it and its children at
// once, mid-request; start() again serves the same folder on the same port.
class ApacheDav final {
    Q_DISABLE_COPY_MOVE(ApacheDav)
public:
    static constexpr char User[] = "alice";
    static constexpr char Password[] = "wonder land";

    ApacheDav();
    ~ApacheDav();

    // APACHE_BINARY, else /usr/sbin/apache2; empty `why` when it is there.
    static bool available(QString *why);

    bool start();
    void stop();
    bool isRunning() const;
    quint16 port() const { return m_port; }
    // dav://alice@127.0.0.1:PORT/dav/PATH (PATH without leading '/').
    QUrl endpoint(const QString &path = QString()) const;
    // Where a file uploaded to PATH under /dav/ is on disk.
    QString diskPath(const QString &path) const;
    QString davRoot() const;
    // Writes `content` at PATH under /dav/ on disk, its folders made, all given to www-data (a
    // file that was there before the upload), modified `ageSeconds` ago: Apache's ETag of a file
    // changed within the last second is weak, which If-Match never matches.
    bool putFile(const QString &path, const QByteArray &content, int ageSeconds = 3600) const;
    // Sets the modification time of PATH under /dav/ `ageSeconds` back.
    bool age(const QString &path, int ageSeconds = 3600) const;
    // The requests served so far, one line each: "METHOD PATH STATUS [If-None-Match] [If-Match]"
    // (PATH percent-encoded as sent). A request cut off by stop() is not among them.
    QStringList requests() const;
    void clearLog() const;
    QString errorString() const { return m_error; }
    QString errorLog() const;

private:
    bool writeConfig();
    bool launch();

    QTemporaryDir m_root;
    std::unique_ptr<QProcess> m_process;
    quint16 m_port = 0;
    QString m_error;
};
