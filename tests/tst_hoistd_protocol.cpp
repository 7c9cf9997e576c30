// hoistd against raw HTTP requests: tus 1.0 status codes, round trips and extensions.
#include "tst_hoistd_protocol.h"

#include "crc32coracle.h"
#include "tusservice.h"
#include "tuswire.h"
#include "waitfor.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDirIterator>
#include <QFileInfo>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

namespace {
constexpr qint64 TestMaxSize = 1024 * 1024;

enum class Target { Collection, Upload, UnknownUpload, Path };
} // namespace
Q_DECLARE_METATYPE(Target)
Q_DECLARE_METATYPE(RawHeaders)

bool TestHoistdProtocol::startServer(const QStringList &args)
{
    m_server = std::make_unique<HoistdProcess>();
    const QStringList all =
        args.isEmpty() ? QStringList{QStringLiteral("--max-size"), QString::number(TestMaxSize)}
                       : args;
    if (!m_server->start(all)) {
        qWarning("%s", qPrintable(m_server->errorString()));
        return false;
    }
    return true;
}

void TestHoistdProtocol::initTestCase()
{
    QString why;
    if (ClusterStoreView::wanted())
        QVERIFY2(m_storeView = ClusterStoreView::install(&why), qPrintable(why));
}

void TestHoistdProtocol::cleanup()
{
    if (QTest::currentTestFailed() && m_server)
        qWarning("hoistd said:\n%s", qPrintable(m_server->serverLog()));
    m_server.reset();
}

QByteArray TestHoistdProtocol::create(qint64 length, const RawHeaders &extra)
{
    RawHeaders headers = tusHeader() + extra;
    if (length >= 0)
        headers.append({"Upload-Length", QByteArray::number(length)});
    else
        headers.append(qMakePair(QByteArray("Upload-Defer-Length"), QByteArray("1")));
    const RawResponse r = rawRequest(port(), "POST", "/files/", headers);
    return r.status == 201 ? r.header("Location") : QByteArray();
}

RawResponse TestHoistdProtocol::head(const QByteArray &path)
{
    return rawRequest(port(), "HEAD", path, tusHeader());
}

RawResponse TestHoistdProtocol::patch(const QByteArray &path, qint64 offset, const QByteArray &body,
                                      const RawHeaders &extra)
{
    RawHeaders headers = tusHeader() + extra;
    headers.append({"Upload-Offset", QByteArray::number(offset)});
    headers.append(qMakePair(QByteArray("Content-Type"), QByteArray(TusWire::OffsetContentType)));
    return rawRequest(port(), "PATCH", path, headers, body);
}

qint64 TestHoistdProtocol::offsetOf(const QByteArray &path)
{
    const RawResponse r = head(path);
    return r.has("Upload-Offset") ? r.header("Upload-Offset").toLongLong() : -1;
}

void TestHoistdProtocol::optionsAdvertisesExactlyWhatIsImplemented()
{
    QVERIFY(startServer());
    // OPTIONS needs no Tus-Resumable.
    const RawResponse r = rawRequest(port(), "OPTIONS", "/files/", {});
    QCOMPARE(r.status, 204);
    QCOMPARE(r.header("Tus-Resumable"), QByteArray("1.0.0"));
    QCOMPARE(r.header("Tus-Version"), QByteArray("1.0.0"));
    QCOMPARE(r.header("Tus-Extension"),
             QByteArray("creation,creation-with-upload,creation-defer-length,termination,checksum,"
                        "expiration,concatenation"));
    QCOMPARE(r.header("Tus-Max-Size"), QByteArray::number(TestMaxSize));
    QCOMPARE(r.header("Tus-Checksum-Algorithm"), QByteArray("crc32c,sha256,sha1,md5"));
}

void TestHoistdProtocol::statusCodes_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<Target>("target");
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<RawHeaders>("headers");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");

    const RawHeaders tus = tusHeader();
    const RawHeaders stream{{"Tus-Resumable", "1.0.0"},
                            {"Content-Type", TusWire::OffsetContentType}};
    const auto plus = [](RawHeaders h, const QByteArray &name, const QByteArray &value) {
        h.append({name, value});
        return h;
    };
    const RawHeaders at0 = plus(stream, "Upload-Offset", "0");
    const QByteArray none;

    QTest::newRow("OPTIONS needs no Tus-Resumable")
        << QByteArray("OPTIONS") << Target::Upload << none << RawHeaders{} << none << 204;
    QTest::newRow("HEAD") << QByteArray("HEAD") << Target::Upload << none << tus << none << 200;
    QTest::newRow("PATCH") << QByteArray("PATCH") << Target::Upload << none << at0
                           << QByteArray("0123456789") << 204;
    QTest::newRow("X-HTTP-Method-Override")
        << QByteArray("POST") << Target::Upload << none
        << plus(at0, "X-HTTP-Method-Override", "PATCH") << QByteArray("01234") << 204;
    QTest::newRow("DELETE") << QByteArray("DELETE") << Target::Upload << none << tus << none << 204;

    QTest::newRow("412 no Tus-Resumable")
        << QByteArray("PATCH") << Target::Upload << none
        << RawHeaders{{"Content-Type", TusWire::OffsetContentType}, {"Upload-Offset", "0"}}
        << QByteArray("x") << 412;
    QTest::newRow("412 other version") << QByteArray("HEAD") << Target::Upload << none
                                       << RawHeaders{{"Tus-Resumable", "0.2.2"}} << none << 412;
    QTest::newRow("412 on POST") << QByteArray("POST") << Target::Collection << none
                                 << RawHeaders{{"Upload-Length", "5"}} << none << 412;

    QTest::newRow("404 HEAD unknown")
        << QByteArray("HEAD") << Target::UnknownUpload << none << tus << none << 404;
    QTest::newRow("404 PATCH unknown")
        << QByteArray("PATCH") << Target::UnknownUpload << none << at0 << QByteArray("x") << 404;
    QTest::newRow("404 DELETE unknown")
        << QByteArray("DELETE") << Target::UnknownUpload << none << tus << none << 404;
    QTest::newRow("404 dot-dot path") << QByteArray("HEAD") << Target::Path
                                      << QByteArray("/files/../hoistd.db") << tus << none << 404;
    QTest::newRow("404 other path")
        << QByteArray("HEAD") << Target::Path << QByteArray("/uploads/") << tus << none << 404;
    QTest::newRow("404 upper-case id")
        << QByteArray("HEAD") << Target::Path
        << QByteArray("/files/ABCDEF0123456789ABCDEF0123456789") << tus << none << 404;
    // GET serves a finished upload's bytes (tst_hoistd_download); this one is not finished.
    QTest::newRow("409 GET unfinished")
        << QByteArray("GET") << Target::Upload << none << tus << none << 409;
    QTest::newRow("405 PUT") << QByteArray("PUT") << Target::Upload << none << tus << none << 405;
    QTest::newRow("405 PATCH collection")
        << QByteArray("PATCH") << Target::Collection << none << at0 << QByteArray("x") << 405;

    QTest::newRow("400 POST no length")
        << QByteArray("POST") << Target::Collection << none << tus << none << 400;
    QTest::newRow("400 POST both lengths")
        << QByteArray("POST") << Target::Collection << none
        << plus(plus(tus, "Upload-Length", "5"), "Upload-Defer-Length", "1") << none << 400;
    QTest::newRow("400 POST defer 2") << QByteArray("POST") << Target::Collection << none
                                      << plus(tus, "Upload-Defer-Length", "2") << none << 400;
    QTest::newRow("400 POST length 12a") << QByteArray("POST") << Target::Collection << none
                                         << plus(tus, "Upload-Length", "12a") << none << 400;
    QTest::newRow("400 POST length -1") << QByteArray("POST") << Target::Collection << none
                                        << plus(tus, "Upload-Length", "-1") << none << 400;
    QTest::newRow("400 POST metadata not base64")
        << QByteArray("POST") << Target::Collection << none
        << plus(plus(tus, "Upload-Length", "5"), "Upload-Metadata", "filename not*base64") << none
        << 400;
    QTest::newRow("400 POST metadata key twice")
        << QByteArray("POST") << Target::Collection << none
        << plus(plus(tus, "Upload-Length", "5"), "Upload-Metadata", "a YQ==,a Yg==") << none << 400;
    QTest::newRow("400 POST Upload-Concat garbage")
        << QByteArray("POST") << Target::Collection << none
        << plus(plus(tus, "Upload-Length", "5"), "Upload-Concat", "partial;") << none << 400;
    QTest::newRow("400 POST Upload-Concat no id")
        << QByteArray("POST") << Target::Collection << none
        << plus(tus, "Upload-Concat", "final;/files/") << none << 400;
    QTest::newRow("413 POST over Tus-Max-Size")
        << QByteArray("POST") << Target::Collection << none
        << plus(tus, "Upload-Length", QByteArray::number(TestMaxSize + 1)) << none << 413;
    QTest::newRow("415 POST body, no content type")
        << QByteArray("POST") << Target::Collection << none << plus(tus, "Upload-Length", "5")
        << QByteArray("hello") << 415;

    QTest::newRow("415 PATCH octet-stream")
        << QByteArray("PATCH") << Target::Upload << none
        << RawHeaders{{"Tus-Resumable", "1.0.0"},
                      {"Content-Type", "application/octet-stream"},
                      {"Upload-Offset", "0"}}
        << QByteArray("x") << 415;
    QTest::newRow("409 PATCH wrong offset")
        << QByteArray("PATCH") << Target::Upload << none << plus(stream, "Upload-Offset", "3")
        << QByteArray("x") << 409;
    QTest::newRow("400 PATCH no offset")
        << QByteArray("PATCH") << Target::Upload << none << stream << QByteArray("x") << 400;
    QTest::newRow("400 PATCH offset -0")
        << QByteArray("PATCH") << Target::Upload << none << plus(stream, "Upload-Offset", "-0")
        << QByteArray("x") << 400;
    QTest::newRow("413 PATCH past length")
        << QByteArray("PATCH") << Target::Upload << none << at0 << QByteArray("0123456789A") << 413;
    QTest::newRow("400 PATCH length changed")
        << QByteArray("PATCH") << Target::Upload << none << plus(at0, "Upload-Length", "11")
        << QByteArray("x") << 400;
    QTest::newRow("400 PATCH checksum crc32")
        << QByteArray("PATCH") << Target::Upload << none
        << plus(at0, "Upload-Checksum", "crc32 AAAAAA==") << QByteArray("x") << 400;
    QTest::newRow("400 PATCH checksum malformed")
        << QByteArray("PATCH") << Target::Upload << none << plus(at0, "Upload-Checksum", "sha1")
        << QByteArray("x") << 400;
    QTest::newRow("400 PATCH checksum short digest")
        << QByteArray("PATCH") << Target::Upload << none
        << plus(at0, "Upload-Checksum", "sha1 AAAA") << QByteArray("x") << 400;
}

void TestHoistdProtocol::statusCodes()
{
    QFETCH(QByteArray, method);
    QFETCH(Target, target);
    QFETCH(QByteArray, path);
    QFETCH(RawHeaders, headers);
    QFETCH(QByteArray, body);
    QFETCH(int, status);

    QVERIFY(startServer());
    const QByteArray upload = create(10);
    QVERIFY(!upload.isEmpty());
    switch (target) {
    case Target::Collection:
        path = "/files/";
        break;
    case Target::Upload:
        path = upload;
        break;
    case Target::UnknownUpload:
        path = "/files/0123456789abcdef0123456789abcdef";
        break;
    case Target::Path:
        break;
    }
    const RawResponse r = rawRequest(port(), method, path, headers, body);
    QCOMPARE(r.status, status);
    QCOMPARE(r.header("Tus-Resumable"), QByteArray("1.0.0"));
    if (status == 412)
        QCOMPARE(r.header("Tus-Version"), QByteArray("1.0.0"));
    if (status >= 400) {
        QVERIFY2(!r.body.trimmed().isEmpty() || method == "HEAD", "an error says why");
        QVERIFY(!r.has("Upload-Offset"));
        // Nothing of a refused request is stored.
        QCOMPARE(offsetOf(upload), 0);
        QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))).size(), 0);
    }
    if (status == 204 && method != "DELETE" && method != "OPTIONS")
        QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))), body);
}

void TestHoistdProtocol::goneAfterTermination()
{
    QVERIFY(startServer());
    const QByteArray upload = create(10);
    QCOMPARE(rawRequest(port(), "DELETE", upload, tusHeader()).status, 204);
    QVERIFY(head(upload).status == 404 || head(upload).status == 410);
    QCOMPARE(patch(upload, 0, "x").status, 410);
    QCOMPARE(rawRequest(port(), "DELETE", upload, tusHeader()).status, 410);
    QVERIFY(m_server->storedFiles().isEmpty());
}

void TestHoistdProtocol::creationResumeTerminationRoundTrip()
{
    QVERIFY(startServer());
    const QByteArray content = QByteArray("tus over hoistd, in three requests: ").repeated(1000);
    const QByteArray metadata = TusWire::encodeMetadata({{"filename", "report.pdf"}, {"flag", ""}});
    const QByteArray upload = create(content.size(), {{"Upload-Metadata", metadata}});
    QVERIFY(upload.startsWith("/files/"));

    RawResponse h = head(upload);
    QCOMPARE(h.status, 200);
    QCOMPARE(h.header("Upload-Offset"), QByteArray("0"));
    QCOMPARE(h.header("Upload-Length"), QByteArray::number(content.size()));
    QCOMPARE(h.header("Upload-Metadata"), metadata);
    QCOMPARE(h.header("Cache-Control"), QByteArray("no-store"));
    QVERIFY(h.has("Upload-Expires"));

    const int cut = 12345;
    RawResponse p = patch(upload, 0, content.left(cut));
    QCOMPARE(p.status, 204);
    QCOMPARE(p.header("Upload-Offset"), QByteArray::number(cut));
    QVERIFY(p.has("Upload-Expires"));
    QCOMPARE(offsetOf(upload), cut);
    p = patch(upload, cut, content.mid(cut));
    QCOMPARE(p.status, 204);
    QCOMPARE(p.header("Upload-Offset"), QByteArray::number(content.size()));
    QVERIFY2(!p.has("Upload-Expires"), "a finished upload does not expire");
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))), content);
    QVERIFY(waitFor(
        [&] {
            return m_server->serverLog().contains(
                QStringLiteral("finished %1 %2 bytes \"report.pdf\"")
                    .arg(QString::fromLatin1(upload.mid(7)))
                    .arg(content.size()));
        },
        5000));

    QCOMPARE(rawRequest(port(), "DELETE", upload, tusHeader()).status, 204);
    QVERIFY(m_server->storedFiles().isEmpty());
}

void TestHoistdProtocol::creationWithUpload()
{
    QVERIFY(startServer());
    RawResponse r = rawRequest(
        port(), "POST", "/files/",
        tusHeader()
            + RawHeaders{{"Upload-Length", "11"}, {"Content-Type", TusWire::OffsetContentType}},
        "hello");
    QCOMPARE(r.status, 201);
    QCOMPARE(r.header("Upload-Offset"), QByteArray("5"));
    const QByteArray upload = r.header("Location");
    QCOMPARE(patch(upload, 5, " world").status, 204);
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))), QByteArray("hello world"));
}

void TestHoistdProtocol::checksumAccepted_data()
{
    QTest::addColumn<QByteArray>("algorithm");
    QTest::addColumn<int>("qtAlgorithm");
    QTest::newRow("md5") << QByteArray("md5") << int(QCryptographicHash::Md5);
    QTest::newRow("sha1") << QByteArray("sha1") << int(QCryptographicHash::Sha1);
    QTest::newRow("sha256") << QByteArray("sha256") << int(QCryptographicHash::Sha256);
    QTest::newRow("crc32c") << QByteArray("crc32c") << -1; // crc32coracle.h's
}

void TestHoistdProtocol::checksumAccepted()
{
    QFETCH(QByteArray, algorithm);
    QFETCH(int, qtAlgorithm);
    QVERIFY(startServer());
    const QByteArray content = QByteArray("checksummed ").repeated(5000);
    const QByteArray upload = create(content.size());
    const auto sum = [&](const QByteArray &bytes) {
        return algorithm + ' '
               + (qtAlgorithm < 0
                      ? crc32cBitwiseDigest(bytes)
                      : QCryptographicHash::hash(bytes, QCryptographicHash::Algorithm(qtAlgorithm)))
                     .toBase64();
    };
    QCOMPARE(
        patch(upload, 0, content.left(1000), {{"Upload-Checksum", sum(content.left(1000))}}).status,
        204);
    // One byte changed on the way: refused, nothing of it stored.
    QByteArray damaged = content.mid(1000);
    damaged[damaged.size() / 3] = char(damaged.at(damaged.size() / 3) ^ 0x10);
    QCOMPARE(patch(upload, 1000, damaged, {{"Upload-Checksum", sum(content.mid(1000))}}).status,
             460);
    QCOMPARE(offsetOf(upload), 1000);
    QCOMPARE(patch(upload, 1000, content.mid(1000), {{"Upload-Checksum", sum(content.mid(1000))}})
                 .status,
             204);
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))), content);
}

void TestHoistdProtocol::checksumMismatchStoresNothing()
{
    QVERIFY(startServer());
    const QByteArray content = QByteArray("0123456789abcdef").repeated(4096);
    const QByteArray upload = create(content.size());
    QCOMPARE(patch(upload, 0, content.left(1000)).status, 204);
    QByteArray corrupted = content.mid(1000);
    corrupted[corrupted.size() / 2] = '!';
    const QByteArray sum =
        "sha256 "
        + QCryptographicHash::hash(content.mid(1000), QCryptographicHash::Sha256).toBase64();
    const RawResponse bad = patch(upload, 1000, corrupted, {{"Upload-Checksum", sum}});
    QCOMPARE(bad.status, 460);
    QVERIFY(!bad.has("Upload-Offset"));
    QCOMPARE(offsetOf(upload), 1000);
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))), content.left(1000));
    // The same chunk, intact, goes in.
    QCOMPARE(patch(upload, 1000, content.mid(1000), {{"Upload-Checksum", sum}}).status, 204);
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))), content);
}

void TestHoistdProtocol::creationWithUploadBadChecksumLeavesNoUpload()
{
    QVERIFY(startServer());
    const RawResponse r = rawRequest(
        port(), "POST", "/files/",
        tusHeader()
            + RawHeaders{{"Upload-Length", "11"},
                         {"Content-Type", TusWire::OffsetContentType},
                         {"Upload-Checksum",
                          "sha1 "
                              + QCryptographicHash::hash("hellO", QCryptographicHash::Sha1)
                                    .toBase64()}},
        "hello");
    QCOMPARE(r.status, 460);
    QVERIFY(!r.has("Location"));
    QVERIFY(m_server->storedFiles().isEmpty());
}

void TestHoistdProtocol::deferredLength()
{
    QVERIFY(startServer());
    const QByteArray upload = create(-1);
    QVERIFY(!upload.isEmpty());
    RawResponse h = head(upload);
    QCOMPARE(h.header("Upload-Defer-Length"), QByteArray("1"));
    QVERIFY(!h.has("Upload-Length"));
    QCOMPARE(patch(upload, 0, "first,").status, 204);
    QCOMPARE(head(upload).header("Upload-Defer-Length"), QByteArray("1"));
    // The length may not be below what is already stored, nor above Tus-Max-Size.
    QCOMPARE(patch(upload, 6, "x", {{"Upload-Length", "3"}}).status, 400);
    QCOMPARE(patch(upload, 6, "x", {{"Upload-Length", QByteArray::number(TestMaxSize + 1)}}).status,
             413);
    QCOMPARE(patch(upload, 6, "second", {{"Upload-Length", "12"}}).status, 204);
    h = head(upload);
    QCOMPARE(h.header("Upload-Length"), QByteArray("12"));
    QVERIFY(!h.has("Upload-Defer-Length"));
    QCOMPARE(h.header("Upload-Offset"), QByteArray("12"));
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))), QByteArray("first,second"));
    QCOMPARE(patch(upload, 12, "", {{"Upload-Length", "13"}}).status, 400);
}

void TestHoistdProtocol::expiredUploadsAreSwept()
{
    QVERIFY(startServer({QStringLiteral("--expire-after"), QStringLiteral("1")}));
    const QByteArray unfinished = create(100);
    const QByteArray finished = create(3);
    QCOMPARE(patch(finished, 0, "abc").status, 204);
    const RawResponse h = head(unfinished);
    const QDateTime expires =
        QLocale::c().toDateTime(QString::fromLatin1(h.header("Upload-Expires")),
                                QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    QVERIFY2(expires.isValid(), h.header("Upload-Expires").constData());
    QCOMPARE(m_server->storedFiles().size(), 2);
    // The sweep deletes the file; HEAD answers 410 from the moment it expired.
    QVERIFY(waitFor([&] { return m_server->storedFiles().size() == 1; }, 10000));
    const int status = head(unfinished).status;
    QVERIFY2(status == 410 || status == 404, QByteArray::number(status).constData());
    QCOMPARE(head(finished).status, 200);
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(finished))), QByteArray("abc"));
    QVERIFY(waitFor(
        [&] {
            return m_server->serverLog().contains(QLatin1String("expired 1 unfinished upload"));
        },
        5000));
}

void TestHoistdProtocol::filenamesNeverBecomePaths()
{
    QVERIFY(startServer());
    const QList<QByteArray> names{"../../etc/passwd",         "/etc/passwd",
                                  QByteArray("a\0b/../c", 8), "..",
                                  "C:\\Windows\\system.ini",  "uploads/../../escape"};
    for (const QByteArray &name : names) {
        const QByteArray metadata = TusWire::encodeMetadata({{"filename", name}});
        const QByteArray upload = create(4, {{"Upload-Metadata", metadata}});
        QVERIFY2(!upload.isEmpty(), name.constData());
        QCOMPARE(patch(upload, 0, "data").status, 204);
        QCOMPARE(head(upload).header("Upload-Metadata"), metadata);
    }
    // Everything hoistd wrote is in its data dir, the uploads named by ids it chose.
    const QRegularExpression id(QStringLiteral("^[0-9a-f]{32}$"));
    QDirIterator it(m_server->rootDir(), QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    int uploads = 0;
    while (it.hasNext()) {
        const QString relative = QDir(m_server->rootDir()).relativeFilePath(it.next());
        if (relative.startsWith(QLatin1String("data/uploads/"))) {
            QVERIFY2(id.match(relative.mid(13)).hasMatch(), qPrintable(relative));
            ++uploads;
        } else if (ClusterStoreView::wanted() && relative.startsWith(QLatin1String("data/spool"))) {
            // The cluster store's spool: files named by upload id while a request writes.
            static const QRegularExpression spool(
                QStringLiteral("^data/spool(/[0-9a-f]{32}\\.\\d+\\.[0-9a-f]+\\.spool)?$"));
            QVERIFY2(spool.match(relative).hasMatch(), qPrintable(relative));
        } else {
            QVERIFY2(relative == QLatin1String("data") || relative == QLatin1String("data/uploads")
                         || relative.startsWith(QLatin1String("data/hoistd.")),
                     qPrintable(relative));
        }
    }
    QCOMPARE(ClusterStoreView::wanted() ? m_server->storedFiles().size() : uploads, names.size());
    QVERIFY(
        waitFor([&] { return m_server->serverLog().contains(QLatin1String("\"passwd\"")); }, 5000));
}

void TestHoistdProtocol::sanitisedFilenames_data()
{
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<QString>("clean");
    QTest::newRow("plain") << QByteArray("report.pdf") << QStringLiteral("report.pdf");
    QTest::newRow("dot-dot") << QByteArray("../../etc/passwd") << QStringLiteral("passwd");
    QTest::newRow("absolute") << QByteArray("/etc/shadow") << QStringLiteral("shadow");
    QTest::newRow("windows") << QByteArray("C:\\a\\b.txt") << QStringLiteral("b.txt");
    QTest::newRow("NUL") << QByteArray("a\0b", 3) << QStringLiteral("ab");
    QTest::newRow("newline") << QByteArray("a\r\nb") << QStringLiteral("ab");
    QTest::newRow("only dots") << QByteArray("..") << QString();
    QTest::newRow("trailing slash") << QByteArray("dir/") << QString();
    QTest::newRow("long") << QByteArray(1000, 'x') << QString(255, QLatin1Char('x'));
}

void TestHoistdProtocol::sanitisedFilenames()
{
    QFETCH(QByteArray, raw);
    QFETCH(QString, clean);
    QCOMPARE(sanitiseFilename(raw), clean);
}

void TestHoistdProtocol::refusesNonLoopbackAddress()
{
    QProcess process;
    QTemporaryDir dir;
    process.start(HoistdProcess::binary(), {QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0"),
                                            QStringLiteral("--data"), dir.path()});
    QVERIFY(process.waitForFinished(10000));
    QCOMPARE(process.exitCode(), 2);
    const QString said = QString::fromUtf8(process.readAllStandardError());
    QVERIFY2(said.contains(QLatin1String("loopback")), qPrintable(said));
    QVERIFY(process.readAllStandardOutput().isEmpty());
}

QTEST_GUILESS_MAIN(TestHoistdProtocol)
