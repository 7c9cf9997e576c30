// A file that fails to read mid-upload (issue 23): the row ends in an error that names the file
// and the cause, not in a network error retried for ever. The failure is real: the file lives on
// an ext2 filesystem on a loop device, and the loop device's backing file is cut short while the
// upload reads, so the kernel answers the next reads with EIO, as a dying disk would (a network
// mount gone answers the same way). Needs root for mount and losetup; skips elsewhere.
#include "schedulerfixture.h"
#include "testpeer.h"
#include "waitfor.h"

#include "filehasher.h"
#include "transferfile.h"
#include "uploadscheduler.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <unistd.h>

namespace {
constexpr qint64 MiB = 1024 * 1024;

bool run(const QString &program, const QStringList &args, QString *error)
{
    QProcess process;
    process.start(program, args);
    if (process.waitForFinished(60000) && process.exitStatus() == QProcess::NormalExit
        && process.exitCode() == 0)
        return true;
    *error = QStringLiteral("%1 %2: %3 %4")
                 .arg(program, args.join(QLatin1Char(' ')), process.errorString(),
                      QString::fromLocal8Bit(process.readAllStandardError()).trimmed());
    return false;
}

// An ext2 filesystem in an image file, mounted through a loop device.
class LoopDisk final {
public:
    ~LoopDisk()
    {
        if (m_mounted)
            QProcess::execute(QStringLiteral("umount"), {QStringLiteral("-l"), mountPoint()});
    }
    bool create(qint64 bytes, QString *whyNot)
    {
        if (::geteuid() != 0) {
            *whyNot = QStringLiteral("a loop device needs root (the CI's fixtures run as root)");
            return false;
        }
        QFile image(imagePath());
        if (!m_dir.isValid() || !QDir(m_dir.path()).mkdir(QStringLiteral("mnt"))
            || !image.open(QIODevice::WriteOnly) || !image.resize(bytes)) {
            *whyNot = QStringLiteral("cannot make the image file");
            return false;
        }
        image.close();
        return run(QStringLiteral("mke2fs"),
                   {QStringLiteral("-q"), QStringLiteral("-F"), imagePath()}, whyNot)
               && mount(whyNot);
    }
    // Mounted again, so that nothing of its files is left in the page cache.
    bool remount(QString *error)
    {
        if (!run(QStringLiteral("umount"), {mountPoint()}, error))
            return false;
        m_mounted = false;
        return mount(error);
    }
    // The device loses everything past `bytes`: reads there fail with EIO. What of `file` the page
    // cache holds (Hoist hashed it before sending) is dropped, so its reads go to the device.
    bool cut(qint64 bytes, const QString &file)
    {
        if (!QFile::resize(imagePath(), bytes))
            return false;
        const int fd = ::open(QFile::encodeName(file).constData(), O_RDONLY);
        if (fd < 0)
            return false;
        const bool dropped = ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0;
        ::close(fd);
        return dropped;
    }
    QString mountPoint() const { return QDir(m_dir.path()).filePath(QStringLiteral("mnt")); }

private:
    QString imagePath() const { return QDir(m_dir.path()).filePath(QStringLiteral("disk.img")); }
    bool mount(QString *error)
    {
        m_mounted =
            run(QStringLiteral("mount"),
                {QStringLiteral("-o"), QStringLiteral("loop"), imagePath(), mountPoint()}, error);
        return m_mounted;
    }
    QTemporaryDir m_dir;
    bool m_mounted = false;
};
} // namespace

class TestReadError : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void unreadableMidUploadFailsNamingFileAndCause();
    void hashingSaysTheCause();
};

// Every read Hoist makes for a digest says the system's words: a request's checksum (tus
// Upload-Checksum, S3 Content-MD5: digestsOfRange) and the whole file's SHA-256 (instant upload,
// verification: sha256File).
void TestReadError::hashingSaysTheCause()
{
    LoopDisk disk;
    QString whyNot;
    if (!disk.create(32 * MiB, &whyNot))
        QSKIP(qPrintable(whyNot));
    const QString path = QDir(disk.mountPoint()).filePath(QStringLiteral("bad-sectors.bin"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(QByteArray(16 * MiB, 'x')), 16 * MiB);
    }
    QVERIFY2(disk.remount(&whyNot), qPrintable(whyNot));
    QVERIFY(disk.cut(4 * MiB, path));

    QString problem;
    const auto digests =
        digestsOfRange(path, 8 * MiB, 12 * MiB, {DigestAlgorithm::Md5, DigestAlgorithm::Sha256},
                       nullptr, &problem);
    QVERIFY(!digests);
    QVERIFY2(problem.contains(QStringLiteral("Input/output error")), qPrintable(problem));
    const TransferError error = TransferFile::checksumReadError(path, problem);
    QCOMPARE(error.kind, TransferError::Kind::FileUnreadable);
    QVERIFY2(error.message().contains(QStringLiteral("'bad-sectors.bin'"))
                 && error.message().contains(QStringLiteral("Input/output error")),
             qPrintable(error.message()));

    const FileHash whole = sha256File(path, 16 * MiB);
    QCOMPARE(whole.status, FileHash::Status::Unreadable);
    QVERIFY2(whole.error.contains(QStringLiteral("bad-sectors.bin"))
                 && whole.error.contains(QStringLiteral("Input/output error")),
             qPrintable(whole.error));
}

void TestReadError::unreadableMidUploadFailsNamingFileAndCause()
{
    LoopDisk disk;
    QString whyNot;
    if (!disk.create(96 * MiB, &whyNot))
        QSKIP(qPrintable(whyNot));
    constexpr qint64 Size = 64 * MiB;
    const QString path = QDir(disk.mountPoint()).filePath(QStringLiteral("going-bad.bin"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QByteArray block(MiB, Qt::Uninitialized);
        for (qint64 i = 0; i < Size / MiB; ++i) {
            QRandomGenerator(quint32(i))
                .fillRange(reinterpret_cast<quint32 *>(block.data()), block.size() / 4);
            QCOMPARE(file.write(block), block.size());
        }
    }
    QVERIFY2(disk.remount(&whyNot), qPrintable(whyNot));

    // Its own peer, HOIST_TEST_PEER's: hoistd offers the checksum extension, so the file is read
    // for each request's checksum first; @tus/server does not, so it is read as the body streams.
    SchedulerFixture engine;
    QVERIFY2(engine.start(), qPrintable(engine.errorString()));
    engine.scheduler()->setParallelParts(false);
    engine.scheduler()->setRetryPolicy(SchedulerFixture::fastRetries(1000));
    // Slow, so that the cut comes while most of the file is still unread.
    engine.scheduler()->setRateLimit(4 * MiB);
    const QList<TaskId> ids = engine.add({path});
    QCOMPARE(ids.size(), 1);
    const TaskId id = ids.first();
    QVERIFY(waitFor(
        [&] {
            const UploadTask *task = engine.task(id);
            return task && task->confirmedBytes() >= 2 * MiB;
        },
        60000));
    QVERIFY(disk.cut(8 * MiB, path));

    QVERIFY(waitFor(
        [&] {
            const UploadTask *task = engine.task(id);
            return task->state() == TaskState::Error || task->state() == TaskState::Success;
        },
        120000));
    const UploadTask *task = engine.task(id);
    QCOMPARE(task->state(), TaskState::Error);
    QCOMPARE(task->errorKind(), TransferError::Kind::FileUnreadable);
    QVERIFY2(task->errorMessage().contains(QStringLiteral("going-bad.bin")),
             qPrintable(task->errorMessage()));
    // The system's words, wherever the error was met: the body stream (@tus/server), or the read
    // for the request's checksum before it (hoistd offers the checksum extension).
    QVERIFY2(task->errorMessage().contains(QStringLiteral("Input/output error")),
             qPrintable(task->errorMessage()));
    if (engine.peer()->kind() == TestPeer::Kind::Hoistd)
        QVERIFY2(task->errorMessage().contains(QStringLiteral("to compute its checksum")),
                 qPrintable(task->errorMessage()));
    // Not retried as if the network had failed.
    QCOMPARE(task->retries(), 0);
    QVERIFY(task->confirmedBytes() < Size);
}

QTEST_GUILESS_MAIN(TestReadError)
#include "tst_readerror.moc"
