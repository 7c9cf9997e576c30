// The window's SFTP and WebDAV targets: the "SFTP…" and "WebDAV…" dialogs give the endpoint a
// person means (and say, as they type, what is wrong), keep the key files in the settings and
// the WebDAV password through TokenKeeper (never in a plain file); the settings dialog's
// existing-files and permissions choices reach TargetSettings, QSettings and the SshSettings the
// SFTP client is given, and come back at the next start. No server: nothing is uploaded.
// With HOIST_SHOT_DIR set, screenshots() saves the three as PNGs there (run it under Xvfb).
#include "memorysecretstore.h"
#include "testsettings.h"

#include "appsettings.h"
#include "ifexists.h"
#include "mainwindow.h"
#include "settingsdialog.h"
#include "sftptargetdialog.h"
#include "targetsettings.h"
#include "targetsettingsgroup.h"
#include "tokenkeeper.h"
#include "uploadscheduler.h"
#include "webdavprotocol.h"
#include "webdavtarget.h"
#include "webdavtargetdialog.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace {
QString stored(const char *key)
{
    return QSettings().value(QLatin1String(key)).toString();
}

QAction *fieldAction(QLineEdit *edit, const char *name)
{
    for (QAction *action : edit->actions()) {
        if (action->objectName() == QLatin1String(name))
            return action;
    }
    return nullptr;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}
} // namespace

class tst_TargetDialogs : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void sftpDialogGivesTheEndpointAndKeys();
    void sftpDialogSaysWhatIsWrong_data();
    void sftpDialogSaysWhatIsWrong();
    void sftpDialogStartsFromTheEndpoint();
    void sftpButtonInTheServerField();
    void webDavDialogGivesTheEndpointAndPassword();
    void webDavPasswordMustBeVisibleAscii_data();
    void webDavPasswordMustBeVisibleAscii();
    void webDavWithoutUserTakesABearerToken();
    void webDavKnownPasswordStaysUnshown();
    void webDavButtonInTheServerField();
    void settingsRoundTrip();
    void badModeIsRefused_data();
    void badModeIsRefused();
    void commandLineWinsForItsRun();
    void screenshots();

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_settingsDir;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<WebDavProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
    std::unique_ptr<MemorySecretStore> m_store;
    std::unique_ptr<TokenKeeper> m_keeper;
    std::unique_ptr<AppSettings> m_settings;
};

void tst_TargetDialogs::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    useTestSettings(QStringLiteral("tst_targetdialogs"), m_settingsDir.path());
    QVERIFY(m_dir.isValid());
    // The home folder's ~/.ssh is the dialog's default: one of the test's own.
    qputenv("HOME", m_dir.path().toUtf8());
    qputenv("USER", "localperson");
}

void tst_TargetDialogs::init()
{
    QSettings().clear();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<WebDavProtocol>(m_network.get());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_store = std::make_unique<MemorySecretStore>();
    m_keeper = std::make_unique<TokenKeeper>(m_scheduler.get(), m_store.get());
    m_settings = std::make_unique<AppSettings>(m_scheduler.get());
}

void tst_TargetDialogs::cleanup()
{
    m_settings.reset();
    m_keeper.reset();
    m_store.reset();
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
    QSettings().clear();
}

void tst_TargetDialogs::sftpDialogGivesTheEndpointAndKeys()
{
    const QString key = m_dir.filePath(QStringLiteral("deploy_key"));
    QVERIFY(writeFile(key, "-----BEGIN OPENSSH PRIVATE KEY-----\n"));
    TargetSettings *targets = m_settings->targets();
    QSignalSpy changed(targets, &TargetSettings::changed);
    SftpTargetDialog dialog(targets, QUrl(QStringLiteral("https://tus.example/files/")));
    QSignalSpy chosen(&dialog, &SftpTargetDialog::chosen);
    QVERIFY(dialog.hostEdit()->text().isEmpty()); // a tus endpoint fills nothing in
    QVERIFY(!dialog.saveButton()->isEnabled());
    QVERIFY2(dialog.noteLabel()->text().contains(QStringLiteral("server")),
             qPrintable(dialog.noteLabel()->text()));
    // The defaults are shown: the local user, port 22, ssh-agent and ~/.ssh's keys.
    QCOMPARE(dialog.userEdit()->placeholderText(), QStringLiteral("localperson"));
    QCOMPARE(dialog.portEdit()->placeholderText(), QStringLiteral("22"));
    QVERIFY(dialog.keyFileEdit()->placeholderText().contains(QStringLiteral("ssh-agent")));
    QVERIFY(dialog.knownHostsEdit()->placeholderText().contains(QStringLiteral("known_hosts")));

    dialog.hostEdit()->setText(QStringLiteral("files.example"));
    QVERIFY(dialog.saveButton()->isEnabled()); // all else has a default
    QCOMPARE(dialog.endpoint(), QUrl(QStringLiteral("sftp://localperson@files.example/~")));
    dialog.portEdit()->setText(QStringLiteral("2222"));
    dialog.userEdit()->setText(QStringLiteral("alice"));
    dialog.folderEdit()->setText(QStringLiteral("~/in box"));
    dialog.keyFileEdit()->setText(key);
    dialog.knownHostsEdit()->setText(m_dir.filePath(QStringLiteral("hosts")));
    QVERIFY2(dialog.saveButton()->isEnabled(), qPrintable(dialog.noteLabel()->text()));
    QVERIFY2(dialog.noteLabel()->text().contains(QStringLiteral("alice@files.example:2222")),
             qPrintable(dialog.noteLabel()->text()));
    dialog.saveButton()->click();
    QCOMPARE(chosen.size(), 1);
    const QUrl endpoint = chosen.first().first().toUrl();
    QCOMPARE(endpoint.toString(), QStringLiteral("sftp://alice@files.example:2222/~/in box"));
    // The key files serve every SFTP server: remembered, and in the client's settings.
    QCOMPARE(targets->identityFile(), key);
    QCOMPARE(targets->knownHostsFile(), m_dir.filePath(QStringLiteral("hosts")));
    QCOMPARE(stored("sftp/identityFile"), key);
    QVERIFY(changed.size() >= 1);
    const SshSettings ssh = targets->applied({});
    QCOMPARE(ssh.identityFile, key);
    QCOMPARE(ssh.knownHostsFile, m_dir.filePath(QStringLiteral("hosts")));

    // An absolute folder stays absolute; "~" alone and nothing are the home folder.
    SftpTargetDialog other(targets, {});
    other.hostEdit()->setText(QStringLiteral("192.0.2.7"));
    other.folderEdit()->setText(QStringLiteral("/srv/uploads/"));
    QCOMPARE(other.endpoint().path(), QStringLiteral("/srv/uploads/"));
    other.folderEdit()->setText(QStringLiteral("~"));
    QCOMPARE(other.endpoint().path(), QStringLiteral("/~"));
    other.folderEdit()->setText(QStringLiteral("photos"));
    QCOMPARE(other.endpoint().path(), QStringLiteral("/~/photos"));
    // Emptying the key field goes back to the defaults.
    other.keyFileEdit()->clear();
    other.knownHostsEdit()->clear();
    other.saveButton()->click();
    QCOMPARE(targets->identityFile(), QString());
    QCOMPARE(targets->applied({}).identityFile, QString());
}

void tst_TargetDialogs::sftpDialogSaysWhatIsWrong_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("port");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("said"); // a word the note must hold
    const auto row = [](const char *name, const char *host, const char *port, const char *user,
                        const char *folder, const char *key, const char *said) {
        QTest::newRow(name) << QString::fromUtf8(host) << QString::fromUtf8(port)
                            << QString::fromUtf8(user) << QString::fromUtf8(folder)
                            << QString::fromUtf8(key) << QString::fromUtf8(said);
    };
    row("no host", "", "", "", "", "", "server");
    row("blank in host", "my host", "", "", "", "", "not a server name");
    row("address as host", "sftp://h/x", "", "", "", "", "not a server name");
    row("port too high", "h", "70000", "", "", "", "port");
    row("port not a number", "h", "22a", "", "", "", "port");
    row("port zero", "h", "0", "", "", "", "port");
    row("user with @", "h", "", "a@b", "", "", "user name");
    row("folder going up", "h", "", "", "/srv/../etc", "", "..");
    row("empty folder name", "h", "", "", "/srv//in", "", "//");
    row("no such key", "h", "", "", "", "missing_key", "no key file");
    row("public key", "h", "", "", "", "id_test.pub", "public key");
}

void tst_TargetDialogs::sftpDialogSaysWhatIsWrong()
{
    QFETCH(QString, host);
    QFETCH(QString, port);
    QFETCH(QString, user);
    QFETCH(QString, folder);
    QFETCH(QString, key);
    QFETCH(QString, said);
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("id_test.pub")), "ssh-ed25519 AAAA x\n"));
    SftpTargetDialog dialog(m_settings->targets(), {});
    QSignalSpy chosen(&dialog, &SftpTargetDialog::chosen);
    dialog.hostEdit()->setText(host);
    dialog.portEdit()->setText(port);
    dialog.userEdit()->setText(user);
    dialog.folderEdit()->setText(folder);
    dialog.keyFileEdit()->setText(key.isEmpty() ? QString() : m_dir.filePath(key));
    QVERIFY(!dialog.saveButton()->isEnabled());
    QVERIFY2(dialog.noteLabel()->text().contains(said, Qt::CaseInsensitive),
             qPrintable(dialog.noteLabel()->text()));
    QVERIFY(dialog.endpoint().isEmpty());
    dialog.accept(); // Enter in a field: nothing is chosen
    QCOMPARE(chosen.size(), 0);
    QVERIFY(stored("sftp/identityFile").isEmpty());
}

void tst_TargetDialogs::sftpDialogStartsFromTheEndpoint()
{
    SftpTargetDialog dialog(m_settings->targets(),
                            QUrl(QStringLiteral("sftp://bob@host.example:2200/srv/in")));
    QCOMPARE(dialog.hostEdit()->text(), QStringLiteral("host.example"));
    QCOMPARE(dialog.portEdit()->text(), QStringLiteral("2200"));
    QCOMPARE(dialog.userEdit()->text(), QStringLiteral("bob"));
    QCOMPARE(dialog.folderEdit()->text(), QStringLiteral("/srv/in"));
    QVERIFY(dialog.saveButton()->isEnabled());
    QCOMPARE(dialog.endpoint(), QUrl(QStringLiteral("sftp://bob@host.example:2200/srv/in")));

    SftpTargetDialog home(m_settings->targets(),
                          QUrl(QStringLiteral("sftp://bob@host.example/~/photos")));
    QCOMPARE(home.portEdit()->text(), QString()); // 22 is the placeholder's
    QCOMPARE(home.folderEdit()->text(), QStringLiteral("~/photos"));
    QCOMPARE(home.endpoint(), QUrl(QStringLiteral("sftp://bob@host.example/~/photos")));
}

// The "SFTP…" button: the field and the scheduler get the endpoint, and the window remembers it.
void tst_TargetDialogs::sftpButtonInTheServerField()
{
    m_scheduler->setEndpoint(QUrl(QStringLiteral("http://tus.example/files/")));
    MainWindow window(m_scheduler.get(), m_settings.get());
    window.setTokenKeeper(m_keeper.get());
    QAction *action = fieldAction(window.endpointEdit(), "sftpTargetAction");
    QVERIFY(action);
    QCOMPARE(action->text(), QStringLiteral("SFTP…"));
    action->trigger();
    auto *dialog = window.findChild<SftpTargetDialog *>();
    QVERIFY(dialog);
    dialog->hostEdit()->setText(QStringLiteral("127.0.0.1"));
    dialog->portEdit()->setText(QStringLiteral("2022"));
    dialog->userEdit()->setText(QStringLiteral("root"));
    dialog->folderEdit()->setText(QStringLiteral("/dst"));
    dialog->saveButton()->click();
    const QUrl expected(QStringLiteral("sftp://root@127.0.0.1:2022/dst"));
    QCOMPARE(m_scheduler->endpoint(), expected);
    QCOMPARE(window.endpointEdit()->text(), expected.toString());
    QVERIFY(window.endpointEdit()->toolTip().contains(QStringLiteral("SFTP")));
    QCOMPARE(QUrl(stored("endpoint")), expected);
    // Opened again, it starts from the endpoint in use.
    action->trigger();
    QTRY_VERIFY(window.findChildren<SftpTargetDialog *>().size() >= 1);
    const auto dialogs = window.findChildren<SftpTargetDialog *>();
    QCOMPARE(dialogs.last()->hostEdit()->text(), QStringLiteral("127.0.0.1"));
    QCOMPARE(dialogs.last()->portEdit()->text(), QStringLiteral("2022"));
}

void tst_TargetDialogs::webDavDialogGivesTheEndpointAndPassword()
{
    WebDavTargetDialog dialog(m_keeper.get(), QUrl(QStringLiteral("https://tus.example/files/")));
    QSignalSpy chosen(&dialog, &WebDavTargetDialog::chosen);
    QVERIFY(dialog.addressEdit()->text().isEmpty());
    QVERIFY(!dialog.saveButton()->isEnabled());
    dialog.addressEdit()->setText(
        QStringLiteral("https://cloud.example/remote.php/dav/files/alice/Photos"));
    dialog.userEdit()->setText(QStringLiteral("alice"));
    QCOMPARE(dialog.passwordLabel()->text(), QStringLiteral("&Password:"));
    QVERIFY(!dialog.saveButton()->isEnabled()); // no password yet: the note says so
    QVERIFY2(dialog.noteLabel()->text().contains(QStringLiteral("password")),
             qPrintable(dialog.noteLabel()->text()));
    QVERIFY(dialog.hintLabel()->text().contains(QStringLiteral("Nextcloud")));
    QCOMPARE(dialog.passwordEdit()->echoMode(), QLineEdit::Password);
    dialog.passwordEdit()->setText(QStringLiteral("Tr0ub4dor&3!"));
    QVERIFY2(dialog.saveButton()->isEnabled(), qPrintable(dialog.noteLabel()->text()));
    dialog.rememberBox()->setChecked(true);
    dialog.saveButton()->click();
    QCOMPARE(chosen.size(), 1);
    const QUrl endpoint = chosen.first().first().toUrl();
    QCOMPARE(endpoint,
             QUrl(QStringLiteral("davs://alice@cloud.example/remote.php/dav/files/alice/Photos")));
    QVERIFY(dialog.passwordEdit()->text().isEmpty()); // not kept in the widget
    // The password is the endpoint's token, in the keyring, and goes out as alice's basic auth.
    QVERIFY(m_keeper->hasToken(endpoint));
    QCOMPARE(m_store->writes, 1);
    QVERIFY(m_store->secrets.values().contains(QStringLiteral("Tr0ub4dor&3!")));
    const auto target = WebDavTarget::fromUrl(endpoint);
    QVERIFY(target);
    const HttpHeaders headers = m_protocol->headersFor(*target, m_scheduler->headersFor(endpoint));
    QVERIFY(headers.contains(
        HttpHeader("Authorization", "Basic " + QByteArray("alice:Tr0ub4dor&3!").toBase64())));

    // http:// is dav://; the user written in the address fills an empty user field; the old
    // Nextcloud address is pointed to the new one.
    WebDavTargetDialog plain(m_keeper.get(), {});
    plain.addressEdit()->setText(QStringLiteral("http://bob@nas.local:8080/remote.php/webdav/"));
    plain.passwordEdit()->setText(QStringLiteral("pw"));
    QCOMPARE(plain.endpoint(), QUrl(QStringLiteral("dav://bob@nas.local:8080/remote.php/webdav/")));
    QVERIFY(plain.hintLabel()->text().contains(QStringLiteral("remote.php/dav/files/USER")));
    // A password in the address is refused, and not shown back.
    plain.addressEdit()->setText(QStringLiteral("https://bob:hunter2@nas.local/dav/"));
    QVERIFY(!plain.saveButton()->isEnabled());
    QVERIFY(!plain.noteLabel()->text().contains(QStringLiteral("hunter2")));
    plain.addressEdit()->setText(QStringLiteral("ftp://nas.local/dav/"));
    QVERIFY(!plain.saveButton()->isEnabled());
    QVERIFY(plain.noteLabel()->text().contains(QStringLiteral("https://")));
}

void tst_TargetDialogs::webDavPasswordMustBeVisibleAscii_data()
{
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("said");
    QTest::newRow("blank") << QStringLiteral("correct horse") << QStringLiteral("blank");
    QTest::newRow("accent") << QStringLiteral("pässwort") << QStringLiteral("visible ASCII");
    QTest::newRow("tab") << QStringLiteral("a\tb") << QStringLiteral("visible ASCII");
    QTest::newRow("trailing blank") << QStringLiteral("secret ") << QStringLiteral("blank");
    QTest::newRow("bearer alone") << QStringLiteral("Bearer") << QStringLiteral("prefix");
}

// TokenKeeper keeps visible ASCII only: the dialog says so, rather than a password that is
// silently dropped or trimmed and then refused by the server.
void tst_TargetDialogs::webDavPasswordMustBeVisibleAscii()
{
    QFETCH(QString, password);
    QFETCH(QString, said);
    WebDavTargetDialog dialog(m_keeper.get(), {});
    QSignalSpy chosen(&dialog, &WebDavTargetDialog::chosen);
    dialog.addressEdit()->setText(QStringLiteral("https://nas.local/dav/"));
    dialog.userEdit()->setText(QStringLiteral("carol"));
    dialog.passwordEdit()->setText(password);
    QVERIFY(!dialog.saveButton()->isEnabled());
    QVERIFY2(dialog.noteLabel()->text().contains(said), qPrintable(dialog.noteLabel()->text()));
    QVERIFY(!dialog.noteLabel()->text().contains(password));
    dialog.accept();
    QCOMPARE(chosen.size(), 0);
    QVERIFY(!m_keeper->hasToken(QUrl(QStringLiteral("davs://carol@nas.local/dav/"))));
    QCOMPARE(m_store->writes, 0);
}

void tst_TargetDialogs::webDavWithoutUserTakesABearerToken()
{
    WebDavTargetDialog dialog(m_keeper.get(), {});
    QSignalSpy chosen(&dialog, &WebDavTargetDialog::chosen);
    dialog.addressEdit()->setText(QStringLiteral("files.example/dav/in")); // https assumed
    QCOMPARE(dialog.passwordLabel()->text(), QStringLiteral("&Token:"));
    QVERIFY(dialog.saveButton()->isEnabled()); // a server without sign-in needs none
    QVERIFY(dialog.hintLabel()->isHidden());
    dialog.passwordEdit()->setText(QStringLiteral("Bearer abc.def"));
    dialog.rememberBox()->setChecked(false);
    dialog.saveButton()->click();
    QCOMPARE(chosen.size(), 1);
    const QUrl endpoint(QStringLiteral("davs://files.example/dav/in"));
    QCOMPARE(chosen.first().first().toUrl(), endpoint);
    const auto target = WebDavTarget::fromUrl(endpoint);
    QVERIFY(target);
    QVERIFY(m_protocol->headersFor(*target, m_scheduler->headersFor(endpoint))
                .contains(HttpHeader("Authorization", "Bearer abc.def")));
    QCOMPARE(m_store->writes, 0); // not remembered: for this session only
}

void tst_TargetDialogs::webDavKnownPasswordStaysUnshown()
{
    const QUrl endpoint(QStringLiteral("davs://dave@nas.local/dav/"));
    m_keeper->setToken(endpoint, QStringLiteral("known-one"), false);
    WebDavTargetDialog dialog(m_keeper.get(), endpoint);
    QSignalSpy chosen(&dialog, &WebDavTargetDialog::chosen);
    QCOMPARE(dialog.addressEdit()->text(), QStringLiteral("https://nas.local/dav/"));
    QCOMPARE(dialog.userEdit()->text(), QStringLiteral("dave"));
    QVERIFY(dialog.passwordEdit()->text().isEmpty()); // never shown
    QVERIFY(dialog.passwordEdit()->placeholderText().contains(QStringLiteral("Set")));
    QVERIFY(dialog.saveButton()->isEnabled()); // the known password stays
    dialog.saveButton()->click();
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(chosen.first().first().toUrl(), endpoint);
    QVERIFY(m_keeper->hasToken(endpoint));
    // Another user needs a password of their own.
    WebDavTargetDialog other(m_keeper.get(), endpoint);
    other.userEdit()->setText(QStringLiteral("erin"));
    QVERIFY(!other.saveButton()->isEnabled());
}

void tst_TargetDialogs::webDavButtonInTheServerField()
{
    MainWindow window(m_scheduler.get(), m_settings.get());
    window.setTokenKeeper(m_keeper.get());
    QAction *action = fieldAction(window.endpointEdit(), "webDavTargetAction");
    QVERIFY(action);
    action->trigger();
    auto *dialog = window.findChild<WebDavTargetDialog *>();
    QVERIFY(dialog);
    dialog->addressEdit()->setText(QStringLiteral("http://127.0.0.1:8080/dav/in"));
    dialog->userEdit()->setText(QStringLiteral("alice"));
    dialog->passwordEdit()->setText(QStringLiteral("window-secret"));
    dialog->saveButton()->click();
    const QUrl expected(QStringLiteral("dav://alice@127.0.0.1:8080/dav/in"));
    QCOMPARE(m_scheduler->endpoint(), expected);
    QVERIFY(m_keeper->hasToken(expected));
    // Remembered as the endpoint alone: the password is in no setting.
    QSettings settings;
    QCOMPARE(QUrl(settings.value(QStringLiteral("endpoint")).toString()), expected);
    for (const QString &key : settings.allKeys())
        QVERIFY(!settings.value(key).toString().contains(QStringLiteral("window-secret")));
}

void tst_TargetDialogs::settingsRoundTrip()
{
    TargetSettings *targets = m_settings->targets();
    QCOMPARE(targets->ifExists(), IfExists::Overwrite); // the defaults, as headless has them
    QCOMPARE(targets->fileMode(), 0644);
    QCOMPARE(targets->folderMode(), 0755);
    {
        SettingsDialog dialog(m_settings.get(), false);
        TargetSettingsGroup *group = dialog.targetsGroup();
        QCOMPARE(IfExists(group->ifExistsCombo()->currentData().toInt()), IfExists::Overwrite);
        QCOMPARE(group->fileModeEdit()->text(), QStringLiteral("0644"));
        QCOMPARE(group->folderModeEdit()->text(), QStringLiteral("0755"));
        group->ifExistsCombo()->setCurrentIndex(
            group->ifExistsCombo()->findData(int(IfExists::Rename)));
        group->fileModeEdit()->setText(QStringLiteral("600"));
        group->folderModeEdit()->setText(QStringLiteral("0700"));
        QSignalSpy changed(targets, &TargetSettings::changed);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(changed.size(), 3);
    }
    QCOMPARE(stored("targets/ifExists"), QStringLiteral("rename"));
    QCOMPARE(stored("sftp/fileMode"), QStringLiteral("0600"));
    QCOMPARE(stored("sftp/folderMode"), QStringLiteral("0700"));
    // What the SFTP client is given; WebDAV reads ifExists().
    SshSettings run;
    run.acceptedHostKeys = {QStringLiteral("SHA256:kept")};
    const SshSettings ssh = targets->applied(run);
    QCOMPARE(ssh.existingFiles, IfExists::Rename);
    QCOMPARE(ssh.fileMode, 0600);
    QCOMPARE(ssh.folderMode, 0700);
    QCOMPARE(ssh.acceptedHostKeys, run.acceptedHostKeys); // what it does not set stays

    // The next start: a fresh AppSettings reads them back, and a dialog shows them.
    m_settings = std::make_unique<AppSettings>(m_scheduler.get());
    QCOMPARE(m_settings->targets()->ifExists(), IfExists::Rename);
    QCOMPARE(m_settings->targets()->fileMode(), 0600);
    SettingsDialog again(m_settings.get(), false);
    QCOMPARE(IfExists(again.targetsGroup()->ifExistsCombo()->currentData().toInt()),
             IfExists::Rename);
    QCOMPARE(again.targetsGroup()->fileModeEdit()->text(), QStringLiteral("0600"));
    QCOMPARE(again.targetsGroup()->folderModeEdit()->text(), QStringLiteral("0700"));
    // OK without a change writes nothing new.
    QSignalSpy changed(m_settings->targets(), &TargetSettings::changed);
    again.accept();
    QCOMPARE(changed.size(), 0);
}

void tst_TargetDialogs::badModeIsRefused_data()
{
    QTest::addColumn<QString>("mode");
    QTest::newRow("not octal") << QStringLiteral("0648");
    QTest::newRow("too large") << QStringLiteral("1777");
    QTest::newRow("letters") << QStringLiteral("rw-");
    QTest::newRow("negative") << QStringLiteral("-644");
}

void tst_TargetDialogs::badModeIsRefused()
{
    QFETCH(QString, mode);
    SettingsDialog dialog(m_settings.get(), false);
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    TargetSettingsGroup *group = dialog.targetsGroup();
    group->fileModeEdit()->setText(mode);
    QVERIFY(!group->isValid());
    QVERIFY(!ok->isEnabled());
    QVERIFY(!group->problemLabel()->isHidden());
    QVERIFY2(group->problemLabel()->text().contains(QStringLiteral("octal")),
             qPrintable(group->problemLabel()->text()));
    dialog.accept();
    QVERIFY(dialog.result() != int(QDialog::Accepted));
    QVERIFY(stored("sftp/fileMode").isEmpty());
    // Put right, OK is offered again.
    group->fileModeEdit()->setText(QStringLiteral("0640"));
    QVERIFY(ok->isEnabled());
    QVERIFY(group->problemLabel()->isHidden());
    QVERIFY(!TargetSettings::parseMode(mode));
}

// --if-exists and --ssh-identity are in force for their run, shown as such, and not
// remembered unless the person changes them in the window.
void tst_TargetDialogs::commandLineWinsForItsRun()
{
    TargetSettings *targets = m_settings->targets();
    targets->setIfExists(IfExists::Rename); // remembered from an earlier run
    targets->setGiven({IfExists::Skip, QStringLiteral("/run/key"), QString()});
    QCOMPARE(targets->ifExists(), IfExists::Skip);
    QCOMPARE(targets->applied({}).identityFile, QStringLiteral("/run/key"));
    {
        SettingsDialog dialog(m_settings.get(), false);
        QCOMPARE(IfExists(dialog.targetsGroup()->ifExistsCombo()->currentData().toInt()),
                 IfExists::Skip);
        dialog.accept();
    }
    QCOMPARE(stored("targets/ifExists"), QStringLiteral("rename")); // untouched
    QCOMPARE(targets->ifExists(), IfExists::Skip);
    {
        SettingsDialog dialog(m_settings.get(), false);
        QComboBox *combo = dialog.targetsGroup()->ifExistsCombo();
        combo->setCurrentIndex(combo->findData(int(IfExists::Overwrite)));
        dialog.accept();
    }
    QCOMPARE(stored("targets/ifExists"), QStringLiteral("overwrite"));
    QCOMPARE(targets->ifExists(), IfExists::Overwrite); // in force from now on
    QCOMPARE(targets->identityFile(), QStringLiteral("/run/key"));
}

// Not a check: the pictures for a person to look at (HOIST_SHOT_DIR, under Xvfb).
void tst_TargetDialogs::screenshots()
{
    const QString dir = qEnvironmentVariable("HOIST_SHOT_DIR");
    if (dir.isEmpty())
        QSKIP("HOIST_SHOT_DIR not set");
    QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral(".ssh"))));
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral(".ssh/id_ed25519")), "key\n"));
    const auto save = [&dir](QWidget *widget, const QString &name) {
        widget->show();
        QVERIFY(QTest::qWaitForWindowExposed(widget));
        QVERIFY(widget->grab().save(dir + QLatin1Char('/') + name));
    };
    SftpTargetDialog sftp(m_settings->targets(), {});
    sftp.hostEdit()->setText(QStringLiteral("files.example.org"));
    sftp.userEdit()->setText(QStringLiteral("alice"));
    sftp.folderEdit()->setText(QStringLiteral("~/uploads/2026"));
    save(&sftp, QStringLiteral("targetdialog-shot-sftp.png"));
    sftp.portEdit()->setText(QStringLiteral("70000"));
    save(&sftp, QStringLiteral("targetdialog-shot-sftp-badport.png"));
    WebDavTargetDialog webdav(m_keeper.get(), {});
    webdav.addressEdit()->setText(
        QStringLiteral("https://cloud.example.org/remote.php/dav/files/alice/Uploads"));
    webdav.userEdit()->setText(QStringLiteral("alice"));
    webdav.passwordEdit()->setText(QStringLiteral("pässword"));
    save(&webdav, QStringLiteral("targetdialog-shot-webdav.png"));
    SettingsDialog settings(m_settings.get(), false);
    save(&settings, QStringLiteral("targetdialog-shot-settings.png"));
    m_scheduler->setEndpoint(QUrl(QStringLiteral("sftp://alice@files.example.org/~/uploads")));
    MainWindow window(m_scheduler.get(), m_settings.get());
    window.setTokenKeeper(m_keeper.get());
    window.resize(1280, 400);
    save(&window, QStringLiteral("targetdialog-shot-window.png"));
}

QTEST_MAIN(tst_TargetDialogs)
#include "tst_targetdialogs.moc"
