// `hoist --headless` to a real OpenSSH sshd (SshdPeer): an unknown host refused with its
// fingerprint and accepted with it, Hoist killed mid-upload and run again, sshd killed and
// restarted mid-upload, --if-exists, and a server that lets two connections start at a time.
#include "sftpfileupload.h"
#include "sshdhoist.h"
#include "sshdpeer.h"
#include "testfiles.h"
#include "waitfor.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>

#include <unistd.h>

namespace {
constexpr int RunTimeoutMs = 120000;
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 Tail = SftpFileUpload::TailBytes;
} // namespace

class TestSftpHeadless : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<SshdPeer> m_sshd;
    std::unique_ptr<SshdHoist> m_hoist;
    QTemporaryDir m_home; // HOME of every hoist run: no ~/.ssh of the person running the tests

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(!qEnvironmentVariableIsEmpty("HOIST_BINARY"));
        m_sshd = std::make_unique<SshdPeer>();
        QVERIFY(m_sshd->isUsable());
        QString error;
        QVERIFY2(m_sshd->start(&error), qPrintable(error));
        QVERIFY(m_sshd->trustHostKey());
        m_hoist = std::make_unique<SshdHoist>(*m_sshd, m_home.path(), RunTimeoutMs);
    }

    void unknownHostIsRefusedThenAccepted()
    {
        QFile::remove(m_sshd->knownHosts());
        const QString file = makeTestFile(m_home.path(), QStringLiteral("hello.txt"), 1000, 5);
        const HoistRun refused = m_hoist->run(m_hoist->common(QStringLiteral("unknown")) << file);
        const QString fp = m_sshd->hostKeyFingerprint();
        QVERIFY2(refused.exitCode != 0, qPrintable(refused.describe()));
        QVERIFY2(
            (refused.out + refused.err).contains(QStringLiteral("--ssh-accept-host-key ") + fp),
            qPrintable(refused.describe()));
        QVERIFY(!QFileInfo::exists(m_sshd->root() + QStringLiteral("/unknown/hello.txt")));

        const HoistRun accepted =
            m_hoist->run(m_hoist->common(QStringLiteral("unknown"))
                         << QStringLiteral("--ssh-accept-host-key") << fp << file);
        QVERIFY2(accepted.exitCode == 0, qPrintable(accepted.describe()));
        QVERIFY(filesEqual(file, m_sshd->root() + QStringLiteral("/unknown/hello.txt")));
        QVERIFY2(accepted.out.contains(QStringLiteral("/unknown/hello.txt")),
                 qPrintable(accepted.out));
        QFile known(m_sshd->knownHosts());
        QVERIFY(known.open(QIODevice::ReadOnly));
        QVERIFY(known.readAll().contains(
            QStringLiteral("[127.0.0.1]:%1").arg(m_sshd->port()).toLatin1()));
    }

    void ifExistsRename()
    {
        const QString file = makeTestFile(m_home.path(), QStringLiteral("twice.tar.gz"), 3000, 6);
        const QStringList args = m_hoist->common(QStringLiteral("twice"))
                                 << QStringLiteral("--if-exists") << QStringLiteral("rename")
                                 << file;
        QCOMPARE(m_hoist->run(args).exitCode, 0);
        const HoistRun again = m_hoist->run(args);
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        QVERIFY(filesEqual(file, m_sshd->root() + QStringLiteral("/twice/twice (2).tar.gz")));
        QVERIFY2(again.out.contains(QStringLiteral("twice%20(2).tar.gz")), qPrintable(again.out));
        const HoistRun skipped =
            m_hoist->run(m_hoist->common(QStringLiteral("twice")) << file); // skip: the same there
        QVERIFY2(skipped.exitCode == 0, qPrintable(skipped.describe()));
        QVERIFY(!QFileInfo::exists(m_sshd->root() + QStringLiteral("/twice/twice (3).tar.gz")));
    }

    void hoistKilledMidUploadGoesOn()
    {
        const qint64 size = 160 * MiB;
        const QString file = makeTestFile(m_home.path(), QStringLiteral("killed.bin"), size, 8);
        const QString part = m_sshd->root() + QStringLiteral("/killed/.killed.bin.hoist-part");
        // One stream: its part's size is what it holds (parallel parts: tst_sftpparallel).
        const QStringList args = m_hoist->common(QStringLiteral("killed"))
                                 << QStringLiteral("--one-stream") << QStringLiteral("--state-dir")
                                 << m_home.path() + QStringLiteral("/state") << file;
        QProcess first;
        m_hoist->prepare(first);
        first.setArguments(args);
        first.start();
        QVERIFY(waitFor([&] { return QFileInfo(part).size() > 16 * MiB; }, RunTimeoutMs));
        first.kill();
        QVERIFY(first.waitForFinished(10000));
        // What it holds now, or less than it holds when the second run looks: bytes the server
        // had received keep landing for a moment.
        const qint64 held = QFileInfo(part).size();
        QVERIFY(held < size);
        const HoistRun second = m_hoist->run(
            {QStringLiteral("--headless"), QStringLiteral("--ssh-identity"), m_sshd->clientKey(),
             QStringLiteral("--ssh-known-hosts"), m_sshd->knownHosts(),
             QStringLiteral("--state-dir"), m_home.path() + QStringLiteral("/state")});
        QVERIFY2(second.exitCode == 0, qPrintable(second.describe()));
        QVERIFY(fileMatches(m_sshd->root() + QStringLiteral("/killed/killed.bin"), size, 8));
        // The second run wrote the rest and at most one chunk of what the part held again; in
        // all, at most one chunk more than the file (the killed session's sftp-server logs its
        // own count only when it hears of the end before it is hung up on).
        const QString name = QStringLiteral("/.killed.bin.hoist-part");
        const qint64 last = m_sshd->bytesWritten(name, true);
        QVERIFY2(last > 0 && last <= size - held + Tail,
                 qPrintable(QStringLiteral("%1 written, %2 held").arg(last).arg(held)));
        QVERIFY(m_sshd->bytesWritten(name) <= size + Tail);
    }

    void sshdKilledMidUploadGoesOn()
    {
        const qint64 size = 160 * MiB;
        const QString file = makeTestFile(m_home.path(), QStringLiteral("outage.bin"), size, 9);
        const QString part = m_sshd->root() + QStringLiteral("/outage/.outage.bin.hoist-part");
        QProcess hoist;
        m_hoist->prepare(hoist);
        hoist.setArguments(m_hoist->common(QStringLiteral("outage"))
                           << QStringLiteral("--one-stream") << file);
        hoist.start();
        QVERIFY(waitFor([&] { return QFileInfo(part).size() > 16 * MiB; }, RunTimeoutMs));
        const quint16 port = m_sshd->port();
        m_sshd->kill();
        const qint64 held = QFileInfo(part).size();
        QVERIFY(held < size);
        QString error;
        QVERIFY2(m_sshd->start(&error, port), qPrintable(error));
        QSignalSpy finished(&hoist, &QProcess::finished);
        QVERIFY(finished.wait(RunTimeoutMs));
        const QString err = QString::fromUtf8(hoist.readAllStandardError());
        QVERIFY2(hoist.exitCode() == 0, qPrintable(err));
        QVERIFY(fileMatches(m_sshd->root() + QStringLiteral("/outage/outage.bin"), size, 9));
        const qint64 written = m_sshd->bytesWritten(QStringLiteral("/.outage.bin.hoist-part"));
        QVERIFY2(
            written <= size - held + Tail,
            qPrintable(
                QStringLiteral("%1 written after the restart, %2 held").arg(written).arg(held)));
    }

    void largeFileToANearServerGoesAsOneStream_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<bool>("oneStream");
        QTest::newRow("Auto") << QStringList() << true;
        // A fixed number is what the person asked for: parallel parts, near or not.
        QTest::newRow("-c 4") << QStringList{QStringLiteral("-c"), QStringLiteral("4")} << false;
    }

    void largeFileToANearServerGoesAsOneStream()
    {
        // Parallel: Auto gives a near server one stream, but nothing was timed on this server
        // before its first large file: the upload times one small SFTP request before its
        // parts, and on loopback (well under 10 ms) they go one after another on one session.
        // Eight sessions' sshd and sftp-server on two cores made a 256 MiB file 0.56x sftp's.
        QFETCH(QStringList, options);
        QFETCH(bool, oneStream);
        const qint64 size = 96 * MiB;
        const QString name = oneStream ? QStringLiteral("near1.bin") : QStringLiteral("near4.bin");
        const QString file = makeTestFile(m_home.path(), name, size, 12);
        const int sessionsBefore = m_sshd->sessionsOpened();
        const HoistRun r = m_hoist->run(m_hoist->common(QStringLiteral("near")) << options << file);
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY(fileMatches(m_sshd->root() + QStringLiteral("/near/") + name, size, 12));
        const auto [atOnce, opened] =
            m_sshd->writersAtOnce(QStringLiteral("/.") + name + QStringLiteral(".hoist-part"));
        const int sessions = m_sshd->sessionsOpened() - sessionsBefore;
        const QString seen = QStringLiteral("%1 writers at once, %2 opened, %3 sessions")
                                 .arg(atOnce)
                                 .arg(opened)
                                 .arg(sessions);
        if (oneStream)
            QVERIFY2(atOnce == 1 && sessions == 1, qPrintable(seen));
        else
            QVERIFY2(atOnce >= 2, qPrintable(seen));
    }

    void fewStartupsAtOnceAreWaitedFor()
    {
        m_sshd->kill();
        // Two connections may be starting at a time, two sessions each: more are dropped.
        m_sshd->setExtraConfig({QStringLiteral("MaxStartups 2"), QStringLiteral("MaxSessions 2")});
        QString error;
        QVERIFY2(m_sshd->start(&error, m_sshd->port()), qPrintable(error));
        const QString folder = m_home.path() + QStringLiteral("/many");
        QDir().mkpath(folder);
        for (int i = 0; i < 24; ++i)
            makeTestFile(folder, QStringLiteral("f%1.bin").arg(i), 20000 + i, quint32(i));
        const HoistRun r = m_hoist->run(m_hoist->common(QStringLiteral("many"))
                                        << QStringLiteral("-c") << QStringLiteral("8") << folder);
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        for (int i = 0; i < 24; ++i)
            QVERIFY(fileMatches(m_sshd->root() + QStringLiteral("/many/many/f%1.bin").arg(i),
                                20000 + i, quint32(i)));
        m_sshd->kill();
        m_sshd->setExtraConfig({});
        QVERIFY2(m_sshd->start(&error, m_sshd->port()), qPrintable(error));
    }

    void folderWithoutWritePermission()
    {
        if (::getuid() == 0) {
            // Root writes anywhere: sign in as nobody instead.
            m_sshd->kill();
            m_sshd->setUser(QStringLiteral("nobody"));
            QString error;
            QVERIFY2(m_sshd->start(&error, m_sshd->port()), qPrintable(error));
        } else {
            QDir().mkpath(m_sshd->root() + QStringLiteral("/locked"));
            QFile::setPermissions(m_sshd->root() + QStringLiteral("/locked"),
                                  QFileDevice::ReadOwner | QFileDevice::ExeOwner);
        }
        const QString file = makeTestFile(m_home.path(), QStringLiteral("nope.txt"), 100, 1);
        const HoistRun r = m_hoist->run(m_hoist->common(QStringLiteral("locked")) << file);
        QVERIFY2(r.exitCode != 0, qPrintable(r.describe()));
        QVERIFY2(r.out.contains(QStringLiteral("permission denied")), qPrintable(r.describe()));
    }
};

QTEST_MAIN(TestSftpHeadless)
#include "tst_sftpheadless.moc"
