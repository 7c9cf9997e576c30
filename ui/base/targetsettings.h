#pragma once

#include "ifexists.h"
#include "sshsettings.h"

#include <QObject>
#include <QString>

#include <optional>

// The window's settings for targets that hold files by name (SFTP, WebDAV), each under one
// QSettings key: what an upload does when the server has the file already, the permissions
// SFTP gives new files and folders, and the key and known-hosts files the "SFTP…" dialog chose.
// What the command line gave for this run (--if-exists, --ssh-identity, --ssh-known-hosts) wins
// until the person changes that setting in the window. Owned by AppSettings; main() applies it
// to the SFTP and WebDAV protocols whenever it changes().
class TargetSettings final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TargetSettings)
public:
    // What the command line set for this run: in force (and shown) instead of the remembered.
    struct Given {
        std::optional<IfExists> ifExists; // --if-exists
        QString identityFile;             // --ssh-identity; empty: not given
        QString knownHostsFile;           // --ssh-known-hosts
    };

    static constexpr int DefaultFileMode = 0644;
    static constexpr int DefaultFolderMode = 0755;

    explicit TargetSettings(QObject *parent = nullptr);

    void setGiven(const Given &given) { m_given = given; }

    // Each getter: what is in force (the command line's, else the remembered or the default).
    IfExists ifExists() const;
    void setIfExists(IfExists mode);
    int fileMode() const;
    void setFileMode(int mode);
    int folderMode() const;
    void setFolderMode(int mode);
    // Empty: the defaults (ssh-agent, then ~/.ssh/id_ed25519, id_ecdsa, id_rsa).
    QString identityFile() const;
    void setIdentityFile(const QString &path);
    // Empty: ~/.ssh/known_hosts.
    QString knownHostsFile() const;
    void setKnownHostsFile(const QString &path);

    // `ssh` with these settings in force.
    SshSettings applied(SshSettings ssh) const;

    // "644" or "0644" as a mode (octal, at most 0777); nullopt when it is not one.
    static std::optional<int> parseMode(const QString &text);
    // The mode as it is written: "0644".
    static QString modeText(int mode);

Q_SIGNALS:
    void changed();

private:
    Given m_given;
};
