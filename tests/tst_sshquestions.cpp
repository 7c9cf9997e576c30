// The questions SFTP sign-ins need a person for, answered without a window through the same
// plumbing the window uses (SshQuestions, SshRetry, the scheduler's AnswerWaits), against a real
// OpenSSH sshd: an unknown host asked once however many uploads meet it, a changed key never
// accepted, a key file's passphrase, a password and keyboard-interactive prompts (a password-only
// sshd in a mount namespace of its own, SshdPasswordUser). While a question is open its uploads
// wait for the answer (the table's rows say so; none counts as failed) and start no more
// connections; answered, they go on by themselves; declined, they fail saying so.
#include "sftpprotocol.h"
#include "sshdpassworduser.h"
#include "sshdpeer.h"
#include "sshquestions.h"
#include "sshretry.h"
#include "testfiles.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <memory>

namespace {
constexpr int TimeoutMs = 60000;
constexpr qint64 FileSize = 300 * 1024 + 17;
const QString Passphrase = QStringLiteral("correct horse battery");
const QString Password = QStringLiteral("s3cret pass");

// What the window has: a scheduler uploading through SftpProtocol, whose connections report
// their questions to `questions`, what waits for their answers, and the table's model.
struct Rig {
    SshQuestions questions;
    SftpProtocol protocol;
    UploadScheduler scheduler;
    SshRetry retry;
    UploadTableModel model;

    explicit Rig(SshSettings settings, bool asking = true)
        : scheduler(&protocol)
        , retry(&questions, &scheduler)
        , model(&scheduler)
    {
        if (asking)
            settings.answers = questions.answers();
        protocol.setSettings(settings);
        scheduler.setHashPolicy(UploadScheduler::HashPolicy::Never);
        scheduler.setAutoConcurrency(false);
        scheduler.setConcurrency(3);
    }
    int count(TaskState state) const { return scheduler.totals().count(state); }
    // Every upload waits for the answer: none runs, none failed (the status bar's "failed").
    bool allWaitForAnswer() const
    {
        const QList<TaskId> ids = scheduler.taskIds();
        return !ids.isEmpty() && scheduler.runningCount() == 0 && count(TaskState::Error) == 0
               && std::all_of(ids.cbegin(), ids.cend(),
                              [this](TaskId id) { return scheduler.task(id)->waitingForAnswer(); });
    }
    // Attempts made in all: how many connections met the question.
    int attempts() const
    {
        int n = 0;
        for (const TaskId id : scheduler.taskIds())
            n += scheduler.task(id)->attempts().count();
        return n;
    }
    // Each row as the table shows it: waiting, saying `note`, not red, no error.
    void verifyRowsWait(const QString &note) const
    {
        QVERIFY(note.startsWith(QStringLiteral("Waiting for your answer: ")));
        for (const TaskId id : scheduler.taskIds()) {
            const QModelIndex state = model.indexOf(id, UploadTableModel::State);
            QCOMPARE(state.data(UploadTableModel::StateRole).value<TaskState>(),
                     TaskState::Waiting);
            QCOMPARE(state.data(Qt::DisplayRole).toString(), note);
            QVERIFY(state.data(Qt::ToolTipRole).toString().contains(note));
            QVERIFY(!state.data(Qt::ForegroundRole).isValid());
            QVERIFY(state.data(UploadTableModel::ErrorRole).toString().isEmpty());
        }
    }
    QStringList errors() const
    {
        QStringList all;
        for (const TaskId id : scheduler.taskIds())
            all << scheduler.task(id)->errorMessage();
        return all;
    }
};

QByteArray hostKeyOf(const SshdPeer &sshd)
{
    QFile pub(sshd.dir() + QStringLiteral("/host_key.pub"));
    return pub.open(QIODevice::ReadOnly) ? pub.readAll().split(' ').value(1) : QByteArray();
}

QByteArray contentOf(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

class TestSshQuestions : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_files;

    SshSettings settings(const SshdPeer &sshd) const
    {
        SshSettings s;
        s.identityFile = sshd.clientKey();
        s.knownHostsFile = sshd.knownHosts();
        s.useAgent = false;
        return s;
    }
    QStringList makeFiles(const QString &prefix, int count) const
    {
        QStringList paths;
        for (int i = 0; i < count; ++i)
            paths << makeTestFile(m_files.path(), QStringLiteral("%1-%2.bin").arg(prefix).arg(i),
                                  FileSize, quint32(100 + i));
        return paths;
    }
    // Every file of `paths` is on the server under `dir`, byte-identical.
    void verifyStored(const QString &dir, const QStringList &paths) const
    {
        for (int i = 0; i < paths.size(); ++i) {
            const QString stored = dir + QLatin1Char('/') + QFileInfo(paths.at(i)).fileName();
            const QString mismatch = fileMismatch(stored, FileSize, quint32(100 + i));
            QVERIFY2(mismatch.isEmpty(), qPrintable(stored + QStringLiteral(": ") + mismatch));
        }
    }
    bool startPasswordPeer(SshdPeer &sshd, SshdPasswordUser::Method method, QString *why) const
    {
        return SshdPasswordUser::setUp(&sshd, Password, method, why) && sshd.start(why);
    }

private Q_SLOTS:
    void unknownHostAskedOnceThenAllUpload();
    void declinedHostKeyLeavesClearError();
    void changedHostKeyShownNeverAccepted();
    void passphraseOfKeyFileAsked();
    void passwordAskedAndRetried();
    void keyboardInteractivePromptsAnswered();
};

// Nine uploads to a host never seen: one question, and while it is open all nine wait for it
// (no more than the first three connect); trusted, all nine go on by themselves and arrive, and
// the key is in known_hosts (the next connection needs no answer).
void TestSshQuestions::unknownHostAskedOnceThenAllUpload()
{
    SshdPeer sshd;
    QString error;
    QVERIFY2(sshd.start(&error), qPrintable(error));
    Rig rig(settings(sshd));
    QSignalSpy asked(&rig.questions, &SshQuestions::asked);
    const QStringList paths = makeFiles(QStringLiteral("unknown"), 9);
    rig.scheduler.setEndpoint(QUrl(sshd.endpoint(QStringLiteral("up"))));
    rig.scheduler.addPaths(paths);
    // Nothing connects without the answer: every upload waits for it, asked once.
    QTRY_VERIFY_WITH_TIMEOUT(asked.count() == 1 && rig.allWaitForAnswer(), TimeoutMs);
    QCOMPARE(asked.count(), 1);
    QCOMPARE(rig.count(TaskState::Waiting), 9);
    // Only the first three (the concurrency) met it: the rest wait behind it, untried.
    QVERIFY2(rig.attempts() <= 3, qPrintable(QString::number(rig.attempts())));
    const SshQuestion question = asked.at(0).at(0).value<SshQuestion>();
    QCOMPARE(question.kind, SshQuestion::Kind::HostKey);
    QCOMPARE(question.fingerprint, sshd.hostKeyFingerprint());
    QCOMPARE(question.port, int(sshd.port()));
    QCOMPARE(question.hostName, QStringLiteral("127.0.0.1"));
    QCOMPARE(question.keyType, QStringLiteral("ssh-ed25519"));
    const QString note = SshRetry::waitingNote(question);
    QCOMPARE(
        note,
        QStringLiteral("Waiting for your answer: the host key of [127.0.0.1]:%1").arg(sshd.port()));
    rig.verifyRowsWait(note);
    QVERIFY(!QFile::exists(sshd.knownHosts()));

    rig.questions.answer(question.id());
    QTRY_COMPARE_WITH_TIMEOUT(rig.count(TaskState::Success), 9, TimeoutMs);
    QCOMPARE(asked.count(), 1);
    verifyStored(sshd.root() + QStringLiteral("/up"), paths);
    const QByteArray known = contentOf(sshd.knownHosts());
    QVERIFY2(known.contains(hostKeyOf(sshd)), known.constData());
    QCOMPARE(known.count(hostKeyOf(sshd)), 1); // written once, not by each connection

    // A later run (answers empty) finds the host known: no question.
    Rig later(settings(sshd));
    QSignalSpy laterAsked(&later.questions, &SshQuestions::asked);
    later.scheduler.setEndpoint(QUrl(sshd.endpoint(QStringLiteral("later"))));
    later.scheduler.addPaths(paths.mid(0, 2));
    QTRY_COMPARE_WITH_TIMEOUT(later.count(TaskState::Success), 2, TimeoutMs);
    QCOMPARE(laterAsked.count(), 0);
}

// Declined: every upload waiting for it fails saying the person refused that key; Retry asks
// again, and trusted then, they arrive.
void TestSshQuestions::declinedHostKeyLeavesClearError()
{
    SshdPeer sshd;
    QString error;
    QVERIFY2(sshd.start(&error), qPrintable(error));
    Rig rig(settings(sshd));
    QSignalSpy asked(&rig.questions, &SshQuestions::asked);
    QSignalSpy declined(&rig.questions, &SshQuestions::declined);
    const QStringList paths = makeFiles(QStringLiteral("declined"), 4);
    rig.scheduler.setEndpoint(QUrl(sshd.endpoint(QStringLiteral("up"))));
    rig.scheduler.addPaths(paths);
    QTRY_VERIFY_WITH_TIMEOUT(asked.count() == 1 && rig.allWaitForAnswer(), TimeoutMs);
    const SshQuestion question = asked.at(0).at(0).value<SshQuestion>();
    rig.questions.decline(question.id());
    QCOMPARE(declined.count(), 1);
    // They fail at once, saying which key the person refused; nothing was written.
    QCOMPARE(rig.count(TaskState::Error), 4);
    for (const TaskId id : rig.scheduler.taskIds()) {
        const QString message = rig.scheduler.task(id)->errorMessage();
        QCOMPARE(message, QStringLiteral("You refused the host key of [127.0.0.1]:%1 (%2): Retry "
                                         "asks again")
                              .arg(sshd.port())
                              .arg(sshd.hostKeyFingerprint()));
        QCOMPARE(rig.scheduler.task(id)->errorKind(), TransferError::Kind::Rejected);
        QCOMPARE(rig.model.indexOf(id, UploadTableModel::State).data().toString(), message);
    }
    QVERIFY(!QFile::exists(sshd.knownHosts()));
    QVERIFY(!QFile::exists(sshd.root() + QStringLiteral("/up")));

    // Retried by hand: asked again, and this time trusted.
    QCOMPARE(rig.scheduler.retryAllFailed(), 4);
    QTRY_VERIFY_WITH_TIMEOUT(asked.count() == 2 && rig.allWaitForAnswer(), TimeoutMs);
    rig.questions.answer(asked.at(1).at(0).value<SshQuestion>().id());
    QTRY_COMPARE_WITH_TIMEOUT(rig.count(TaskState::Success), 4, TimeoutMs);
    verifyStored(sshd.root() + QStringLiteral("/up"), paths);
}

// Another server on the same port: shown with both fingerprints, and answering it cannot make
// Hoist connect.
void TestSshQuestions::changedHostKeyShownNeverAccepted()
{
    SshdPeer sshd;
    QString error;
    QVERIFY2(sshd.start(&error), qPrintable(error));
    QVERIFY(sshd.trustHostKey());
    const QString before = sshd.hostKeyFingerprint();
    const quint16 port = sshd.port();
    sshd.kill();
    QVERIFY(sshd.regenerateHostKey());
    QVERIFY2(sshd.start(&error, port), qPrintable(error));
    const QString after = sshd.hostKeyFingerprint();
    QVERIFY(before != after);
    const QByteArray knownBefore = contentOf(sshd.knownHosts());

    Rig rig(settings(sshd));
    QSignalSpy asked(&rig.questions, &SshQuestions::asked);
    QSignalSpy answered(&rig.questions, &SshQuestions::answered);
    const QStringList paths = makeFiles(QStringLiteral("changed"), 3);
    rig.scheduler.setEndpoint(QUrl(sshd.endpoint(QStringLiteral("up"))));
    rig.scheduler.addPaths(paths);
    QTRY_COMPARE_WITH_TIMEOUT(rig.count(TaskState::Error), 3, TimeoutMs);
    QCOMPARE(asked.count(), 1);
    const SshQuestion question = asked.at(0).at(0).value<SshQuestion>();
    QCOMPARE(question.kind, SshQuestion::Kind::ChangedHostKey);
    QCOMPARE(question.fingerprint, after);
    QCOMPARE(question.knownFingerprint, before);
    rig.questions.answer(question.id()); // as good as declining
    QCOMPARE(answered.count(), 0);
    QVERIFY(!rig.questions.isPending(question.id()));
    QCOMPARE(contentOf(sshd.knownHosts()), knownBefore);
    for (const QString &message : rig.errors())
        QVERIFY2(message.contains(before) && message.contains(after), qPrintable(message));
    // Tried again by hand, it is refused again.
    rig.scheduler.retryAllFailed();
    QTRY_COMPARE_WITH_TIMEOUT(rig.count(TaskState::Error), 3, TimeoutMs);
    QCOMPARE(rig.count(TaskState::Success), 0);
}

// A key file locked with a passphrase: asked once for three uploads; a wrong passphrase asked
// again (saying so); the right one signs in.
void TestSshQuestions::passphraseOfKeyFileAsked()
{
    SshdPeer sshd;
    const QString key = sshd.dir() + QStringLiteral("/id_locked");
    QProcess keygen;
    keygen.start(QStringLiteral("ssh-keygen"),
                 {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                  QStringLiteral("-N"), Passphrase, QStringLiteral("-f"), key});
    QVERIFY(keygen.waitForFinished(TimeoutMs) && keygen.exitCode() == 0);
    QFile::remove(sshd.dir() + QStringLiteral("/authorized_keys"));
    QVERIFY(
        QFile::copy(key + QStringLiteral(".pub"), sshd.dir() + QStringLiteral("/authorized_keys")));
    QString error;
    QVERIFY2(sshd.start(&error), qPrintable(error));
    QVERIFY(sshd.trustHostKey());
    SshSettings s = settings(sshd);
    s.identityFile = key;

    // Headless, it is passed over and named.
    {
        Rig headless(s, false);
        QSignalSpy asked(&headless.questions, &SshQuestions::asked);
        headless.scheduler.setEndpoint(QUrl(sshd.endpoint(QStringLiteral("headless"))));
        headless.scheduler.addPaths(makeFiles(QStringLiteral("headless"), 1));
        QTRY_COMPARE_WITH_TIMEOUT(headless.count(TaskState::Error), 1, TimeoutMs);
        QVERIFY2(headless.errors().constFirst().contains(QStringLiteral("needs a passphrase")),
                 qPrintable(headless.errors().constFirst()));
        QCOMPARE(asked.count(), 0);
    }

    Rig rig(s);
    QSignalSpy asked(&rig.questions, &SshQuestions::asked);
    const QStringList paths = makeFiles(QStringLiteral("locked"), 3);
    rig.scheduler.setEndpoint(QUrl(sshd.endpoint(QStringLiteral("up"))));
    rig.scheduler.addPaths(paths);
    QTRY_VERIFY_WITH_TIMEOUT(asked.count() == 1 && rig.allWaitForAnswer(), TimeoutMs);
    SshQuestion question = asked.at(0).at(0).value<SshQuestion>();
    QCOMPARE(question.kind, SshQuestion::Kind::Passphrase);
    rig.verifyRowsWait(SshRetry::waitingNote(question));
    QCOMPARE(question.keyFile, key);
    QVERIFY(!question.again);

    rig.questions.answer(question.id(), {QStringLiteral("wrong")});
    QTRY_COMPARE_WITH_TIMEOUT(asked.count(), 2, TimeoutMs);
    question = asked.at(1).at(0).value<SshQuestion>();
    QCOMPARE(question.kind, SshQuestion::Kind::Passphrase);
    QVERIFY(question.again);
    QTRY_VERIFY_WITH_TIMEOUT(rig.allWaitForAnswer(), TimeoutMs);
    QCOMPARE(rig.count(TaskState::Success), 0);

    rig.questions.answer(question.id(), {Passphrase});
    QTRY_COMPARE_WITH_TIMEOUT(rig.count(TaskState::Success), 3, TimeoutMs);
    QCOMPARE(asked.count(), 2);
    verifyStored(sshd.root() + QStringLiteral("/up"), paths);
}

// sshd with passwords only (no key is taken): headless fails saying the window asks; in the
// window the password is asked once for five uploads, a wrong one asked again, the right one
// signs every upload in.
void TestSshQuestions::passwordAskedAndRetried()
{
    SshdPeer sshd;
    QString why;
    if (!startPasswordPeer(sshd, SshdPasswordUser::Method::Password, &why))
        QSKIP(qPrintable(QStringLiteral("no password sshd here: ") + why));
    QVERIFY(sshd.trustHostKey());
    {
        Rig headless(settings(sshd), false);
        headless.scheduler.setEndpoint(QUrl(sshd.endpoint(QStringLiteral("headless"))));
        headless.scheduler.addPaths(makeFiles(QStringLiteral("headless"), 1));
        QTRY_COMPARE_WITH_TIMEOUT(headless.count(TaskState::Error), 1, TimeoutMs);
        QVERIFY2(headless.errors().constFirst().contains(QStringLiteral("in its window only")),
                 qPrintable(headless.errors().constFirst()));
    }

    Rig rig(settings(sshd));
    QSignalSpy asked(&rig.questions, &SshQuestions::asked);
    const QStringList paths = makeFiles(QStringLiteral("password"), 5);
    rig.scheduler.setEndpoint(QUrl(sshd.endpoint(QStringLiteral("up"))));
    rig.scheduler.addPaths(paths);
    QTRY_VERIFY_WITH_TIMEOUT(asked.count() == 1 && rig.allWaitForAnswer(), TimeoutMs);
    SshQuestion question = asked.at(0).at(0).value<SshQuestion>();
    QCOMPARE(question.kind, SshQuestion::Kind::Password);
    rig.verifyRowsWait(SshRetry::waitingNote(question));
    QCOMPARE(question.user, QString::fromLatin1(SshdPasswordUser::Name));

    rig.questions.answer(question.id(), {QStringLiteral("not it")});
    QTRY_COMPARE_WITH_TIMEOUT(asked.count(), 2, TimeoutMs);
    question = asked.at(1).at(0).value<SshQuestion>();
    QVERIFY(question.again);
    QTRY_VERIFY_WITH_TIMEOUT(rig.allWaitForAnswer(), TimeoutMs);

    rig.questions.answer(question.id(), {Password});
    QTRY_VERIFY2_WITH_TIMEOUT(rig.count(TaskState::Success) == 5,
                              qPrintable(rig.errors().join(QLatin1Char('\n'))), TimeoutMs);
    QCOMPARE(asked.count(), 2);
    verifyStored(sshd.root() + QStringLiteral("/up"), paths);
    QVERIFY2(sshd.log().contains("Accepted password for hoistpw"), sshd.log().constData());
}

// sshd asking through PAM's conversation (keyboard-interactive, "Password: "): the prompts are
// the question, the answers sign in.
void TestSshQuestions::keyboardInteractivePromptsAnswered()
{
    SshdPeer sshd;
    QString why;
    if (!startPasswordPeer(sshd, SshdPasswordUser::Method::KeyboardInteractive, &why))
        QSKIP(qPrintable(QStringLiteral("no password sshd here: ") + why));
    QVERIFY(sshd.trustHostKey());
    Rig rig(settings(sshd));
    QSignalSpy asked(&rig.questions, &SshQuestions::asked);
    const QStringList paths = makeFiles(QStringLiteral("prompts"), 3);
    rig.scheduler.setEndpoint(QUrl(sshd.endpoint(QStringLiteral("up"))));
    rig.scheduler.addPaths(paths);
    QTRY_VERIFY_WITH_TIMEOUT(asked.count() == 1 && rig.allWaitForAnswer(), TimeoutMs);
    const SshQuestion question = asked.at(0).at(0).value<SshQuestion>();
    QCOMPARE(question.kind, SshQuestion::Kind::Prompts);
    QCOMPARE(question.prompts.size(), 1);
    QVERIFY2(question.prompts.constFirst().contains(QStringLiteral("assword")),
             qPrintable(question.prompts.constFirst()));
    QCOMPARE(question.echo, QList<bool>{false});
    rig.questions.answer(question.id(), {Password});
    QTRY_COMPARE_WITH_TIMEOUT(rig.count(TaskState::Success), 3, TimeoutMs);
    QCOMPARE(asked.count(), 1);
    verifyStored(sshd.root() + QStringLiteral("/up"), paths);
    QVERIFY2(sshd.log().contains("Accepted keyboard-interactive/pam for hoistpw"),
             sshd.log().constData());
}

QTEST_MAIN(TestSshQuestions)
#include "tst_sshquestions.moc"
