// Instant upload end to end: Hoist's scheduler and tus client against a real hoistd with two
// users. The second upload of the same content by another user sends none of its bytes (counted
// where they would arrive, in hoistd's log), is marked instant in the task, the store and the
// table, and hoistd holds it byte-identical. Content of the same length but not the same bytes
// is uploaded normally. Against @tus/server, which does not offer it, nothing is hashed.
#include "hoistdprocess.h"
#include "testfiles.h"
#include "testpeer.h"
#include "waitfor.h"

#include "taskrecord.h"
#include "taskstore.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 Chunk = 256 * KiB;
constexpr qint64 FileSize = 3 * MiB + 5;
constexpr int UploadTimeoutMs = 60000;
const QByteArray AliceToken = "alice-e2e-instant-token-0123456";
const QByteArray BobToken = "bob-e2e-instant-token-abcdefghi";

QString idOf(const QUrl &upload)
{
    return upload.path().section(QLatin1Char('/'), -1);
}
} // namespace

class TestInstantUpload : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void secondUserUploadsInstantly();
    void smallFileIsInstantInOneStream();
    void smallFileGoesUpInItsCreation();
    void sameLengthOtherContentIsNotInstant();
    void serverWithoutInstantUploadGetsNoHashing();

private:
    bool startHoistd();
    std::unique_ptr<UploadScheduler> schedulerFor(const QUrl &endpoint, const QByteArray &token);
    // Adds `path` and waits until the scheduler is idle again; the task, or nullptr.
    const UploadTask *upload(UploadScheduler &scheduler, const QString &path);
    // Body bytes hoistd received, from its --verbose lines "PATCH|POST <id> +N bytes": for
    // one upload, or (empty URL) for all of them, the parts of files sent in parallel included.
    qint64 bodyBytesFor(const QUrl &upload) const;
    int requestsLogged(const QString &method) const;

    std::unique_ptr<HoistdProcess> m_hoistd;
    std::unique_ptr<TestPeer> m_tusNode;
    std::unique_ptr<QTemporaryDir> m_files;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
};

void TestInstantUpload::init()
{
    m_files = std::make_unique<QTemporaryDir>();
    m_network = std::make_unique<QNetworkAccessManager>();
    // One protocol for both users, as in the app: it asks each endpoint once.
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
}

void TestInstantUpload::cleanup()
{
    if (QTest::currentTestFailed() && m_hoistd)
        qWarning("hoistd said:\n%s", qPrintable(m_hoistd->serverLog()));
    m_protocol.reset();
    m_network.reset();
    m_hoistd.reset();
    m_tusNode.reset();
    m_files.reset();
}

bool TestInstantUpload::startHoistd()
{
    m_hoistd = std::make_unique<HoistdProcess>();
    const QString config = m_hoistd->rootDir() + QStringLiteral("/users.json");
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.write("{\"users\": [{\"name\": \"alice\", \"token\": \"" + AliceToken
               + "\", \"quota\": 100000000}, {\"name\": \"bob\", \"token\": \"" + BobToken
               + "\", \"quota\": 100000000}]}\n");
    file.close();
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    if (!m_hoistd->start({QStringLiteral("--config"), config, QStringLiteral("--verbose")})) {
        qWarning("%s", qPrintable(m_hoistd->errorString()));
        return false;
    }
    return true;
}

std::unique_ptr<UploadScheduler> TestInstantUpload::schedulerFor(const QUrl &endpoint,
                                                                 const QByteArray &token)
{
    auto scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    scheduler->setEndpoint(endpoint);
    scheduler->setChunkSize(Chunk);
    // Three parallel parts at once, which the test counts (Auto sends one stream to a server
    // this near).
    scheduler->setConcurrency(3);
    if (!token.isEmpty())
        scheduler->setHeaders({{"Authorization", "Bearer " + token}});
    return scheduler;
}

const UploadTask *TestInstantUpload::upload(UploadScheduler &scheduler, const QString &path)
{
    QSignalSpy added(&scheduler, &UploadScheduler::tasksAdded);
    scheduler.addPaths({path}, Priority::Normal);
    if (!added.wait(10000))
        return nullptr;
    const QList<TaskId> ids = added.first().first().value<QList<TaskId>>();
    if (ids.size() != 1 || !waitFor([&] { return scheduler.isIdle(); }, UploadTimeoutMs))
        return nullptr;
    return scheduler.task(ids.first());
}

qint64 TestInstantUpload::bodyBytesFor(const QUrl &upload) const
{
    static const QRegularExpression line(
        QStringLiteral("(PATCH|POST) ([0-9a-f]{32}) \\+(\\d+) bytes"));
    qint64 total = 0;
    for (auto it = line.globalMatch(m_hoistd->serverLog()); it.hasNext();) {
        const auto m = it.next();
        if (upload.isEmpty() || m.captured(2) == idOf(upload))
            total += m.captured(3).toLongLong();
    }
    return total;
}

int TestInstantUpload::requestsLogged(const QString &method) const
{
    return int(m_hoistd->serverLog().count(QStringLiteral("request end %1 ").arg(method)));
}

void TestInstantUpload::secondUserUploadsInstantly()
{
    QVERIFY(startHoistd());
    const QString alicesFile = makeTestFile(m_files->path(), QStringLiteral("a.bin"), FileSize, 21);
    QVERIFY(QDir().mkpath(m_files->filePath(QStringLiteral("bob"))));
    const QString bobsFile = makeTestFile(m_files->filePath(QStringLiteral("bob")),
                                          QStringLiteral("copy.bin"), FileSize, 21);

    auto alice = schedulerFor(m_hoistd->endpoint(), AliceToken);
    QCOMPARE(alice->hashPolicy(), UploadScheduler::HashPolicy::WhenServerOffersInstant);
    const UploadTask *first = upload(*alice, alicesFile);
    QVERIFY(first);
    QCOMPARE(first->state(), TaskState::Success);
    QVERIFY(!first->instant());
    // 13 chunks and a server that joins parts: sent as parts in parallel, after an instant
    // attempt that found nothing to prove.
    QCOMPARE(first->parts().size(), 3);
    QVERIFY(waitFor([&] { return bodyBytesFor({}) == FileSize; }, 5000));
    QCOMPARE(first->contentHash().size(), 32); // hoistd offers instant upload: hashed first
    QVERIFY(fileMatches(m_hoistd->storedPath(first->uploadUrl()), FileSize, 21));

    // Bob's scheduler keeps a store, so its transfer waits for the URL to be saved before the
    // proof goes out, as in the app; the instant mark must reach the store too.
    QTemporaryDir state;
    auto store = std::make_unique<TaskStore>(state.path());
    QVERIFY(store->open().ok);
    auto bob = schedulerFor(m_hoistd->endpoint(), BobToken);
    bob->setStore(store.get());
    UploadTableModel model(bob.get());
    const UploadTask *second = upload(*bob, bobsFile);
    QVERIFY(second);
    QCOMPARE(second->state(), TaskState::Success);
    QVERIFY(second->instant());
    QCOMPARE(second->confirmedBytes(), FileSize);
    QVERIFY(second->uploadUrl() != first->uploadUrl());
    QCOMPARE(second->chunks().countIn(ChunkState::Done), second->chunks().count());
    // hoistd named the SHA-256 of the content it completed the upload with: the file's.
    QCOMPARE(model.index(0, UploadTableModel::State).data().toString(),
             QStringLiteral("Done (instant) · verified"));
    QCOMPARE(model.index(0, UploadTableModel::Chunks).data().toString(),
             QStringLiteral("%1/%1").arg(second->chunks().count()));

    // Where the bytes would arrive: none did for Bob's upload, all of them for Alice's.
    const QString instantLine = QStringLiteral("instant %1 %2 bytes \"copy.bin\" owner bob")
                                    .arg(idOf(second->uploadUrl()))
                                    .arg(FileSize);
    QVERIFY(waitFor([&] { return m_hoistd->serverLog().contains(instantLine); }, 5000));
    QCOMPARE(bodyBytesFor(second->uploadUrl()), 0);
    QCOMPARE(bodyBytesFor({}), FileSize); // all of them Alice's
    QVERIFY(second->parts().isEmpty());
    QVERIFY(fileMatches(m_hoistd->storedPath(second->uploadUrl()), FileSize, 21));
    // One OPTIONS for the endpoint, shared by both users' uploads.
    QCOMPARE(requestsLogged(QStringLiteral("OPTIONS")), 1);

    // The mark survives a restart of the queue: the scheduler writes what is pending when it
    // goes, and the store (on this thread here) takes the queued write before it closes.
    const TaskId id = second->id();
    bob.reset();
    QCoreApplication::sendPostedEvents(store.get(), QEvent::MetaCall);
    store.reset();
    TaskStore reopened(state.path());
    const TaskStore::OpenResult opened = reopened.open();
    QVERIFY(opened.ok);
    QCOMPARE(opened.tasks.size(), 1);
    QCOMPARE(opened.tasks.first().id, id);
    QCOMPARE(opened.tasks.first().state, TaskState::Success);
    QVERIFY(opened.tasks.first().instant);
}

void TestInstantUpload::smallFileIsInstantInOneStream()
{
    // Fewer chunks than parallel parts need: one stream, whose own creation gets the challenge.
    // Below the default instant minimum (a round trip costs more than sending such a file on most
    // links), so that is lowered for the test.
    QVERIFY(startHoistd());
    constexpr qint64 Small = Chunk + 3;
    static_assert(Small < UploadScheduler::DefaultInstantMinimumSize);
    const QString a = makeTestFile(m_files->path(), QStringLiteral("small.bin"), Small, 51);
    QVERIFY(QDir().mkpath(m_files->filePath(QStringLiteral("bob"))));
    const QString b = makeTestFile(m_files->filePath(QStringLiteral("bob")),
                                   QStringLiteral("small.bin"), Small, 51);
    auto alice = schedulerFor(m_hoistd->endpoint(), AliceToken);
    alice->setInstantMinimumSize(0);
    const UploadTask *first = upload(*alice, a);
    QVERIFY(first && first->state() == TaskState::Success);
    QVERIFY(first->parts().isEmpty());
    auto bob = schedulerFor(m_hoistd->endpoint(), BobToken);
    bob->setInstantMinimumSize(0);
    const UploadTask *second = upload(*bob, b);
    QVERIFY(second);
    QCOMPARE(second->state(), TaskState::Success);
    QVERIFY(second->parts().isEmpty());
    QVERIFY(second->instant());
    QCOMPARE(bodyBytesFor(second->uploadUrl()), 0);
    QVERIFY(waitFor([&] { return bodyBytesFor({}) == Small; }, 5000)); // Alice's only
    QVERIFY(fileMatches(m_hoistd->storedPath(second->uploadUrl()), Small, 51));
}

void TestInstantUpload::smallFileGoesUpInItsCreation()
{
    // Below the instant minimum, hashing and asking for a proof would cost a round trip more than
    // sending the file: no hash, no challenge, the whole file in the creation request. A copy
    // is simply sent again.
    QVERIFY(startHoistd());
    constexpr qint64 Small = 100 * KiB;
    const QString a = makeTestFile(m_files->path(), QStringLiteral("tiny.bin"), Small, 61);
    QVERIFY(QDir().mkpath(m_files->filePath(QStringLiteral("bob"))));
    const QString b = makeTestFile(m_files->filePath(QStringLiteral("bob")),
                                   QStringLiteral("tiny.bin"), Small, 61);
    auto alice = schedulerFor(m_hoistd->endpoint(), AliceToken);
    QCOMPARE(alice->instantMinimumSize(), UploadScheduler::DefaultInstantMinimumSize);
    const UploadTask *first = upload(*alice, a);
    QVERIFY(first && first->state() == TaskState::Success);
    QVERIFY(first->contentHash().isEmpty());
    auto bob = schedulerFor(m_hoistd->endpoint(), BobToken);
    const UploadTask *second = upload(*bob, b);
    QVERIFY(second && second->state() == TaskState::Success);
    QVERIFY(!second->instant());
    QVERIFY(waitFor([&] { return requestsLogged(QStringLiteral("POST")) == 2; }, 5000));
    QCOMPARE(requestsLogged(QStringLiteral("PATCH")), 0);
    QCOMPARE(bodyBytesFor(first->uploadUrl()), Small);
    QCOMPARE(bodyBytesFor(second->uploadUrl()), Small);
    QVERIFY(!m_hoistd->serverLog().contains(QLatin1String("proof asked")));
    QVERIFY(fileMatches(m_hoistd->storedPath(second->uploadUrl()), Small, 61));
}

void TestInstantUpload::sameLengthOtherContentIsNotInstant()
{
    QVERIFY(startHoistd());
    const QString a = makeTestFile(m_files->path(), QStringLiteral("a.bin"), FileSize, 31);
    const QString b = makeTestFile(m_files->path(), QStringLiteral("b.bin"), FileSize, 32);
    auto alice = schedulerFor(m_hoistd->endpoint(), AliceToken);
    const UploadTask *first = upload(*alice, a);
    QVERIFY(first && first->state() == TaskState::Success);
    auto bob = schedulerFor(m_hoistd->endpoint(), BobToken);
    const UploadTask *second = upload(*bob, b);
    QVERIFY(second);
    QCOMPARE(second->state(), TaskState::Success);
    QVERIFY(!second->instant());
    QCOMPARE(second->contentHash().size(), 32);
    QVERIFY(second->contentHash() != first->contentHash());
    QVERIFY(waitFor([&] { return bodyBytesFor({}) == 2 * FileSize; }, 5000));
    QVERIFY(fileMatches(m_hoistd->storedPath(second->uploadUrl()), FileSize, 32));
    QVERIFY(!m_hoistd->serverLog().contains(QStringLiteral("instant ")));
}

void TestInstantUpload::serverWithoutInstantUploadGetsNoHashing()
{
    m_tusNode = TestPeer::create(TestPeer::Kind::TusNode);
    QVERIFY2(m_tusNode->start(), qPrintable(m_tusNode->errorString()));
    const QString path = makeTestFile(m_files->path(), QStringLiteral("n.bin"), FileSize, 41);
    auto scheduler = schedulerFor(m_tusNode->endpoint(), {});
    bool hashed = false;
    connect(scheduler.get(), &UploadScheduler::tasksChanged, this, [&](const QList<TaskId> &ids) {
        for (TaskId id : ids) {
            const UploadTask *t = scheduler->task(id);
            hashed = hashed || (t && t->phase() == TaskPhase::Hashing);
        }
    });
    const UploadTask *task = upload(*scheduler, path);
    QVERIFY(task);
    QCOMPARE(task->state(), TaskState::Success);
    QVERIFY(!task->instant());
    QVERIFY(task->contentHash().isEmpty());
    QVERIFY(!hashed);
    QVERIFY(!m_protocol->offersInstantUpload(m_tusNode->endpoint()).value_or(true));
    QCOMPARE(m_tusNode->storedBytes(task->uploadUrl()), testContent(FileSize, 41));
    QCOMPARE(m_tusNode->stats().count(QStringLiteral("OPTIONS")), 1); // the probe, shared
}

QTEST_MAIN(TestInstantUpload)
#include "tst_instantupload.moc"
