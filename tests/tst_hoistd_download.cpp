// GET of a finished upload from hoistd (UploadDownload, issue 18.2): the bytes of a finished
// upload, as a download, with one Range, against the real hoistd over loopback with raw requests.
// The filename is hostile (it is the client's); with a user config only the owner reads, by bearer
// token or HTTP Basic with the token as password. tus's own HEAD is unchanged, and a large
// download streams from the file without hoistd holding it in memory.
#include "hoistdprocess.h"
#include "rawhttp.h"
#include "sanitizer.h"
#include "testfiles.h"

#include "tuswire.h"

#include <QFile>
#include <QTest>
#include <QUrl>

namespace {
constexpr qint64 FileSize = 1024 * 1024 + 3;
constexpr qint64 MiB = 1024 * 1024;
const QByteArray AliceToken = "alice-download-token-0123456789";
const QByteArray BobToken = "bob-download-token-abcdefghijkl";

RawHeaders tus(const RawHeaders &extra = {})
{
    return RawHeaders{{"Tus-Resumable", "1.0.0"}} + extra;
}

RawHeaders bearer(const QByteArray &token)
{
    return token.isEmpty() ? RawHeaders() : RawHeaders{{"Authorization", "Bearer " + token}};
}

// The value of filename*=UTF-8''... in a Content-Disposition, decoded.
QString extendedFilename(const QByteArray &disposition)
{
    const qsizetype at = disposition.indexOf("filename*=UTF-8''");
    if (at < 0)
        return {};
    return QString::fromUtf8(QByteArray::fromPercentEncoding(
        disposition.mid(at + qsizetype(qstrlen("filename*=UTF-8''")))));
}

// The quoted ASCII filename="..." in a Content-Disposition.
QByteArray asciiFilename(const QByteArray &disposition)
{
    const qsizetype at = disposition.indexOf("filename=\"");
    if (at < 0)
        return {};
    const qsizetype from = at + qsizetype(qstrlen("filename=\""));
    return disposition.mid(from, disposition.indexOf('"', from) - from);
}
} // namespace

class TestHoistdDownload : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();

    void wholeFileIsByteIdentical();
    void ranges_data();
    void ranges();
    void ifRangeAndIfNoneMatch();
    void hostileFilenames_data();
    void hostileFilenames();
    void unfinishedIsRefusedAndHeadIsTus();
    void unknownAndTerminatedAre404();
    void otherMethodsStill405();
    void ownerOnlyWithUsers();
    void largeFileStreamsWithFlatMemory();

private:
    bool startServer(const QStringList &extra = {});
    // POST with the whole body (creation-with-upload); the Location path, empty when not 201.
    QByteArray upload(const QByteArray &body, const QByteArray &metadata,
                      const QByteArray &token = {});
    RawResponse get(const QByteArray &path, const RawHeaders &headers = {})
    {
        return rawRequest(m_server->port(), "GET", path, headers, {}, 60000);
    }

    std::unique_ptr<HoistdProcess> m_server;
};

void TestHoistdDownload::init()
{
    m_server = std::make_unique<HoistdProcess>();
}

void TestHoistdDownload::cleanup()
{
    m_server.reset();
}

bool TestHoistdDownload::startServer(const QStringList &extra)
{
    if (m_server->start(extra))
        return true;
    qWarning("%s", qPrintable(m_server->errorString()));
    return false;
}

QByteArray TestHoistdDownload::upload(const QByteArray &body, const QByteArray &metadata,
                                      const QByteArray &token)
{
    const RawResponse created =
        rawRequest(m_server->port(), "POST", "/files/",
                   tus({{"Upload-Length", QByteArray::number(body.size())},
                        {"Upload-Metadata", metadata},
                        {"Content-Type", "application/offset+octet-stream"}})
                       + bearer(token),
                   body, 60000);
    if (created.status != 201) {
        qWarning() << "creation answered" << created.status << created.body;
        return {};
    }
    return QUrl(QString::fromLatin1(created.header("Location"))).path().toLatin1();
}

void TestHoistdDownload::wholeFileIsByteIdentical()
{
    QVERIFY(startServer());
    const QByteArray content = testContent(FileSize, 21);
    const QByteArray path = upload(content, TusWire::encodeMetadata({{"filename", "report.pdf"}}));
    QVERIFY(!path.isEmpty());
    const RawResponse r = get(path);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.body.size(), content.size());
    QVERIFY(r.body == content);
    QCOMPARE(r.header("Content-Length"), QByteArray::number(FileSize));
    // Never inline, never sniffed: the client chose these bytes.
    QCOMPARE(r.header("Content-Type"), QByteArray("application/octet-stream"));
    QCOMPARE(r.header("X-Content-Type-Options"), QByteArray("nosniff"));
    QCOMPARE(r.header("Content-Disposition"),
             QByteArray("attachment; filename=\"report.pdf\"; filename*=UTF-8''report.pdf"));
    QCOMPARE(r.header("Accept-Ranges"), QByteArray("bytes"));
    QVERIFY(r.header("ETag").startsWith('"'));
    QVERIFY(!r.header("Last-Modified").isEmpty());
}

void TestHoistdDownload::ranges_data()
{
    QTest::addColumn<QByteArray>("range");
    QTest::addColumn<int>("status");
    QTest::addColumn<qint64>("first"); // of the bytes served; -1 for 416
    QTest::addColumn<qint64>("length");
    const qint64 n = FileSize;
    QTest::newRow("first 100") << QByteArray("bytes=0-99") << 206 << qint64(0) << qint64(100);
    QTest::newRow("middle") << QByteArray("bytes=1000-1999") << 206 << qint64(1000) << qint64(1000);
    QTest::newRow("suffix") << QByteArray("bytes=-100") << 206 << n - 100 << qint64(100);
    QTest::newRow("suffix longer than the file")
        << QByteArray("bytes=-99999999") << 206 << qint64(0) << n;
    QTest::newRow("open-ended") << QByteArray("bytes=1048570-") << 206 << qint64(1048570)
                                << n - 1048570;
    QTest::newRow("last byte") << QByteArray("bytes=") + QByteArray::number(n - 1) + '-' << 206
                               << n - 1 << qint64(1);
    QTest::newRow("end past the file")
        << QByteArray("bytes=10-999999999") << 206 << qint64(10) << n - 10;
    QTest::newRow("spaces and case")
        << QByteArray("Bytes = 5 - 9 ") << 206 << qint64(5) << qint64(5);
    QTest::newRow("start at the end")
        << QByteArray("bytes=") + QByteArray::number(n) + '-' << 416 << qint64(-1) << qint64(0);
    QTest::newRow("start past the end")
        << QByteArray("bytes=99999999-") << 416 << qint64(-1) << qint64(0);
    QTest::newRow("empty suffix") << QByteArray("bytes=-0") << 416 << qint64(-1) << qint64(0);
    QTest::newRow("several: the whole") << QByteArray("bytes=0-1,5-6") << 200 << qint64(0) << n;
    QTest::newRow("backwards: ignored") << QByteArray("bytes=9-5") << 200 << qint64(0) << n;
    QTest::newRow("other unit") << QByteArray("items=0-1") << 200 << qint64(0) << n;
    QTest::newRow("garbage") << QByteArray("bytes=a-b") << 200 << qint64(0) << n;
    QTest::newRow("huge number") << QByteArray("bytes=0-99999999999999999999999") << 200
                                 << qint64(0) << n;
    QTest::newRow("negative") << QByteArray("bytes=-5-7") << 200 << qint64(0) << n;
}

void TestHoistdDownload::ranges()
{
    QFETCH(QByteArray, range);
    QFETCH(int, status);
    QFETCH(qint64, first);
    QFETCH(qint64, length);
    QVERIFY(startServer());
    const QByteArray content = testContent(FileSize, 22);
    const QByteArray path = upload(content, TusWire::encodeMetadata({{"filename", "r.bin"}}));
    QVERIFY(!path.isEmpty());
    const RawResponse r = get(path, {{"Range", range}});
    QCOMPARE(r.status, status);
    const QByteArray size = QByteArray::number(FileSize);
    if (status == 416) {
        QCOMPARE(r.header("Content-Range"), "bytes */" + size);
        return;
    }
    QCOMPARE(r.header("Content-Length"), QByteArray::number(length));
    QVERIFY(r.body == content.mid(first, length));
    if (status == 206)
        QCOMPARE(r.header("Content-Range"), "bytes " + QByteArray::number(first) + '-'
                                                + QByteArray::number(first + length - 1) + '/'
                                                + size);
    else
        QVERIFY(!r.has("Content-Range"));
}

void TestHoistdDownload::ifRangeAndIfNoneMatch()
{
    QVERIFY(startServer());
    const QByteArray content = testContent(FileSize, 23);
    const QByteArray path = upload(content, {});
    QVERIFY(!path.isEmpty());
    const QByteArray etag = get(path).header("ETag");
    QVERIFY(!etag.isEmpty());
    // The file the client had: the range; another one: the whole file.
    QCOMPARE(get(path, {{"Range", "bytes=0-9"}, {"If-Range", etag}}).status, 206);
    const RawResponse changed = get(path, {{"Range", "bytes=0-9"}, {"If-Range", "\"other\""}});
    QCOMPARE(changed.status, 200);
    QVERIFY(changed.body == content);
    const RawResponse cached = get(path, {{"If-None-Match", etag}});
    QCOMPARE(cached.status, 304);
    QVERIFY(cached.body.isEmpty());
    // No name: still an attachment, with a name of its own.
    QVERIFY(
        get(path).header("Content-Disposition").startsWith("attachment; filename=\"download\""));
}

void TestHoistdDownload::hostileFilenames_data()
{
    QTest::addColumn<QByteArray>("filename");
    QTest::addColumn<QByteArray>("ascii");
    QTest::addColumn<QString>("unicode");
    QTest::newRow("quotes") << QByteArray("say \"hi\".txt") << QByteArray("say _hi_.txt")
                            << QStringLiteral("say \"hi\".txt");
    QTest::newRow("header injection")
        << QByteArray("a.txt\r\nSet-Cookie: x=1") << QByteArray("a.txtSet-Cookie: x=1")
        << QStringLiteral("a.txtSet-Cookie: x=1");
    QTest::newRow("newline") << QByteArray("two\nlines.txt") << QByteArray("twolines.txt")
                             << QStringLiteral("twolines.txt");
    QTest::newRow("non-ASCII") << QByteArray("Überblick 报告.pdf") << QByteArray("_berblick __.pdf")
                               << QStringLiteral("Überblick 报告.pdf");
    QTest::newRow("emoji") << QByteArray("\xf0\x9f\x93\xb7.jpg") << QByteArray("_.jpg")
                           << QStringLiteral("\U0001F4F7.jpg");
    QTest::newRow("bidi override")
        << QByteArray("invoice\xe2\x80\xae"
                      "fdp.exe")
        << QByteArray("invoicefdp.exe") << QStringLiteral("invoicefdp.exe");
    QTest::newRow("backslash and percent")
        << QByteArray("50%\\off;x=y") << QByteArray("off;x=y") << QStringLiteral("off;x=y");
    QTest::newRow("path") << QByteArray("../../etc/passwd") << QByteArray("passwd")
                          << QStringLiteral("passwd");
}

void TestHoistdDownload::hostileFilenames()
{
    QFETCH(QByteArray, filename);
    QFETCH(QByteArray, ascii);
    QFETCH(QString, unicode);
    QVERIFY(startServer());
    const QByteArray path =
        upload(testContent(100, 24), TusWire::encodeMetadata({{"filename", filename}}));
    QVERIFY(!path.isEmpty());
    const RawResponse r = get(path);
    QCOMPARE(r.status, 200);
    QVERIFY(!r.has("Set-Cookie"));
    const QByteArray disposition = r.header("Content-Disposition");
    QVERIFY2(disposition.startsWith("attachment; "), disposition.constData());
    // One line, ASCII only, and the quoted name ends where it should.
    for (const char c : disposition)
        QVERIFY2(uchar(c) >= 0x20 && uchar(c) < 0x7f, disposition.constData());
    QCOMPARE(disposition.count('"'), 2);
    QCOMPARE(asciiFilename(disposition), ascii);
    QCOMPARE(extendedFilename(disposition), unicode);
}

void TestHoistdDownload::unfinishedIsRefusedAndHeadIsTus()
{
    QVERIFY(startServer());
    const RawResponse created = rawRequest(
        m_server->port(), "POST", "/files/",
        tus({{"Upload-Length", "10"}, {"Content-Type", "application/offset+octet-stream"}}),
        "hello");
    QCOMPARE(created.status, 201);
    const QByteArray path = QUrl(QString::fromLatin1(created.header("Location"))).path().toLatin1();
    const RawResponse r = get(path);
    QCOMPARE(r.status, 409);
    QVERIFY2(r.body.contains("not finished"), r.body.constData());
    QVERIFY(r.body.contains("5 of 10"));
    // HEAD stays tus's: the offset, no body, no download headers.
    const RawResponse head = rawRequest(m_server->port(), "HEAD", path, tus());
    QCOMPARE(head.status, 200);
    QCOMPARE(head.header("Upload-Offset"), QByteArray("5"));
    QCOMPARE(head.header("Upload-Length"), QByteArray("10"));
    QCOMPARE(head.header("Tus-Resumable"), QByteArray("1.0.0"));
    QVERIFY(!head.has("Content-Disposition"));
    QVERIFY(head.body.isEmpty());
    // And once finished, HEAD still says what tus says.
    QCOMPARE(rawRequest(
                 m_server->port(), "PATCH", path,
                 tus({{"Upload-Offset", "5"}, {"Content-Type", "application/offset+octet-stream"}}),
                 "world")
                 .status,
             204);
    const RawResponse done = rawRequest(m_server->port(), "HEAD", path, tus());
    QCOMPARE(done.header("Upload-Offset"), QByteArray("10"));
    QVERIFY(!done.has("Content-Disposition"));
    QCOMPARE(get(path).body, QByteArray("helloworld"));
}

void TestHoistdDownload::unknownAndTerminatedAre404()
{
    QVERIFY(startServer());
    QCOMPARE(get("/files/0123456789abcdef0123456789abcdef").status, 404);
    QCOMPARE(get("/files/not-an-id").status, 404);
    const QByteArray path = upload("bytes", {});
    QVERIFY(!path.isEmpty());
    QCOMPARE(get(path).status, 200);
    QCOMPARE(rawRequest(m_server->port(), "DELETE", path, tus()).status, 204);
    QCOMPARE(get(path).status, 404);
}

void TestHoistdDownload::otherMethodsStill405()
{
    QVERIFY(startServer());
    const QByteArray path = upload("bytes", {});
    QVERIFY(!path.isEmpty());
    const RawResponse r = rawRequest(m_server->port(), "PUT", path, tus(), "x");
    QCOMPARE(r.status, 405);
    QVERIFY2(r.header("Allow").contains("GET"), r.header("Allow").constData());
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(path))), QByteArray("bytes"));
}

void TestHoistdDownload::ownerOnlyWithUsers()
{
    const QString config = m_server->rootDir() + QStringLiteral("/users.json");
    QFile file(config);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"users": [ {"name": "alice", "token": ")" + AliceToken
               + R"(", "quota": 100000000}, {"name": "bob", "token": ")" + BobToken
               + R"(", "quota": 100000000} ]})");
    file.close();
    QVERIFY(QFile::setPermissions(config, QFile::ReadOwner | QFile::WriteOwner));
    QVERIFY(startServer({QStringLiteral("--config"), config}));
    const QByteArray content = testContent(FileSize, 25);
    const QByteArray path =
        upload(content, TusWire::encodeMetadata({{"filename", "a.bin"}}), AliceToken);
    QVERIFY(!path.isEmpty());

    const RawResponse anonymous = get(path);
    QCOMPARE(anonymous.status, 401);
    // A browser asks for a password when Basic is offered, so it comes first.
    QVERIFY2(anonymous.raw.contains("WWW-Authenticate: Basic realm=\"hoistd\""),
             anonymous.raw.constData());
    QVERIFY(anonymous.raw.contains("WWW-Authenticate: Bearer"));
    QVERIFY(anonymous.body.isEmpty() || !anonymous.body.contains(content.left(16)));

    const RawResponse owner = get(path, bearer(AliceToken));
    QCOMPARE(owner.status, 200);
    QVERIFY(owner.body == content);
    // Basic with the token as the password (the name is not asked for), as a browser sends it.
    const RawResponse basic =
        get(path, {{"Authorization", "Basic " + QByteArray("anyone:" + AliceToken).toBase64()}});
    QCOMPARE(basic.status, 200);
    QVERIFY(basic.body == content);
    QCOMPARE(
        get(path, {{"Authorization", "Basic " + QByteArray(":" + AliceToken).toBase64()}}).status,
        200);
    QCOMPARE(get(path, RawHeaders{{"Range", "bytes=-3"}} + bearer(AliceToken)).status, 206);

    // Another user: the upload does not exist for them.
    const RawResponse other = get(path, bearer(BobToken));
    QCOMPARE(other.status, 404);
    QVERIFY(!other.body.contains(content.left(16)));
    QCOMPARE(get(path, {{"Authorization", "Basic " + QByteArray("alice:" + BobToken).toBase64()}})
                 .status,
             404);
    // Wrong or malformed credentials, and tokens in the query string, are not taken.
    QCOMPARE(get(path, bearer("not-anybodys-token-000000")).status, 401);
    QCOMPARE(get(path, {{"Authorization", "Basic " + AliceToken}}).status, 401);
    QCOMPARE(get(path, {{"Authorization", "Basic " + QByteArray("alice:").toBase64()}}).status,
             401);
    QCOMPARE(get(path + "?token=" + AliceToken).status, 401);
    QCOMPARE(get(path + "?access_token=" + AliceToken).status, 401);
    // The tus side is as it was: HEAD needs the bearer token, not Basic.
    QCOMPARE(rawRequest(m_server->port(), "HEAD", path, tus(bearer(AliceToken))).status, 200);
    QCOMPARE(rawRequest(
                 m_server->port(), "HEAD", path,
                 tus({{"Authorization", "Basic " + QByteArray("alice:" + AliceToken).toBase64()}}))
                 .status,
             401);
    QVERIFY(!m_server->serverLog().contains(QString::fromLatin1(AliceToken)));
}

void TestHoistdDownload::largeFileStreamsWithFlatMemory()
{
    constexpr qint64 Size = 128 * MiB;
    const qint64 MaxResidentKiB = 48 * 1024 * sanitizerMemoryFactor;
    QVERIFY(startServer({QStringLiteral("--max-size"), QString::number(Size)}));
    QByteArray content = testContent(Size, 26);
    const QByteArray path = upload(content, {});
    QVERIFY(!path.isEmpty());
    const RawResponse r = get(path);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.body.size(), Size);
    QVERIFY(r.body == content);
    const RawResponse tail = get(path, {{"Range", "bytes=-1048576"}});
    QCOMPARE(tail.status, 206);
    QVERIFY(tail.body == content.right(MiB));
    const qint64 peak = m_server->peakResidentKiB();
    qInfo("hoistd peak resident after uploading and serving 128 MiB: %lld KiB", peak);
    QVERIFY2(peak > 0 && peak < MaxResidentKiB, qPrintable(QString::number(peak)));
}

QTEST_GUILESS_MAIN(TestHoistdDownload)
#include "tst_hoistd_download.moc"
