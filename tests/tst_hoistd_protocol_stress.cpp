// hoistd under pressure: slow clients, huge headers and bodies, kill -9 and SIGTERM mid-upload.
#include "tst_hoistd_protocol.h"

#include "sanitizer.h"
#include "testfiles.h"
#include "tuswire.h"
#include "waitfor.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTcpSocket>
#include <QTest>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr int IoTimeoutMs = 30000;

// Opens a connection and sends a request's headers announcing `contentLength` body bytes.
std::unique_ptr<QTcpSocket> startBody(quint16 port, const QByteArray &method,
                                      const QByteArray &path, qint64 contentLength,
                                      const RawHeaders &extra)
{
    auto socket = std::make_unique<QTcpSocket>();
    socket->connectToHost(QStringLiteral("127.0.0.1"), port);
    if (!socket->waitForConnected(IoTimeoutMs))
        return nullptr;
    QByteArray head = method + ' ' + path
                      + " HTTP/1.1\r\nHost: 127.0.0.1\r\nTus-Resumable: 1.0.0\r\n"
                        "Content-Type: application/offset+octet-stream\r\nContent-Length: "
                      + QByteArray::number(contentLength) + "\r\n";
    for (const auto &[name, value] : extra)
        head += name + ": " + value + "\r\n";
    socket->write(head + "\r\n");
    return socket->waitForBytesWritten(IoTimeoutMs) ? std::move(socket) : nullptr;
}

std::unique_ptr<QTcpSocket> startPatch(quint16 port, const QByteArray &path, qint64 offset,
                                       qint64 contentLength, const RawHeaders &extra = {})
{
    return startBody(port, "PATCH", path, contentLength,
                     RawHeaders{{"Upload-Offset", QByteArray::number(offset)}} + extra);
}

bool sendAll(QTcpSocket &socket, const QByteArray &bytes)
{
    socket.write(bytes);
    while (socket.bytesToWrite() > 0) {
        if (!socket.waitForBytesWritten(IoTimeoutMs))
            return false;
    }
    return true;
}

RawResponse readResponse(QTcpSocket &socket)
{
    QByteArray raw;
    // The server answers and (with Connection: close unset) keeps the connection: stop at a
    // complete head plus its Content-Length.
    while (socket.waitForReadyRead(IoTimeoutMs) || socket.bytesAvailable()) {
        raw += socket.readAll();
        const RawResponse r = parseRawResponse(raw);
        if (r.status && r.body.size() >= r.header("Content-Length").toLongLong())
            return r;
    }
    return parseRawResponse(raw);
}

qint64 fileSize(const QString &path)
{
    return QFileInfo(path).size();
}
} // namespace

void TestHoistdProtocol::slowClientsDoNotBlockOthers()
{
    QVERIFY(startServer());
    // More slow clients than hoistd has worker threads.
    constexpr int SlowClients = 12;
    QList<QByteArray> slowUploads;
    std::vector<std::unique_ptr<QTcpSocket>> slow;
    for (int i = 0; i < SlowClients; ++i) {
        slowUploads << create(1000);
        slow.push_back(startPatch(port(), slowUploads.last(), 0, 1000));
        QVERIFY(slow.back());
        QVERIFY(sendAll(*slow.back(), QByteArray(10, char('a' + i))));
    }
    const QByteArray content = testContent(512 * KiB, 3);
    QElapsedTimer timer;
    timer.start();
    const QByteArray upload = create(content.size());
    QCOMPARE(patch(upload, 0, content).status, 204);
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))), content);

    // The slow ones give up; what they sent is kept, as tus asks.
    for (auto &socket : slow)
        socket->abort();
    for (int i = 0; i < SlowClients; ++i) {
        QVERIFY(waitFor([&] { return offsetOf(slowUploads[i]) == 10; }, 10000));
        QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(slowUploads[i]))),
                 QByteArray(10, char('a' + i)));
    }
}

void TestHoistdProtocol::oversizedHeadersRejected()
{
    QVERIFY(startServer());
    const RawHeaders big =
        tusHeader() + RawHeaders{{"Upload-Length", "5"}, {"X-Pad", QByteArray(40 * KiB, 'p')}};
    QCOMPARE(rawRequest(port(), "POST", "/files/", big).status, 431);
    RawHeaders many = tusHeader() + RawHeaders{{"Upload-Length", "5"}};
    for (int i = 0; i < 2000; ++i)
        many.append({"X-Many-" + QByteArray::number(i), "0123456789"});
    QCOMPARE(rawRequest(port(), "POST", "/files/", many).status, 431);
    // Beyond the connection's buffer libmicrohttpd refuses it itself, or drops the connection.
    const RawHeaders huge =
        tusHeader() + RawHeaders{{"Upload-Length", "5"}, {"X-Pad", QByteArray(2 * MiB, 'p')}};
    const int hugeStatus = rawRequest(port(), "POST", "/files/", huge).status;
    QVERIFY2(hugeStatus == 431 || hugeStatus == 413 || hugeStatus == 0,
             QByteArray::number(hugeStatus).constData());
    QVERIFY(m_server->storedFiles().isEmpty());
    QCOMPARE(rawRequest(port(), "OPTIONS", "/files/", {}).status, 204);
    QVERIFY(m_server->isRunning());
}

void TestHoistdProtocol::terminationDuringPatch()
{
    SKIP_ON_CLUSTER_STORE("a request's first bytes stay in its spool file's buffer, unseen");
    // A client that cuts its PATCH and sends DELETE at once: the DELETE may arrive before the
    // server has noticed the PATCH is over. It still succeeds, and the upload goes.
    QVERIFY(startServer());
    const QByteArray upload = create(1000);
    auto socket = startPatch(port(), upload, 0, 1000);
    QVERIFY(socket);
    QVERIFY(sendAll(*socket, QByteArray(100, 'x')));
    QVERIFY(waitFor(
        [&] { return m_server->storedBytes(QUrl(QString::fromLatin1(upload))).size() == 100; },
        IoTimeoutMs));
    QCOMPARE(rawRequest(port(), "DELETE", upload, tusHeader()).status, 204);
    QCOMPARE(head(upload).status, 410);
    QCOMPARE(patch(upload, 0, "y").status, 410);
    QCOMPARE(m_server->storedFiles().size(), 1); // the PATCH still holds it
    socket->abort();
    QVERIFY(waitFor([&] { return m_server->storedFiles().isEmpty(); }, 10000));
    QCOMPARE(head(upload).status, 410);
}

void TestHoistdProtocol::killedMidUploadResumesFromStoredBytes()
{
    SKIP_ON_CLUSTER_STORE("its bytes are in a spool and parts, not in one file to watch grow");
    QVERIFY(startServer({QStringLiteral("--max-size"), QString::number(128 * MiB)}));
    const QByteArray content = testContent(48 * MiB, 7);
    const QByteArray upload = create(content.size());
    const QString stored = m_server->storedPath(QUrl(QString::fromLatin1(upload)));
    auto socket = startPatch(port(), upload, 0, content.size());
    QVERIFY(socket);
    const qint64 sent = 40 * MiB;
    QVERIFY(sendAll(*socket, content.left(sent)));
    QVERIFY(waitFor([&] { return fileSize(stored) >= sent; }, IoTimeoutMs));
    m_server->kill();
    socket.reset();

    QVERIFY2(m_server->restart(), qPrintable(m_server->errorString()));
    const qint64 offset = offsetOf(upload);
    qInfo("killed at %lld bytes received; resumes from %lld", sent, offset);
    QCOMPARE(fileSize(stored), offset);
    QVERIFY2(offset >= 16 * MiB, "progress of a long PATCH is committed as it goes");
    QVERIFY(offset <= sent);
    QVERIFY(m_server->storedBytes(QUrl(QString::fromLatin1(upload))) == content.left(offset));
    QCOMPARE(patch(upload, offset, content.mid(offset)).status, 204);
    QVERIFY(m_server->storedBytes(QUrl(QString::fromLatin1(upload))) == content);
}

void TestHoistdProtocol::killedMidChecksumPatchKeepsNothingOfIt()
{
    SKIP_ON_CLUSTER_STORE("its bytes are in a spool and parts, not in one file to watch grow");
    QVERIFY(startServer({QStringLiteral("--max-size"), QString::number(128 * MiB)}));
    const QByteArray content = testContent(40 * MiB, 9);
    const QByteArray upload = create(content.size());
    const QString stored = m_server->storedPath(QUrl(QString::fromLatin1(upload)));
    QCOMPARE(patch(upload, 0, content.left(MiB)).status, 204);
    const QByteArray rest = content.mid(MiB);
    const QByteArray sum =
        "sha256 " + QCryptographicHash::hash(rest, QCryptographicHash::Sha256).toBase64();
    auto socket = startPatch(port(), upload, MiB, rest.size(), {{"Upload-Checksum", sum}});
    QVERIFY(socket);
    // Past two commit intervals of an unchecked PATCH: a checksummed one commits none of them.
    const qint64 sent = 36 * MiB;
    QVERIFY(sendAll(*socket, rest.left(sent)));
    QVERIFY(waitFor([&] { return fileSize(stored) >= MiB + sent; }, IoTimeoutMs));
    m_server->kill();
    socket.reset();

    QVERIFY2(m_server->restart(), qPrintable(m_server->errorString()));
    QCOMPARE(offsetOf(upload), MiB);
    QCOMPARE(fileSize(stored), MiB);
    QVERIFY(waitFor(
        [&] {
            return m_server->serverLog().contains(QLatin1String("unacknowledged bytes dropped"));
        },
        5000));
    QCOMPARE(patch(upload, MiB, rest, {{"Upload-Checksum", sum}}).status, 204);
    QVERIFY(m_server->storedBytes(QUrl(QString::fromLatin1(upload))) == content);
}

void TestHoistdProtocol::creationCutShortLeavesNoUpload()
{
    // creation-with-upload whose body breaks off: the client never got the Location, so nobody
    // can ever resume that upload. Whatever of it arrived must not stay behind on the disk (or
    // in a quota) until it expires.
    QVERIFY(startServer({QStringLiteral("--verbose")}));
    const QByteArray content = testContent(4 * MiB, 12);
    auto socket = startBody(port(), "POST", "/files/", content.size(),
                            {{"Upload-Length", QByteArray::number(content.size())}});
    QVERIFY(socket);
    QVERIFY(sendAll(*socket, content.left(MiB + 123)));
    QVERIFY(waitFor([&] { return m_server->serverLog().contains(QLatin1String("POST created")); },
                    IoTimeoutMs));
    socket->abort();
    QVERIFY(waitFor([&] { return m_server->serverLog().contains(QLatin1String("cut short")); },
                    IoTimeoutMs));
    QVERIFY(waitFor([&] { return m_server->storedFiles().isEmpty(); }, IoTimeoutMs));
    QCOMPARE(m_server->storedFiles(), QStringList());
}

void TestHoistdProtocol::sigtermStopsCleanlyKeepingWhatArrived()
{
    SKIP_ON_CLUSTER_STORE("its bytes are in a spool and parts, not in one file to watch grow");
    QVERIFY(startServer({QStringLiteral("--max-size"), QString::number(128 * MiB)}));
    const QByteArray content = testContent(8 * MiB, 11);
    const QByteArray upload = create(content.size());
    const QString stored = m_server->storedPath(QUrl(QString::fromLatin1(upload)));
    auto socket = startPatch(port(), upload, 0, content.size());
    QVERIFY(socket);
    QVERIFY(sendAll(*socket, content.left(3 * MiB)));
    QVERIFY(waitFor([&] { return fileSize(stored) >= 3 * MiB; }, IoTimeoutMs));

    int exitCode = -1;
    QVERIFY(m_server->terminate(15000, &exitCode));
    QCOMPARE(exitCode, 0);
    const QString log = m_server->serverLog();
    QVERIFY2(log.contains(QLatin1String("1 request(s) cut short")), qPrintable(log));
    socket.reset();

    QVERIFY2(m_server->restart(), qPrintable(m_server->errorString()));
    QVERIFY(waitFor(
        [&] { return m_server->serverLog().contains(QLatin1String("serving 1 upload")); }, 5000));
    QVERIFY2(!m_server->serverLog().contains(QLatin1String("repaired")),
             "a clean stop leaves nothing to repair");
    QCOMPARE(offsetOf(upload), 3 * MiB);
    QCOMPARE(patch(upload, 3 * MiB, content.mid(3 * MiB)).status, 204);
    QVERIFY(m_server->storedBytes(QUrl(QString::fromLatin1(upload))) == content);
}

void TestHoistdProtocol::largePatchKeepsMemoryFlat()
{
    constexpr qint64 Size = 256 * MiB;
    const qint64 MaxResidentKiB = 48 * 1024 * sanitizerMemoryFactor;
    QVERIFY(startServer({QStringLiteral("--max-size"), QString::number(Size)}));
    const QByteArray upload = create(Size);
    auto socket = startPatch(port(), upload, 0, Size);
    QVERIFY(socket);
    QByteArray block = testContent(MiB, 13);
    QElapsedTimer timer;
    timer.start();
    for (qint64 i = 0; i < Size / MiB; ++i) {
        std::memcpy(block.data(), &i, sizeof i); // every block differs
        QVERIFY(sendAll(*socket, block));
    }
    const RawResponse r = readResponse(*socket);
    const qint64 elapsed = timer.elapsed();
    QCOMPARE(r.status, 204);
    QCOMPARE(r.header("Upload-Offset"), QByteArray::number(Size));
    const qint64 peak = m_server->peakResidentKiB();
    qInfo("256 MiB PATCH in %lld ms (%.0f MB/s); hoistd peak resident %lld KiB", elapsed,
          Size / 1e6 / (elapsed / 1e3), peak);
    QVERIFY2(peak > 0 && peak < MaxResidentKiB, qPrintable(QString::number(peak)));
    // Read back as stored (the file, or the cluster store's object).
    const QByteArray stored = m_server->storedBytes(QUrl(QString::fromLatin1(upload)));
    QCOMPARE(stored.size(), Size);
    for (qint64 i : {qint64(0), Size / MiB / 2, Size / MiB - 1}) {
        std::memcpy(block.data(), &i, sizeof i);
        QVERIFY(stored.mid(i * MiB, MiB) == block);
    }
}
