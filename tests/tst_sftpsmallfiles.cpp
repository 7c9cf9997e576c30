// Small files over SFTP in a few round trips (SftpQuickFile), against a real
// OpenSSH sshd (SshdPeer): through a DelayLink of a long round trip, a new small file costs at
// most a handful of round trips (about eleven before: one per libssh call); the bytes, time and
// mode arrive; a name taken already leaves no empty part behind, whatever the existing-files
// setting says; a part left by an earlier attempt is gone on with, not replaced. Many small files
// at once share connections (SftpSmallFiles): more part files are open for writing at once than
// sessions were opened, every file arrives with its time and mode, and one that fails (vanished
// here, or a folder of its name on the server) fails alone with its own error.
#include "delaylink.h"
#include "sftpprotocol.h"
#include "sftpsmallfiles.h"
#include "sshdpeer.h"
#include "testfiles.h"
#include "testjob.h"
#include "transferrecorder.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

namespace {
constexpr int TimeoutMs = 120000;
constexpr qint64 SmallBytes = 16 * 1024;
// One way through the link: a round trip of 300 ms dwarfs what a loaded machine adds per file.
constexpr int DelayMs = 150;

int modeOf(const QString &path)
{
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 07777) : -1;
}

void setModified(const QString &path, qint64 seconds)
{
    QFile file(path);
    if (file.open(QIODevice::Append))
        file.setFileTime(QDateTime::fromSecsSinceEpoch(seconds), QFileDevice::FileModificationTime);
}
} // namespace

class TestSftpSmallFiles : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<SshdPeer> m_sshd;
    QTemporaryDir m_files;

    SshSettings settings(IfExists ifExists = IfExists::Skip) const
    {
        SshSettings s;
        s.identityFile = m_sshd->clientKey();
        s.knownHostsFile = m_sshd->knownHosts();
        s.useAgent = false;
        s.existingFiles = ifExists;
        return s;
    }
    std::unique_ptr<TransferRecorder> upload(SftpProtocol &protocol, const TransferJob &job)
    {
        std::unique_ptr<Transfer> transfer = protocol.createTransfer(job);
        auto recorder = std::make_unique<TransferRecorder>(transfer.get());
        transfer->start();
        recorder->wait(TimeoutMs);
        return recorder;
    }
    TransferJob job(const QString &path, const QString &endpoint) const
    {
        return testJob(path, QUrl(endpoint));
    }
    QString stored(const QString &name) const
    {
        return m_sshd->root() + QStringLiteral("/up/") + name;
    }
    QString partOf(const QString &name) const
    {
        return m_sshd->root() + QStringLiteral("/up/.") + name + QStringLiteral(".hoist-part");
    }
    // The files under up/ whose names start with a dot (parts).
    QStringList parts() const
    {
        return QDir(m_sshd->root() + QStringLiteral("/up"))
            .entryList(QDir::Files | QDir::Hidden)
            .filter(QRegularExpression(QStringLiteral("^\\.")));
    }

    // Starts every job at once and waits for all of them to end.
    std::vector<std::unique_ptr<TransferRecorder>> uploadAll(SftpProtocol &protocol,
                                                             const QList<TransferJob> &jobs)
    {
        std::vector<std::unique_ptr<Transfer>> transfers;
        std::vector<std::unique_ptr<TransferRecorder>> recorders;
        for (const TransferJob &one : jobs) {
            transfers.push_back(protocol.createTransfer(one));
            recorders.push_back(std::make_unique<TransferRecorder>(transfers.back().get()));
        }
        for (const auto &transfer : transfers)
            transfer->start();
        for (const auto &recorder : recorders)
            recorder->wait(TimeoutMs);
        return recorders;
    }
    // `count` files of SmallBytes, seeds 100 + i, times 1600000000 + i, as jobs under `sub`.
    QList<TransferJob> smallJobs(int count, const QString &sub) const
    {
        QList<TransferJob> jobs;
        for (int i = 0; i < count; ++i) {
            const QString name = QStringLiteral("many%1.bin").arg(i);
            const QString local = makeTestFile(m_files.path(), name, SmallBytes, quint32(100 + i));
            setModified(local, 1600000000 + i);
            TransferJob one = job(local, m_sshd->endpoint(QStringLiteral("up")));
            one.metadata.insert(QStringLiteral("relativePath"), sub + QLatin1Char('/') + name);
            jobs.append(one);
        }
        return jobs;
    }
    // File i of smallJobs() arrived whole under `sub`, with its time and mode.
    QString arrived(const QString &sub, int i) const
    {
        const QString path = stored(sub + QStringLiteral("/many%1.bin").arg(i));
        if (!fileMatches(path, SmallBytes, quint32(100 + i)))
            return path + QLatin1String(": not the file's bytes");
        if (QFileInfo(path).lastModified().toSecsSinceEpoch() != 1600000000 + i)
            return path + QLatin1String(": not the file's time");
        if (modeOf(path) != 0644)
            return path + QLatin1String(": not mode 0644");
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_sshd = std::make_unique<SshdPeer>();
        QVERIFY(m_sshd->isUsable());
        QString error;
        QVERIFY2(m_sshd->start(&error), qPrintable(error));
        QVERIFY(m_sshd->trustHostKey());
    }

    void init() { QDir(m_sshd->root() + QStringLiteral("/up")).removeRecursively(); }

    void newSmallFilesTakeFewRoundTrips()
    {
        DelayLink link;
        link.setDelay(std::chrono::milliseconds(DelayMs));
        QVERIFY2(link.start(QStringLiteral("127.0.0.1"), m_sshd->port()),
                 qPrintable(link.errorString()));
        // The host key known under the link's port as well.
        QFile known(m_sshd->knownHosts());
        QVERIFY(known.open(QIODevice::ReadOnly));
        const QByteArray line = known.readAll();
        known.close();
        const QByteArray key = line.mid(line.indexOf(' '));
        QVERIFY(known.open(QIODevice::Append));
        known.write(QStringLiteral("[127.0.0.1]:%1").arg(link.port()).toLatin1() + key);
        known.close();
        const QString endpoint = QStringLiteral("sftp://%1@127.0.0.1:%2%3/up")
                                     .arg(m_sshd->user())
                                     .arg(link.port())
                                     .arg(m_sshd->root());

        SftpProtocol protocol;
        protocol.setSettings(settings());
        // The first file signs in and makes the folder: the usual way, not measured.
        const QString first = makeTestFile(m_files.path(), QStringLiteral("first.bin"), SmallBytes);
        const auto opened = upload(protocol, job(first, endpoint));
        QVERIFY2(opened->succeeded(), qPrintable(opened->error.message()));

        constexpr int Files = 5;
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < Files; ++i) {
            const QString name = QStringLiteral("small%1.bin").arg(i);
            const QString local = makeTestFile(m_files.path(), name, SmallBytes, quint32(10 + i));
            setModified(local, 1600000000 + i);
            const auto recorder = upload(protocol, job(local, endpoint));
            QVERIFY2(recorder->succeeded(),
                     qPrintable(name + QLatin1String(": ") + recorder->error.message()));
            QVERIFY2(fileMatches(stored(name), SmallBytes, quint32(10 + i)), qPrintable(name));
            QCOMPARE(QFileInfo(stored(name)).lastModified().toSecsSinceEpoch(), 1600000000 + i);
            QCOMPARE(modeOf(stored(name)), 0644);
            QCOMPARE(recorder->offsets.last(), SmallBytes);
        }
        // A round trip is at least 2 x DelayMs: about eleven of them per file the old way, three
        // now (whether the name is taken with the part made, the bytes with all after them, the
        // rename); five leave room for a loaded machine.
        const double roundTrips = double(timer.elapsed()) / (2.0 * DelayMs);
        qInfo("%d files in %lld ms: %.1f round trips each", Files, timer.elapsed(),
              roundTrips / Files);
        QVERIFY2(roundTrips < Files * 5.0, qPrintable(QString::number(roundTrips / Files)));
        QVERIFY2(parts().isEmpty(), qPrintable(parts().join(QLatin1Char(' '))));
    }

    void takenNameLeavesNoPart_data()
    {
        QTest::addColumn<int>("policy");
        QTest::addColumn<bool>("same");
        QTest::addColumn<QString>("storedAs");
        QTest::newRow("skip same") << int(IfExists::Skip) << true << QStringLiteral("taken.bin");
        QTest::newRow("skip other") << int(IfExists::Skip) << false << QString();
        QTest::newRow("overwrite")
            << int(IfExists::Overwrite) << false << QStringLiteral("taken.bin");
        QTest::newRow("rename") << int(IfExists::Rename) << false
                                << QStringLiteral("taken (2).bin");
    }
    void takenNameLeavesNoPart()
    {
        QFETCH(int, policy);
        const auto ifExists = IfExists(policy);
        QFETCH(bool, same);
        QFETCH(QString, storedAs);
        const QString local =
            makeTestFile(m_files.path(), QStringLiteral("taken.bin"), SmallBytes, 3);
        setModified(local, 1600000000);
        QVERIFY(QDir().mkpath(m_sshd->root() + QStringLiteral("/up")));
        const QString there = makeTestFile(m_sshd->root() + QStringLiteral("/up"),
                                           QStringLiteral("taken.bin"), SmallBytes, same ? 3 : 4);
        setModified(there, same ? 1600000000 : 1500000000);

        SftpProtocol protocol;
        protocol.setSettings(settings(ifExists));
        const auto recorder = upload(protocol, job(local, m_sshd->endpoint(QStringLiteral("up"))));
        QCOMPARE(recorder->succeeded(), !storedAs.isEmpty());
        if (!storedAs.isEmpty())
            QVERIFY2(fileMatches(stored(storedAs), SmallBytes, 3), qPrintable(storedAs));
        if (ifExists == IfExists::Rename)
            QVERIFY(fileMatches(stored(QStringLiteral("taken.bin")), SmallBytes, 4));
        QVERIFY2(parts().isEmpty(), qPrintable(parts().join(QLatin1Char(' '))));
    }

    void partThereIsGoneOnWith()
    {
        // A part an earlier attempt left, its first half right: the rest is sent after it.
        const qint64 size = 64 * 1024;
        const QString local = makeTestFile(m_files.path(), QStringLiteral("half.bin"), size, 5);
        QVERIFY(QDir().mkpath(m_sshd->root() + QStringLiteral("/up")));
        QFile source(local);
        QVERIFY(source.open(QIODevice::ReadOnly));
        QFile part(partOf(QStringLiteral("half.bin")));
        QVERIFY(part.open(QIODevice::WriteOnly));
        part.write(source.read(size / 2));
        part.close();

        SftpProtocol protocol;
        protocol.setSettings(settings());
        const auto recorder = upload(protocol, job(local, m_sshd->endpoint(QStringLiteral("up"))));
        QVERIFY2(recorder->succeeded(), qPrintable(recorder->error.message()));
        QVERIFY(fileMatches(stored(QStringLiteral("half.bin")), size, 5));
        QVERIFY2(recorder->events.contains(QStringLiteral("chunk:%1-%2").arg(size / 2).arg(size)),
                 qPrintable(recorder->events.join(QLatin1Char(' '))));
        QVERIFY(parts().isEmpty());
    }

    void manyAtOnceShareConnections()
    {
        // More files at once than connections to a server (SftpSessions::MaxPerServer): the
        // rest go with those being sent on the busy connections instead of waiting.
        constexpr int Files = 48;
        // sftp-server's log from here on only (earlier tests left opens without a close).
        m_sshd->kill();
        QString error;
        QVERIFY2(m_sshd->start(&error, m_sshd->port()), qPrintable(error));
        QVERIFY(QDir().mkpath(stored(QStringLiteral("many"))));
        SftpProtocol protocol;
        protocol.setSettings(settings());
        const auto recorders = uploadAll(protocol, smallJobs(Files, QStringLiteral("many")));
        for (int i = 0; i < Files; ++i) {
            QVERIFY2(recorders[size_t(i)]->succeeded(),
                     qPrintable(recorders[size_t(i)]->error.message()));
            QCOMPARE(recorders[size_t(i)]->offsets.last(), SmallBytes);
            const QString wrong = arrived(QStringLiteral("many"), i);
            QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        }
        QVERIFY(QDir(stored(QStringLiteral("many")))
                    .entryList(QDir::Files | QDir::Hidden)
                    .filter(QRegularExpression(QStringLiteral("^\\.")))
                    .isEmpty());
        // From Hoist's side: several files' requests went in one round trip on one connection;
        // from sshd's: at least that many part files were open for writing at once (a batch's
        // opens all come before its closes), over far fewer sessions than files.
        const int sessions = m_sshd->sessionsOpened();
        const auto [atOnce, opened] = m_sshd->writersAtOnce(QStringLiteral(".hoist-part"));
        qInfo("%d files over %d sessions, %d parts open at once, %d on one connection", Files,
              sessions, atOnce, protocol.sessions()->mostFilesAtOnce());
        QVERIFY(sessions >= 1 && sessions <= SftpSessions::MaxPerServer);
        QCOMPARE(opened, Files);
        QVERIFY(protocol.sessions()->mostFilesAtOnce() >= 2);
        QVERIFY2(atOnce >= protocol.sessions()->mostFilesAtOnce(),
                 qPrintable(QString::number(atOnce)));
        QVERIFY(protocol.sessions()->mostFilesAtOnce() <= SftpSmallFiles::MaxFiles);
    }

    // To a near server (loopback) small files go over at most SftpSessions::NearConnections,
    // in larger batches, not one connection each up to MaxPerServer.
    void nearServerKeepsFewConnections()
    {
        constexpr int Files = 48;
        m_sshd->kill(); // sftp-server's log from here on only
        QString error;
        QVERIFY2(m_sshd->start(&error, m_sshd->port()), qPrintable(error));
        QVERIFY(QDir().mkpath(stored(QStringLiteral("near"))));
        SftpProtocol protocol;
        protocol.setSettings(settings());
        // The first connection times the server's round trip.
        const QList<TransferJob> jobs = smallJobs(Files + 1, QStringLiteral("near"));
        QVERIFY2(upload(protocol, jobs.first())->succeeded(), "the first file");
        const QString server = SftpTarget::fromUrl(jobs.first().endpoint)->serverKey();
        QVERIFY(protocol.sessions()->isNear(server));
        const auto recorders = uploadAll(protocol, jobs.mid(1));
        for (int i = 0; i < Files; ++i) {
            QVERIFY2(recorders[size_t(i)]->succeeded(),
                     qPrintable(recorders[size_t(i)]->error.message()));
            const QString wrong = arrived(QStringLiteral("near"), i + 1);
            QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        }
        const int sessions = m_sshd->sessionsOpened();
        qInfo("%d files over %d sessions, %d on one connection at most", Files + 1, sessions,
              protocol.sessions()->mostFilesAtOnce());
        QVERIFY2(sessions >= 1 && sessions <= SftpSessions::NearConnections,
                 qPrintable(QString::number(sessions)));
        QVERIFY(protocol.sessions()->mostFilesAtOnce() >= Files / SftpSessions::NearConnections);
    }

    void oneFailsAloneAmongMany()
    {
        // Files sent together, half into a folder not there yet, half into one that is; among
        // them one vanished after it was queued and one whose name is a folder on the server.
        // Those two fail, each with its own readable error; every other file arrives.
        constexpr int Files = 40;
        constexpr int Vanished = 7;
        constexpr int Folder = 23;
        const auto subOf = [](int i) {
            return i < Files / 2 ? QStringLiteral("fresh/deeper") : QStringLiteral("there");
        };
        QList<TransferJob> jobs = smallJobs(Files, subOf(0));
        for (int i = Files / 2; i < Files; ++i)
            jobs[i].metadata.insert(QStringLiteral("relativePath"),
                                    subOf(i) + QStringLiteral("/many%1.bin").arg(i));
        QVERIFY(QFile::remove(jobs.at(Vanished).filePath));
        QVERIFY(QDir().mkpath(stored(subOf(Folder) + QStringLiteral("/many%1.bin").arg(Folder))));
        SftpProtocol protocol;
        protocol.setSettings(settings());
        const auto recorders = uploadAll(protocol, jobs);
        for (int i = 0; i < Files; ++i) {
            const TransferRecorder &recorder = *recorders[size_t(i)];
            QVERIFY2(recorder.done(), qPrintable(QString::number(i)));
            if (i == Vanished || i == Folder) {
                QVERIFY2(!recorder.succeeded(), qPrintable(QString::number(i)));
                const QString name = QStringLiteral("many%1.bin").arg(i);
                QVERIFY2(recorder.error.message().contains(name),
                         qPrintable(recorder.error.message()));
                continue;
            }
            QVERIFY2(recorder.succeeded(),
                     qPrintable(QString::number(i) + QLatin1Char(' ') + recorder.error.message()));
            const QString wrong = arrived(subOf(i), i);
            QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        }
        QVERIFY2(recorders[size_t(Folder)]->error.message().contains(QLatin1String("folder")),
                 qPrintable(recorders[size_t(Folder)]->error.message()));
        QVERIFY(protocol.sessions()->mostFilesAtOnce() >= 2);
        QVERIFY(!QFileInfo::exists(stored(subOf(Vanished) + QStringLiteral("/many7.bin"))));
    }
};

QTEST_GUILESS_MAIN(TestSftpSmallFiles)
#include "tst_sftpsmallfiles.moc"
