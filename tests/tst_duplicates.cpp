// The same file added twice: one task; a newer version of a file still waiting replaces it (and
// is what the server stores); one already started or finished is never replaced silently, and
// "Add anyway" adds it as a new upload. Against a real tus server (HOIST_TEST_PEER).
#include "schedulerfixture.h"
#include "testfiles.h"
#include "waitfor.h"

#include "duplicatebar.h"
#include "duplicatecheck.h"
#include "uploadscheduler.h"
#include "uploadtask.h"

#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr int UploadTimeoutMs = 60000;

// Content no earlier case sent: hoistd would otherwise complete it at once (instant upload).
quint32 nextSeed()
{
    static quint32 seed = 7000;
    return seed++;
}

DuplicateReport reportOf(const QSignalSpy &spy)
{
    return spy.isEmpty() ? DuplicateReport() : spy.last().first().value<DuplicateReport>();
}
} // namespace

class tst_Duplicates : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void addedTwiceIsOneTask();
    void newerVersionReplacesWaiting();
    void finishedIsNotReplacedSilently();
    void otherServerIsNewUpload();
    void barSaysSoAndAddsAnyway();
    void failedAddedAgainIsRetried();

private:
    QString file(const QString &name, qint64 size, quint32 seed)
    {
        return makeTestFile(m_fixture->files().path(), name, size, seed);
    }
    std::unique_ptr<SchedulerFixture> m_fixture;
    UploadScheduler *m_scheduler = nullptr;
};

void tst_Duplicates::init()
{
    qRegisterMetaType<DuplicateReport>();
    m_fixture = std::make_unique<SchedulerFixture>();
    QVERIFY2(m_fixture->start(), qPrintable(m_fixture->errorString()));
    m_scheduler = m_fixture->scheduler();
}

void tst_Duplicates::cleanup()
{
    m_fixture.reset();
}

void tst_Duplicates::addedTwiceIsOneTask()
{
    // Held: nothing starts, so the first stays waiting.
    m_scheduler->holdEndpoint(m_scheduler->endpoint(), true);
    const QString a = file(QStringLiteral("a.bin"), 10 * KiB, nextSeed());
    const QString b = file(QStringLiteral("b.bin"), 10 * KiB, nextSeed());
    QSignalSpy found(m_scheduler, &UploadScheduler::duplicatesFound);
    // Listed twice in one go: one task.
    QCOMPARE(m_fixture->add({a, a, b}).size(), 2);
    QCOMPARE(found.size(), 1);
    QCOMPARE(reportOf(found).waiting, QStringList{a});
    // And again later: nothing new, and the report says so.
    QVERIFY(m_fixture->add({b, a}).isEmpty());
    QCOMPARE(m_scheduler->taskCount(), 2);
    QCOMPARE(found.size(), 2);
    QCOMPARE(reportOf(found).skipped(), 2);
    QVERIFY(reportOf(found).started.isEmpty());
    QCOMPARE(reportOf(found).replaced, 0);
    QCOMPARE(m_scheduler->totals().count(TaskState::Waiting), 2);
    QCOMPARE(m_scheduler->totals().bytesActiveLeft, 20 * KiB);

    // Adding again on purpose is adding.
    QSignalSpy added(m_scheduler, &UploadScheduler::tasksAdded);
    m_scheduler->addPaths({a}, Priority::Normal, UploadScheduler::Duplicates::AddAgain);
    QVERIFY(added.wait());
    QCOMPARE(m_scheduler->taskCount(), 3);
    QCOMPARE(found.size(), 2);
}

void tst_Duplicates::newerVersionReplacesWaiting()
{
    m_scheduler->holdEndpoint(m_scheduler->endpoint(), true);
    const QString path = file(QStringLiteral("report.bin"), 100 * KiB, nextSeed());
    const QList<TaskId> ids = m_fixture->add({path});
    QCOMPARE(ids.size(), 1);
    const UploadTask *task = m_fixture->task(ids.first());
    const qint64 firstAdded = task->createdMs();

    // The file is written again, larger and with other bytes, and added again.
    const quint32 seed = nextSeed();
    const qint64 newSize = 300 * KiB + 17;
    QTest::qWait(5); // a later modification time even where sizes happened to match
    QCOMPARE(file(QStringLiteral("report.bin"), newSize, seed), path);
    QSignalSpy found(m_scheduler, &UploadScheduler::duplicatesFound);
    QSignalSpy changed(m_scheduler, &UploadScheduler::tasksChanged);
    QVERIFY(m_fixture->add({path}).isEmpty());
    QCOMPARE(found.size(), 1);
    QCOMPARE(reportOf(found).replaced, 1);
    QCOMPARE(reportOf(found).skipped(), 0);
    QCOMPARE(m_scheduler->taskCount(), 1);
    QCOMPARE(task->size(), newSize);
    QCOMPARE(task->chunks().count(),
             int((newSize + SchedulerFixture::ChunkSize - 1) / SchedulerFixture::ChunkSize));
    QVERIFY(task->createdMs() >= firstAdded);
    QCOMPARE(m_scheduler->totals().bytesTotal, newSize);
    QCOMPARE(m_scheduler->totals().bytesActiveLeft, newSize);
    QVERIFY(changed.wait()); // the row hears of it

    // Released, it sends the newer version: the server holds exactly that.
    m_scheduler->holdEndpoint(m_scheduler->endpoint(), false);
    QVERIFY(waitFor([&] { return task->state() == TaskState::Success; }, UploadTimeoutMs));
    QCOMPARE(m_fixture->peer()->storedBytes(task->uploadUrl()), testContent(newSize, seed));
    QCOMPARE(m_fixture->peer()->uploadCount(), 1);
    QCOMPARE(m_scheduler->totals().bytesActiveLeft, qint64(0));
}

void tst_Duplicates::finishedIsNotReplacedSilently()
{
    const quint32 firstSeed = nextSeed();
    const QString path = file(QStringLiteral("photo.bin"), 50 * KiB, firstSeed);
    const QList<TaskId> ids = m_fixture->add({path});
    QCOMPARE(ids.size(), 1);
    const UploadTask *first = m_fixture->task(ids.first());
    QVERIFY(waitFor([&] { return first->state() == TaskState::Success; }, UploadTimeoutMs));
    const QUrl firstUrl = first->uploadUrl();

    // Added again unchanged: skipped, offered as "started".
    QSignalSpy found(m_scheduler, &UploadScheduler::duplicatesFound);
    QVERIFY(m_fixture->add({path}).isEmpty());
    QCOMPARE(reportOf(found).started, QStringList{path});
    QVERIFY(reportOf(found).changed.isEmpty());

    // Changed on disk and added again: still skipped, said to have changed; the finished upload
    // stands as it was.
    const quint32 newSeed = nextSeed();
    QCOMPARE(file(QStringLiteral("photo.bin"), 80 * KiB, newSeed), path);
    QVERIFY(m_fixture->add({path}).isEmpty());
    QCOMPARE(found.size(), 2);
    QCOMPARE(reportOf(found).started, QStringList{path});
    QCOMPARE(reportOf(found).changed, QStringList{path});
    QCOMPARE(m_scheduler->taskCount(), 1);
    QCOMPARE(first->state(), TaskState::Success);
    QCOMPARE(first->uploadUrl(), firstUrl);
    QCOMPARE(first->size(), 50 * KiB);
    QCOMPARE(m_fixture->peer()->storedBytes(firstUrl), testContent(50 * KiB, firstSeed));

    // Asked for: a new upload of the file as it is now, beside the first.
    QSignalSpy added(m_scheduler, &UploadScheduler::tasksAdded);
    m_scheduler->addPaths({path}, Priority::Normal, UploadScheduler::Duplicates::AddAgain);
    QVERIFY(added.wait());
    const QList<TaskId> again = added.first().first().value<QList<TaskId>>();
    QCOMPARE(again.size(), 1);
    const UploadTask *second = m_fixture->task(again.first());
    QVERIFY(waitFor([&] { return second->state() == TaskState::Success; }, UploadTimeoutMs));
    QVERIFY(second->uploadUrl() != firstUrl);
    QCOMPARE(m_fixture->peer()->storedBytes(second->uploadUrl()), testContent(80 * KiB, newSeed));
    QCOMPARE(m_fixture->peer()->storedBytes(firstUrl), testContent(50 * KiB, firstSeed));
}

void tst_Duplicates::otherServerIsNewUpload()
{
    m_scheduler->holdEndpoint(m_scheduler->endpoint(), true);
    const QString path = file(QStringLiteral("x.bin"), 1 * KiB, nextSeed());
    QCOMPARE(m_fixture->add({path}).size(), 1);
    const QUrl other(QStringLiteral("http://127.0.0.1:9/files/"));
    m_scheduler->holdEndpoint(other, true);
    m_scheduler->setEndpoint(other);
    QSignalSpy found(m_scheduler, &UploadScheduler::duplicatesFound);
    QCOMPARE(m_fixture->add({path}).size(), 1);
    QCOMPARE(found.size(), 0);
    QCOMPARE(m_scheduler->taskCount(), 2);
}

void tst_Duplicates::barSaysSoAndAddsAnyway()
{
    DuplicateBar bar(m_scheduler);
    QVERIFY(bar.isHidden());
    const QString done = file(QStringLiteral("done.bin"), 4 * KiB, nextSeed());
    QCOMPARE(m_fixture->add({done}).size(), 1);
    QVERIFY(m_fixture->waitIdle(UploadTimeoutMs));
    m_scheduler->holdEndpoint(m_scheduler->endpoint(), true);
    const QString waiting = file(QStringLiteral("waiting.bin"), 4 * KiB, nextSeed());
    const QString other = file(QStringLiteral("other.bin"), 4 * KiB, nextSeed());
    QCOMPARE(m_fixture->add({waiting, other}).size(), 2);
    QVERIFY(bar.isHidden());

    QSignalSpy found(m_scheduler, &UploadScheduler::duplicatesFound);
    QCOMPARE(file(QStringLiteral("other.bin"), 6 * KiB, nextSeed()), other); // newer version
    QVERIFY(m_fixture->add({done, waiting, other}).isEmpty());
    QCOMPARE(found.size(), 1);
    QVERIFY(!bar.isHidden());
    QCOMPARE(bar.text(), QStringLiteral("2 files are already in the queue and were not added "
                                        "again. 1 waiting upload now sends the newer version of "
                                        "its file."));
    // One of them finished: that one may be added again, as a new upload.
    QVERIFY(!bar.addAnywayButton()->isHidden());
    QSignalSpy added(m_scheduler, &UploadScheduler::tasksAdded);
    bar.addAnywayButton()->click();
    QVERIFY(bar.isHidden());
    QVERIFY(added.wait());
    QCOMPARE(added.first().first().value<QList<TaskId>>().size(), 1);
    QCOMPARE(m_fixture->task(added.first().first().value<QList<TaskId>>().first())->path(), done);
    QCOMPARE(m_scheduler->taskCount(), 4);

    // Only waiting ones: nothing to add anyway.
    QVERIFY(m_fixture->add({waiting}).isEmpty());
    QVERIFY(!bar.isHidden());
    QVERIFY(bar.addAnywayButton()->isHidden());
    QCOMPARE(bar.text(), QStringLiteral("1 file is already in the queue and was not added again."));
}

void tst_Duplicates::failedAddedAgainIsRetried()
{
    // Its row failed (the file was not there yet); dropped again once it is, the same row goes
    // again with the file as it is now: no second row, and the bar says what happened.
    DuplicateBar bar(m_scheduler);
    const QString path = m_fixture->files().filePath(QStringLiteral("late.bin"));
    const QList<TaskId> ids = m_fixture->add({path});
    QCOMPARE(ids.size(), 1);
    const UploadTask *task = m_fixture->task(ids.first());
    QVERIFY(waitFor([&] { return task->state() == TaskState::Error; }));
    QCOMPARE(task->errorKind(), TransferError::Kind::FileUnreadable);

    const quint32 seed = nextSeed();
    QCOMPARE(file(QStringLiteral("late.bin"), 70 * KiB, seed), path);
    QSignalSpy found(m_scheduler, &UploadScheduler::duplicatesFound);
    QVERIFY(m_fixture->add({path}).isEmpty());
    QCOMPARE(found.size(), 1);
    QCOMPARE(reportOf(found).retried, QStringList{path});
    QCOMPARE(reportOf(found).skipped(), 0);
    QCOMPARE(bar.text(), QStringLiteral("1 failed upload was retried."));
    QVERIFY(bar.addAnywayButton()->isHidden());
    QVERIFY(waitFor([&] { return task->state() == TaskState::Success; }, UploadTimeoutMs));
    QCOMPARE(m_scheduler->taskCount(), 1);
    QCOMPARE(task->size(), 70 * KiB);
    QCOMPARE(m_fixture->peer()->storedBytes(task->uploadUrl()), testContent(70 * KiB, seed));

    // Done now: given again, it is a duplicate as any finished upload is.
    QVERIFY(m_fixture->add({path}).isEmpty());
    QCOMPARE(reportOf(found).started, QStringList{path});
    QVERIFY(reportOf(found).retried.isEmpty());
}

QTEST_MAIN(tst_Duplicates)
#include "tst_duplicates.moc"
