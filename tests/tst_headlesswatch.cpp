// `hoist --headless --watch DIR -e URL` as a service runs it: it uploads what appears once
// settled, keeps running when idle, ends cleanly on SIGTERM (exit 0, the queue saved), and the
// next start sends what was added meanwhile and nothing twice. Against a real hoistd, whose
// request log counts the uploads it created.
#include "hoistdprocess.h"
#include "hoistdrequestlog.h"
#include "waitfor.h"
#include "watchpeers.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

namespace {
bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
} // namespace

class TestHeadlessWatch : public QObject, protected WatchPeers {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void watchesUntilTerminatedAndCatchesUp();
    void interruptWhileUploadingResumes();
    void watchLimitIsReported();
    void droppedFolderExcludes();

private:
    // Starts hoist watching m_watched into hoistd, its queue in m_state.
    void startHoist(QProcess &process, const QStringList &extra = {},
                    const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
    {
        process.setProcessEnvironment(env);
        process.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")),
                      QStringList{QStringLiteral("--headless"), QStringLiteral("--watch"),
                                  m_watched->path(), QStringLiteral("-e"),
                                  m_server->endpoint().toString(), QStringLiteral("--state-dir"),
                                  m_state->path(), QStringLiteral("--settle"),
                                  QStringLiteral("0.3")}
                          + extra);
        QVERIFY(process.waitForStarted(10000));
    }
    int creations()
    {
        m_log.update();
        int n = 0;
        for (const QJsonValue &v : m_log.stats().log) {
            const QJsonObject o = v.toObject();
            if (o.value(QLatin1String("method")).toString() == QLatin1String("POST")
                && o.value(QLatin1String("status")).toInt() == 201)
                ++n;
        }
        return n;
    }
    // Sends `signal` and waits for a clean exit; false with what it printed otherwise.
    static bool stop(QProcess &process, int signal, QString *why)
    {
        QSignalSpy finished(&process, &QProcess::finished);
        ::kill(pid_t(process.processId()), signal);
        if (!finished.wait(15000)) {
            process.kill();
            process.waitForFinished();
            *why = QStringLiteral("did not stop");
            return false;
        }
        *why = QStringLiteral("exit %1 (%2): %3")
                   .arg(process.exitCode())
                   .arg(process.exitStatus())
                   .arg(QString::fromUtf8(process.readAllStandardError()));
        return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    }
    static int successLines(const QByteArray &out) { return int(out.count("success\t")); }
};

void TestHeadlessWatch::init()
{
    startPeers();
}

void TestHeadlessWatch::cleanup()
{
    stopPeers();
}

void TestHeadlessWatch::watchesUntilTerminatedAndCatchesUp()
{
    const QString prefix = QFileInfo(m_watched->path()).fileName();
    QVERIFY(writeBytes(m_watched->filePath(QStringLiteral("before.txt")), "there at start"));
    QByteArray out;
    {
        QProcess hoist;
        startHoist(hoist);
        connect(&hoist, &QProcess::readyReadStandardOutput, this,
                [&] { out += hoist.readAllStandardOutput(); });
        QVERIFY(waitFor([&] { return successLines(out) == 1; }, 30000));
        QVERIFY(writeBytes(m_watched->filePath(QStringLiteral("sub/new.txt")), "while running"));
        QVERIFY(writeBytes(m_watched->filePath(QStringLiteral("skip.tmp")), "excluded"));
        QVERIFY(waitFor([&] { return successLines(out) == 2; }, 30000));
        QCOMPARE(hoist.state(), QProcess::Running); // idle, still watching
        QString why;
        QVERIFY2(stop(hoist, SIGTERM, &why), qPrintable(why));
    }
    QCOMPARE(creations(), 2);
    QCOMPARE(readAll(m_named->filePath(prefix + QStringLiteral("/sub/new.txt"))),
             QByteArray("while running"));

    // Added while it was not running: found by the catch-up scan; the rest not sent again.
    QVERIFY(writeBytes(m_watched->filePath(QStringLiteral("later.txt")), "added meanwhile"));
    out.clear();
    {
        QProcess hoist;
        startHoist(hoist, {QStringLiteral("--exclude"), QStringLiteral("*.log")});
        connect(&hoist, &QProcess::readyReadStandardOutput, this,
                [&] { out += hoist.readAllStandardOutput(); });
        QVERIFY(writeBytes(m_watched->filePath(QStringLiteral("debug.log")), "excluded too"));
        QVERIFY(waitFor([&] { return out.contains("later.txt"); }, 30000));
        QString why;
        QVERIFY2(stop(hoist, SIGINT, &why), qPrintable(why));
    }
    QCOMPARE(creations(), 3);
    QCOMPARE(readAll(m_named->filePath(prefix + QStringLiteral("/later.txt"))),
             QByteArray("added meanwhile"));
    QVERIFY(!QFile::exists(m_named->filePath(prefix + QStringLiteral("/debug.log"))));
}

// SIGTERM while a large file is on its way: exit 0, and the next run finishes that upload from
// the server's offset instead of starting it again (one creation in all).
void TestHeadlessWatch::interruptWhileUploadingResumes()
{
    const qint64 size = 48 * 1024 * 1024;
    {
        QFile file(m_watched->filePath(QStringLiteral("big.bin")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(size)); // sparse: quick to make, still 48 MiB to send
    }
    QByteArray out;
    {
        QProcess hoist;
        startHoist(hoist, {QStringLiteral("--limit-rate"), QStringLiteral("4M"),
                           QStringLiteral("--chunk-size"), QStringLiteral("1M"),
                           QStringLiteral("--one-stream")});
        // Bytes flowing after the creation: its address is saved (it is before any PATCH goes).
        QVERIFY(
            waitFor([&] { return creations() == 1 && m_log.stats().count("PATCH") >= 2; }, 30000));
        QString why;
        QVERIFY2(stop(hoist, SIGTERM, &why), qPrintable(why));
    }
    {
        QProcess hoist;
        startHoist(hoist, {QStringLiteral("--one-stream")});
        connect(&hoist, &QProcess::readyReadStandardOutput, this,
                [&] { out += hoist.readAllStandardOutput(); });
        QVERIFY(waitFor([&] { return successLines(out) == 1; }, 60000));
        QString why;
        QVERIFY2(stop(hoist, SIGTERM, &why), qPrintable(why));
    }
    QCOMPARE(creations(), 1);
    const QString prefix = QFileInfo(m_watched->path()).fileName();
    QCOMPARE(QFileInfo(m_named->filePath(prefix + QStringLiteral("/big.bin"))).size(), size);
}

// HOIST_WATCH_LIMIT lowers the inotify budget: the run says it scans instead, and still sends
// a file added deep in the tree.
void TestHeadlessWatch::watchLimitIsReported()
{
    for (int i = 0; i < 6; ++i)
        QVERIFY(QDir(m_watched->path()).mkpath(QStringLiteral("d%1/e").arg(i)));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOIST_WATCH_LIMIT"), QStringLiteral("3"));
    QProcess hoist;
    QByteArray err;
    QByteArray out;
    connect(&hoist, &QProcess::readyReadStandardError, this,
            [&] { err += hoist.readAllStandardError(); });
    connect(&hoist, &QProcess::readyReadStandardOutput, this,
            [&] { out += hoist.readAllStandardOutput(); });
    startHoist(hoist, {QStringLiteral("--rescan"), QStringLiteral("0.3")}, env);
    QVERIFY2(waitFor([&] { return err.contains("max_user_watches"); }, 20000), err.constData());
    QVERIFY(writeBytes(m_watched->filePath(QStringLiteral("d5/e/deep.txt")), "deep"));
    QVERIFY2(waitFor([&] { return successLines(out) == 1; }, 30000), err.constData());
    QString why;
    QVERIFY2(stop(hoist, SIGTERM, &why), qPrintable(why));
    QCOMPARE(creations(), 1);
}

// A plain headless run of a folder leaves out the default patterns and --exclude's;
// --no-default-excludes keeps only the latter.
void TestHeadlessWatch::droppedFolderExcludes()
{
    for (const char *name : {"keep.txt", "junk.tmp", ".git/config", "notes.bak"})
        QVERIFY(writeBytes(m_watched->filePath(QLatin1String(name)), name));
    const auto run = [this](const QStringList &extra) {
        QProcess hoist;
        hoist.start(QString::fromLocal8Bit(qgetenv("HOIST_BINARY")),
                    QStringList{QStringLiteral("--headless"), QStringLiteral("-e"),
                                m_server->endpoint().toString(), QStringLiteral("--exclude"),
                                QStringLiteral("*.bak"), m_watched->path()}
                        + extra);
        hoist.waitForFinished(60000);
        return QString::fromUtf8(hoist.readAllStandardOutput());
    };
    QString out = run({});
    QCOMPARE(out.count(QLatin1String("success\t")), 1);
    QVERIFY2(out.contains(QLatin1String("keep.txt")), qPrintable(out));
    out = run({QStringLiteral("--no-default-excludes")});
    QCOMPARE(out.count(QLatin1String("success\t")), 3); // keep.txt again, junk.tmp, .git/config
    QVERIFY(!out.contains(QLatin1String("notes.bak")));
    QCOMPARE(creations(), 4);
}

QTEST_GUILESS_MAIN(TestHeadlessWatch)
#include "tst_headlesswatch.moc"
