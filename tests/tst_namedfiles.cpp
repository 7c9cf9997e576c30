// Finished uploads under their clients' names (NamedFiles, hoistd --named-dir). The name comes
// from the network: the sanitiser is fed hostile ones, placement is tried against a symlink out of
// the folder, and hoistd itself is driven over tus with raw requests (a finished upload appears
// byte-identical, a second one of the same name gets " (2)", DELETE takes both files away).
#include "hoistdprocess.h"
#include "rawhttp.h"
#include "testfiles.h"

#include "namedfiles.h"
#include "tuswire.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

namespace {
constexpr qint64 FileSize = 100 * 1024 + 3;

QString writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return {};
    return path;
}

// Every file below `dir`, relative, sorted.
QStringList filesBelow(const QString &dir)
{
    QStringList out;
    const QDir root(dir);
    const QFileInfoList infos =
        root.entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden);
    for (const QFileInfo &info : infos) {
        if (info.isDir() && !info.isSymLink()) {
            for (const QString &inner : filesBelow(info.filePath()))
                out << info.fileName() + QLatin1Char('/') + inner;
        } else {
            out << info.fileName();
        }
    }
    out.sort();
    return out;
}

ino_t inodeOf(const QString &path)
{
    struct stat st {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_ino : 0;
}
} // namespace

class TestNamedFiles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sanitise_data();
    void sanitise();
    void sanitiseLimitsLength();
    void wantedNamePrefersRelativePath();
    void placesACopyWithOrdinaryPermissions();
    void takenNamesGetANumber();
    void sameContentKeepsItsName();
    void neverFollowsASymlinkOutOfTheFolder();
    void copiesAcrossFileSystems();
    void removeLeavesWhatItDidNotPlace();
    void fullDiskLinksReadOnly();

    void hoistdNamesFinishedUploads();
    void hoistdNamesEarlierUploadsWhenItOpens();
    void hoistdDeleteRemovesBothFiles();
    void hoistdHostileNameStaysInside();
    void hoistdSameFolderTwiceIsNamedOnce();

private:
    // POSTs a whole upload in one creation-with-upload request; its Location path.
    QByteArray createWithUpload(HoistdProcess &server, const QByteArray &metadata,
                                const QByteArray &body);
};

void TestNamedFiles::sanitise_data()
{
    QTest::addColumn<QString>("wanted");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << QStringLiteral("report.pdf") << QStringLiteral("report.pdf");
    QTest::newRow("folders") << QStringLiteral("photos/2024/a.jpg")
                             << QStringLiteral("photos/2024/a.jpg");
    QTest::newRow("dot-dot") << QStringLiteral("../../etc/passwd") << QStringLiteral("etc/passwd");
    QTest::newRow("dot-dot inside")
        << QStringLiteral("a/../../b/./c.txt") << QStringLiteral("a/b/c.txt");
    QTest::newRow("absolute") << QStringLiteral("/etc/shadow") << QStringLiteral("etc/shadow");
    QTest::newRow("backslashes") << QStringLiteral("..\\..\\windows\\win.ini")
                                 << QStringLiteral("windows/win.ini");
    QTest::newRow("NUL") << QStringLiteral("a\u0000b.txt") << QStringLiteral("ab.txt");
    QTest::newRow("control") << QStringLiteral("line\nbreak\t\u001b[31m.txt")
                             << QStringLiteral("linebreak[31m.txt");
    QTest::newRow("C1") << QStringLiteral("x\u0085y") << QStringLiteral("xy");
    QTest::newRow("bidi override")
        << QStringLiteral("invoice\u202Efdp.exe") << QStringLiteral("invoicefdp.exe");
    QTest::newRow("hidden") << QStringLiteral(".bashrc") << QStringLiteral("bashrc");
    QTest::newRow("only dots") << QStringLiteral("...") << QStringLiteral("upload");
    QTest::newRow("empty") << QStringLiteral("") << QStringLiteral("upload");
    QTest::newRow("only slashes") << QStringLiteral("///") << QStringLiteral("upload");
    QTest::newRow("trailing dot and space") << QStringLiteral("name. . ") << QStringLiteral("name");
    QTest::newRow("reserved characters")
        << QStringLiteral("a<b>c:d\"e|f?g*h") << QStringLiteral("a_b_c_d_e_f_g_h");
    QTest::newRow("device") << QStringLiteral("CON") << QStringLiteral("_CON");
    QTest::newRow("device with extension")
        << QStringLiteral("nul.txt") << QStringLiteral("_nul.txt");
    QTest::newRow("device in a folder")
        << QStringLiteral("com1/lpt9.log") << QStringLiteral("_com1/_lpt9.log");
    QTest::newRow("not a device") << QStringLiteral("CONSOLE.txt") << QStringLiteral("CONSOLE.txt");
    QTest::newRow("unicode kept") << QStringLiteral("报告/Überblick.txt")
                                  << QStringLiteral("报告/Überblick.txt");
    QTest::newRow("deep") << QStringLiteral("1/2/3/4/5/6/7/8/9/10/f.txt")
                          << QStringLiteral("1/2/3/4/5/6/7/f.txt");
}

void TestNamedFiles::sanitise()
{
    QFETCH(QString, wanted);
    QFETCH(QString, expected);
    const QString clean = NamedFiles::sanitise(wanted);
    QCOMPARE(clean, expected);
    QCOMPARE(NamedFiles::sanitise(clean), clean); // what it made passes again unchanged
}

void TestNamedFiles::sanitiseLimitsLength()
{
    const QString longName = QString(300, QLatin1Char('x')) + QStringLiteral(".tar");
    const QString clean = NamedFiles::sanitise(longName);
    QVERIFY(clean.toUtf8().size() <= NamedFiles::MaxComponentBytes);
    QVERIFY2(clean.endsWith(QLatin1String("x.tar")), qPrintable(clean)); // the extension stays
    // Multi-byte characters are never cut in half.
    const QString wide = NamedFiles::sanitise(QString(150, QChar(0x4e2d)));
    QVERIFY(wide.toUtf8().size() <= NamedFiles::MaxComponentBytes);
    QCOMPARE(wide, QString(NamedFiles::MaxComponentBytes / 3, QChar(0x4e2d)));
}

void TestNamedFiles::wantedNamePrefersRelativePath()
{
    const QByteArray both =
        TusWire::encodeMetadata({{"filename", "a.txt"}, {"relativePath", "dir/a.txt"}});
    QCOMPARE(NamedFiles::wantedName(both), QStringLiteral("dir/a.txt"));
    QCOMPARE(NamedFiles::wantedName(TusWire::encodeMetadata({{"filename", "b.txt"}})),
             QStringLiteral("b.txt"));
    QCOMPARE(NamedFiles::wantedName(QByteArray()), QString());
}

void TestNamedFiles::placesACopyWithOrdinaryPermissions()
{
    QTemporaryDir dir;
    const QString source = makeTestFile(dir.path(), QStringLiteral("stored"), FileSize, 3);
    QVERIFY(QFile::setPermissions(source, QFile::ReadOwner | QFile::WriteOwner));
    NamedFiles named(dir.filePath(QStringLiteral("named")));
    QString error;
    timespec mtime{};
    mtime.tv_sec = 1500000000;
    mtime.tv_nsec = 123456789;
    const QString relative = named.place(source, QStringLiteral("docs/report.bin"), &error, mtime);
    QCOMPARE(relative, QStringLiteral("docs/report.bin"));
    const QString placed = named.absolutePath(relative);
    QVERIFY(fileMatches(placed, FileSize, 3));
    // Its own file, as any the person makes (0666 less the umask), with the original's time.
    QVERIFY(inodeOf(placed) != inodeOf(source));
    struct stat st {};
    QCOMPARE(::stat(QFile::encodeName(placed).constData(), &st), 0);
    const mode_t mask = ::umask(0);
    ::umask(mask);
    QCOMPARE(st.st_mode & 07777, mode_t(0666 & ~mask));
    QCOMPARE(qint64(st.st_mtim.tv_sec), qint64(1500000000));
    QCOMPARE(qint64(st.st_mtim.tv_nsec), qint64(123456789));
    // The stored upload's mode is left as it was, and editing the named file cannot reach it.
    QCOMPARE(::stat(QFile::encodeName(source).constData(), &st), 0);
    QCOMPARE(st.st_mode & 07777, mode_t(0600));
    QFile edit(placed);
    QVERIFY(edit.open(QIODevice::ReadWrite));
    QVERIFY(edit.write("edited") == 6);
    edit.close();
    QVERIFY(fileMatches(source, FileSize, 3));
    // Edited, it is the person's: removing the upload leaves it.
    QVERIFY(!named.remove(relative, source));
    QVERIFY(QFileInfo::exists(placed));
    // No half copies or temporary names were left on the way.
    QCOMPARE(filesBelow(dir.filePath(QStringLiteral("named"))),
             QStringList{QStringLiteral("docs/report.bin")});
}

void TestNamedFiles::takenNamesGetANumber()
{
    QTemporaryDir dir;
    const QString first = makeTestFile(dir.path(), QStringLiteral("one"), FileSize, 1);
    const QString second = makeTestFile(dir.path(), QStringLiteral("two"), FileSize, 2);
    const QString third = makeTestFile(dir.path(), QStringLiteral("three"), FileSize, 4);
    NamedFiles named(dir.filePath(QStringLiteral("named")));
    QString error;
    QCOMPARE(named.place(first, QStringLiteral("a.tar.gz"), &error), QStringLiteral("a.tar.gz"));
    QCOMPARE(named.place(second, QStringLiteral("a.tar.gz"), &error),
             QStringLiteral("a.tar (2).gz"));
    QCOMPARE(named.place(third, QStringLiteral("a.tar.gz"), &error),
             QStringLiteral("a.tar (3).gz"));
    QVERIFY(fileMatches(named.absolutePath(QStringLiteral("a.tar.gz")), FileSize, 1));
    QVERIFY(fileMatches(named.absolutePath(QStringLiteral("a.tar (2).gz")), FileSize, 2));
    QVERIFY(fileMatches(named.absolutePath(QStringLiteral("a.tar (3).gz")), FileSize, 4));
    // A file of the person's own is never overwritten either.
    QVERIFY(!writeFile(named.absolutePath(QStringLiteral("mine.txt")), "mine").isEmpty());
    QCOMPARE(named.place(first, QStringLiteral("mine.txt"), &error),
             QStringLiteral("mine (2).txt"));
    QFile mine(named.absolutePath(QStringLiteral("mine.txt")));
    QVERIFY(mine.open(QIODevice::ReadOnly));
    QCOMPARE(mine.readAll(), QByteArray("mine"));
}

// The same folder sent again (after "Clear finished", say): the names it has are used again
// instead of " (2)" copies; other content under a taken name still gets a number of its own.
void TestNamedFiles::sameContentKeepsItsName()
{
    QTemporaryDir dir;
    const QString first = makeTestFile(dir.path(), QStringLiteral("one"), FileSize, 8);
    const QString again = makeTestFile(dir.path(), QStringLiteral("again"), FileSize, 8);
    const QString other = makeTestFile(dir.path(), QStringLiteral("other"), FileSize, 9);
    NamedFiles named(dir.filePath(QStringLiteral("named")));
    QString error;
    QCOMPARE(named.place(first, QStringLiteral("photos/IMG_0001.JPG"), &error),
             QStringLiteral("photos/IMG_0001.JPG"));
    QCOMPARE(named.place(again, QStringLiteral("photos/IMG_0001.JPG"), &error),
             QStringLiteral("photos/IMG_0001.JPG"));
    QCOMPARE(named.place(other, QStringLiteral("photos/IMG_0001.JPG"), &error),
             QStringLiteral("photos/IMG_0001 (2).JPG"));
    QCOMPARE(named.place(again, QStringLiteral("photos/IMG_0001.JPG"), &error),
             QStringLiteral("photos/IMG_0001.JPG"));
    QCOMPARE(named.place(other, QStringLiteral("photos/IMG_0001.JPG"), &error),
             QStringLiteral("photos/IMG_0001 (2).JPG"));
    QCOMPARE(filesBelow(named.dir()), (QStringList{QStringLiteral("photos/IMG_0001 (2).JPG"),
                                                   QStringLiteral("photos/IMG_0001.JPG")}));
    // Same size, one byte apart: other content.
    QByteArray changed = testContent(FileSize, 8);
    changed[FileSize / 2] = char(changed.at(FileSize / 2) ^ 1);
    const QString nearly = writeFile(dir.filePath(QStringLiteral("nearly")), changed);
    QCOMPARE(named.place(nearly, QStringLiteral("photos/IMG_0001.JPG"), &error),
             QStringLiteral("photos/IMG_0001 (3).JPG"));
}

void TestNamedFiles::neverFollowsASymlinkOutOfTheFolder()
{
    QTemporaryDir dir;
    const QString outside = dir.filePath(QStringLiteral("outside"));
    QVERIFY(QDir().mkpath(outside));
    const QString namedDir = dir.filePath(QStringLiteral("named"));
    QVERIFY(QDir().mkpath(namedDir));
    QVERIFY(QFile::link(outside, namedDir + QStringLiteral("/escape")));
    const QString source = makeTestFile(dir.path(), QStringLiteral("stored"), FileSize, 5);
    NamedFiles named(namedDir);
    QString error;
    QCOMPARE(named.place(source, QStringLiteral("escape/owned.txt"), &error), QString());
    QVERIFY(!error.isEmpty());
    QVERIFY(filesBelow(outside).isEmpty());
    // A symlink as the file's own name is a taken name, not a way out.
    QVERIFY(QFile::link(outside + QStringLiteral("/target"), namedDir + QStringLiteral("/f.txt")));
    QCOMPARE(named.place(source, QStringLiteral("f.txt"), &error), QStringLiteral("f (2).txt"));
    QVERIFY(filesBelow(outside).isEmpty());
    QVERIFY(!named.remove(QStringLiteral("f.txt"), source)); // not its own: left alone
    QVERIFY(QFileInfo(namedDir + QStringLiteral("/f.txt")).isSymLink());
}

void TestNamedFiles::copiesAcrossFileSystems()
{
    QTemporaryDir dir;
    QTemporaryDir other(QStringLiteral("/dev/shm/hoist-named-XXXXXX"));
    if (!other.isValid())
        QSKIP("no /dev/shm");
    struct stat a {
    }, b{};
    ::stat(QFile::encodeName(dir.path()).constData(), &a);
    ::stat(QFile::encodeName(other.path()).constData(), &b);
    if (a.st_dev == b.st_dev)
        QSKIP("/dev/shm is on the same file system as the temporary folder");
    const QString source = makeTestFile(dir.path(), QStringLiteral("stored"), FileSize, 6);
    NamedFiles named(other.path());
    QString error;
    const QString relative = named.place(source, QStringLiteral("copy.bin"), &error);
    QCOMPARE(relative, QStringLiteral("copy.bin"));
    const QString placed = named.absolutePath(relative);
    QVERIFY(fileMatches(placed, FileSize, 6));
    QVERIFY(inodeOf(placed) != inodeOf(source) || a.st_dev != b.st_dev);
    QVERIFY(named.remove(relative, source));
    QVERIFY(!QFileInfo::exists(placed));
}

void TestNamedFiles::removeLeavesWhatItDidNotPlace()
{
    QTemporaryDir dir;
    const QString source = makeTestFile(dir.path(), QStringLiteral("stored"), FileSize, 7);
    const QString namedDir = dir.filePath(QStringLiteral("named"));
    NamedFiles named(namedDir);
    QString error;
    const QString relative = named.place(source, QStringLiteral("a/b/c.bin"), &error);
    QCOMPARE(relative, QStringLiteral("a/b/c.bin"));
    // Its owner replaced it with a file of their own: not Hoist's to delete.
    QVERIFY(QFile::remove(named.absolutePath(relative)));
    QVERIFY(!writeFile(named.absolutePath(relative), "theirs").isEmpty());
    QVERIFY(!named.remove(relative, source));
    QVERIFY(QFileInfo::exists(named.absolutePath(relative)));
    // A path place() would never make is refused outright.
    QVERIFY(!named.remove(QStringLiteral("../stored"), source));
    QVERIFY(QFileInfo::exists(source));
    // Its own goes, with the folders it made that are left empty.
    QVERIFY(QFile::remove(named.absolutePath(relative)));
    const QString again = named.place(source, QStringLiteral("a/b/c.bin"), &error);
    QVERIFY(!writeFile(namedDir + QStringLiteral("/a/keep.txt"), "keep").isEmpty());
    QVERIFY(named.remove(again, source));
    QVERIFY(!QFileInfo::exists(namedDir + QStringLiteral("/a/b")));
    QVERIFY(QFileInfo::exists(namedDir + QStringLiteral("/a/keep.txt")));
    QVERIFY(QFileInfo::exists(source));
}

// No room for a copy: the name is a hard link to the stored file, which is made read-only
// first, so that it cannot be written through; nothing half-copied is left anywhere. Needs a
// small file system of its own (a 1 MiB tmpfs, mounted as root); skipped where that is refused.
void TestNamedFiles::fullDiskLinksReadOnly()
{
    QTemporaryDir dir;
    const QString mountPoint = dir.filePath(QStringLiteral("tiny"));
    QVERIFY(QDir().mkpath(mountPoint));
    QProcess mount;
    mount.start(QStringLiteral("mount"),
                {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                 QStringLiteral("size=1M"), QStringLiteral("tmpfs"), mountPoint});
    if (!mount.waitForFinished() || mount.exitStatus() != QProcess::NormalExit
        || mount.exitCode() != 0)
        QSKIP("cannot mount a small tmpfs here (needs root)");
    const auto unmount = qScopeGuard([&] {
        QProcess::execute(QStringLiteral("umount"), {QStringLiteral("-l"), mountPoint});
    });
    constexpr qint64 Big = 700 * 1024; // fits once, not twice
    const QString source = makeTestFile(mountPoint, QStringLiteral("stored"), Big, 10);
    QVERIFY(!source.isEmpty());
    QVERIFY(QFile::setPermissions(source, QFile::ReadOwner | QFile::WriteOwner));
    NamedFiles named(mountPoint + QStringLiteral("/named"));
    QString error;
    const QString relative = named.place(source, QStringLiteral("big.bin"), &error);
    QCOMPARE(relative, QStringLiteral("big.bin"));
    const QString placed = named.absolutePath(relative);
    QCOMPARE(inodeOf(placed), inodeOf(source));
    QVERIFY(fileMatches(placed, Big, 10));
    struct stat st {};
    QCOMPARE(::stat(QFile::encodeName(placed).constData(), &st), 0);
    QCOMPARE(st.st_mode & 07777, mode_t(0400));
    QCOMPARE(filesBelow(mountPoint),
             (QStringList{QStringLiteral("named/big.bin"), QStringLiteral("stored")}));
    // The same content again, with the disk still full: its name, nothing new.
    QCOMPARE(named.place(source, QStringLiteral("big.bin"), &error), QStringLiteral("big.bin"));
    QVERIFY(named.remove(relative, source));
    QVERIFY(QFileInfo::exists(source));
}

QByteArray TestNamedFiles::createWithUpload(HoistdProcess &server, const QByteArray &metadata,
                                            const QByteArray &body)
{
    const RawResponse created = rawRequest(server.port(), "POST", "/files/",
                                           {{"Tus-Resumable", "1.0.0"},
                                            {"Upload-Length", QByteArray::number(body.size())},
                                            {"Upload-Metadata", metadata},
                                            {"Content-Type", "application/offset+octet-stream"}},
                                           body);
    if (created.status != 201) {
        qWarning() << "creation answered" << created.status << created.body;
        return {};
    }
    return QUrl(QString::fromLatin1(created.header("Location"))).path().toLatin1();
}

void TestNamedFiles::hoistdNamesFinishedUploads()
{
    HoistdProcess server;
    QTemporaryDir namedDir;
    QVERIFY2(server.start({QStringLiteral("--named-dir"), namedDir.path()}),
             qPrintable(server.errorString()));
    const QByteArray first = testContent(FileSize, 11);
    const QByteArray second = testContent(FileSize, 12);
    const QByteArray metadata = TusWire::encodeMetadata({{"filename", "same.bin"}});
    const QByteArray one = createWithUpload(server, metadata, first);
    const QByteArray two = createWithUpload(server, metadata, second);
    QVERIFY(!one.isEmpty() && !two.isEmpty());
    QCOMPARE(filesBelow(namedDir.path()),
             (QStringList{QStringLiteral("same (2).bin"), QStringLiteral("same.bin")}));
    QVERIFY(fileMatches(namedDir.filePath(QStringLiteral("same.bin")), FileSize, 11));
    QVERIFY(fileMatches(namedDir.filePath(QStringLiteral("same (2).bin")), FileSize, 12));
    // The name is in the index: after a restart it is neither lost nor made again.
    QVERIFY(server.restart());
    QCOMPARE(filesBelow(namedDir.path()).size(), 2);
}

// Uploads that finished while hoistd had no named folder (or before a crash named them) get
// their names when it opens with one, and only once.
void TestNamedFiles::hoistdNamesEarlierUploadsWhenItOpens()
{
    HoistdProcess server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    const QByteArray done = createWithUpload(
        server, TusWire::encodeMetadata({{"filename", "earlier.bin"}}), testContent(FileSize, 14));
    QVERIFY(!done.isEmpty());
    QTemporaryDir namedDir;
    QVERIFY2(server.start({QStringLiteral("--named-dir"), namedDir.path()}, server.port()),
             qPrintable(server.errorString()));
    QCOMPARE(filesBelow(namedDir.path()), QStringList{QStringLiteral("earlier.bin")});
    QVERIFY(fileMatches(namedDir.filePath(QStringLiteral("earlier.bin")), FileSize, 14));
    QVERIFY(server.restart());
    QCOMPARE(filesBelow(namedDir.path()), QStringList{QStringLiteral("earlier.bin")});
}

void TestNamedFiles::hoistdDeleteRemovesBothFiles()
{
    HoistdProcess server;
    QTemporaryDir namedDir;
    QVERIFY(server.start({QStringLiteral("--named-dir"), namedDir.path()}));
    const QByteArray location =
        createWithUpload(server, TusWire::encodeMetadata({{"relativePath", "folder/gone.bin"}}),
                         testContent(FileSize, 13));
    QVERIFY(!location.isEmpty());
    const QString named = namedDir.filePath(QStringLiteral("folder/gone.bin"));
    QVERIFY(fileMatches(named, FileSize, 13));
    const QString stored = server.storedPath(QUrl(QString::fromLatin1(location)));
    QVERIFY(QFileInfo::exists(stored));

    const RawResponse deleted =
        rawRequest(server.port(), "DELETE", location, {{"Tus-Resumable", "1.0.0"}});
    QCOMPARE(deleted.status, 204);
    QVERIFY(!QFileInfo::exists(named));
    QVERIFY(!QFileInfo::exists(stored));
    QVERIFY(filesBelow(namedDir.path()).isEmpty()); // "folder" went with its last file
}

void TestNamedFiles::hoistdHostileNameStaysInside()
{
    HoistdProcess server;
    QTemporaryDir root;
    const QString namedDir = root.filePath(QStringLiteral("named"));
    QVERIFY(server.start({QStringLiteral("--named-dir"), namedDir}));
    const QByteArray hostile = TusWire::encodeMetadata(
        {{"relativePath", QByteArray("../../..\\x/\x01.\xe2\x80\xaegpj.sh")}});
    QVERIFY(!createWithUpload(server, hostile, testContent(FileSize, 14)).isEmpty());
    QCOMPARE(filesBelow(root.path()), QStringList{QStringLiteral("named/x/gpj.sh")});
    QVERIFY(fileMatches(namedDir + QStringLiteral("/x/gpj.sh"), FileSize, 14));
}

// hoistd with --named-dir: a folder sent twice (the window's "This computer" after "Clear
// finished") leaves one file per name, keeps the client's modification time and ordinary
// permissions, and deleting one of the two uploads leaves the name the other still has.
void TestNamedFiles::hoistdSameFolderTwiceIsNamedOnce()
{
    HoistdProcess server;
    QTemporaryDir namedDir;
    QVERIFY(server.start({QStringLiteral("--named-dir"), namedDir.path()}));
    const QByteArray mtime = "1600000000.5";
    QList<QByteArray> locations;
    for (int round = 0; round < 2; ++round) {
        for (int i = 1; i <= 3; ++i) {
            const QByteArray metadata = TusWire::encodeMetadata(
                {{"relativePath", "Photos/IMG_000" + QByteArray::number(i) + ".JPG"},
                 {"mtime", mtime}});
            const QByteArray location =
                createWithUpload(server, metadata, testContent(FileSize, quint32(30 + i)));
            QVERIFY(!location.isEmpty());
            locations << location;
        }
    }
    QCOMPARE(filesBelow(namedDir.path()), (QStringList{QStringLiteral("Photos/IMG_0001.JPG"),
                                                       QStringLiteral("Photos/IMG_0002.JPG"),
                                                       QStringLiteral("Photos/IMG_0003.JPG")}));
    const QString one = namedDir.filePath(QStringLiteral("Photos/IMG_0001.JPG"));
    QVERIFY(fileMatches(one, FileSize, 31));
    QCOMPARE(QFileInfo(one).lastModified().toMSecsSinceEpoch(), qint64(1600000000500));
    QVERIFY(QFileInfo(one).permissions() & QFileDevice::WriteOwner);
    QVERIFY(inodeOf(one) != inodeOf(server.storedPath(QUrl(QString::fromLatin1(locations.at(0))))));
    // Another content under a name taken: a number of its own.
    QVERIFY(!createWithUpload(server,
                              TusWire::encodeMetadata({{"relativePath", "Photos/IMG_0001.JPG"}}),
                              testContent(FileSize, 99))
                 .isEmpty());
    QVERIFY(QFileInfo::exists(namedDir.filePath(QStringLiteral("Photos/IMG_0001 (2).JPG"))));
    // Both uploads of IMG_0001 have that name: it goes with the last of them.
    QCOMPARE(
        rawRequest(server.port(), "DELETE", locations.at(0), {{"Tus-Resumable", "1.0.0"}}).status,
        204);
    QVERIFY(fileMatches(one, FileSize, 31));
    QCOMPARE(
        rawRequest(server.port(), "DELETE", locations.at(3), {{"Tus-Resumable", "1.0.0"}}).status,
        204);
    QVERIFY(!QFileInfo::exists(one));
}

QTEST_GUILESS_MAIN(TestNamedFiles)
#include "tst_namedfiles.moc"
