// hoistd on a disk that fills up mid-upload (issue 23): a PATCH that does not fit is answered
// 507 with Retry-After, the upload keeps only an offset that is really stored, the log says it
// once (not once per request), /metrics shows it, and once the disk has room again the same
// upload finishes byte-identical, with no second copy. hoistd's data folder is a small tmpfs
// mounted for the test (root only: skipped elsewhere). Raw requests: the client's reaction to
// 507 is another test's.
#include "hoistdprocess.h"
#include "rawhttp.h"
#include "testfiles.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <unistd.h>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 UploadLength = 12 * MiB;
constexpr qint64 FirstChunk = 2 * MiB;
const QByteArray SmallDisk = "size=6m";  // the index, the first chunk and part of the second
const QByteArray LargeDisk = "size=32m"; // room for all of it
const QByteArray OffsetStream = "application/offset+octet-stream";

RawHeaders tus(const RawHeaders &extra = {})
{
    return RawHeaders{{"Tus-Resumable", "1.0.0"}} + extra;
}

bool run(const QStringList &args, QString *output)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(QStringLiteral("mount"), args);
    if (!process.waitForFinished(30000)) {
        *output = QStringLiteral("mount did not end");
        return false;
    }
    *output = QString::fromLocal8Bit(process.readAll()).trimmed();
    return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

// The value of one sample ("name" or "name{labels}") in a /metrics exposition; -1 when absent.
double sample(const QByteArray &exposition, const QByteArray &name)
{
    for (const QByteArray &line : exposition.split('\n')) {
        if (line.startsWith(name + ' '))
            return line.mid(name.size() + 1).toDouble();
    }
    return -1;
}
} // namespace

class TestHoistdDiskFull : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();

    void fullDiskIsAWaitNotAFailure();

private:
    bool mountSmallDisk(QString *why);
    QByteArray metrics() const;
    qint64 headOffset(const QByteArray &location) const;
    RawResponse patch(const QByteArray &location, qint64 offset, const QByteArray &bytes) const;

    std::unique_ptr<HoistdProcess> m_server;
    QString m_mountPoint;
};

void TestHoistdDiskFull::initTestCase()
{
    if (::geteuid() != 0)
        QSKIP("mounting a small tmpfs for hoistd's data needs root (the CI fixtures run as root)");
}

void TestHoistdDiskFull::cleanup()
{
    if (QTest::currentTestFailed() && m_server)
        qWarning("hoistd said:\n%s", qPrintable(m_server->serverLog()));
    if (m_server)
        m_server->terminate();
    if (!m_mountPoint.isEmpty()) {
        QProcess::execute(QStringLiteral("umount"), {m_mountPoint});
        m_mountPoint.clear();
    }
    m_server.reset();
}

bool TestHoistdDiskFull::mountSmallDisk(QString *why)
{
    const QString point = m_server->dataDir();
    if (!QDir().mkpath(point)) {
        *why = QStringLiteral("cannot make %1").arg(point);
        return false;
    }
    if (!run({QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
              QString::fromLatin1(SmallDisk), QStringLiteral("tmpfs"), point},
             why))
        return false;
    m_mountPoint = point;
    return true;
}

QByteArray TestHoistdDiskFull::metrics() const
{
    return rawRequest(m_server->port(), "GET", "/metrics", {}).body;
}

qint64 TestHoistdDiskFull::headOffset(const QByteArray &location) const
{
    const RawResponse head = rawRequest(m_server->port(), "HEAD", location, tus());
    return head.status == 200 ? head.header("Upload-Offset").toLongLong() : -1;
}

RawResponse TestHoistdDiskFull::patch(const QByteArray &location, qint64 offset,
                                      const QByteArray &bytes) const
{
    return rawRequest(
        m_server->port(), "PATCH", location,
        tus({{"Content-Type", OffsetStream}, {"Upload-Offset", QByteArray::number(offset)}}), bytes,
        60000);
}

void TestHoistdDiskFull::fullDiskIsAWaitNotAFailure()
{
    m_server = std::make_unique<HoistdProcess>();
    QString why;
    if (!mountSmallDisk(&why))
        QSKIP(qPrintable(QStringLiteral("cannot mount a tmpfs here: %1").arg(why)));
    QVERIFY2(m_server->start({QStringLiteral("--verbose")}), qPrintable(m_server->errorString()));
    const QByteArray content = testContent(UploadLength);

    const RawResponse created = rawRequest(m_server->port(), "POST", "/files/",
                                           tus({{"Upload-Length", QByteArray::number(UploadLength)},
                                                {"Upload-Metadata", "filename ZnVsbC5iaW4="}}));
    QCOMPARE(created.status, 201);
    const QByteArray location = created.header("Location");
    QVERIFY(location.startsWith("/files/"));
    QCOMPARE(patch(location, 0, content.left(FirstChunk)).status, 204);
    QCOMPARE(headOffset(location), FirstChunk);

    // The rest does not fit: 507 with Retry-After, and the offset moved only by what is stored.
    const RawResponse full = patch(location, FirstChunk, content.mid(FirstChunk));
    QCOMPARE(full.status, 507);
    QVERIFY2(full.header("Retry-After").toInt() > 0, full.raw.left(400).constData());
    QCOMPARE(full.header("Tus-Resumable"), QByteArray("1.0.0"));
    const qint64 stored = headOffset(location);
    QVERIFY2(stored >= FirstChunk && stored < UploadLength, QByteArray::number(stored));
    const QString path = m_server->storedPath(QUrl(QString::fromLatin1(location)));
    QCOMPARE(QFileInfo(path).size(), stored); // no torn bytes beyond the offset
    QVERIFY(m_server->storedBytes(QUrl(QString::fromLatin1(location))) == content.left(stored));

    // Every further try is 507 as well, and the log says so once, not once per request.
    const qint64 again = headOffset(location);
    QCOMPARE(patch(location, again, content.mid(again)).status, 507);
    QCOMPARE(headOffset(location), again);
    const QByteArray exposition = metrics();
    QCOMPARE(sample(exposition, "hoistd_storage_full"), 1.0);
    QVERIFY2(sample(exposition, "hoistd_store_failures_total{kind=\"full\"}") >= 2,
             exposition.constData());
    QCOMPARE(sample(exposition, "hoistd_store_failures_total{kind=\"storage\"}"), 0.0);
    static const QRegularExpression fullLine(QStringLiteral("^hoistd: cannot .* \\(full\\): "),
                                             QRegularExpression::MultilineOption);
    QCOMPARE(m_server->serverLog().count(fullLine), 1);
    QVERIFY(m_server->isRunning());

    // Room again: the same upload goes on from its offset and finishes, byte for byte, once.
    QVERIFY2(run({QStringLiteral("-o"), QStringLiteral("remount,") + QString::fromLatin1(LargeDisk),
                  m_mountPoint},
                 &why),
             qPrintable(why));
    const qint64 resumeAt = headOffset(location);
    QCOMPARE(resumeAt, again);
    const RawResponse done = patch(location, resumeAt, content.mid(resumeAt));
    QCOMPARE(done.status, 204);
    QCOMPARE(done.header("Upload-Offset").toLongLong(), UploadLength);
    QCOMPARE(headOffset(location), UploadLength);
    QVERIFY(m_server->storedBytes(QUrl(QString::fromLatin1(location))) == content);
    QCOMPARE(m_server->storedFiles().size(), 1);
    const RawResponse download = rawRequest(m_server->port(), "GET", location, {}, {}, 60000);
    QCOMPARE(download.status, 200);
    QVERIFY(download.body == content);
    QCOMPARE(sample(metrics(), "hoistd_storage_full"), 0.0);
}

QTEST_GUILESS_MAIN(TestHoistdDiskFull)
#include "tst_hoistd_diskfull.moc"
