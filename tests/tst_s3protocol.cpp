// The S3 client's pieces and its answers to what a real service will not do, from a scripted
// server: part addresses and the part plan, hostile XML, paged ListParts and the Complete body
// on the wire, a pause during CreateMultipartUpload, each S3 error read as its cause, an Error
// inside a 200 Complete, garbage XML, 503 SlowDown, an oversized answer. No RGW needed.
#include "s3multiparttransfer.h"
#include "s3partaddress.h"
#include "s3protocol.h"
#include "s3xml.h"
#include "scriptedserver.h"
#include "testfiles.h"
#include "testjob.h"
#include "transferrecorder.h"
#include "waitfor.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QSignalSpy>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QtTest>

namespace {
constexpr qint64 MiB = 1024 * 1024;
constexpr qint64 Part = S3MultipartTransfer::MinPartSize;
constexpr int TimeoutMs = 60000;
} // namespace

class tst_S3Protocol : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void partAddressRoundTrips();
    void partPlan();
    void hostileXmlIsRefused();
    void listPartsPagesThenCompletesInOrder();
    void abortDuringCreateLeavesNoUpload();
    void errorsReadAsCauses_data();
    void errorsReadAsCauses();
    void errorInside200Complete();
    void garbageXmlIsBadResponse();
    void slowDownIsTransient();
    void oversizedAnswerIsRefused();
    void httpsSendsUnsignedPayload();
    void serverCheckIsOneHeadOfTheBucket();

private:
    QUrl scriptedTarget(const ScriptedServer &server) const;

    QNetworkAccessManager m_network;
    QTemporaryDir m_dir;
};

QUrl tst_S3Protocol::scriptedTarget(const ScriptedServer &server) const
{
    return S3Target(server.url(), QStringLiteral("us-east-1"), QStringLiteral("scripted")).toUrl();
}

// ---- units ----------------------------------------------------------------------------------

void tst_S3Protocol::partAddressRoundTrips()
{
    const S3Target target(QUrl(QStringLiteral("http://127.0.0.1:8000")), QStringLiteral("r1"),
                          QStringLiteral("bkt"));
    const S3PartAddress address{target, QStringLiteral("dir/a b+c&d=ü.bin"),
                                QStringLiteral("2~x+y/z=="), 17};
    const QUrl url = address.toUrl();
    QCOMPARE(url.scheme(), QStringLiteral("s3"));
    const std::optional<S3PartAddress> back = S3PartAddress::fromUrl(url);
    QVERIFY(back);
    QCOMPARE(back->key, address.key);
    QCOMPARE(back->uploadId, address.uploadId);
    QCOMPARE(back->partNumber, 17);
    QCOMPARE(back->target, target);
    // Stored and read back as an UploadPart line, with its ETag.
    UploadParts parts{{0, 10, url, 10, QByteArrayLiteral("\"abc\"")}};
    QCOMPARE(decodeUploadParts(encodeUploadParts(parts)), parts);
    QVERIFY(!S3PartAddress::fromUrl(QUrl(QStringLiteral("s3://bkt/key?endpoint=http://h"))));
    QVERIFY(!S3PartAddress::fromUrl(QUrl(QStringLiteral("http://h/key?uploadId=1&partNumber=1"))));
}

void tst_S3Protocol::partPlan()
{
    QCOMPARE(S3MultipartTransfer::partSizeFor(1), Part);
    QCOMPARE(S3MultipartTransfer::partSizeFor(100 * 1024 * MiB), 11 * MiB); // ceil(size/10000)
    const qint64 huge = 5LL * 1024 * 1024 * MiB; // 5 TiB: S3's largest object
    QVERIFY(S3MultipartTransfer::planParts(huge).size() <= S3MultipartTransfer::MaxParts);
    const UploadParts parts = S3MultipartTransfer::planParts(3 * Part + 3);
    QCOMPARE(parts.size(), 4);
    QCOMPARE(parts.last().length(), qint64(3));
    for (int i = 0; i + 1 < parts.size(); ++i)
        QVERIFY(parts.at(i).length() >= 5 * MiB && parts.at(i).end == parts.at(i + 1).begin);
    QCOMPARE(S3MultipartTransfer::planParts(0).size(), 1);
}

void tst_S3Protocol::hostileXmlIsRefused()
{
    QString problem;
    QVERIFY(!S3Xml::parseUploadId("<InitiateMultipartUploadResult><UploadId>", &problem));
    QVERIFY(!problem.isEmpty());
    QVERIFY(!S3Xml::parseUploadId("\x00\xff garbage", &problem));
    QVERIFY(!S3Xml::parseUploadId(
        "<!DOCTYPE x [<!ENTITY a \"aaaa\">]><InitiateMultipartUploadResult><UploadId>&a;"
        "</UploadId></InitiateMultipartUploadResult>",
        &problem));
    QVERIFY(!S3Xml::parseListParts("<ListPartsResult><IsTruncated>true</IsTruncated>"
                                   "</ListPartsResult>",
                                   &problem)); // truncated, no marker
    QVERIFY(!S3Xml::parseListParts("<ListPartsResult><Part><PartNumber>99999</PartNumber>"
                                   "<Size>1</Size><ETag>x</ETag></Part></ListPartsResult>",
                                   &problem));
    const auto listing = S3Xml::parseListParts(
        "<ListPartsResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><IsTruncated>true"
        "</IsTruncated><NextPartNumberMarker>2</NextPartNumberMarker><Part><PartNumber>1"
        "</PartNumber><ETag>&quot;e1&quot;</ETag><Size>5</Size></Part><Part><PartNumber>2"
        "</PartNumber><ETag>\"e2\"</ETag><Size>6</Size></Part></ListPartsResult>",
        &problem);
    QVERIFY2(listing, qPrintable(problem));
    QCOMPARE(listing->parts.size(), 2);
    QCOMPARE(listing->parts.at(0).etag, QByteArray("\"e1\""));
    QCOMPARE(listing->nextMarker, 2);
    const S3Xml::CompleteResult inside = S3Xml::parseComplete(
        "<?xml version=\"1.0\"?>\n<Error><Code>InternalError</Code><Message>x</Message>"
        "<RequestId>r-1</RequestId></Error>");
    QVERIFY(!inside.completed);
    QVERIFY(inside.error);
    QCOMPARE(inside.error->requestId, QStringLiteral("r-1"));
}

// ---- a scripted server, for what RGW will not do ----------------------------------------------

namespace {
using Reply = ScriptedServer::Reply;

Reply xml(int status, const QByteArray &body)
{
    return Reply(status, {{"Content-Type", "application/xml"}}, body);
}

// A job resuming upload "u1" of a 100-byte file in one part, which the server lists as held:
// the next request is CompleteMultipartUpload.
TransferJob resumedJob(const QString &path, const QUrl &target)
{
    TransferJob job;
    job.filePath = path;
    job.fileSize = 100;
    job.modifiedMs = QFileInfo(path).lastModified().toMSecsSinceEpoch();
    job.endpoint = target;
    const S3Target t = *S3Target::fromUrl(target);
    job.parts = {{0,
                  100,
                  S3PartAddress{t, QStringLiteral("r.bin"), QStringLiteral("u1"), 1}.toUrl(),
                  0,
                  {}}};
    return job;
}

const QByteArray ListedOnePart =
    "<ListPartsResult><IsTruncated>false</IsTruncated><Part><PartNumber>1</PartNumber>"
    "<ETag>\"e\"</ETag><Size>100</Size></Part></ListPartsResult>";
} // namespace

void tst_S3Protocol::listPartsPagesThenCompletesInOrder()
{
    // Two parts held by the server, listed one a page: both pages are asked for, nothing is
    // sent again, and the parts are joined in order with the ETags listed.
    QList<QByteArray> gets;
    QByteArray completeBody;
    ScriptedServer server([&](const ScriptedServer::Request &r) {
        if (r.method == "GET") {
            gets << r.path;
            if (!r.path.contains("part-number-marker"))
                return xml(200, "<ListPartsResult><IsTruncated>true</IsTruncated>"
                                "<NextPartNumberMarker>1</NextPartNumberMarker><Part><PartNumber>1"
                                "</PartNumber><ETag>\"e1\"</ETag><Size>"
                                    + QByteArray::number(Part)
                                    + "</Size></Part></ListPartsResult>");
            return xml(200, "<ListPartsResult><IsTruncated>false</IsTruncated><Part><PartNumber>2"
                            "</PartNumber><ETag>\"e2\"</ETag><Size>100</Size></Part>"
                            "</ListPartsResult>");
        }
        if (r.method == "HEAD") // the check of the joined object: no ETag here, so unverifiable
            return Reply(200, {}, QByteArray());
        completeBody = r.body;
        return xml(200, "<CompleteMultipartUploadResult><Key>k</Key><ETag></ETag>"
                        "</CompleteMultipartUploadResult>");
    });
    QVERIFY(server.listen());
    S3Protocol protocol(&m_network);
    protocol.setCredentials(server.url(), {QStringLiteral("AKID"), "secret"});
    protocol.setListPartsPageSize(1);
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("paged.bin"), Part + 100, 3);
    TransferJob job = testJob(path, scriptedTarget(server));
    const S3Target target = *S3Target::fromUrl(job.endpoint);
    job.parts = {{0,
                  Part,
                  S3PartAddress{target, QStringLiteral("k"), QStringLiteral("u"), 1}.toUrl(),
                  0,
                  {}},
                 {Part,
                  Part + 100,
                  S3PartAddress{target, QStringLiteral("k"), QStringLiteral("u"), 2}.toUrl(),
                  0,
                  {}}};
    auto transfer = protocol.createTransfer(job);
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY2(recorder.succeeded(), qPrintable(recorder.error.message()));
    QCOMPARE(gets.size(), 2);
    QVERIFY(gets.at(0).contains("max-parts=1"));
    QVERIFY(gets.at(1).contains("part-number-marker=1"));
    QCOMPARE(server.count("PUT"), 0);
    QCOMPARE(server.count("HEAD"), 1); // the object's ETag, read once after completing
    QCOMPARE(
        completeBody,
        QByteArray("<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
                   "<Part><PartNumber>1</PartNumber><ETag>&quot;e1&quot;</ETag></Part>"
                   "<Part><PartNumber>2</PartNumber><ETag>&quot;e2&quot;</ETag></Part>"
                   "</CompleteMultipartUpload>"));
}

void tst_S3Protocol::abortDuringCreateLeavesNoUpload()
{
    // Paused while CreateMultipartUpload is on its way: the service makes the upload anyway, so
    // its answer is awaited and the upload it names aborted, leaving nothing behind unknown.
    ScriptedServer server([](const ScriptedServer::Request &r) {
        if (r.method == "POST")
            return xml(200, "<InitiateMultipartUploadResult><UploadId>late-1</UploadId>"
                            "</InitiateMultipartUploadResult>");
        return Reply(204);
    });
    QVERIFY(server.listen());
    S3Protocol protocol(&m_network);
    protocol.setCredentials(server.url(), {QStringLiteral("AKID"), "secret"});
    const QString big = makeTestFile(m_dir.path(), QStringLiteral("late.bin"), Part + 1, 2);
    auto transfer = protocol.createTransfer(testJob(big, scriptedTarget(server)));
    QSignalSpy created(transfer.get(), &Transfer::partsCreated);
    // streamsChanged(1, ...) comes as the creation is sent.
    connect(transfer.get(), &Transfer::streamsChanged, transfer.get(), &Transfer::abort);
    transfer->start();
    QVERIFY(waitFor([&] { return server.count("DELETE") == 1; }, TimeoutMs));
    const QByteArray path = server.requests().last().path;
    QVERIFY2(path.startsWith("/scripted/late.bin?uploadId=late-1"), path.constData());
    QCOMPARE(server.count("PUT"), 0);
    QCOMPARE(created.size(), 0);
}

void tst_S3Protocol::errorsReadAsCauses_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("code");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("words");
    using Kind = TransferError::Kind;
    QTest::newRow("unknown key") << 403 << QByteArray("InvalidAccessKeyId") << int(Kind::Rejected)
                                 << QStringLiteral("refused the key: wrong access key or secret");
    QTest::newRow("denied") << 403 << QByteArray("AccessDenied") << int(Kind::Rejected)
                            << QStringLiteral("denied access to bucket \"scripted\"");
    QTest::newRow("too large") << 400 << QByteArray("EntityTooLarge") << int(Kind::TooLarge)
                               << QStringLiteral("refused the file as too large");
    QTest::newRow("internal") << 500 << QByteArray("InternalError") << int(Kind::ServerError)
                              << QStringLiteral("Server error at 127.0.0.1");
    QTest::newRow("idle") << 400 << QByteArray("RequestTimeout") << int(Kind::Timeout)
                          << QStringLiteral("gave up waiting");
    QTest::newRow("digest") << 400 << QByteArray("BadDigest") << int(Kind::Conflict)
                            << QStringLiteral("differ from the ones sent");
    QTest::newRow("no document") << 404 << QByteArray() << int(Kind::Rejected)
                                 << QStringLiteral("refused the request while sending the file "
                                                   "(HTTP 404)");
}

void tst_S3Protocol::errorsReadAsCauses()
{
    QFETCH(int, status);
    QFETCH(QByteArray, code);
    QFETCH(int, kind);
    QFETCH(QString, words);
    ScriptedServer server([&](const ScriptedServer::Request &) {
        if (code.isEmpty())
            return Reply(status);
        return xml(status, "<Error><Code>" + code
                               + "</Code><Message></Message>"
                                 "<RequestId>tx-1</RequestId></Error>");
    });
    QVERIFY(server.listen());
    S3Protocol protocol(&m_network);
    protocol.setCredentials(server.url(), {QStringLiteral("AKID"), "secret"});
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("err.bin"), 10, 1);
    auto transfer = protocol.createTransfer(testJob(path, scriptedTarget(server)));
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QCOMPARE(int(recorder.error.kind), kind);
    QVERIFY2(recorder.error.message().contains(words), qPrintable(recorder.error.message()));
    QVERIFY(recorder.error.message().contains(QString::number(server.port())));
    if (!code.isEmpty())
        QVERIFY2(recorder.error.detail().contains(QString::fromLatin1(code))
                     && recorder.error.detail().contains(QLatin1String("tx-1")),
                 qPrintable(recorder.error.detail()));
}

void tst_S3Protocol::errorInside200Complete()
{
    ScriptedServer server([](const ScriptedServer::Request &r) {
        if (r.method == "GET")
            return xml(200, ListedOnePart);
        return xml(200, "<?xml version=\"1.0\"?>\n\n<Error><Code>InternalError</Code><Message>"
                        "We encountered an internal error.</Message><RequestId>req-42</RequestId>"
                        "</Error>");
    });
    QVERIFY(server.listen());
    S3Protocol protocol(&m_network);
    protocol.setCredentials(server.url(), {QStringLiteral("AKID"), "secret"});
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("r.bin"), 100, 1);
    auto transfer = protocol.createTransfer(resumedJob(path, scriptedTarget(server)));
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QVERIFY(!recorder.succeeded());
    QCOMPARE(recorder.error.kind, TransferError::Kind::ServerError); // transient: retried
    QVERIFY2(recorder.error.detail().contains(QLatin1String("InternalError"))
                 && recorder.error.detail().contains(QLatin1String("req-42")),
             qPrintable(recorder.error.detail()));
    QCOMPARE(server.count("PUT"), 0); // the listed part was not sent again
    QCOMPARE(server.count("POST"), 1);
}

void tst_S3Protocol::garbageXmlIsBadResponse()
{
    ScriptedServer server([](const ScriptedServer::Request &r) {
        if (r.method == "GET")
            return xml(200, "<ListPartsResult><Part><PartNumber>1</Part>\x01\x02<<<");
        return xml(200, "not xml at all");
    });
    QVERIFY(server.listen());
    S3Protocol protocol(&m_network);
    protocol.setCredentials(server.url(), {QStringLiteral("AKID"), "secret"});
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("r.bin"), 100, 1);
    auto resumed = protocol.createTransfer(resumedJob(path, scriptedTarget(server)));
    TransferRecorder recorder(resumed.get());
    resumed->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QCOMPARE(recorder.error.kind, TransferError::Kind::BadResponse);
    // CreateMultipartUpload answered with garbage: the same.
    const QString big = makeTestFile(m_dir.path(), QStringLiteral("big.bin"), Part + 1, 2);
    auto fresh = protocol.createTransfer(testJob(big, scriptedTarget(server)));
    TransferRecorder second(fresh.get());
    fresh->start();
    QVERIFY(second.wait(TimeoutMs));
    QCOMPARE(second.error.kind, TransferError::Kind::BadResponse);
    QCOMPARE(server.count("PUT"), 0);
}

void tst_S3Protocol::slowDownIsTransient()
{
    ScriptedServer server([](const ScriptedServer::Request &) {
        Reply reply = xml(503, "<Error><Code>SlowDown</Code><Message>Please reduce your request "
                               "rate.</Message><RequestId>r-9</RequestId></Error>");
        reply.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("3")));
        return reply;
    });
    QVERIFY(server.listen());
    S3Protocol protocol(&m_network);
    protocol.setCredentials(server.url(), {QStringLiteral("AKID"), "secret"});
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("slow.bin"), 1000, 1);
    auto transfer = protocol.createTransfer(testJob(path, scriptedTarget(server)));
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QCOMPARE(recorder.error.kind, TransferError::Kind::TooManyRequests);
    QVERIFY(recorder.error.isTransient());
    QVERIFY(recorder.error.retryAfter && recorder.error.retryAfter->count() == 3000);
    QVERIFY(recorder.error.message().contains(QLatin1String("slow down")));
    // The PUT carried the part's digests: Content-MD5, and the real SHA-256 over plain HTTP.
    const ScriptedServer::Record &put = server.requests().first();
    QCOMPARE(put.method, QByteArray("PUT"));
    const QByteArray content = testContent(1000, 1);
    QCOMPARE(put.header("Content-MD5"),
             QCryptographicHash::hash(content, QCryptographicHash::Md5).toBase64());
    QCOMPARE(put.header("x-amz-content-sha256"),
             QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex());
    QVERIFY(put.header("Authorization").startsWith("AWS4-HMAC-SHA256 Credential=AKID/"));
}

void tst_S3Protocol::oversizedAnswerIsRefused()
{
    ScriptedServer server([](const ScriptedServer::Request &) {
        return xml(200, "<InitiateMultipartUploadResult><UploadId>" + QByteArray(3 * MiB, 'x')
                            + "</UploadId>"
                              "</InitiateMultipartUploadResult>");
    });
    QVERIFY(server.listen());
    S3Protocol protocol(&m_network);
    protocol.setCredentials(server.url(), {QStringLiteral("AKID"), "secret"});
    const QString big = makeTestFile(m_dir.path(), QStringLiteral("big2.bin"), Part + 1, 2);
    auto transfer = protocol.createTransfer(testJob(big, scriptedTarget(server)));
    TransferRecorder recorder(transfer.get());
    transfer->start();
    QVERIFY(recorder.wait(TimeoutMs));
    QCOMPARE(recorder.error.kind, TransferError::Kind::BadResponse);
}

void tst_S3Protocol::httpsSendsUnsignedPayload()
{
    // Over HTTPS the body is signed as UNSIGNED-PAYLOAD (TLS guards it, Content-MD5 checks it):
    // no SHA-256 of the part. A TLS server of the test's own, trusted for this test only,
    // records the PUT's headers and answers 503.
    if (!QSslSocket::supportsSsl())
        QSKIP("no TLS in this Qt");
    const QString key = m_dir.filePath(QStringLiteral("tls.key"));
    const QString cert = m_dir.filePath(QStringLiteral("tls.crt"));
    QCOMPARE(QProcess::execute(
                 QStringLiteral("openssl"),
                 {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                  QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-days"),
                  QStringLiteral("1"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"),
                  QStringLiteral("-addext"), QStringLiteral("subjectAltName=IP:127.0.0.1"),
                  QStringLiteral("-keyout"), key, QStringLiteral("-out"), cert}),
             0);
    QFile keyFile(key);
    QFile certFile(cert);
    QVERIFY(keyFile.open(QIODevice::ReadOnly) && certFile.open(QIODevice::ReadOnly));
    const QSslCertificate certificate(&certFile, QSsl::Pem);
    QSslConfiguration serverTls = QSslConfiguration::defaultConfiguration();
    serverTls.setLocalCertificate(certificate);
    serverTls.setPrivateKey(QSslKey(&keyFile, QSsl::Rsa));
    QSslServer server;
    server.setSslConfiguration(serverTls);
    QVERIFY(server.listen(QHostAddress::LocalHost));
    QByteArray head;
    connect(&server, &QSslServer::pendingConnectionAvailable, this, [&] {
        QTcpSocket *socket = server.nextPendingConnection();
        connect(socket, &QTcpSocket::readyRead, socket, [&head, socket] {
            head += socket->readAll();
            if (!head.contains("\r\n\r\n"))
                return;
            socket->write("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n"
                          "Connection: close\r\n\r\n");
            socket->disconnectFromHost();
        });
    });
    // Trusted by this test's client only: TLS stays verified.
    QSslConfiguration clientTls = QSslConfiguration::defaultConfiguration();
    const QSslConfiguration before = clientTls;
    clientTls.addCaCertificate(certificate);
    QSslConfiguration::setDefaultConfiguration(clientTls);
    QUrl service;
    service.setScheme(QStringLiteral("https"));
    service.setHost(QStringLiteral("127.0.0.1"));
    service.setPort(server.serverPort());
    QNetworkAccessManager network;
    S3Protocol protocol(&network);
    protocol.setCredentials(service, {QStringLiteral("AKID"), "secret"});
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("tls.bin"), 1000, 4);
    auto transfer = protocol.createTransfer(
        testJob(path, S3Target(service, QStringLiteral("us-east-1"), QStringLiteral("b")).toUrl()));
    TransferRecorder recorder(transfer.get());
    transfer->start();
    const bool done = recorder.wait(TimeoutMs);
    QSslConfiguration::setDefaultConfiguration(before);
    QVERIFY(done);
    QVERIFY2(recorder.error.kind == TransferError::Kind::TooManyRequests,
             qPrintable(recorder.error.message())); // the 503: TLS itself was accepted
    const QByteArray lower = head.toLower();
    QVERIFY2(lower.contains("x-amz-content-sha256: unsigned-payload\r\n"), head.constData());
    QVERIFY(lower.contains("content-md5: "
                           + QCryptographicHash::hash(testContent(1000, 4), QCryptographicHash::Md5)
                                 .toBase64()
                                 .toLower()));
}

void tst_S3Protocol::serverCheckIsOneHeadOfTheBucket()
{
    // How an outage's end is found for S3 (ServerHealth): a HEAD of the bucket, once per ask.
    // Any answer of the service counts as it being there; a gateway's 503 or no answer does not.
    int status = 404;
    QList<QByteArray> seen;
    ScriptedServer server([&](const ScriptedServer::Request &r) {
        seen << r.method + ' ' + r.path;
        return ScriptedServer::Reply(status, {}, QByteArray());
    });
    QVERIFY(server.listen());
    S3Protocol protocol(&m_network);
    protocol.setCredentials(server.url(), {QStringLiteral("AKID"), "secret"});
    QSignalSpy checked(&protocol, &TransferProtocol::serverChecked);
    const QUrl target = scriptedTarget(server);

    protocol.checkServer(target, {});
    QVERIFY(checked.wait(TimeoutMs));
    QCOMPARE(checked.last().at(1).value<TransferError>().kind, TransferError::Kind::None);
    QCOMPARE(seen, QList<QByteArray>{"HEAD /scripted/"});

    status = 503;
    protocol.checkServer(target, {});
    QVERIFY(checked.wait(TimeoutMs));
    QVERIFY(checked.last().at(1).value<TransferError>().kind != TransferError::Kind::None);
    QCOMPARE(seen.size(), 2);

    quint16 closed = 0;
    {
        QTcpServer taken;
        QVERIFY(taken.listen(QHostAddress::LocalHost, 0));
        closed = taken.serverPort();
    }
    const QUrl service(QStringLiteral("http://127.0.0.1:%1").arg(closed));
    protocol.setCredentials(service, {QStringLiteral("AKID"), "secret"});
    protocol.checkServer(
        S3Target(service, QStringLiteral("us-east-1"), QStringLiteral("scripted")).toUrl(), {});
    QVERIFY(checked.wait(TimeoutMs));
    const TransferError down = checked.last().at(1).value<TransferError>();
    QCOMPARE(down.kind, TransferError::Kind::Network);
    QVERIFY2(down.message().contains(QStringLiteral("refused")), qPrintable(down.message()));
}

QTEST_GUILESS_MAIN(tst_S3Protocol)
#include "tst_s3protocol.moc"
