#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

// What an SFTP connection needs a person to answer before it can go on: trust an unknown host
// key, a key file's passphrase, a password, or a server's keyboard-interactive prompts; or a
// changed host key, which is only shown (it is never accepted from a question). Made on a
// connection's worker thread (SshHostKey, SshAuth), asked on the GUI thread (SshQuestions).
struct SshQuestion {
    enum class Kind {
        HostKey,        // unknown host: trust its key?
        ChangedHostKey, // refused; shown with both fingerprints, never accepted here
        Passphrase,     // of keyFile
        Password,       // of user at host
        Prompts,        // keyboard-interactive: prompts (echo per prompt), name, instruction
    };

    Kind kind = Kind::HostKey;
    QString host;     // "host" or "[host]:port", as known_hosts names it
    QString hostName; // host keys: the host alone, and its port
    int port = 22;
    QString user;             // who signs in (secrets only)
    QString keyType;          // host keys: "ssh-ed25519"
    QString fingerprint;      // host keys: the key the server shows, "SHA256:..."
    QString knownFingerprint; // ChangedHostKey: the one known_hosts holds
    QString knownHostsFile;   // host keys: where it is (to be) written
    QString keyFile;          // Passphrase
    QString name;             // Prompts: the server's title for them
    QString instruction;      // Prompts
    QStringList prompts;      // Prompts
    QList<bool> echo;         // Prompts: shown as typed (true) or hidden
    bool again = false;       // the last answer given was refused

    // Questions with the same id are asked once: the host and key, the key file, the user at the
    // host, the user at the host with the same prompts.
    QString id() const;
    // Where the answer is kept among SshAnswers' secrets, and under what name the keyring keeps
    // it when asked to ("" for host keys, which go to known_hosts).
    QString secretKey() const;
    bool isSecret() const { return kind != Kind::HostKey && kind != Kind::ChangedHostKey; }
    // "user@host"
    QString account() const { return user + QLatin1Char('@') + host; }
};

Q_DECLARE_METATYPE(SshQuestion)
