// The window's SSH questions: one dialog at a time for what SshQuestions asks, host keys with
// their fingerprint and "Connect and remember" (never for a changed key), secrets from the
// keyring when remembered there, "Remember in the keyring" off unless ticked, a refused secret
// removed from it. Questions come in as connections report them (SshAnswers::ask).
#include "memorysecretstore.h"
#include "sshhostkeydialog.h"
#include "sshprompter.h"
#include "sshquestions.h"
#include "sshsecretdialog.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QWidget>

namespace {
SshQuestion hostKey(const QString &fingerprint = QStringLiteral("SHA256:abcDEF0123"))
{
    SshQuestion q;
    q.kind = SshQuestion::Kind::HostKey;
    q.host = QStringLiteral("[files.example.org]:2222");
    q.hostName = QStringLiteral("files.example.org");
    q.port = 2222;
    q.user = QStringLiteral("ann");
    q.keyType = QStringLiteral("ssh-ed25519");
    q.fingerprint = fingerprint;
    q.knownHostsFile = QStringLiteral("/home/ann/.ssh/known_hosts");
    return q;
}

SshQuestion password(bool again = false)
{
    SshQuestion q;
    q.kind = SshQuestion::Kind::Password;
    q.host = QStringLiteral("[files.example.org]:2222");
    q.user = QStringLiteral("ann");
    q.again = again;
    return q;
}

QStringList labelsOf(const QWidget *dialog)
{
    QStringList texts;
    for (const QLabel *label : dialog->findChildren<QLabel *>())
        texts << label->text();
    return texts;
}
} // namespace

class TestSshPrompter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void hostKeyAskedOnceAndTrusted();
    void changedHostKeyCannotBeAccepted();
    void oneDialogAtATime();
    void secretRememberedOnlyWhenTicked();
    void rememberedSecretAnswersWithoutDialog();
    void refusedSecretLeavesTheKeyring();
    void noKeyringNoRemembering();
};

void TestSshPrompter::hostKeyAskedOnceAndTrusted()
{
    QWidget window;
    SshQuestions questions;
    MemorySecretStore store;
    auto *prompter = new SshPrompter(&questions, &store, &window);
    QSignalSpy shown(prompter, &SshPrompter::dialogShown);
    QSignalSpy answered(&questions, &SshQuestions::answered);
    // Three connections meet the same unknown key.
    for (int i = 0; i < 3; ++i)
        questions.answers()->ask(hostKey(), QStringLiteral("cause %1").arg(i));
    QTRY_COMPARE(shown.count(), 1);
    auto *dialog = qobject_cast<SshHostKeyDialog *>(prompter->currentDialog());
    QVERIFY(dialog);
    const QString texts = labelsOf(dialog).join(QLatin1Char('\n'));
    for (const QString &shownText :
         {QStringLiteral("files.example.org"), QStringLiteral("2222"),
          QStringLiteral("ssh-ed25519"), QStringLiteral("SHA256:abcDEF0123")})
        QVERIFY2(texts.contains(shownText), qPrintable(texts));
    QVERIFY(dialog->connectButton());
    QVERIFY(!dialog->connectButton()->isDefault()); // Enter does not trust a key
    dialog->connectButton()->click();
    QCOMPARE(answered.count(), 1);
    QCOMPARE(answered.at(0).at(1).toStringList().size(), 3);
    QVERIFY(questions.answers()->isHostKeyAccepted(hostKey().host, hostKey().fingerprint));
    QVERIFY(!prompter->currentDialog());
    QCOMPARE(shown.count(), 1);
    QCOMPARE(store.reads + store.writes, 0); // host keys go to known_hosts, not the keyring
}

void TestSshPrompter::changedHostKeyCannotBeAccepted()
{
    QWidget window;
    SshQuestions questions;
    auto *prompter = new SshPrompter(&questions, nullptr, &window);
    QSignalSpy shown(prompter, &SshPrompter::dialogShown);
    QSignalSpy declined(&questions, &SshQuestions::declined);
    SshQuestion changed = hostKey(QStringLiteral("SHA256:newNEW"));
    changed.kind = SshQuestion::Kind::ChangedHostKey;
    changed.knownFingerprint = QStringLiteral("SHA256:oldOLD");
    questions.answers()->ask(changed, QStringLiteral("changed"));
    QTRY_COMPARE(shown.count(), 1);
    auto *dialog = qobject_cast<SshHostKeyDialog *>(prompter->currentDialog());
    QVERIFY(dialog);
    QVERIFY(!dialog->connectButton());
    const QString texts = labelsOf(dialog).join(QLatin1Char('\n'));
    QVERIFY2(texts.contains(QStringLiteral("SHA256:newNEW"))
                 && texts.contains(QStringLiteral("SHA256:oldOLD"))
                 && texts.contains(QStringLiteral("ssh-keygen -R")),
             qPrintable(texts));
    for (const QPushButton *button : dialog->findChildren<QPushButton *>())
        QVERIFY2(!button->text().contains(QStringLiteral("Connect")), qPrintable(button->text()));
    dialog->accept(); // even so
    QCOMPARE(declined.count(), 1);
    QVERIFY(!questions.answers()->isHostKeyAccepted(changed.host, changed.fingerprint));
}

void TestSshPrompter::oneDialogAtATime()
{
    QWidget window;
    SshQuestions questions;
    auto *prompter = new SshPrompter(&questions, nullptr, &window);
    QSignalSpy shown(prompter, &SshPrompter::dialogShown);
    questions.answers()->ask(hostKey(), QStringLiteral("a"));
    questions.answers()->ask(password(), QStringLiteral("b"));
    QTRY_COMPARE(shown.count(), 1);
    QVERIFY(qobject_cast<SshHostKeyDialog *>(prompter->currentDialog()));
    QCOMPARE(questions.pending().size(), 2);
    prompter->currentDialog()->reject();
    QTRY_COMPARE(shown.count(), 2);
    QVERIFY(qobject_cast<SshSecretDialog *>(prompter->currentDialog()));
    prompter->currentDialog()->reject();
    QVERIFY(questions.pending().isEmpty());
}

void TestSshPrompter::secretRememberedOnlyWhenTicked()
{
    QWidget window;
    SshQuestions questions;
    MemorySecretStore store;
    auto *prompter = new SshPrompter(&questions, &store, &window);
    QSignalSpy shown(prompter, &SshPrompter::dialogShown);
    QSignalSpy answered(&questions, &SshQuestions::answered);

    questions.answers()->ask(password(), QStringLiteral("needs it"));
    QTRY_COMPARE(shown.count(), 1); // after the keyring found nothing
    QCOMPARE(store.reads, 1);
    auto *dialog = qobject_cast<SshSecretDialog *>(prompter->currentDialog());
    QVERIFY(dialog);
    QCOMPARE(dialog->fields().size(), 1);
    QCOMPARE(dialog->fields().constFirst()->echoMode(), QLineEdit::Password);
    QVERIFY(dialog->rememberBox()->isEnabled());
    QVERIFY(!dialog->rememberBox()->isChecked());
    QTest::keyClicks(dialog->fields().constFirst(), QStringLiteral("first"));
    dialog->signInButton()->click();
    QCOMPARE(answered.count(), 1);
    QCOMPARE(questions.answers()->secret(password().secretKey()).value_or(QStringList()),
             QStringList{"first"});
    QCOMPARE(store.writes, 0);
    QVERIFY(store.secrets.isEmpty());

    // Refused, asked again: this time remembered.
    questions.answers()->forgetSecret(password().secretKey(), {QStringLiteral("first")});
    questions.answers()->ask(password(true), QStringLiteral("refused"));
    QTRY_COMPARE(shown.count(), 2);
    dialog = qobject_cast<SshSecretDialog *>(prompter->currentDialog());
    QVERIFY(dialog);
    QVERIFY(labelsOf(dialog).join(QLatin1Char('\n')).contains(QStringLiteral("refused")));
    QTest::keyClicks(dialog->fields().constFirst(), QStringLiteral("second"));
    dialog->rememberBox()->click();
    dialog->signInButton()->click();
    QCOMPARE(answered.count(), 2);
    QCOMPARE(store.writes, 1);
    QCOMPARE(SshPrompter::decoded(store.secrets.value(password().secretKey())),
             QStringList{"second"});
}

void TestSshPrompter::rememberedSecretAnswersWithoutDialog()
{
    QWidget window;
    SshQuestions questions;
    MemorySecretStore store;
    store.secrets.insert(password().secretKey(), SshPrompter::encoded({QStringLiteral("kept")}));
    auto *prompter = new SshPrompter(&questions, &store, &window);
    QSignalSpy shown(prompter, &SshPrompter::dialogShown);
    QSignalSpy answered(&questions, &SshQuestions::answered);
    questions.answers()->ask(password(), QStringLiteral("needs it"));
    QTRY_COMPARE(answered.count(), 1);
    QCOMPARE(shown.count(), 0);
    QCOMPARE(questions.answers()->secret(password().secretKey()).value_or(QStringList()),
             QStringList{"kept"});
}

void TestSshPrompter::refusedSecretLeavesTheKeyring()
{
    QWidget window;
    SshQuestions questions;
    MemorySecretStore store;
    store.secrets.insert(password().secretKey(), SshPrompter::encoded({QStringLiteral("stale")}));
    auto *prompter = new SshPrompter(&questions, &store, &window);
    QSignalSpy shown(prompter, &SshPrompter::dialogShown);
    questions.answers()->ask(password(true), QStringLiteral("refused"));
    QTRY_COMPARE(shown.count(), 1);
    QCOMPARE(store.removes, 1);
    QVERIFY(!store.secrets.contains(password().secretKey()));
    prompter->currentDialog()->reject();
}

void TestSshPrompter::noKeyringNoRemembering()
{
    QWidget window;
    SshQuestions questions;
    MemorySecretStore store;
    store.mode = MemorySecretStore::Mode::Unavailable;
    auto *prompter = new SshPrompter(&questions, &store, &window);
    QSignalSpy shown(prompter, &SshPrompter::dialogShown);
    SshQuestion passphrase;
    passphrase.kind = SshQuestion::Kind::Passphrase;
    passphrase.host = QStringLiteral("example.org");
    passphrase.keyFile = QStringLiteral("/home/ann/.ssh/id_ed25519");
    questions.answers()->ask(passphrase, QStringLiteral("locked"));
    QTRY_COMPARE(shown.count(), 1);
    auto *dialog = qobject_cast<SshSecretDialog *>(prompter->currentDialog());
    QVERIFY(dialog);
    QVERIFY(!dialog->rememberBox()->isEnabled());
    QVERIFY(!dialog->remember());
    QVERIFY(labelsOf(dialog).join(QLatin1Char('\n')).contains(passphrase.keyFile));
    dialog->reject();
}

QTEST_MAIN(TestSshPrompter)
#include "tst_sshprompter.moc"
