// Existing files under the "Ask" setting (window only): ExistingFileAsker asks one question at a
// time however many uploads find their file at once, says how many wait, answers the rest alike
// when told to, and skips a file whose question is closed; an SFTP connection's thread waits for
// the answer (and stops waiting when aborted). Then end to end against a real sshd (SshdPeer) and
// a real Apache mod_dav (ApacheDav): three files already there, asked about one after another,
// end overwritten, beside as "NAME (2)", and left as they were, as answered.
#include "apachedav.h"
#include "schedulerdriving.h"
#include "sshdpeer.h"
#include "testfiles.h"
#include "waitfor.h"

#include "existingfileasker.h"
#include "existingfiledialog.h"
#include "existingfilewaits.h"
#include "sftpprotocol.h"
#include "uploadcelltext.h"
#include "uploadscheduler.h"
#include "webdavprotocol.h"

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>

namespace {
QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate)
           && file.write(bytes) == bytes.size();
}

ExistingFile fileNamed(const QString &name)
{
    ExistingFile file;
    file.name = name;
    file.remotePath = QStringLiteral("/srv/in/") + name;
    file.remoteSize = 5;
    file.localPath = QStringLiteral("/home/me/") + name;
    file.localSize = 7;
    return file;
}

// The question dialogs open now (shown, not yet deleted).
int shownQuestions()
{
    int shown = 0;
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (qobject_cast<ExistingFileDialog *>(widget) && widget->isVisible())
            ++shown;
    }
    return shown;
}
} // namespace

class tst_ExistingFileAsk : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void oneQuestionAtATime();
    void closingSkips();
    void connectionThreadWaitsForTheAnswer();
    void abortedConnectionStopsWaiting();
    void sftpAsksForEachFile();
    void webDavAsksOnceForTheRest();

private:
    // Three local files "a.txt", "b.txt", "c.txt" holding "new X", in m_files.
    QStringList localFiles();

    QTemporaryDir m_files;
};

QStringList tst_ExistingFileAsk::localFiles()
{
    QStringList paths;
    for (const char *name : {"a.txt", "b.txt", "c.txt"}) {
        const QString path = m_files.filePath(QLatin1String(name));
        writeFile(path, QByteArray("new ") + name);
        paths << path;
    }
    return paths;
}

void tst_ExistingFileAsk::oneQuestionAtATime()
{
    ExistingFileAsker asker;
    QList<IfExists> answered(5, IfExists::Ask);
    for (int i = 0; i < 3; ++i)
        asker.ask(fileNamed(QStringLiteral("f%1.txt").arg(i)),
                  [&answered, i](IfExists answer) { answered[i] = answer; });
    QVERIFY(asker.current());
    QTRY_COMPARE(shownQuestions(), 1);
    QCOMPARE(asker.waiting(), 2);
    QVERIFY(asker.current()->questionLabel()->text().contains(QStringLiteral("f0.txt")));
    QVERIFY(asker.current()->renameButton()->text().contains(QStringLiteral("f0 (2).txt")));
    asker.current()->overwriteButton()->click();
    QCOMPARE(answered[0], IfExists::Overwrite);
    QCOMPARE(answered[1], IfExists::Ask); // not yet: its own question comes next
    QTRY_VERIFY(asker.current());
    QTRY_COMPARE(shownQuestions(), 1);
    QVERIFY(asker.current()->questionLabel()->text().contains(QStringLiteral("f1.txt")));
    QCOMPARE(asker.waiting(), 1);
    // "Do the same for the rest": the one waiting and those to come, with no question.
    asker.current()->restBox()->setChecked(true);
    asker.current()->renameButton()->click();
    QCOMPARE(answered[1], IfExists::Rename);
    QCOMPARE(answered[2], IfExists::Rename);
    asker.ask(fileNamed(QStringLiteral("f3.txt")),
              [&answered](IfExists answer) { answered[3] = answer; });
    QTRY_COMPARE(answered[3], IfExists::Rename);
    QTRY_COMPARE(shownQuestions(), 0);
    QVERIFY(!asker.current());
    // Forgotten (the setting changed): asked again.
    asker.forgetRest();
    asker.ask(fileNamed(QStringLiteral("f4.txt")),
              [&answered](IfExists answer) { answered[4] = answer; });
    QTRY_VERIFY(asker.current());
    asker.current()->skipButton()->click();
    QCOMPARE(answered[4], IfExists::Skip);
}

void tst_ExistingFileAsk::closingSkips()
{
    ExistingFileAsker asker;
    IfExists answered = IfExists::Ask;
    int calls = 0;
    asker.ask(fileNamed(QStringLiteral("x.bin")), [&](IfExists answer) {
        answered = answer;
        ++calls;
    });
    QVERIFY(asker.current());
    asker.current()->reject(); // Esc, or the title bar's close
    QCOMPARE(answered, IfExists::Skip);
    QCOMPARE(calls, 1);
}

void tst_ExistingFileAsk::connectionThreadWaitsForTheAnswer()
{
    ExistingFileAsker asker;
    std::atomic<int> result(-1);
    QThread *thread = QThread::create([&asker, &result] {
        result = int(
            ExistingFileQuestion::askAndWait(&asker, fileNamed(QStringLiteral("t.bin")), nullptr));
    });
    thread->start();
    QTRY_VERIFY_WITH_TIMEOUT(asker.current(), 30000);
    QCOMPARE(result.load(), -1); // waiting for the person
    asker.current()->renameButton()->click();
    QVERIFY(thread->wait(30000));
    QCOMPARE(IfExists(result.load()), IfExists::Rename);
    delete thread;
}

void tst_ExistingFileAsk::abortedConnectionStopsWaiting()
{
    ExistingFileAsker asker;
    std::atomic<bool> aborted(false);
    std::atomic<int> result(-1);
    QThread *thread = QThread::create([&asker, &aborted, &result] {
        result = int(
            ExistingFileQuestion::askAndWait(&asker, fileNamed(QStringLiteral("u.bin")), &aborted));
    });
    thread->start();
    QTRY_VERIFY_WITH_TIMEOUT(asker.current(), 30000);
    aborted = true; // the upload was paused or cancelled meanwhile
    QVERIFY(thread->wait(30000));
    QCOMPARE(IfExists(result.load()), IfExists::Skip);
    delete thread;
}

void tst_ExistingFileAsk::sftpAsksForEachFile()
{
    SshdPeer sshd;
    QVERIFY(sshd.isUsable());
    QString error;
    QVERIFY2(sshd.start(&error), qPrintable(error));
    QVERIFY(sshd.trustHostKey());
    const QString there = sshd.root() + QStringLiteral("/up/");
    for (const char *name : {"a.txt", "b.txt", "c.txt"})
        QVERIFY(writeFile(there + QLatin1String(name), QByteArray("old ") + name));

    ExistingFileAsker asker; // before the protocol: it outlives the connections
    ExistingFileWaits waits(&asker);
    SftpProtocol protocol;
    SshSettings settings;
    settings.identityFile = sshd.clientKey();
    settings.knownHostsFile = sshd.knownHosts();
    settings.useAgent = false;
    settings.existingFiles = IfExists::Ask;
    settings.existingFileQuestion = &waits;
    protocol.setSettings(settings);
    UploadScheduler scheduler(&protocol);
    waits.setScheduler(&scheduler);
    scheduler.setHashPolicy(UploadScheduler::HashPolicy::Never);
    scheduler.setEndpoint(QUrl(sshd.endpoint(QStringLiteral("up"))));
    scheduler.setConcurrency(4);
    scheduler.setAutoConcurrency(false); // all three at once
    const QList<TaskId> ids = SchedulerDriving::add(&scheduler, localFiles(), 3);
    QCOMPARE(ids.size(), 3);
    // All three found theirs at once: one question, two waiting behind it.
    QVERIFY2(waitFor([&asker] { return asker.waiting() == 2; }, 60000),
             qPrintable(QString::number(asker.waiting())));
    QCOMPARE(shownQuestions(), 1);
    QVERIFY(!asker.current()->restBox()->isHidden());
    // Meanwhile each row says it waits for the person's answer about its file; none failed.
    for (const TaskId id : ids) {
        const UploadTask *task = scheduler.task(id);
        QCOMPARE(task->state(), TaskState::Uploading);
        const QString name = QFileInfo(task->path()).fileName();
        const QString note =
            QStringLiteral("Waiting for your answer: “%1” is already on the server").arg(name);
        QCOMPARE(UploadCellText::stateText(*task, 0), note);
        QCOMPARE(task->statusNote(), note);
    }
    QCOMPARE(scheduler.totals().count(TaskState::Error), 0);
    // The order they come in is the connections': each answer goes to the file it names.
    QHash<QString, IfExists> wanted{{QStringLiteral("a.txt"), IfExists::Overwrite},
                                    {QStringLiteral("b.txt"), IfExists::Rename},
                                    {QStringLiteral("c.txt"), IfExists::Skip}};
    for (int i = 0; i < 3; ++i) {
        QVERIFY(waitFor([&asker] { return asker.current() != nullptr; }, 60000));
        QCOMPARE(shownQuestions(), 1);
        ExistingFileDialog *dialog = asker.current();
        QString name;
        for (auto it = wanted.cbegin(); it != wanted.cend(); ++it) {
            if (dialog->questionLabel()->text().contains(it.key()))
                name = it.key();
        }
        QVERIFY2(!name.isEmpty(), qPrintable(dialog->questionLabel()->text()));
        const IfExists answer = wanted.take(name);
        (answer == IfExists::Overwrite ? dialog->overwriteButton()
         : answer == IfExists::Rename  ? dialog->renameButton()
                                       : dialog->skipButton())
            ->click();
    }
    QVERIFY(SchedulerDriving::waitIdle(&scheduler, 60000));
    QVERIFY2(SchedulerDriving::unfinished(&scheduler, ids).isEmpty(),
             qPrintable(SchedulerDriving::unfinished(&scheduler, ids)));
    QCOMPARE(readAll(there + QStringLiteral("a.txt")), QByteArray("new a.txt"));
    QCOMPARE(readAll(there + QStringLiteral("b.txt")), QByteArray("old b.txt"));
    QCOMPARE(readAll(there + QStringLiteral("b (2).txt")), QByteArray("new b.txt"));
    QCOMPARE(readAll(there + QStringLiteral("c.txt")), QByteArray("old c.txt"));
    QVERIFY(!QFile::exists(there + QStringLiteral("c (2).txt")));
    QVERIFY(!QFile::exists(there + QStringLiteral("a (2).txt")));
    QCOMPARE(shownQuestions(), 0);
}

void tst_ExistingFileAsk::webDavAsksOnceForTheRest()
{
    QString why;
    if (!ApacheDav::available(&why))
        QFAIL(qPrintable(why));
    ApacheDav dav;
    QVERIFY2(dav.start(), qPrintable(dav.errorString()));
    for (const char *name : {"a.txt", "b.txt", "c.txt"})
        QVERIFY(dav.putFile(QLatin1String(name), QByteArray("old ") + name));

    ExistingFileAsker asker;
    QNetworkAccessManager network;
    WebDavProtocol protocol(&network);
    protocol.setPassword(dav.endpoint(), QLatin1String(ApacheDav::Password));
    protocol.setIfExists(IfExists::Ask);
    protocol.setExistingFileQuestion(&asker);
    UploadScheduler scheduler(&protocol);
    scheduler.setHashPolicy(UploadScheduler::HashPolicy::Never);
    scheduler.setEndpoint(dav.endpoint());
    scheduler.setConcurrency(4);
    scheduler.setAutoConcurrency(false); // all three at once
    dav.clearLog();
    const QList<TaskId> ids = SchedulerDriving::add(&scheduler, localFiles(), 3);
    QCOMPARE(ids.size(), 3);
    QVERIFY2(waitFor([&asker] { return asker.waiting() == 2; }, 60000),
             qPrintable(QString::number(asker.waiting())));
    QCOMPARE(shownQuestions(), 1);
    // Rename, for this one and the rest: no other question.
    asker.current()->restBox()->setChecked(true);
    asker.current()->renameButton()->click();
    QVERIFY(SchedulerDriving::waitIdle(&scheduler, 60000));
    QVERIFY2(SchedulerDriving::unfinished(&scheduler, ids).isEmpty(),
             qPrintable(SchedulerDriving::unfinished(&scheduler, ids)));
    QCOMPARE(shownQuestions(), 0);
    for (const char *name : {"a", "b", "c"}) {
        const QString file = QLatin1String(name) + QStringLiteral(".txt");
        QCOMPARE(readAll(dav.diskPath(file)), QByteArray("old ") + file.toLatin1());
        QCOMPARE(readAll(dav.diskPath(QLatin1String(name) + QStringLiteral(" (2).txt"))),
                 QByteArray("new ") + file.toLatin1());
    }
    // Each beside one went guarded by If-None-Match: *, and nothing replaced what was there.
    const QStringList puts = dav.requests().filter(QStringLiteral("PUT "));
    QCOMPARE(puts.size(), 3);
    for (const QString &put : puts)
        QVERIFY2(put.contains(QStringLiteral(" (2).txt")) && put.contains(QStringLiteral("[*]")),
                 qPrintable(put));
}

QTEST_MAIN(tst_ExistingFileAsk)
#include "tst_existingfileask.moc"
