// TusTransfer and TusProtocol against a real tus server: @tus/server or hoistd, as HOIST_TEST_PEER
// says (ctest runs both).
#include "tst_tustransferbase.h"

#include "testfiles.h"
#include "testpeer.h"
#include "transferrecorder.h"
#include "tusprotocol.h"
#include "tustransfer.h"
#include "waitfor.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using Kind = TransferError::Kind;

namespace {
constexpr qint64 Chunk = 64 * 1024;
constexpr int Timeout = 30000;

QList<QJsonObject> logOf(const QJsonArray &log, const QString &method)
{
    QList<QJsonObject> entries;
    for (const QJsonValue &value : log) {
        if (value.toObject().value(QLatin1String("method")).toString() == method)
            entries << value.toObject();
    }
    return entries;
}

qint64 number(const QJsonObject &entry, const char *key)
{
    return entry.value(QLatin1String(key)).toString().toLongLong();
}

// The events a fresh upload of `size` bytes in `chunk`-sized requests must produce, in order.
QStringList expectedCreation(qint64 size, qint64 chunk)
{
    if (size == 0)
        return {QStringLiteral("created"), QStringLiteral("offset:0"), QStringLiteral("completed")};
    QStringList events;
    for (qint64 begin = 0; begin < size; begin += chunk) {
        const qint64 end = qMin(size, begin + chunk);
        events << QStringLiteral("chunk:%1-%2").arg(begin).arg(end);
        if (begin == 0)
            events << QStringLiteral("created");
        events << QStringLiteral("offset:%1").arg(end);
    }
    events << QStringLiteral("completed");
    return events;
}
} // namespace

class TestTusTransfer final : public TusTransferTestBase {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    void uploadsSizes_data();
    void uploadsSizes();
    void uploadsLargeFile();
    void holdsAfterCreateUntilContinued();
    void heldFileOfOneChunkIsNotHeld();
    void metadataRoundTrips_data();
    void metadataRoundTrips();
    void resumesPartialUpload();
    void lostUploadIsCreatedAgain();
    void tooLargeForServer();
    void fileTruncatedBetweenChunks();
    void fileTruncatedDuringChunk();
    void missingFile();
    void terminationDeletesUpload();
    void terminationWithoutKnownCapabilities();

private:
    QUrl createPartial(const QByteArray &content, qint64 sent);

    std::unique_ptr<TestPeer> m_server = TestPeer::create();
};

// Creates an upload of content.size() bytes on the real server holding only the first `sent`.
QUrl TestTusTransfer::createPartial(const QByteArray &content, qint64 sent)
{
    QNetworkRequest request(m_server->endpoint());
    request.setRawHeader("Tus-Resumable", "1.0.0");
    request.setRawHeader("Upload-Length", QByteArray::number(content.size()));
    request.setHeader(QNetworkRequest::ContentTypeHeader, "application/offset+octet-stream");
    QNetworkReply *reply = m_nam.post(request, content.left(sent));
    QSignalSpy finished(reply, &QNetworkReply::finished);
    if (!finished.wait(Timeout))
        return {};
    reply->deleteLater();
    if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() != 201)
        return {};
    // The Location may be a path (hoistd's is): it is relative to the creation URL.
    return m_server->endpoint().resolved(QUrl::fromEncoded(reply->rawHeader("Location")));
}

void TestTusTransfer::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_server->start(), qPrintable(m_server->errorString()));
}

void TestTusTransfer::init()
{
    m_server->resetStats();
}

void TestTusTransfer::uploadsSizes_data()
{
    QTest::addColumn<qint64>("size");
    QTest::newRow("0") << qint64(0);
    QTest::newRow("1") << qint64(1);
    QTest::newRow("chunk-1") << Chunk - 1;
    QTest::newRow("chunk") << Chunk;
    QTest::newRow("chunk+1") << Chunk + 1;
    QTest::newRow("3 chunks+7") << 3 * Chunk + 7;
}

void TestTusTransfer::uploadsSizes()
{
    QFETCH(qint64, size);
    const QString path =
        makeTestFile(m_dir.path(), QStringLiteral("size-%1.bin").arg(size), size, 11);
    TusProtocol protocol(&m_nam);
    auto transfer = protocol.createTransfer(job(path, m_server->endpoint()));
    TransferRecorder rec(transfer.get());
    transfer->start();
    QVERIFY(rec.events.isEmpty()); // start() never emits synchronously
    QVERIFY(rec.wait(Timeout));
    QVERIFY2(rec.succeeded(), qPrintable(rec.error.message()));
    QCOMPARE(rec.events, expectedCreation(size, Chunk));
    QCOMPARE(rec.afterEnd, 0);
    QVERIFY(rec.created.isValid());
    QCOMPARE(m_server->storedBytes(rec.created), testContent(size, 11));

    const PeerStats stats = m_server->stats();
    const qint64 chunks = (size + Chunk - 1) / Chunk;
    QCOMPARE(stats.count(QStringLiteral("OPTIONS")), 1);
    QCOMPARE(stats.count(QStringLiteral("POST")), 1);
    QCOMPARE(stats.count(QStringLiteral("PATCH")), int(qMax<qint64>(0, chunks - 1)));
    QCOMPARE(stats.count(QStringLiteral("HEAD")), 0);
    QCOMPARE(stats.bodyBytes, size); // every byte exactly once
    const QList<QJsonObject> patches = logOf(stats.log, QStringLiteral("PATCH"));
    for (int i = 0; i < patches.size(); ++i)
        QCOMPARE(number(patches.at(i), "uploadOffset"), (i + 1) * Chunk);
}

void TestTusTransfer::uploadsLargeFile()
{
    constexpr qint64 Size = 64 * 1024 * 1024;
    constexpr qint64 Big = 8 * 1024 * 1024;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("large.bin"), Size, 5);
    TusProtocol protocol(&m_nam);
    auto transfer = protocol.createTransfer(job(path, m_server->endpoint(), Big));
    TransferRecorder rec(transfer.get());
    transfer->start();
    QVERIFY(rec.wait(120000));
    QVERIFY2(rec.succeeded(), qPrintable(rec.error.message()));
    QCOMPARE(rec.events, expectedCreation(Size, Big));
    QVERIFY(rec.maxProgress > 0 && rec.maxProgress <= Big);
    QVERIFY(fileMatches(m_server->storedPath(rec.created), Size, 5));
    const PeerStats stats = m_server->stats();
    QCOMPARE(stats.count(QStringLiteral("POST")), 1);
    QCOMPARE(stats.count(QStringLiteral("PATCH")), 7);
    QCOMPARE(stats.bodyBytes, Size);
    QFile::remove(path);
    QFile::remove(m_server->storedPath(rec.created));
}

void TestTusTransfer::holdsAfterCreateUntilContinued()
{
    // The caller needs the upload URL saved before more goes out: creation carries the first
    // chunk (the server offers creation-with-upload; a crash before the save can only leave that
    // chunk in an upload the server expires), and nothing more is sent until the caller says so.
    constexpr qint64 Size = 100 * 1024;
    constexpr qint64 Chunk = 64 * 1024;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("held.bin"), Size, 8);
    TusProtocol protocol(&m_nam);
    TransferJob held = job(path, m_server->endpoint(), Chunk);
    held.holdAfterCreate = true;
    auto transfer = protocol.createTransfer(held);
    TransferRecorder rec(transfer.get());
    transfer->start();
    QVERIFY(waitFor([&] { return !rec.created.isEmpty() || rec.done(); }, 20000));
    const QStringList untilCreated{QStringLiteral("chunk:0-65536"), QStringLiteral("created")};
    QCOMPARE(rec.events, untilCreated);
    // Give a wrongly eager transfer every chance to send something: it must not.
    QTest::qWait(200);
    QCOMPARE(rec.events, untilCreated);
    PeerStats stats = m_server->stats();
    QCOMPARE(stats.count(QStringLiteral("POST")), 1);
    QCOMPARE(stats.count(QStringLiteral("PATCH")), 0);
    QCOMPARE(stats.bodyBytes, Chunk);

    transfer->continueAfterCreated();
    QVERIFY(rec.wait(20000));
    QVERIFY2(rec.succeeded(), qPrintable(rec.error.message()));
    QVERIFY(fileMatches(m_server->storedPath(rec.created), Size, 8));
    stats = m_server->stats();
    QCOMPARE(stats.count(QStringLiteral("PATCH")), 1);
    QCOMPARE(stats.bodyBytes, Size);
}

void TestTusTransfer::heldFileOfOneChunkIsNotHeld()
{
    // The whole file went with its creation: nothing is left to hold back, so it completes at
    // once instead of waiting for the caller's save.
    constexpr qint64 Size = 40 * 1024;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("whole.bin"), Size, 9);
    TusProtocol protocol(&m_nam);
    TransferJob held = job(path, m_server->endpoint());
    held.holdAfterCreate = true;
    auto transfer = protocol.createTransfer(held);
    TransferRecorder rec(transfer.get());
    transfer->start();
    QVERIFY(rec.wait(20000));
    QVERIFY2(rec.succeeded(), qPrintable(rec.error.message()));
    QCOMPARE(rec.events.first(), QStringLiteral("chunk:0-40960"));
    QVERIFY(rec.events.contains(QStringLiteral("created")));
    QVERIFY(fileMatches(m_server->storedPath(rec.created), Size, 9));
    const PeerStats stats = m_server->stats();
    QCOMPARE(stats.count(QStringLiteral("POST")), 1);
    QCOMPARE(stats.count(QStringLiteral("PATCH")), 0);
}

void TestTusTransfer::metadataRoundTrips_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("type");
    QTest::newRow("spaces") << QStringLiteral("my holiday notes.txt")
                            << QStringLiteral("text/plain");
    QTest::newRow("quotes") << QStringLiteral("say \"cheese\" 'now'.png")
                            << QStringLiteral("image/png");
    QTest::newRow("commas") << QStringLiteral("a,b,,c.csv") << QStringLiteral("text/csv");
    QTest::newRow("non-ascii") << QStringLiteral("Ünïcødé 日本語 ✓.pdf")
                               << QStringLiteral("application/pdf");
    QTest::newRow("unknown extension")
        << QStringLiteral("data.hoist-unknown") << QStringLiteral("application/octet-stream");
    // No extension: no type sent (a lookup would cost ~61 us for nothing).
    QTest::newRow("no extension") << QStringLiteral("f0001") << QString();
}

void TestTusTransfer::metadataRoundTrips()
{
    QFETCH(QString, name);
    QFETCH(QString, type);
    const QString path = makeTestFile(m_dir.path(), name, 10, 2);
    QVERIFY(!path.isEmpty());
    TransferJob j = job(path, m_server->endpoint());
    j.metadata.insert(QStringLiteral("relativePath"),
                      QStringLiteral("Fotos/Ünïcødé, \"x\"/") + name);
    TusProtocol protocol(&m_nam);
    auto transfer = protocol.createTransfer(j);
    TransferRecorder rec(transfer.get());
    transfer->start();
    QVERIFY(rec.wait(Timeout));
    QVERIFY2(rec.succeeded(), qPrintable(rec.error.message()));

    const QMap<QString, QString> metadata = m_server->metadata(rec.created);
    QCOMPARE(metadata.value(QStringLiteral("filename")), name);
    QCOMPARE(metadata.value(QStringLiteral("filetype")), type);
    QCOMPARE(metadata.contains(QStringLiteral("filetype")), !type.isEmpty());
    QCOMPARE(metadata.value(QStringLiteral("relativePath")),
             j.metadata.value(QStringLiteral("relativePath")));
    QCOMPARE(metadata.size(), type.isEmpty() ? 2 : 3);
}

void TestTusTransfer::resumesPartialUpload()
{
    constexpr qint64 Size = 4 * Chunk + 7;
    constexpr qint64 Held = 100000; // inside the second chunk
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("resume.bin"), Size, 9);
    const QUrl url = createPartial(testContent(Size, 9), Held);
    QVERIFY(url.isValid());
    QCOMPARE(m_server->storedBytes(url).size(), Held);
    m_server->resetStats();

    TusProtocol protocol(&m_nam);
    TransferJob j = job(path, m_server->endpoint());
    j.uploadUrl = url;
    auto transfer = protocol.createTransfer(j);
    TransferRecorder rec(transfer.get());
    transfer->start();
    QVERIFY(rec.wait(Timeout));
    QVERIFY2(rec.succeeded(), qPrintable(rec.error.message()));
    QCOMPARE(rec.events,
             QStringList({"offset:100000", "chunk:100000-131072", "offset:131072",
                          "chunk:131072-196608", "offset:196608", "chunk:196608-262144",
                          "offset:262144", "chunk:262144-262151", "offset:262151", "completed"}));
    QCOMPARE(m_server->storedBytes(url), testContent(Size, 9));

    const PeerStats stats = m_server->stats();
    QCOMPARE(stats.count(QStringLiteral("HEAD")), 1);
    QCOMPARE(stats.count(QStringLiteral("POST")), 0);
    const QList<QJsonObject> patches = logOf(stats.log, QStringLiteral("PATCH"));
    QCOMPARE(patches.size(), 4);
    const qint64 offsets[] = {Held, 2 * Chunk, 3 * Chunk, 4 * Chunk};
    const qint64 lengths[] = {2 * Chunk - Held, Chunk, Chunk, 7};
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(number(patches.at(i), "uploadOffset"), offsets[i]);
        QCOMPARE(number(patches.at(i), "contentLength"), lengths[i]);
        QCOMPARE(qint64(patches.at(i).value(QLatin1String("socketBytes")).toDouble()), lengths[i]);
    }
    QCOMPARE(stats.bodyBytes, Size - Held);
}

void TestTusTransfer::lostUploadIsCreatedAgain()
{
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("lost.bin"), Chunk + 5, 4);
    QUrl gone = m_server->endpoint();
    gone.setPath(gone.path() + QStringLiteral("0123456789abcdef0123456789abcdef"));
    TusProtocol protocol(&m_nam);
    TransferJob j = job(path, m_server->endpoint());
    j.uploadUrl = gone;
    auto transfer = protocol.createTransfer(j);
    TransferRecorder rec(transfer.get());
    transfer->start();
    QVERIFY(rec.wait(Timeout));
    QVERIFY2(rec.succeeded(), qPrintable(rec.error.message()));
    QCOMPARE(rec.events, QStringList({"lost", "chunk:0-65536", "created", "offset:65536",
                                      "chunk:65536-65541", "offset:65541", "completed"}));
    QVERIFY(rec.created != gone);
    QCOMPARE(m_server->storedBytes(rec.created), testContent(Chunk + 5, 4));
    const PeerStats stats = m_server->stats();
    QCOMPARE(stats.count(QStringLiteral("HEAD")), 1);
    QCOMPARE(stats.count(QStringLiteral("POST")), 1);
}

void TestTusTransfer::tooLargeForServer()
{
    const auto limited = TestPeer::create();
    QVERIFY2(limited->start(0, 1000), qPrintable(limited->errorString()));
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("too-large.bin"), 1001, 1);
    TusProtocol protocol(&m_nam);
    auto transfer = protocol.createTransfer(job(path, limited->endpoint()));
    TransferRecorder rec(transfer.get());
    transfer->start();
    QVERIFY(rec.wait(Timeout));
    QCOMPARE(rec.events, QStringList{"failed"});
    QCOMPARE(rec.error.kind, Kind::TooLarge);
    QVERIFY(!rec.error.isTransient());
    QVERIFY2(rec.error.message().contains(QLatin1String("1000 bytes")),
             qPrintable(rec.error.message()));
    QVERIFY2(rec.error.message().contains(QLatin1String("1001 bytes")),
             qPrintable(rec.error.message()));
    const PeerStats stats = limited->stats();
    QCOMPARE(stats.count(QStringLiteral("OPTIONS")), 1);
    QCOMPARE(stats.count(QStringLiteral("POST")), 0);
    QCOMPARE(stats.count(QStringLiteral("PATCH")), 0);
    QCOMPARE(limited->uploadCount(), 0);
}

void TestTusTransfer::fileTruncatedBetweenChunks()
{
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("shrinks.bin"), 3 * Chunk, 6);
    TusProtocol protocol(&m_nam);
    auto transfer = protocol.createTransfer(job(path, m_server->endpoint()));
    TransferRecorder rec(transfer.get());
    connect(transfer.get(), &Transfer::offsetConfirmed, this, [&](qint64 offset) {
        if (offset == Chunk)
            QFile::resize(path, Chunk + 100);
    });
    transfer->start();
    QVERIFY(rec.wait(Timeout));
    QCOMPARE(rec.events, QStringList({"chunk:0-65536", "created", "offset:65536", "failed"}));
    QCOMPARE(rec.error.kind, Kind::FileChanged);
    QVERIFY2(rec.error.message().contains(QLatin1String("file changed while uploading")),
             qPrintable(rec.error.message()));
    QCOMPARE(m_server->stats().count(QStringLiteral("PATCH")), 0);
}

void TestTusTransfer::fileTruncatedDuringChunk()
{
    const QString path =
        makeTestFile(m_dir.path(), QStringLiteral("shrinks-mid.bin"), 3 * Chunk, 6);
    TusProtocol protocol(&m_nam);
    auto transfer = protocol.createTransfer(job(path, m_server->endpoint()));
    TransferRecorder rec(transfer.get());
    // After the stat before the chunk, before its body is read: the device finds it short.
    connect(transfer.get(), &Transfer::chunkStarted, this, [&](qint64 begin, qint64) {
        if (begin == Chunk)
            QFile::resize(path, Chunk + 100);
    });
    transfer->start();
    QVERIFY(rec.wait(Timeout));
    QCOMPARE(rec.events, QStringList({"chunk:0-65536", "created", "offset:65536",
                                      "chunk:65536-131072", "failed"}));
    QCOMPARE(rec.error.kind, Kind::FileChanged);
    QVERIFY(m_server->storedBytes(rec.created).size() < 2 * Chunk);
    QCOMPARE(rec.afterEnd, 0);
}

void TestTusTransfer::missingFile()
{
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("vanishes.bin"), 10, 1);
    TransferJob j = job(path, m_server->endpoint());
    QVERIFY(QFile::remove(path));
    TusProtocol protocol(&m_nam);
    auto transfer = protocol.createTransfer(j);
    TransferRecorder rec(transfer.get());
    transfer->start();
    QVERIFY(rec.wait(Timeout));
    QCOMPARE(rec.error.kind, Kind::FileUnreadable);
    QVERIFY(rec.error.message().contains(QLatin1String("vanishes.bin")));
    QCOMPARE(m_server->stats().log.size(), 0);
}

void TestTusTransfer::terminationDeletesUpload()
{
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("terminate.bin"), 3 * Chunk, 2);
    TusProtocol protocol(&m_nam);
    auto transfer = protocol.createTransfer(job(path, m_server->endpoint()));
    TransferRecorder rec(transfer.get());
    connect(transfer.get(), &Transfer::offsetConfirmed, transfer.get(), &Transfer::abort);
    transfer->start();
    QTRY_COMPARE_WITH_TIMEOUT(rec.offsets.size(), 1, Timeout);
    QVERIFY(m_server->holds(rec.created));
    QVERIFY(protocol.capabilities(m_server->endpoint()).has(QStringLiteral("termination")));

    QSignalSpy terminated(&protocol, &TransferProtocol::terminated);
    protocol.terminate(rec.created, {});
    QVERIFY(terminated.wait(Timeout));
    QCOMPARE(terminated.at(0).at(0).toUrl(), rec.created);
    QCOMPARE(terminated.at(0).at(1).toBool(), true);
    QVERIFY(!m_server->holds(rec.created));
    QCOMPARE(m_server->stats().count(QStringLiteral("DELETE")), 1);
}

void TestTusTransfer::terminationWithoutKnownCapabilities()
{
    const QUrl url = createPartial(testContent(1000, 1), 10);
    QVERIFY(m_server->holds(url));
    TusProtocol protocol(&m_nam); // knows nothing of this server: tries anyway
    QSignalSpy terminated(&protocol, &TransferProtocol::terminated);
    protocol.terminate(url, {});
    QVERIFY(terminated.wait(Timeout));
    QCOMPARE(terminated.at(0).at(1).toBool(), true);
    QVERIFY(!m_server->holds(url));
}

QTEST_GUILESS_MAIN(TestTusTransfer)
#include "tst_tustransfer.moc"
