#pragma once

#include <QDialog>
#include <QUrl>

#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;
class TargetSettings;

// Chooses an SFTP server to upload to: host, port, user and remote folder make the
// sftp://USER@HOST[:PORT]/DIR endpoint (chosen()); the key file and the known-hosts file (both
// optional, as --ssh-identity and --ssh-known-hosts) go to the TargetSettings on Save and serve
// every SFTP server. Each field is checked as it is typed; the note under them says what is
// wrong, or where uploads will go. Opened on an sftp:// endpoint, it starts from it.
class SftpTargetDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SftpTargetDialog)
public:
    // `current`: the endpoint in use (its fields are filled in when it is an sftp:// one).
    SftpTargetDialog(TargetSettings *settings, const QUrl &current, QWidget *parent = nullptr);

    QLineEdit *hostEdit() const { return m_host; }
    QLineEdit *portEdit() const { return m_port; }
    QLineEdit *userEdit() const { return m_user; }
    QLineEdit *folderEdit() const { return m_folder; }
    QLineEdit *keyFileEdit() const { return m_keyFile; }
    QLineEdit *knownHostsEdit() const { return m_knownHosts; }
    QPushButton *keyFileButton() const { return m_chooseKey; }
    QLabel *noteLabel() const { return m_note; }
    QPushButton *saveButton() const { return m_save; }

    // The endpoint the fields describe; an empty URL with the reason in `problem` while they
    // describe none (or a key or known-hosts file that cannot serve).
    QUrl endpoint(QString *problem = nullptr) const;
    // What an empty field means, as the dialog shows it: the key files tried after ssh-agent's.
    static QStringList defaultKeyFiles();

    void accept() override;

Q_SIGNALS:
    // Saved: uploads queued from now on go to `endpoint`.
    void chosen(const QUrl &endpoint);

private:
    void refresh();
    void chooseKeyFile();
    void chooseKnownHosts();
    // "~/x" as the home folder's x; the rest as typed (trimmed).
    static QString expanded(const QString &path);
    QString fileProblem() const;

    TargetSettings *m_settings;
    QLineEdit *m_host = nullptr;
    QLineEdit *m_port = nullptr;
    QLineEdit *m_user = nullptr;
    QLineEdit *m_folder = nullptr;
    QLineEdit *m_keyFile = nullptr;
    QPushButton *m_chooseKey = nullptr;
    QLineEdit *m_knownHosts = nullptr;
    QPushButton *m_chooseKnownHosts = nullptr;
    QLabel *m_note = nullptr;
    QPushButton *m_save = nullptr;
};
