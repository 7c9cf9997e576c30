#include "testfiles.h"
#include "testpeer.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr int RunTimeoutMs = 120000;
constexpr qint64 Chunk = 64 * 1024;

struct Run {
    int exitCode = -1;
    QProcess::ExitStatus exitStatus = QProcess::CrashExit;
    QString out;
    QString err;
    QList<QStringList> lines; // stdout split into tab-separated fields
};

// Runs the built hoist binary and keeps this thread's event loop turning meanwhile, so that an
// in-process server can answer it.
Run runHoist(const QStringList &args)
{
    Run run;
    QProcess process;
    QSignalSpy finished(&process, &QProcess::finished);
    process.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")), args);
    if (!process.waitForStarted(10000) || !finished.wait(RunTimeoutMs)) {
        process.kill();
        process.waitForFinished();
        run.err = QStringLiteral("hoist did not finish: ") + process.readAllStandardError();
        return run;
    }
    run.exitCode = process.exitCode();
    run.exitStatus = process.exitStatus();
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    for (const QString &line : run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        run.lines << line.split(QLatin1Char('\t'));
    return run;
}

QString canonical(const QString &path)
{
    return QFileInfo(path).canonicalFilePath();
}

QString describe(const Run &run)
{
    return QStringLiteral("exit %1\nstdout:\n%2\nstderr:\n%3")
        .arg(run.exitCode)
        .arg(run.out, run.err);
}

// Records the head of every request and refuses it with 403 (permanent, so hoist ends): shows
// which headers actually went over the wire, which the real tus server cannot report.
class HeaderRecorder final : public QObject {
public:
    HeaderRecorder()
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, socket,
                        [this, socket] { onReadyRead(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }
    QUrl endpoint() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(m_server.serverPort()));
    }
    QList<QByteArray> heads;

private:
    void onReadyRead(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        heads << buffer.left(end);
        buffer.clear();
        socket->write("HTTP/1.1 403 Forbidden\r\nTus-Resumable: 1.0.0\r\nContent-Length: 0\r\n"
                      "Connection: close\r\n\r\n");
        socket->disconnectFromHost();
    }
    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};
} // namespace

// The hoist binary end to end against a real tus server (@tus/server or hoistd, as
// HOIST_TEST_PEER says): exit codes, one result line per file, and the bytes the server stored.
class TestHeadless : public QObject {
    Q_OBJECT

    std::unique_ptr<TestPeer> m_server = TestPeer::create();
    QTemporaryDir m_dir;

    QStringList base() const
    {
        return {QStringLiteral("--headless"), QStringLiteral("--endpoint"),
                m_server->endpoint().toString(), QStringLiteral("--chunk-size"),
                QString::number(Chunk)};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!qEnvironmentVariableIsEmpty("HOIST_BINARY"), "HOIST_BINARY not set");
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_server->start(), qPrintable(m_server->errorString()));
    }

    void allSucceed()
    {
        // Sizes around the chunk edges, each with its own content.
        const QList<qint64> sizes{0, 1, Chunk - 1, Chunk, Chunk + 1, 5 * Chunk + 123};
        QStringList paths;
        QHash<QString, int> indexOf;
        for (int i = 0; i < sizes.size(); ++i) {
            paths << makeTestFile(m_dir.path(), QStringLiteral("ok-%1.bin").arg(i), sizes[i],
                                  quint32(100 + i));
            QVERIFY(!paths.last().isEmpty());
            indexOf.insert(canonical(paths.last()), i);
        }
        const Run run =
            runHoist(base() << QStringLiteral("--concurrency") << QStringLiteral("2") << paths);
        QVERIFY2(run.exitStatus == QProcess::NormalExit && run.exitCode == 0,
                 qPrintable(describe(run)));
        QCOMPARE(run.lines.size(), sizes.size());
        QSet<QString> seen;
        for (const QStringList &fields : run.lines) {
            QCOMPARE(fields.size(), 3);
            QCOMPARE(fields[0], QStringLiteral("success"));
            const QString path = canonical(fields[1]);
            QVERIFY2(indexOf.contains(path), qPrintable(fields[1]));
            QVERIFY(!seen.contains(path));
            seen.insert(path);
            const int i = indexOf.value(path);
            const QUrl url(fields[2]);
            QVERIFY2(url.isValid() && url.scheme() == QLatin1String("http"), qPrintable(fields[2]));
            QVERIFY2(m_server->storedBytes(url) == testContent(sizes[i], quint32(100 + i)),
                     qPrintable(QStringLiteral("stored bytes differ for %1").arg(fields[1])));
        }
        QVERIFY(!run.err.contains(QStringLiteral("error")));
    }

    void folderIsWalked()
    {
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("tree/sub")));
        const QString root = m_dir.filePath(QStringLiteral("tree"));
        const QString a = makeTestFile(root, QStringLiteral("a.bin"), 3 * Chunk, 7);
        const QString b =
            makeTestFile(root + QStringLiteral("/sub"), QStringLiteral("b.bin"), 1000, 8);
        const Run run = runHoist(base() << root);
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QCOMPARE(run.lines.size(), 2);
        QHash<QString, QUrl> urls;
        for (const QStringList &fields : run.lines) {
            QCOMPARE(fields.value(0), QStringLiteral("success"));
            urls.insert(canonical(fields.value(1)), QUrl(fields.value(2)));
        }
        QCOMPARE(m_server->storedBytes(urls.value(canonical(a))), testContent(3 * Chunk, 7));
        QCOMPARE(m_server->storedBytes(urls.value(canonical(b))), testContent(1000, 8));
    }

    void missingPathFailsOnlyItself()
    {
        const QString good1 =
            makeTestFile(m_dir.path(), QStringLiteral("good1.bin"), 2 * Chunk + 5, 11);
        const QString good2 = makeTestFile(m_dir.path(), QStringLiteral("good2.bin"), 777, 12);
        const QString missing = m_dir.filePath(QStringLiteral("no-such-file.bin"));
        const Run run = runHoist(base() << good1 << missing << good2);
        QVERIFY2(run.exitStatus == QProcess::NormalExit && run.exitCode == 1,
                 qPrintable(describe(run)));
        QCOMPARE(run.lines.size(), 3);
        int successes = 0;
        for (const QStringList &fields : run.lines) {
            QCOMPARE(fields.size(), 3);
            if (fields[0] == QLatin1String("error")) {
                QVERIFY2(fields[1].endsWith(QLatin1String("no-such-file.bin")),
                         qPrintable(fields[1]));
                QVERIFY2(fields[2].size() >= 5, qPrintable(fields[2])); // a reason, not a code
                continue;
            }
            QCOMPARE(fields[0], QStringLiteral("success"));
            ++successes;
            const bool first = canonical(fields[1]) == canonical(good1);
            QVERIFY(first || canonical(fields[1]) == canonical(good2));
            QCOMPARE(m_server->storedBytes(QUrl(fields[2])),
                     first ? testContent(2 * Chunk + 5, 11) : testContent(777, 12));
        }
        QCOMPARE(successes, 2);
    }

    void emptyFolderEndsCleanly()
    {
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("empty/nothing")));
        const Run run = runHoist(base() << m_dir.filePath(QStringLiteral("empty")));
        QVERIFY2(run.exitStatus == QProcess::NormalExit && run.exitCode == 0,
                 qPrintable(describe(run)));
        QVERIFY2(run.out.isEmpty(), qPrintable(run.out));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        const QString file = m_dir.filePath(QStringLiteral("usage.bin"));
        makeTestFile(m_dir.path(), QStringLiteral("usage.bin"), 10);
        const QString endpoint = m_server->endpoint().toString();
        QTest::newRow("no endpoint") << QStringList{"--headless", file};
        QTest::newRow("no paths") << QStringList{"--headless", "--endpoint", endpoint};
        QTest::newRow("bad endpoint") << QStringList{"--headless", "--endpoint", "ftp://x/", file};
        QTest::newRow("small chunk")
            << QStringList{"--headless", "-e", endpoint, "--chunk-size", "512", file};
        QTest::newRow("concurrency 0")
            << QStringList{"--headless", "-e", endpoint, "-c", "0", file};
        QTest::newRow("bad header")
            << QStringList{"--headless", "-e", endpoint, "-H", "Bearer secret", file};
        QTest::newRow("unknown option")
            << QStringList{"--headless", "-e", endpoint, "--bogus", file};
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        m_server->resetStats();
        const Run run = runHoist(args);
        QVERIFY2(run.exitStatus == QProcess::NormalExit && run.exitCode == 2,
                 qPrintable(describe(run)));
        QVERIFY2(run.out.isEmpty(), qPrintable(run.out));
        QVERIFY(run.err.contains(QStringLiteral("--help")));
        QVERIFY2(!run.err.contains(QStringLiteral("secret")), qPrintable(run.err));
        QCOMPARE(m_server->stats().log.size(), 0); // nothing was sent
    }

    void helpAndVersion()
    {
        Run run = runHoist({QStringLiteral("--help")});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QVERIFY(run.out.contains(QStringLiteral("--headless")));
        QVERIFY(run.out.contains(QStringLiteral("--endpoint")));
        run = runHoist({QStringLiteral("--version")});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QCOMPARE(run.out, QStringLiteral("hoist 0.1.0\n"));
    }

    void headerReachesServer()
    {
        const QString file = makeTestFile(m_dir.path(), QStringLiteral("auth.bin"), 3000, 21);
        HeaderRecorder recorder;
        const Run run = runHoist({QStringLiteral("--headless"), QStringLiteral("-e"),
                                  recorder.endpoint().toString(), QStringLiteral("--header"),
                                  QStringLiteral("Authorization: Bearer secret-123"),
                                  QStringLiteral("-H"), QStringLiteral("X-Hoist-Test: yes"), file});
        QVERIFY2(run.exitCode == 1, qPrintable(describe(run))); // refused with 403
        QVERIFY(!recorder.heads.isEmpty());
        for (const QByteArray &head : std::as_const(recorder.heads)) {
            const QByteArray lower = head.toLower();
            QVERIFY2(lower.contains("\r\nauthorization: bearer secret-123"), head.constData());
            QVERIFY2(lower.contains("\r\nx-hoist-test: yes"), head.constData());
        }
        QCOMPARE(run.lines.size(), 1);
        QCOMPARE(run.lines[0].value(0), QStringLiteral("error"));
        QVERIFY2(!run.out.contains(QStringLiteral("secret-123")), qPrintable(run.out));
        QVERIFY2(!run.err.contains(QStringLiteral("secret-123")), qPrintable(run.err));
    }

    void headerWithRealServer()
    {
        const QString file = makeTestFile(m_dir.path(), QStringLiteral("auth2.bin"), 2 * Chunk, 22);
        const Run run =
            runHoist(base() << QStringLiteral("-H")
                            << QStringLiteral("Authorization: Bearer secret-456") << file);
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QCOMPARE(run.lines.size(), 1);
        QCOMPARE(m_server->storedBytes(QUrl(run.lines[0].value(2))), testContent(2 * Chunk, 22));
        QVERIFY(!run.out.contains(QStringLiteral("secret-456")));
        QVERIFY(!run.err.contains(QStringLiteral("secret-456")));
    }

    // A script run again with the same paths and --state-dir, after a crash and after a clean
    // end, never sends a file twice: what the queue holds is resumed or stands, each path gets
    // its one result line, and stderr says the paths were already queued.
    void reRunWithStateDirUploadsOnce()
    {
        const QString state = m_dir.filePath(QStringLiteral("rerun-state"));
        const QString small =
            makeTestFile(m_dir.path(), QStringLiteral("rerun-small.bin"), 3 * Chunk, 300);
        const qint64 bigSize = 40 * Chunk + 5;
        const QString big =
            makeTestFile(m_dir.path(), QStringLiteral("rerun-big.bin"), bigSize, 301);
        QVERIFY(!small.isEmpty() && !big.isEmpty());
        const QList<QUrl> before = m_server->uploads();
        const auto created = [&] {
            QList<QUrl> urls;
            for (const QUrl &url : m_server->uploads()) {
                if (!before.contains(url))
                    urls << url;
            }
            return urls;
        };
        const QStringList args = base() << QStringLiteral("--state-dir") << state
                                        << QStringLiteral("--one-stream")
                                        << QStringLiteral("--concurrency") << QStringLiteral("1");

        // Slowed down, then killed while the large file is half-way.
        QProcess slow;
        slow.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")),
                   QStringList(args)
                       << QStringLiteral("--limit-rate") << QStringLiteral("256k") << small << big);
        QVERIFY(slow.waitForStarted(10000));
        QTRY_VERIFY_WITH_TIMEOUT(
            created().size() == 2 &&
                [&] {
                    for (const QUrl &url : created()) {
                        const QByteArray held = m_server->storedBytes(url);
                        // Past its creation request (whose body @tus/server keeps even when cut
                        // off, before the client learns the URL): the URL is in the queue by now.
                        if (held.size() > 2 * Chunk && held.size() < bigSize
                            && held.size() != 3 * Chunk)
                            return true;
                    }
                    return false;
                }(),
            RunTimeoutMs);
        slow.kill();
        QVERIFY(slow.waitForFinished(10000));

        for (int round = 0; round < 2; ++round) {
            const Run run = runHoist(QStringList(args) << small << big);
            QVERIFY2(run.exitStatus == QProcess::NormalExit && run.exitCode == 0,
                     qPrintable(describe(run)));
            QVERIFY2(run.err.contains(
                         QStringLiteral("2 files were already in the queue and not added again")),
                     qPrintable(describe(run)));
            QCOMPARE(run.lines.size(), 2);
            QHash<QString, QUrl> urlOf;
            for (const QStringList &fields : run.lines) {
                QCOMPARE(fields.size(), 3);
                QCOMPARE(fields[0], QStringLiteral("success"));
                urlOf.insert(canonical(fields[1]), QUrl(fields[2]));
            }
            QCOMPARE(m_server->storedBytes(urlOf.value(canonical(small))),
                     testContent(3 * Chunk, 300));
            QCOMPARE(m_server->storedBytes(urlOf.value(canonical(big))), testContent(bigSize, 301));
            // One upload per file on the server, however often the script ran.
            QStringList urls;
            for (const QUrl &url : created())
                urls << url.toString() + QStringLiteral(" ")
                            + QString::number(m_server->storedBytes(url).size());
            QVERIFY2(created().size() == 2,
                     qPrintable(urls.join(QLatin1Char('\n')) + describe(run)));
        }
    }

    // A path given again after its upload failed, for a cause that has passed since (the server
    // refused the file as too large, then took larger ones): the second run retries it, says so,
    // and the server ends up with the file; never "already in the queue" and failed again.
    void failedPathGivenAgainIsRetried()
    {
        const std::unique_ptr<TestPeer> peer = TestPeer::create();
        QVERIFY2(peer->start(0, 1000), qPrintable(peer->errorString()));
        const qint64 size = 3 * Chunk + 17;
        const QString path =
            makeTestFile(m_dir.path(), QStringLiteral("again.bin"), size, quint32(401));
        QVERIFY(!path.isEmpty());
        const QStringList args = retryArgs(*peer, QStringLiteral("again-state"));

        const Run first = runHoist(QStringList(args) << path);
        QVERIFY2(first.exitCode == 1, qPrintable(describe(first)));
        QCOMPARE(first.lines.size(), 1);
        QCOMPARE(first.lines[0].value(0), QStringLiteral("error"));

        QVERIFY2(peer->start(peer->port()), qPrintable(peer->errorString())); // no limit now
        const Run second = runHoist(QStringList(args) << path);
        QVERIFY2(second.exitStatus == QProcess::NormalExit && second.exitCode == 0,
                 qPrintable(describe(second)));
        QVERIFY2(second.err.contains(RetriedOne), qPrintable(describe(second)));
        QVERIFY2(!second.err.contains(QStringLiteral("already in the queue")),
                 qPrintable(describe(second)));
        QCOMPARE(second.lines.size(), 1);
        QCOMPARE(second.lines[0].value(0), QStringLiteral("success"));
        QCOMPARE(canonical(second.lines[0].value(1)), canonical(path));
        QCOMPARE(peer->storedBytes(QUrl(second.lines[0].value(2))), testContent(size, 401));
        QCOMPARE(peer->uploadCount(), 1);
    }

    // --retry-failed: every failed upload of the queue goes again, with no path given.
    void retryFailedRetriesTheQueue()
    {
        const std::unique_ptr<TestPeer> peer = TestPeer::create();
        QVERIFY2(peer->start(0, 1000), qPrintable(peer->errorString()));
        const QList<qint64> sizes{2 * Chunk + 5, Chunk + 1};
        QStringList paths;
        for (int i = 0; i < sizes.size(); ++i) {
            paths << makeTestFile(m_dir.path(), QStringLiteral("queue-%1.bin").arg(i), sizes[i],
                                  quint32(410 + i));
            QVERIFY(!paths.last().isEmpty());
        }
        const QStringList args = retryArgs(*peer, QStringLiteral("queue-state"));
        const Run first = runHoist(QStringList(args) << paths);
        QVERIFY2(first.exitCode == 1, qPrintable(describe(first)));
        QCOMPARE(first.lines.size(), 2);

        QVERIFY2(peer->start(peer->port()), qPrintable(peer->errorString()));
        // Without the option the queue's failures stand (a cause that may not have passed).
        const Run asIs = runHoist(args);
        QVERIFY2(asIs.exitCode == 1, qPrintable(describe(asIs)));
        QCOMPARE(peer->uploadCount(), 0);

        const Run second = runHoist(QStringList(args) << QStringLiteral("--retry-failed"));
        QVERIFY2(second.exitStatus == QProcess::NormalExit && second.exitCode == 0,
                 qPrintable(describe(second)));
        QVERIFY2(second.err.contains(
                     QRegularExpression(QStringLiteral("2 failed upload(\\(s\\)|s) retried"))),
                 qPrintable(describe(second)));
        QCOMPARE(second.lines.size(), 2);
        for (const QStringList &fields : second.lines) {
            QCOMPARE(fields.value(0), QStringLiteral("success"));
            int i = 0;
            while (i < paths.size() && canonical(paths[i]) != canonical(fields.value(1)))
                ++i;
            QVERIFY2(i < paths.size(), qPrintable(fields.value(1)));
            QCOMPARE(peer->storedBytes(QUrl(fields.value(2))), testContent(sizes[i], 410 + i));
        }
        QCOMPARE(peer->uploadCount(), 2);
    }

    // The case: the server was gone for longer than the run would wait, so the upload
    // was given up; run again with the server back, the upload goes on by itself.
    void givenUpWhileServerWasDownIsRetried()
    {
        const std::unique_ptr<TestPeer> peer = TestPeer::create();
        QVERIFY2(peer->start(), qPrintable(peer->errorString()));
        peer->kill();
        const qint64 size = 2 * Chunk + 3;
        const QString path =
            makeTestFile(m_dir.path(), QStringLiteral("down.bin"), size, quint32(420));
        QVERIFY(!path.isEmpty());
        const QStringList args = retryArgs(*peer, QStringLiteral("down-state"));
        const Run first = runHoist(QStringList(args) << QStringLiteral("--give-up-after")
                                                     << QStringLiteral("2s") << path);
        QVERIFY2(first.exitCode == 1, qPrintable(describe(first)));

        QVERIFY2(peer->restart(), qPrintable(peer->errorString()));
        const Run second = runHoist(QStringList(args) << path);
        QVERIFY2(second.exitStatus == QProcess::NormalExit && second.exitCode == 0,
                 qPrintable(describe(second)));
        QVERIFY2(second.err.contains(RetriedOne), qPrintable(describe(second)));
        QCOMPARE(second.lines.size(), 1);
        QCOMPARE(second.lines[0].value(0), QStringLiteral("success"));
        QCOMPARE(peer->storedBytes(QUrl(second.lines[0].value(2))), testContent(size, 420));
    }

private:
    // "1 failed upload retried" (or, before the English plural is filled in, "upload(s)").
    inline static const QRegularExpression RetriedOne{
        QStringLiteral("1 failed upload(\\(s\\))? retried")};

    QStringList retryArgs(const TestPeer &peer, const QString &state) const
    {
        return {QStringLiteral("--headless"), QStringLiteral("--endpoint"),
                peer.endpoint().toString(),   QStringLiteral("--chunk-size"),
                QString::number(Chunk),       QStringLiteral("--concurrency"),
                QStringLiteral("1"),          QStringLiteral("--state-dir"),
                m_dir.filePath(state)};
    }
};

QTEST_GUILESS_MAIN(TestHeadless)
#include "tst_headless.moc"
