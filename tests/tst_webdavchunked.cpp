// Nextcloud's chunked upload v2 (WebDavChunkedTransfer) against a scripted server that plays
// Nextcloud's part of the documented protocol (no Nextcloud can run here): upload folders under
// remote.php/dav/uploads/USER/, numbered chunks, MOVE of .file joining them in name order onto
// the Destination, PROPFIND listing what is there. For the faults a real server would not give on
// purpose: a chunk PUT cut off (the retry lists the chunks and sends only the missing ones), the
// upload folder dropped by the server, a failed MOVE retried without sending any chunk again.
#include "scriptedserver.h"
#include "testfiles.h"
#include "testjob.h"
#include "transferrecorder.h"

#include "webdavchunkedtransfer.h"
#include "webdavprotocol.h"
#include "webdavputtransfer.h"
#include "webdavtarget.h"

#include <QMap>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 Chunk = 64 * KiB;
constexpr qint64 Size = 10 * Chunk + 123; // 11 chunks, the last short
constexpr char Prefix[] = "/remote.php/dav/";

// Nextcloud's side: files and upload folders in memory.
class FakeNextcloud {
public:
    QMap<QByteArray, QByteArray> files;                     // path under files/USER/ -> content
    QMap<QByteArray, QMap<QByteArray, QByteArray>> uploads; // folder path -> chunk name -> bytes
    QList<QByteArray> chunkPuts; // "folder/name" of every chunk PUT answered
    // Cut the connection on every PUT of this chunk (1-based; 0: none): Qt itself sends a PUT
    // again once on a new connection, so a single cut would not fail the transfer.
    int resetChunk = 0;
    int failMoves = 0;                // answer this many MOVEs with 500
    bool dropFolderOnce = false;      // the next PROPFIND of an upload folder: 404, folder gone
    QList<QByteArray> missingHeaders; // requests that lacked Destination or OC-Total-Length

    ScriptedServer::Reply handle(const ScriptedServer::Request &r)
    {
        const QByteArray path = QByteArray::fromPercentEncoding(r.path);
        const bool inUploads = path.startsWith(QByteArray(Prefix) + "uploads/");
        if (inUploads && !r.hasHeader("Destination"))
            missingHeaders << r.method + ' ' + path;
        if (r.method == "MKCOL") {
            if (inUploads) {
                if (uploads.contains(path))
                    return 405;
                uploads.insert(path, {});
                return 201;
            }
            return 405; // the files folders: there already
        }
        if (r.method == "PUT" && inUploads) {
            if (!r.hasHeader("OC-Total-Length"))
                missingHeaders << r.method + ' ' + path;
            const QByteArray folder = path.left(path.lastIndexOf('/') + 1);
            const QByteArray name = path.mid(path.lastIndexOf('/') + 1);
            if (resetChunk > 0 && name.toInt() == resetChunk)
                return ScriptedServer::Reply::reset();
            if (!uploads.contains(folder))
                return 404;
            uploads[folder].insert(name, r.body);
            chunkPuts << path;
            return 201;
        }
        if (r.method == "PROPFIND") {
            if (inUploads) {
                if (dropFolderOnce) {
                    dropFolderOnce = false;
                    uploads.remove(path);
                    return 404;
                }
                if (!uploads.contains(path))
                    return 404;
                QByteArray body = "<?xml version=\"1.0\"?><d:multistatus xmlns:d=\"DAV:\">"
                                  + entry(path, -1, true);
                for (auto it = uploads[path].cbegin(); it != uploads[path].cend(); ++it)
                    body += entry(path + it.key(), it.value().size(), false);
                return {207, {}, body + "</d:multistatus>"};
            }
            const QByteArray file = path.mid(path.indexOf("/files/") + 7);
            const QByteArray name = file.mid(file.indexOf('/') + 1);
            if (!files.contains(name))
                return 404;
            return {207,
                    {},
                    "<?xml version=\"1.0\"?><d:multistatus xmlns:d=\"DAV:\">"
                        + entry(path, files[name].size(), false) + "</d:multistatus>"};
        }
        if (r.method == "MOVE" && path.endsWith("/.file")) {
            if (!r.hasHeader("OC-Total-Length"))
                missingHeaders << r.method + ' ' + path;
            if (failMoves > 0) {
                --failMoves;
                return 500;
            }
            const QByteArray folder = path.left(path.size() - 5);
            QByteArray joined;
            for (const QByteArray &chunk : std::as_const(uploads[folder]))
                joined += chunk; // QMap: in the order of their names
            if (QByteArray::number(joined.size()) != r.header("OC-Total-Length"))
                return 400;
            const QByteArray destination = QByteArray::fromPercentEncoding(
                QUrl(QString::fromUtf8(r.header("Destination"))).path(QUrl::FullyEncoded).toUtf8());
            const QByteArray file = destination.mid(destination.indexOf("/files/") + 7);
            files.insert(file.mid(file.indexOf('/') + 1), joined);
            uploads.remove(folder);
            return 201;
        }
        if (r.method == "DELETE" && inUploads)
            return uploads.remove(path) ? 204 : 404;
        return 405;
    }

private:
    static QByteArray entry(const QByteArray &href, qint64 size, bool collection)
    {
        QByteArray e =
            "<d:response><d:href>" + href.toPercentEncoding("/") + "</d:href><d:propstat><d:prop>";
        e += collection ? "<d:resourcetype><d:collection/></d:resourcetype>" : "<d:resourcetype/>";
        if (size >= 0)
            e += "<d:getcontentlength>" + QByteArray::number(size) + "</d:getcontentlength>";
        return e + "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>";
    }
};
} // namespace

class tst_WebDavChunked : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void uploadsInNumberedChunksAndJoins();
    void cutChunkResumesFromTheListedChunks();
    void droppedUploadFolderBeginsAgain();
    void failedMoveRetriedWithoutChunks();
    void smallFileAndOtherServersGoAsPlainPut();
    void terminateDeletesTheUploadFolder();

private:
    std::unique_ptr<Transfer> attempt(const QUrl &uploadUrl = {});
    QByteArray content() const { return testContent(Size, 5); }

    FakeNextcloud m_cloud;
    std::unique_ptr<ScriptedServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<WebDavProtocol> m_protocol;
    std::unique_ptr<QTemporaryDir> m_files;
    QString m_path;
    QUrl m_endpoint;
};

void tst_WebDavChunked::init()
{
    m_cloud = FakeNextcloud();
    m_server = std::make_unique<ScriptedServer>(
        [this](const ScriptedServer::Request &r) { return m_cloud.handle(r); });
    QVERIFY(m_server->listen());
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<WebDavProtocol>(m_network.get());
    m_protocol->setChunkSize(Chunk);
    m_files = std::make_unique<QTemporaryDir>();
    m_path = makeTestFile(m_files->path(), QStringLiteral("big file ü.bin"), Size, 5);
    m_endpoint = QUrl(QStringLiteral("dav://bob@127.0.0.1:%1/remote.php/dav/files/bob/My Docs")
                          .arg(m_server->port()));
    m_protocol->setPassword(m_endpoint, QStringLiteral("pw"));
}

void tst_WebDavChunked::cleanup()
{
    m_protocol.reset();
    m_network.reset();
    m_server.reset();
}

std::unique_ptr<Transfer> tst_WebDavChunked::attempt(const QUrl &uploadUrl)
{
    TransferJob job = testJob(m_path, m_endpoint);
    job.uploadUrl = uploadUrl;
    job.stallTimeoutMs = 10000;
    return m_protocol->createTransfer(job);
}

void tst_WebDavChunked::uploadsInNumberedChunksAndJoins()
{
    std::unique_ptr<Transfer> transfer = attempt();
    QVERIFY(qobject_cast<WebDavChunkedTransfer *>(transfer.get()));
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(30000));
    QVERIFY2(recorder.succeeded(), qPrintable(recorder.error.message()));
    QVERIFY(m_cloud.files.value("My Docs/big file ü.bin") == content());
    QCOMPARE(m_cloud.chunkPuts.size(), 11);
    QVERIFY(m_cloud.chunkPuts.first().endsWith("/00001"));
    QVERIFY(m_cloud.chunkPuts.last().endsWith("/00011"));
    QVERIFY2(m_cloud.missingHeaders.isEmpty(), m_cloud.missingHeaders.join('\n').constData());
    QVERIFY(m_cloud.uploads.isEmpty()); // joined and gone
    QVERIFY(
        recorder.created.path().startsWith(QLatin1String("/remote.php/dav/uploads/bob/hoist-")));
    QCOMPARE(recorder.offsets.last(), Size);
    // Basic auth on every request, from the password given.
    for (const ScriptedServer::Record &record : m_server->requests())
        QCOMPARE(record.header("Authorization"), "Basic " + QByteArray("bob:pw").toBase64());
}

void tst_WebDavChunked::cutChunkResumesFromTheListedChunks()
{
    m_cloud.resetChunk = 6;
    std::unique_ptr<Transfer> first = attempt();
    TransferRecorder one(first.get());
    first->start();
    QVERIFY(one.wait(30000));
    QVERIFY(!one.succeeded());
    QVERIFY(one.error.isTransient());
    QCOMPARE(m_cloud.chunkPuts.size(), 5);
    QCOMPARE(one.offsets.last(), 5 * Chunk);

    // The retry, as the scheduler makes it: with the upload folder reported.
    m_cloud.resetChunk = 0;
    std::unique_ptr<Transfer> second = attempt(one.created);
    TransferRecorder two(second.get());
    second->start();
    QVERIFY(two.wait(30000));
    QVERIFY2(two.succeeded(), qPrintable(two.error.message()));
    QCOMPARE(two.offsets.first(), 5 * Chunk); // listed: chunks 1-5 kept
    QCOMPARE(m_cloud.chunkPuts.size(), 11);   // each chunk stored once
    QCOMPARE(QSet<QByteArray>(m_cloud.chunkPuts.cbegin(), m_cloud.chunkPuts.cend()).size(), 11);
    QVERIFY(m_cloud.files.value("My Docs/big file ü.bin") == content());

    // Even without the URL (never stored: a crash), the folder is found again by its name.
    QCOMPARE(WebDavChunkedTransfer::uploadIdFor(QUrl(QStringLiteral("http://h/a")),
                                                testJob(m_path, m_endpoint)),
             WebDavChunkedTransfer::uploadIdFor(QUrl(QStringLiteral("http://h/a")),
                                                testJob(m_path, m_endpoint)));
}

void tst_WebDavChunked::droppedUploadFolderBeginsAgain()
{
    m_cloud.resetChunk = 3;
    std::unique_ptr<Transfer> first = attempt();
    TransferRecorder one(first.get());
    first->start();
    QVERIFY(one.wait(30000));
    QVERIFY(!one.succeeded());
    m_cloud.resetChunk = 0;
    m_cloud.dropFolderOnce = true;
    std::unique_ptr<Transfer> second = attempt(one.created);
    TransferRecorder two(second.get());
    second->start();
    QVERIFY(two.wait(30000));
    QVERIFY2(two.succeeded(), qPrintable(two.error.message()));
    QVERIFY(two.events.contains(QLatin1String("lost")));
    QVERIFY(m_cloud.files.value("My Docs/big file ü.bin") == content());
    QCOMPARE(m_cloud.chunkPuts.size(), 2 + 11);
}

void tst_WebDavChunked::failedMoveRetriedWithoutChunks()
{
    m_cloud.failMoves = 1;
    std::unique_ptr<Transfer> first = attempt();
    TransferRecorder one(first.get());
    first->start();
    QVERIFY(one.wait(30000));
    QVERIFY(!one.succeeded());
    QCOMPARE(one.error.kind, TransferError::Kind::ServerError);
    QCOMPARE(m_cloud.chunkPuts.size(), 11);
    std::unique_ptr<Transfer> second = attempt(one.created);
    TransferRecorder two(second.get());
    second->start();
    QVERIFY(two.wait(30000));
    QVERIFY2(two.succeeded(), qPrintable(two.error.message()));
    QCOMPARE(m_cloud.chunkPuts.size(), 11); // none sent again
    QCOMPARE(m_server->count("MOVE"), 2);
    QVERIFY(m_cloud.files.value("My Docs/big file ü.bin") == content());
}

void tst_WebDavChunked::smallFileAndOtherServersGoAsPlainPut()
{
    const QString small = makeTestFile(m_files->path(), QStringLiteral("s.bin"), Chunk, 1);
    std::unique_ptr<Transfer> transfer = m_protocol->createTransfer(testJob(small, m_endpoint));
    QVERIFY(qobject_cast<WebDavPutTransfer *>(transfer.get()));
    TransferJob elsewhere = testJob(m_path, QUrl(QStringLiteral("dav://h/files/")));
    QVERIFY(qobject_cast<WebDavPutTransfer *>(m_protocol->createTransfer(elsewhere).get()));
    m_protocol->setIfExists(IfExists::Rename); // needs the plain PUT's look first
    QVERIFY(qobject_cast<WebDavPutTransfer *>(attempt().get()));
}

void tst_WebDavChunked::terminateDeletesTheUploadFolder()
{
    m_cloud.resetChunk = 4;
    std::unique_ptr<Transfer> first = attempt();
    TransferRecorder one(first.get());
    first->start();
    QVERIFY(one.wait(30000));
    QCOMPARE(m_cloud.uploads.size(), 1);
    QSignalSpy terminated(m_protocol.get(), &TransferProtocol::terminated);
    m_protocol->terminate(one.created, {});
    QVERIFY(terminated.wait(10000));
    QCOMPARE(terminated.first().at(1).toBool(), true);
    QVERIFY(m_cloud.uploads.isEmpty());
    QCOMPARE(m_server->requests().last().header("Authorization"),
             "Basic " + QByteArray("bob:pw").toBase64());
}

QTEST_GUILESS_MAIN(tst_WebDavChunked)
#include "tst_webdavchunked.moc"
