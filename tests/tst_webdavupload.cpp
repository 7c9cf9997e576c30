// WebDAV uploads through the scheduler against a real Apache 2.4 mod_dav with basic auth
// (ApacheDav): a folder of awkward names byte for byte with each folder made once, a wrong
// password as a permanent error a person can read, the existing-files setting (skip, overwrite,
// rename, with If-None-Match / If-Match on the wire), a folder there already listed once (one
// PROPFIND Depth: 1, no name looked up on its own) and a stale listing kept safe by the PUT's
// precondition, a folder too big to hold looked up file by file, Apache killed mid-PUT and the
// file sent again from its start, and the command line end to end.
#include "apachedav.h"
#include "awkwardfolder.h"
#include "schedulerdriving.h"
#include "schedulerfixture.h"
#include "testfiles.h"
#include "waitfor.h"

#include "uploadscheduler.h"
#include "uploadtask.h"
#include "webdavprotocol.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

int count(const QStringList &lines, const QString &start)
{
    return int(std::count_if(lines.cbegin(), lines.cend(),
                             [&start](const QString &line) { return line.startsWith(start); }));
}
} // namespace

class tst_WebDavUpload : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void folderOfAwkwardNamesArrivesByteForByte();
    void wrongPasswordIsPermanentAndSaid();
    void existingFiles_data();
    void existingFiles();
    void existingFolderIsListedOnce_data();
    void existingFolderIsListedOnce();
    void staleListingNeverOverwritesUnseen_data();
    void staleListingNeverOverwritesUnseen();
    void hugeFolderIsLookedUpFileByFile();
    void awkwardNamesAreFoundInTheListing();
    void serverKilledMidPutStartsTheFileAgain();
    void headlessUploadsAFolder();

private:
    void startScheduler(const QUrl &endpoint, const QString &password);
    QList<TaskId> add(const QStringList &paths, int expected = 1)
    {
        return SchedulerDriving::add(m_scheduler.get(), paths, expected);
    }
    bool waitIdle(int timeoutMs = 120000)
    {
        return SchedulerDriving::waitIdle(m_scheduler.get(), timeoutMs);
    }
    const UploadTask *task(TaskId id) const { return m_scheduler->task(id); }
    QString states(const QList<TaskId> &ids) const
    {
        return SchedulerDriving::unfinished(m_scheduler.get(), ids);
    }

    std::unique_ptr<ApacheDav> m_dav;
    std::unique_ptr<QTemporaryDir> m_files;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<WebDavProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
};

void tst_WebDavUpload::init()
{
    QString why;
    if (!ApacheDav::available(&why))
        QFAIL(qPrintable(why));
    m_dav = std::make_unique<ApacheDav>();
    QVERIFY2(m_dav->start(), qPrintable(m_dav->errorString()));
    m_files = std::make_unique<QTemporaryDir>();
}

void tst_WebDavUpload::cleanup()
{
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
    m_dav.reset();
}

void tst_WebDavUpload::startScheduler(const QUrl &endpoint, const QString &password)
{
    m_scheduler.reset();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<WebDavProtocol>(m_network.get());
    m_protocol->setPassword(endpoint, password);
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_scheduler->setEndpoint(endpoint);
    m_scheduler->setRetryPolicy(SchedulerFixture::fastRetries());
}

void tst_WebDavUpload::folderOfAwkwardNamesArrivesByteForByte()
{
    const QStringList relative = makeAwkwardFolder(m_files->path(), QStringLiteral("drop ü"));
    QVERIFY(!relative.isEmpty());
    // A base path of two levels, one with a blank and one not there yet.
    startScheduler(m_dav->endpoint(QStringLiteral("in box/ü")), QLatin1String(ApacheDav::Password));
    m_scheduler->setConcurrency(4);
    const QList<TaskId> ids = add({m_files->filePath(QStringLiteral("drop ü"))}, relative.size());
    QCOMPARE(ids.size(), relative.size());
    QVERIFY(waitIdle());
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));

    for (int i = 0; i < relative.size(); ++i) {
        const QString path = m_dav->diskPath(QStringLiteral("in box/ü/") + relative[i]);
        QVERIFY2(fileMatches(path, awkwardSize(i), 40 + i),
                 qPrintable(relative[i] + QLatin1String(": ")
                            + fileMismatch(path, awkwardSize(i), 40 + i)));
        // Apache offers no checksum: the check says what it did compare.
        const auto it = std::find_if(ids.cbegin(), ids.cend(), [&](TaskId id) {
            return task(id)->displayName() == relative[i];
        });
        QVERIFY2(it != ids.cend(), qPrintable(relative[i]));
        const UploadCheck &check = task(*it)->check();
        QCOMPARE(check.outcome, UploadCheck::Outcome::NotVerifiable);
        QVERIFY2(check.how.contains(QString::number(awkwardSize(i))), qPrintable(check.how));
    }
    // Nothing else arrived (no temporary or partial files).
    int onDisk = 0;
    QDirIterator it(m_dav->diskPath(QStringLiteral("in box")), QDir::Files | QDir::Hidden,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        ++onDisk;
    }
    QCOMPARE(onDisk, relative.size());
    // Each folder once per run: dav/in box, dav/in box/ü, drop ü, drop ü/sub dir,
    // drop ü/sub dir/deeper — and every file sent with If-None-Match, then checked: none looked
    // for first, since each goes to a folder this run made (empty then).
    const QStringList requests = m_dav->requests();
    QCOMPARE(count(requests, QStringLiteral("MKCOL")), 6); // the base "dav/" answers 405
    QCOMPARE(m_protocol->folders()->mkcolsSent(), 6);
    QCOMPARE(count(requests, QStringLiteral("PUT")), relative.size());
    QCOMPARE(requests.filter(QRegularExpression(QStringLiteral("^PUT .* 201 \\[\\*\\] \\[-\\]$")))
                 .size(),
             relative.size());
    QCOMPARE(count(requests, QStringLiteral("PROPFIND")), relative.size());
}

void tst_WebDavUpload::wrongPasswordIsPermanentAndSaid()
{
    const QString path = makeTestFile(m_files->path(), QStringLiteral("a.bin"), 100 * KiB);
    startScheduler(m_dav->endpoint(), QStringLiteral("not the password"));
    const QList<TaskId> ids = add({path});
    QCOMPARE(ids.size(), 1);
    QVERIFY(waitIdle());
    const UploadTask *t = task(ids.first());
    QCOMPARE(t->state(), TaskState::Error);
    QCOMPARE(t->httpStatus(), 401);
    QCOMPARE(t->retries(), 0); // permanent: not tried again
    QVERIFY2(t->errorMessage().contains(QLatin1String("user name or password")),
             qPrintable(t->errorMessage()));
    QVERIFY(!t->errorMessage().contains(QLatin1String("not the password")));
    QVERIFY(!QFileInfo::exists(m_dav->diskPath(QStringLiteral("a.bin"))));
}

void tst_WebDavUpload::existingFiles_data()
{
    QTest::addColumn<IfExists>("mode");
    QTest::addColumn<QByteArray>("expectedThere");  // the server's "report.txt" after
    QTest::addColumn<QByteArray>("expectedBeside"); // its "report (2).txt" after
    QTest::addColumn<QString>("condition");         // the second PUT's precondition, as logged
    QTest::newRow("skip") << IfExists::Skip << QByteArray("first") << QByteArray("<missing>")
                          << QString();
    QTest::newRow("overwrite") << IfExists::Overwrite << QByteArray("second version")
                               << QByteArray("<missing>") << QStringLiteral(R"([-] [\")");
    QTest::newRow("rename") << IfExists::Rename << QByteArray("first")
                            << QByteArray("second version") << QStringLiteral("[*] [-]");
}

void tst_WebDavUpload::existingFiles()
{
    QFETCH(IfExists, mode);
    QFETCH(QByteArray, expectedThere);
    QFETCH(QByteArray, expectedBeside);
    QFETCH(QString, condition);
    const QString path = m_files->filePath(QStringLiteral("report.txt"));
    const auto write = [&path](const QByteArray &content) {
        QFile file(path);
        return file.open(QIODevice::WriteOnly | QIODevice::Truncate)
               && file.write(content) == content.size();
    };
    QVERIFY(write("first"));
    startScheduler(m_dav->endpoint(), QLatin1String(ApacheDav::Password));
    m_protocol->setIfExists(mode);
    QList<TaskId> ids = add({path});
    QVERIFY(waitIdle());
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));
    QCOMPARE(readAll(m_dav->diskPath(QStringLiteral("report.txt"))), QByteArray("first"));
    // Written a while ago, so that Apache's ETag of it is strong (If-Match compares strongly).
    QVERIFY(m_dav->age(QStringLiteral("report.txt")));

    QVERIFY(write("second version"));
    m_dav->clearLog();
    // A later run (the same path again in this one would be a duplicate of a finished upload).
    startScheduler(m_dav->endpoint(), QLatin1String(ApacheDav::Password));
    m_protocol->setIfExists(mode);
    ids = add({path});
    QCOMPARE(ids.size(), 1);
    QVERIFY(waitIdle());
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));
    QCOMPARE(readAll(m_dav->diskPath(QStringLiteral("report.txt"))), expectedThere);
    QCOMPARE(readAll(m_dav->diskPath(QStringLiteral("report (2).txt"))), expectedBeside);
    const QStringList puts = m_dav->requests().filter(QRegularExpression(QStringLiteral("^PUT ")));
    if (condition.isEmpty()) {
        QVERIFY2(puts.isEmpty(), qPrintable(puts.join(QLatin1Char('\n'))));
        QVERIFY2(task(ids.first())->check().how.contains(QLatin1String("Skipped")),
                 qPrintable(task(ids.first())->check().how));
    } else {
        QCOMPARE(puts.size(), 1);
        QVERIFY2(puts.first().contains(condition), qPrintable(puts.first()));
    }
}

void tst_WebDavUpload::existingFolderIsListedOnce_data()
{
    QTest::addColumn<IfExists>("mode");
    QTest::newRow("skip") << IfExists::Skip;
    QTest::newRow("overwrite") << IfExists::Overwrite;
    QTest::newRow("rename") << IfExists::Rename;
}

void tst_WebDavUpload::existingFolderIsListedOnce()
{
    QFETCH(IfExists, mode);
    constexpr int Files = 8;
    // The server's "box" holds older versions of two of them, a "(2)" beside one, and another
    // file; each written an hour ago (strong ETags).
    QVERIFY(m_dav->putFile(QStringLiteral("box/f 1.bin"), "old one"));
    QVERIFY(m_dav->putFile(QStringLiteral("box/f 4.bin"), "old four"));
    QVERIFY(m_dav->putFile(QStringLiteral("box/f 4 (2).bin"), "taken"));
    QVERIFY(m_dav->putFile(QStringLiteral("box/other.txt"), "not ours"));
    QVERIFY(QDir(m_files->path()).mkpath(QStringLiteral("box")));
    const auto name = [](int i) { return QStringLiteral("f %1.bin").arg(i); };
    for (int i = 0; i < Files; ++i)
        QVERIFY(
            !makeTestFile(m_files->filePath(QStringLiteral("box")), name(i), 16 * KiB + i, 50 + i)
                 .isEmpty());
    startScheduler(m_dav->endpoint(), QLatin1String(ApacheDav::Password));
    m_protocol->setIfExists(mode);
    m_scheduler->setConcurrency(4);
    const QList<TaskId> ids = add({m_files->filePath(QStringLiteral("box"))}, Files);
    QVERIFY(waitIdle());
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));

    const auto disk = [this](const QString &path) {
        return m_dav->diskPath(QStringLiteral("box/") + path);
    };
    for (int i = 0; i < Files; ++i) {
        if (i == 1 || i == 4)
            continue;
        QVERIFY2(fileMatches(disk(name(i)), 16 * KiB + i, 50 + i),
                 qPrintable(fileMismatch(disk(name(i)), 16 * KiB + i, 50 + i)));
    }
    switch (mode) {
    case IfExists::Skip:
        QCOMPARE(readAll(disk(name(1))), QByteArray("old one"));
        QCOMPARE(readAll(disk(name(4))), QByteArray("old four"));
        for (TaskId id : ids) {
            const bool kept = task(id)->displayName().endsWith(name(1))
                              || task(id)->displayName().endsWith(name(4));
            QCOMPARE(task(id)->check().how.contains(QLatin1String("Skipped")), kept);
        }
        break;
    case IfExists::Overwrite:
        QVERIFY(fileMatches(disk(name(1)), 16 * KiB + 1, 51));
        QVERIFY(fileMatches(disk(name(4)), 16 * KiB + 4, 54));
        break;
    case IfExists::Rename:
    case IfExists::Ask:
        QCOMPARE(readAll(disk(name(1))), QByteArray("old one"));
        QCOMPARE(readAll(disk(name(4))), QByteArray("old four"));
        QCOMPARE(readAll(disk(QStringLiteral("f 4 (2).bin"))), QByteArray("taken"));
        QVERIFY(fileMatches(disk(QStringLiteral("f 1 (2).bin")), 16 * KiB + 1, 51));
        QVERIFY(fileMatches(disk(QStringLiteral("f 4 (3).bin")), 16 * KiB + 4, 54));
        break;
    }
    QCOMPARE(readAll(disk(QStringLiteral("other.txt"))), QByteArray("not ours"));

    // One PROPFIND Depth: 1 of the folder; no name looked up on its own: every other PROPFIND is
    // the check after a PUT. Nothing refused (the listing was right), overwrites under If-Match.
    const int puts = mode == IfExists::Skip ? Files - 2 : Files;
    // Apache writes its log line after the answer: the last one may come a moment later.
    QTRY_COMPARE_WITH_TIMEOUT(count(m_dav->requests(), QStringLiteral("PROPFIND")), 1 + puts,
                              10000);
    const QStringList requests = m_dav->requests();
    QCOMPARE(count(requests, QStringLiteral("PUT")), puts);
    QCOMPARE(count(requests, QStringLiteral("PROPFIND /dav/box/ 207")), 1);
    QCOMPARE(m_protocol->listings()->listingsSent(), 1);
    // Apache's log writes an If-Match's quotes as \".
    const QRegularExpression guard(
        QStringLiteral("^PUT .* 20[14] (\\[\\*\\] \\[-\\]|\\[-\\] \\[\\\\\".+\\\\\"\\])$"));
    const QRegularExpression ifMatch(QStringLiteral("^PUT .* \\[-\\] \\[\\\\\""));
    QCOMPARE(requests.filter(guard).size(), puts);
    QCOMPARE(requests.filter(ifMatch).size(), mode == IfExists::Overwrite ? 2 : 0);
    // The listing holds the folder's members, with the files this run put.
    QCOMPARE(m_protocol->listings()->entriesHeld(),
             4 + puts - (mode == IfExists::Overwrite ? 2 : 0));
}

void tst_WebDavUpload::staleListingNeverOverwritesUnseen_data()
{
    QTest::addColumn<IfExists>("mode");
    QTest::addColumn<QByteArray>("expectedThere");  // the server's "late.txt" after
    QTest::addColumn<QByteArray>("expectedBeside"); // its "late (2).txt" after
    QTest::newRow("skip") << IfExists::Skip << QByteArray("theirs") << QByteArray("<missing>");
    QTest::newRow("overwrite") << IfExists::Overwrite << QByteArray("mine")
                               << QByteArray("<missing>");
    QTest::newRow("rename") << IfExists::Rename << QByteArray("theirs") << QByteArray("mine");
}

void tst_WebDavUpload::staleListingNeverOverwritesUnseen()
{
    QFETCH(IfExists, mode);
    QFETCH(QByteArray, expectedThere);
    QFETCH(QByteArray, expectedBeside);
    QVERIFY(m_dav->putFile(QStringLiteral("box/old.txt"), "old"));
    const auto write = [this](const QString &name, const QByteArray &content) {
        QFile file(m_files->filePath(name));
        return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
    };
    QVERIFY(write(QStringLiteral("first.txt"), "first"));
    QVERIFY(write(QStringLiteral("late.txt"), "mine"));
    startScheduler(m_dav->endpoint(QStringLiteral("box")), QLatin1String(ApacheDav::Password));
    m_protocol->setIfExists(mode);
    QList<TaskId> ids = add({m_files->filePath(QStringLiteral("first.txt"))});
    QVERIFY(waitIdle());
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));
    QCOMPARE(m_protocol->listings()->listingsSent(), 1);
    // Apache logs a request after answering it: the check's line before the log is cleared.
    QTRY_COMPARE_WITH_TIMEOUT(count(m_dav->requests(), QStringLiteral("PROPFIND /dav/box/first")),
                              1, 10000);

    // Someone puts "late.txt" there after the listing was taken; the listing, still fresh, says
    // the name is free: the PUT's If-None-Match: * is what keeps their file.
    QVERIFY(m_dav->putFile(QStringLiteral("box/late.txt"), "theirs"));
    m_dav->clearLog();
    ids = add({m_files->filePath(QStringLiteral("late.txt"))});
    QVERIFY(waitIdle());
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));
    QCOMPARE(m_protocol->listings()->listingsSent(), 1);
    const QStringList requests = m_dav->requests();
    QVERIFY2(requests.constFirst().startsWith(QLatin1String("PUT /dav/box/late.txt 412 [*] [-]")),
             qPrintable(requests.join(QLatin1Char('\n'))));
    QCOMPARE(readAll(m_dav->diskPath(QStringLiteral("box/late.txt"))), expectedThere);
    QCOMPARE(readAll(m_dav->diskPath(QStringLiteral("box/late (2).txt"))), expectedBeside);
    QCOMPARE(readAll(m_dav->diskPath(QStringLiteral("box/old.txt"))), QByteArray("old"));
    if (mode == IfExists::Skip)
        QVERIFY2(task(ids.first())->check().how.contains(QLatin1String("Skipped")),
                 qPrintable(task(ids.first())->check().how));
}

void tst_WebDavUpload::hugeFolderIsLookedUpFileByFile()
{
    // One member more than a listing is held for.
    for (int i = 0; i < WebDavListings::MaxEntriesPerFolder + 1; ++i)
        QVERIFY(m_dav->putFile(QStringLiteral("huge/n%1").arg(i, 5, 10, QLatin1Char('0')), "x"));
    const QString there = makeTestFile(m_files->path(), QStringLiteral("n00007"), 20 * KiB, 3);
    const QString fresh = makeTestFile(m_files->path(), QStringLiteral("new.bin"), 20 * KiB, 4);
    startScheduler(m_dav->endpoint(QStringLiteral("huge")), QLatin1String(ApacheDav::Password));
    m_scheduler->setConcurrency(1);
    const QList<TaskId> ids = add({there, fresh}, 2);
    QVERIFY(waitIdle());
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));
    QVERIFY(fileMatches(m_dav->diskPath(QStringLiteral("huge/n00007")), 20 * KiB, 3));
    QVERIFY(fileMatches(m_dav->diskPath(QStringLiteral("huge/new.bin")), 20 * KiB, 4));
    // Listed once, held not: each name looked up, then checked.
    QCOMPARE(m_protocol->listings()->listingsSent(), 1);
    QCOMPARE(m_protocol->listings()->entriesHeld(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(count(m_dav->requests(), QStringLiteral("PROPFIND")), 5, 10000);
    const QStringList requests = m_dav->requests();
    QCOMPARE(count(requests, QStringLiteral("PROPFIND /dav/huge/ 207")), 1);
    QCOMPARE(count(requests, QStringLiteral("PROPFIND /dav/huge/n00007 207")), 2);
    QCOMPARE(count(requests, QStringLiteral("PROPFIND /dav/huge/new.bin")), 2); // 404, then 207
    QCOMPARE(count(requests, QStringLiteral("PUT /dav/huge/n00007 204 [-] [\\\"")), 1);
    QCOMPARE(count(requests, QStringLiteral("PUT /dav/huge/new.bin 201 [*] [-]")), 1);
}

void tst_WebDavUpload::awkwardNamesAreFoundInTheListing()
{
    const QStringList relative = makeAwkwardFolder(m_files->path(), QStringLiteral("drop ü"));
    QVERIFY(!relative.isEmpty());
    const QUrl endpoint = m_dav->endpoint(QStringLiteral("again"));
    startScheduler(endpoint, QLatin1String(ApacheDav::Password));
    m_scheduler->setConcurrency(4);
    QList<TaskId> ids = add({m_files->filePath(QStringLiteral("drop ü"))}, relative.size());
    QVERIFY(waitIdle());
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));

    // Each file checked (Apache logs a request after answering it).
    QTRY_COMPARE_WITH_TIMEOUT(count(m_dav->requests(), QStringLiteral("PROPFIND")), relative.size(),
                              10000);

    // A later run that skips what is there: each of the three folders listed once and every
    // name found in its listing (a name the listing missed would be PUT, or looked up).
    m_dav->clearLog();
    startScheduler(endpoint, QLatin1String(ApacheDav::Password));
    m_protocol->setIfExists(IfExists::Skip);
    m_scheduler->setConcurrency(4);
    ids = add({m_files->filePath(QStringLiteral("drop ü"))}, relative.size());
    QVERIFY(waitIdle());
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));
    for (TaskId id : ids)
        QVERIFY2(task(id)->check().how.contains(QLatin1String("Skipped")),
                 qPrintable(task(id)->displayName() + QLatin1String(": ") + task(id)->check().how));
    QTRY_COMPARE_WITH_TIMEOUT(count(m_dav->requests(), QStringLiteral("PROPFIND")), 3, 10000);
    QCOMPARE(count(m_dav->requests(), QStringLiteral("PUT")), 0);
    QCOMPARE(m_protocol->listings()->listingsSent(), 3);
}

void tst_WebDavUpload::serverKilledMidPutStartsTheFileAgain()
{
    constexpr qint64 Size = 24 * MiB;
    const QString path = makeTestFile(m_files->path(), QStringLiteral("big.bin"), Size, 7);
    startScheduler(m_dav->endpoint(QStringLiteral("k")), QLatin1String(ApacheDav::Password));
    m_scheduler->setRateLimit(4 * MiB); // about 6 s: time to cut it off mid-PUT
    const QList<TaskId> ids = add({path});
    QCOMPARE(ids.size(), 1);
    QVERIFY2(waitFor([&] { return task(ids.first())->shownBytes() > 4 * MiB; }, 60000),
             "the PUT never got going");
    QVERIFY(task(ids.first())->shownBytes() < Size);
    m_dav->stop(); // SIGTERM: Apache ends at once, mid-request
    // A broken PUT leaves nothing: Apache writes to a temporary file and renames it at the end.
    QVERIFY(!QFileInfo::exists(m_dav->diskPath(QStringLiteral("k/big.bin"))));
    // Hoist's own retry, not Qt's resending on a new connection: the try fails first.
    QVERIFY2(waitFor([&] { return task(ids.first())->retries() >= 1; }, 60000),
             qPrintable(task(ids.first())->errorMessage()));
    // The failed try says the file starts again (its reason is what the row showed).
    const QString reason = task(ids.first())->attempts().attempts().constFirst().reason;
    QVERIFY2(reason.contains(QLatin1String("again from the start")), qPrintable(reason));
    QVERIFY2(m_dav->start(), qPrintable(m_dav->errorString()));
    m_scheduler->setRateLimit(0);
    QVERIFY(waitIdle());
    QVERIFY2(states(ids).isEmpty(), qPrintable(states(ids)));
    QVERIFY2(fileMatches(m_dav->diskPath(QStringLiteral("k/big.bin")), Size, 7),
             qPrintable(fileMismatch(m_dav->diskPath(QStringLiteral("k/big.bin")), Size, 7)));
    // Sent again from zero: the whole file after the bytes of the broken try.
    const AttemptLog &attempts = task(ids.first())->attempts();
    QVERIFY2(attempts.count() >= 2, qPrintable(QString::number(attempts.count())));
    QVERIFY2(attempts.bytesSent() >= Size + 4 * MiB,
             qPrintable(QString::number(attempts.bytesSent())));
    QCOMPARE(count(m_dav->requests(), QStringLiteral("PUT")), 1); // only the second PUT ended
}

void tst_WebDavUpload::headlessUploadsAFolder()
{
    const QString hoist = qEnvironmentVariable("HOIST_BINARY");
    QVERIFY2(QFile::exists(hoist), "HOIST_BINARY must name the built hoist");
    const QStringList relative = makeAwkwardFolder(m_files->path(), QStringLiteral("cli"));
    QVERIFY(!relative.isEmpty());
    // One of them there already: --if-exists rename puts the new one beside it.
    QVERIFY(m_dav->putFile(QStringLiteral("cli/plain.txt"), "old"));
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOIST_DAV_PASSWORD"), QLatin1String(ApacheDav::Password));
    process.setProcessEnvironment(env);
    process.start(hoist, {QStringLiteral("--headless"), QStringLiteral("-e"),
                          m_dav->endpoint().toString(), QStringLiteral("--if-exists"),
                          QStringLiteral("rename"), m_files->filePath(QStringLiteral("cli"))});
    QVERIFY(process.waitForFinished(120000));
    const QByteArray out = process.readAllStandardOutput();
    const QByteArray err = process.readAllStandardError();
    QVERIFY2(process.exitCode() == 0, err.constData());
    QVERIFY(!out.contains(ApacheDav::Password) && !err.contains(ApacheDav::Password));
    QCOMPARE(out.count("success\t"), relative.size());
    for (int i = 0; i < relative.size(); ++i) {
        QString name = relative[i];
        if (name == QLatin1String("cli/plain.txt"))
            name = QStringLiteral("cli/plain (2).txt");
        QVERIFY2(fileMatches(m_dav->diskPath(name), awkwardSize(i), 40 + i), qPrintable(name));
    }
    QCOMPARE(readAll(m_dav->diskPath(QStringLiteral("cli/plain.txt"))), QByteArray("old"));

    // A wrong password: the run fails, saying why, and the password is never printed.
    QProcess wrong;
    env.insert(QStringLiteral("HOIST_DAV_PASSWORD"), QStringLiteral("secret wrong one"));
    wrong.setProcessEnvironment(env);
    wrong.start(hoist, {QStringLiteral("--headless"), QStringLiteral("-e"),
                        m_dav->endpoint(QStringLiteral("x")).toString(),
                        m_files->filePath(QStringLiteral("cli/plain.txt"))});
    QVERIFY(wrong.waitForFinished(120000));
    const QByteArray all = wrong.readAllStandardOutput() + wrong.readAllStandardError();
    QVERIFY2(wrong.exitCode() != 0, all.constData());
    QVERIFY2(all.contains("401"), all.constData());
    QVERIFY(!all.contains("secret wrong one"));
}

QTEST_GUILESS_MAIN(tst_WebDavUpload)
#include "tst_webdavupload.moc"
