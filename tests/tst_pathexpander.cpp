#include "pathexpander.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace {

bool writeFile(const QString &path, qint64 size)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(QByteArray(int(size), 'x')) == size;
}

bool makeLink(const QString &target, const QString &link)
{
    return QFile::link(target, link);
}

QString canonical(const QString &path)
{
    return QFileInfo(path).canonicalFilePath();
}

QStringList displayNames(const QList<ExpandedPath> &entries)
{
    QStringList names;
    for (const ExpandedPath &entry : entries)
        names.append(entry.displayName);
    return names;
}

int rejectedCount(const QList<ExpandedPath> &entries)
{
    return int(std::count_if(entries.cbegin(), entries.cend(),
                             [](const ExpandedPath &e) { return !e.rejection.isEmpty(); }));
}

} // namespace

class TstPathExpander final : public QObject {
    Q_OBJECT

private slots:
    void init();

    void patternMatches_data();
    void patternMatches();
    void patternProblems();
    void excludedAreNeverWalked();
    void droppedPathIsNeverExcluded();

    void singleFile_data();
    void singleFile();
    void nestedFoldersSorted();
    void emptyFolders();
    void missingPath_data();
    void missingPath();
    void specialFiles();
    void symlinkLoopIsRefused();
    void linkToSiblingFolderIsRefused();
    void linkToOutsideFolderIsWalked();
    void linkToFileIsFollowed();
    void danglingLink();
    void unreadable();
    void duplicatesAcrossDroppedPaths();
    void relativePathAndTrailingSlash();
    void cancelledBeforeStart();
    void batchesInOrderAsTheWalkGoes();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString path(const QString &relative) const { return m_dir->filePath(relative); }
};

void TstPathExpander::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TstPathExpander::singleFile_data()
{
    QTest::addColumn<qint64>("size");
    QTest::newRow("0") << qint64(0);
    QTest::newRow("1") << qint64(1);
    QTest::newRow("100000") << qint64(100000);
}

void TstPathExpander::singleFile()
{
    QFETCH(qint64, size);
    const QString file = path(QStringLiteral("photo.jpg"));
    QVERIFY(writeFile(file, size));
    const QDateTime mtime = QDateTime::fromMSecsSinceEpoch(1700000000123);
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(mtime, QFileDevice::FileModificationTime));
    }

    const auto result = expandPaths({file});
    QCOMPARE(result.size(), 1);
    QCOMPARE(result[0].path, file);
    QCOMPARE(result[0].displayName, QStringLiteral("photo.jpg"));
    QCOMPARE(result[0].size, size);
    QCOMPARE(result[0].modifiedMs, mtime.toMSecsSinceEpoch());
    QVERIFY(result[0].rejection.isEmpty());
}

void TstPathExpander::nestedFoldersSorted()
{
    QVERIFY(writeFile(path("root/b.txt"), 2));
    QVERIFY(writeFile(path("root/a.txt"), 1));
    QVERIFY(writeFile(path("root/sub/z.bin"), 26));
    QVERIFY(writeFile(path("root/sub/c.bin"), 3));
    QVERIFY(writeFile(path("root/Sub2/deep/er/d"), 4));
    QVERIFY(writeFile(path("root/.hidden"), 5));
    QVERIFY(writeFile(path("root/B.txt"), 6));

    const auto result = expandPaths({path("root")});
    QCOMPARE(displayNames(result),
             (QStringList{"root/.hidden", "root/a.txt", "root/B.txt", "root/b.txt",
                          "root/sub/c.bin", "root/sub/z.bin", "root/Sub2/deep/er/d"}));
    QCOMPARE(rejectedCount(result), 0);
    for (const ExpandedPath &entry : result) {
        const QString relative = entry.displayName.mid(QStringLiteral("root/").size());
        QCOMPARE(entry.path, path("root/" + relative));
        QVERIFY(QFileInfo(entry.path).isAbsolute());
        QCOMPARE(entry.size, QFileInfo(entry.path).size());
        QCOMPARE(entry.modifiedMs, QFileInfo(entry.path).lastModified().toMSecsSinceEpoch());
    }
}

void TstPathExpander::emptyFolders()
{
    QVERIFY(QDir().mkpath(path("empty/a/b/c")));
    QVERIFY(QDir().mkpath(path("empty/d")));
    QVERIFY(expandPaths({path("empty")}).isEmpty());
    QVERIFY(expandPaths({}).isEmpty());
}

void TstPathExpander::missingPath_data()
{
    QTest::addColumn<QString>("relative");
    QTest::newRow("missing file") << "nothing-here.txt";
    QTest::newRow("missing folder") << "no/such/folder";
    QTest::newRow("below a file") << "file.txt/child";
}

void TstPathExpander::missingPath()
{
    QFETCH(QString, relative);
    QVERIFY(writeFile(path("file.txt"), 1));
    QVERIFY(writeFile(path("ok.txt"), 1));

    const auto result = expandPaths({path(relative), path("ok.txt")});
    QCOMPARE(result.size(), 2);
    QCOMPARE(result[0].path, path(relative));
    QCOMPARE(result[0].rejection.toString(), QStringLiteral("no such file or folder"));
    QVERIFY(result[1].rejection.isEmpty()); // one bad path does not spoil the rest

    const auto empty = expandPaths({QString()});
    QCOMPARE(empty.size(), 1);
    QCOMPARE(empty[0].rejection.toString(), QStringLiteral("no such file or folder"));
}

void TstPathExpander::specialFiles()
{
    QVERIFY(QDir().mkpath(path("dir")));
    QVERIFY(writeFile(path("dir/real.txt"), 3));
    QCOMPARE(::mkfifo(QFile::encodeName(path("dir/pipe")).constData(), 0600), 0);
    QCOMPARE(::mkfifo(QFile::encodeName(path("toppipe")).constData(), 0600), 0);

    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const QByteArray socketPath = QFile::encodeName(path("dir/socket"));
    QVERIFY(size_t(socketPath.size()) < sizeof(address.sun_path));
    qstrcpy(address.sun_path, socketPath.constData());
    const int bound = ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address));
    ::close(fd);
    QCOMPARE(bound, 0);

    // Opening a pipe would block the walk forever: it must be refused from its type alone.
    const auto result = expandPaths({path("toppipe"), path("dir"), QStringLiteral("/dev/null")});
    QCOMPARE(displayNames(result),
             (QStringList{"toppipe", "dir/pipe", "dir/real.txt", "dir/socket", "null"}));
    QCOMPARE(result[0].rejection.toString(), QStringLiteral("not a regular file (named pipe)"));
    QCOMPARE(result[1].rejection.toString(), QStringLiteral("not a regular file (named pipe)"));
    QVERIFY(result[2].rejection.isEmpty());
    QCOMPARE(result[3].rejection.toString(), QStringLiteral("not a regular file (socket)"));
    QCOMPARE(result[4].rejection.toString(),
             QStringLiteral("not a regular file (character device)"));
}

void TstPathExpander::symlinkLoopIsRefused()
{
    QVERIFY(writeFile(path("dir/a.txt"), 1));
    QVERIFY(writeFile(path("dir/sub/b.txt"), 2));
    QVERIFY(makeLink(path("dir"), path("dir/sub/link")));
    QVERIFY(makeLink(path("dir/sub"), path("dir/sub/self")));

    const auto result = expandPaths({path("dir")});
    QCOMPARE(displayNames(result),
             (QStringList{"dir/a.txt", "dir/sub/b.txt", "dir/sub/link", "dir/sub/self"}));
    QCOMPARE(result[2].rejection.toString(),
             QStringLiteral("symbolic link loop: %1 is already being uploaded")
                 .arg(canonical(path("dir"))));
    QCOMPARE(result[3].rejection.toString(),
             QStringLiteral("symbolic link loop: %1 is already being uploaded")
                 .arg(canonical(path("dir/sub"))));
    QCOMPARE(rejectedCount(result), 2);
}

void TstPathExpander::linkToSiblingFolderIsRefused()
{
    // "a/link" sorts before "b": following it would upload b's files twice.
    QVERIFY(writeFile(path("dir/b/file"), 1));
    QVERIFY(QDir().mkpath(path("dir/a")));
    QVERIFY(makeLink(path("dir/b"), path("dir/a/link")));

    const auto result = expandPaths({path("dir")});
    QCOMPARE(displayNames(result), (QStringList{"dir/a/link", "dir/b/file"}));
    QVERIFY(result[0].rejection.toString().startsWith(QLatin1String("symbolic link loop: ")));
    QVERIFY(result[1].rejection.isEmpty());
}

void TstPathExpander::linkToOutsideFolderIsWalked()
{
    QVERIFY(writeFile(path("outside/x.txt"), 7));
    QVERIFY(writeFile(path("outside/inner/y.txt"), 8));
    QVERIFY(makeLink(path("outside"), path("outside/inner/back")));
    QVERIFY(QDir().mkpath(path("dir")));
    QVERIFY(makeLink(path("outside"), path("dir/first")));
    QVERIFY(makeLink(path("outside"), path("dir/second")));

    const auto result = expandPaths({path("dir")});
    QCOMPARE(displayNames(result), (QStringList{"dir/first/inner/back", "dir/first/inner/y.txt",
                                                "dir/first/x.txt", "dir/second"}));
    QVERIFY(result[0].rejection.toString().startsWith(QLatin1String("symbolic link loop: ")));
    QCOMPARE(result[1].path, path("dir/first/inner/y.txt"));
    QCOMPARE(result[1].size, qint64(8));
    QCOMPARE(result[2].size, qint64(7));
    QCOMPARE(result[3].rejection.toString(),
             QStringLiteral("symbolic link loop: %1 is already being uploaded")
                 .arg(canonical(path("outside"))));

    // A dropped link to a folder is walked under the link's name.
    const auto dropped = expandPaths({path("dir/first")});
    QCOMPARE(displayNames(dropped),
             (QStringList{"first/inner/back", "first/inner/y.txt", "first/x.txt"}));
    QCOMPARE(rejectedCount(dropped), 1);
}

void TstPathExpander::linkToFileIsFollowed()
{
    QVERIFY(writeFile(path("target.bin"), 1234));
    QVERIFY(QDir().mkpath(path("dir")));
    QVERIFY(makeLink(path("target.bin"), path("dir/alias.bin")));
    QVERIFY(makeLink(path("target.bin"), path("toplink")));

    const auto result = expandPaths({path("dir"), path("toplink")});
    QCOMPARE(displayNames(result), (QStringList{"dir/alias.bin", "toplink"}));
    for (const ExpandedPath &entry : result) {
        QVERIFY(entry.rejection.isEmpty());
        QCOMPARE(entry.size, qint64(1234));
        QCOMPARE(entry.modifiedMs,
                 QFileInfo(path("target.bin")).lastModified().toMSecsSinceEpoch());
    }
    QCOMPARE(result[0].path, path("dir/alias.bin"));
}

void TstPathExpander::danglingLink()
{
    QVERIFY(QDir().mkpath(path("dir")));
    QVERIFY(makeLink(path("gone"), path("dir/dangling")));
    QVERIFY(makeLink(path("gone"), path("topdangling")));
    QVERIFY(makeLink(path("selfloop"), path("selfloop")));

    const auto result = expandPaths({path("dir"), path("topdangling"), path("selfloop")});
    QCOMPARE(displayNames(result), (QStringList{"dir/dangling", "topdangling", "selfloop"}));
    QCOMPARE(result[0].rejection.toString(), QStringLiteral("broken symbolic link"));
    QCOMPARE(result[1].rejection.toString(), QStringLiteral("broken symbolic link"));
    QCOMPARE(result[2].rejection.toString(), QStringLiteral("symbolic link loop"));
}

void TstPathExpander::unreadable()
{
    if (::geteuid() == 0)
        QSKIP("root can read anything: access() and opendir() succeed");
    QVERIFY(writeFile(path("dir/secret.txt"), 1));
    QVERIFY(writeFile(path("dir/open.txt"), 1));
    QVERIFY(writeFile(path("dir/locked/inside.txt"), 1));
    QVERIFY(writeFile(path("topsecret"), 1));
    QCOMPARE(::chmod(QFile::encodeName(path("dir/secret.txt")).constData(), 0), 0);
    QCOMPARE(::chmod(QFile::encodeName(path("topsecret")).constData(), 0), 0);
    QCOMPARE(::chmod(QFile::encodeName(path("dir/locked")).constData(), 0), 0);

    const auto result = expandPaths({path("dir"), path("topsecret")});
    // Restore so that QTemporaryDir can remove the tree.
    ::chmod(QFile::encodeName(path("dir/locked")).constData(), 0700);

    QCOMPARE(displayNames(result),
             (QStringList{"dir/locked", "dir/open.txt", "dir/secret.txt", "topsecret"}));
    QCOMPARE(result[0].rejection.toString(), QStringLiteral("permission denied"));
    QVERIFY(result[1].rejection.isEmpty());
    QCOMPARE(result[2].rejection.toString(), QStringLiteral("permission denied"));
    QCOMPARE(result[3].rejection.toString(), QStringLiteral("permission denied"));
}

void TstPathExpander::duplicatesAcrossDroppedPaths()
{
    QVERIFY(writeFile(path("dir/sub/a.txt"), 1));
    QVERIFY(writeFile(path("dir/b.txt"), 1));
    QVERIFY(writeFile(path("lone.txt"), 1));

    // The nested folder is dropped first and still loses to the folder that holds it.
    const auto result = expandPaths(
        {path("dir/sub"), path("lone.txt"), path("dir"), path("lone.txt"), path("dir/b.txt")});
    QCOMPARE(displayNames(result),
             (QStringList{"sub", "lone.txt", "dir/b.txt", "dir/sub/a.txt", "lone.txt", "b.txt"}));
    QCOMPARE(result[0].rejection.toString(),
             QStringLiteral("already being uploaded as part of %1").arg(path("dir")));
    QVERIFY(result[1].rejection.isEmpty());
    QVERIFY(result[2].rejection.isEmpty());
    QVERIFY(result[3].rejection.isEmpty());
    QCOMPARE(result[4].rejection.toString(), QStringLiteral("already being uploaded"));
    QCOMPARE(result[5].rejection.toString(),
             QStringLiteral("already being uploaded as part of %1").arg(path("dir")));
}

void TstPathExpander::relativePathAndTrailingSlash()
{
    QVERIFY(writeFile(path("dir/f"), 1));
    QVERIFY(makeLink(path("dir"), path("dirlink")));
    const QString previous = QDir::currentPath();
    QVERIFY(QDir::setCurrent(m_dir->path()));
    const auto result = expandPaths({QStringLiteral("./dir/")});
    // A trailing slash on a link to a folder must not change how the link is treated.
    const auto viaLink = expandPaths({QStringLiteral("dirlink/")});
    QVERIFY(QDir::setCurrent(previous));

    QCOMPARE(result.size(), 1);
    QCOMPARE(result[0].displayName, QStringLiteral("dir/f"));
    QCOMPARE(result[0].path, path("dir/f"));
    QCOMPARE(viaLink.size(), 1);
    QCOMPARE(viaLink[0].displayName, QStringLiteral("dirlink/f"));
    QCOMPARE(viaLink[0].path, path("dirlink/f"));
}

void TstPathExpander::cancelledBeforeStart()
{
    QVERIFY(writeFile(path("dir/a"), 1));
    QVERIFY(writeFile(path("b"), 1));
    bool cancelled = true;
    QVERIFY(expandPaths({path("dir"), path("b")}, &cancelled).isEmpty());
    cancelled = false;
    QCOMPARE(expandPaths({path("dir"), path("b")}, &cancelled).size(), 2);
}

// 300 files in two folders and a loose file: handed on as the walk goes, in batches of 32, 64,
// 128, then the rest, which together are exactly the whole walk's list, in its order.
void TstPathExpander::batchesInOrderAsTheWalkGoes()
{
    for (int i = 0; i < 150; ++i) {
        QVERIFY(writeFile(path(QStringLiteral("one/f%1").arg(i)), 1));
        QVERIFY(writeFile(path(QStringLiteral("two/g%1").arg(i)), 2));
    }
    QVERIFY(writeFile(path("loose"), 3));
    const QStringList dropped{path("one"), path("missing"), path("two"), path("loose")};
    const QList<ExpandedPath> whole = expandPaths(dropped);
    QCOMPARE(whole.size(), 302); // 300 files, the missing path's rejection, the loose file
    QList<qsizetype> sizes;
    QStringList order;
    expandPaths(dropped, [&](QList<ExpandedPath> &&batch) {
        sizes.append(batch.size());
        for (const ExpandedPath &p : batch)
            order.append(p.displayName + QLatin1Char('|') + p.path + QLatin1Char('|')
                         + QString::number(p.size) + QLatin1Char('|') + p.rejection.toString());
    });
    QCOMPARE(sizes, (QList<qsizetype>{32, 64, 128, 78}));
    QStringList expected;
    for (const ExpandedPath &p : whole)
        expected.append(p.displayName + QLatin1Char('|') + p.path + QLatin1Char('|')
                        + QString::number(p.size) + QLatin1Char('|') + p.rejection.toString());
    QCOMPARE(order, expected);
    QCOMPARE(order.at(1), QStringLiteral("one/f1|%1|1|").arg(path("one/f1")));
}

void TstPathExpander::patternMatches_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("folder");
    QTest::addColumn<bool>("matches");
    QTest::newRow("*.tmp file") << "*.tmp"
                                << "a/b/x.tmp" << false << true;
    QTest::newRow("*.tmp case") << "*.tmp"
                                << "X.TMP" << false << true;
    QTest::newRow("*.tmp other") << "*.tmp"
                                 << "x.tmpl" << false << false;
    QTest::newRow("~$* office lock") << "~$*"
                                     << "docs/~$report.docx" << false << true;
    QTest::newRow("~$* not inside") << "~$*"
                                    << "docs/a~$b" << false << false;
    QTest::newRow("Thumbs.db") << "Thumbs.db"
                               << "p/thumbs.db" << false << true;
    QTest::newRow(".DS_Store") << ".DS_Store"
                               << ".DS_Store" << false << true;
    QTest::newRow(".git/ folder") << ".git/"
                                  << "src/.git" << true << true;
    QTest::newRow(".git/ not a file") << ".git/"
                                      << "src/.git" << false << false;
    QTest::newRow("path pattern") << "build/*.o"
                                  << "build/a.o" << false << true;
    QTest::newRow("path pattern deeper") << "build/*.o"
                                         << "x/build/a.o" << false << false;
    QTest::newRow("star stays in a name") << "a*"
                                          << "a/b" << false << false;
    QTest::newRow("anchored folder") << "/cache/"
                                     << "cache" << true << true;
    QTest::newRow("anchored not below") << "/cache/"
                                        << "x/cache" << true << false;
    QTest::newRow("question mark") << "?.log"
                                   << "1.log" << false << true;
    QTest::newRow("set") << "[ab].txt"
                         << "b.txt" << false << true;
    // Found by fuzz_pathpatterns: a negated set took the '/' between names, and 30 stars in a
    // row went past PCRE's match limit and matched nothing.
    QTest::newRow("negated set stays in a name") << "src/build[!s]dir"
                                                 << "src/build/dir" << false << false;
    QTest::newRow("negated set") << "src/build[!s]dir"
                                 << "src/build-dir" << false << true;
    QTest::newRow("negated set of ]") << "src/a[!]]b"
                                      << "src/a/b" << false << false;
    QTest::newRow("many stars") << QString(40, QLatin1Char('*')) + QStringLiteral("[!0-9]?.log")
                                << "x0.log" << false << true;
}

void TstPathExpander::patternMatches()
{
    QFETCH(QString, pattern);
    QFETCH(QString, path);
    QFETCH(bool, folder);
    QFETCH(bool, matches);
    QCOMPARE(PathPatterns({pattern}).matches(path, folder), matches);
}

void TstPathExpander::patternProblems()
{
    QVERIFY(!PathPatterns::problem(QString()).isEmpty());
    QVERIFY(!PathPatterns::problem(QStringLiteral("  ")).isEmpty());
    QVERIFY(PathPatterns::problem(QStringLiteral("*.tmp")).isEmpty());
    for (const QString &p : PathPatterns::defaultExcludes())
        QVERIFY2(PathPatterns::problem(p).isEmpty(), qPrintable(p));
    // Unusable ones are left out, the rest kept as given.
    const PathPatterns patterns({QStringLiteral(" *.bak "), QString(), QStringLiteral("x/")});
    QCOMPARE(patterns.patterns(), (QStringList{QStringLiteral("*.bak"), QStringLiteral("x/")}));
    QVERIFY(PathPatterns().matches(QStringLiteral("a"), false) == false);
}

// A dropped folder: excluded files are not listed (not even as rejected), excluded folders are
// not walked into (an unreadable one inside would otherwise be reported).
void TstPathExpander::excludedAreNeverWalked()
{
    QVERIFY(writeFile(path("root/keep.txt"), 3));
    QVERIFY(writeFile(path("root/scratch.tmp"), 3));
    QVERIFY(writeFile(path("root/~$doc.docx"), 3));
    QVERIFY(writeFile(path("root/sub/Thumbs.db"), 3));
    QVERIFY(writeFile(path("root/sub/.DS_Store"), 3));
    QVERIFY(writeFile(path("root/sub/photo.jpg"), 3));
    QVERIFY(writeFile(path("root/.git/config"), 3));
    QVERIFY(writeFile(path("root/.git/locked/x"), 3));
    QVERIFY(QFile::setPermissions(path("root/.git/locked"), QFileDevice::Permissions()));
    // A file named like an excluded folder is no folder: kept.
    QVERIFY(writeFile(path("root/sub/.git"), 3));

    const auto result =
        expandPaths({path("root")}, nullptr, PathPatterns(PathPatterns::defaultExcludes()));
    QVERIFY(QFile::setPermissions(path("root/.git/locked"), QFileDevice::ReadOwner
                                                                | QFileDevice::WriteOwner
                                                                | QFileDevice::ExeOwner));
    QCOMPARE(displayNames(result),
             (QStringList{QStringLiteral("root/keep.txt"), QStringLiteral("root/sub/.git"),
                          QStringLiteral("root/sub/photo.jpg")}));
    QCOMPARE(rejectedCount(result), 0);

    // Without patterns everything comes (the .git folder's unreadable one as rejected, unless
    // this runs as root).
    const auto all = expandPaths({path("root")});
    QVERIFY(all.size() >= 9);
}

void TstPathExpander::droppedPathIsNeverExcluded()
{
    QVERIFY(writeFile(path("notes.tmp"), 5));
    const auto result = expandPaths({path("notes.tmp")}, nullptr, PathPatterns({"*.tmp"}));
    QCOMPARE(result.size(), 1);
    QCOMPARE(result.first().size, 5);
}

QTEST_APPLESS_MAIN(TstPathExpander)
#include "tst_pathexpander.moc"
