// Small files over SFTP in a few round trips (SftpFileUpload::sendQuickly), against a real
// OpenSSH sshd (SshdPeer): through a DelayLink of a long round trip, a new small file costs at
// most a handful of round trips (about eleven before: one per libssh call); the bytes, time and
// mode arrive; a name taken already leaves no empty part behind, whatever the existing-files
// setting says; a part left by an earlier attempt is gone on with, not replaced.
#include "delaylink.h"
#include "sftpprotocol.h"
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
};

QTEST_GUILESS_MAIN(TestSftpSmallFiles)
#include "tst_sftpsmallfiles.moc"
