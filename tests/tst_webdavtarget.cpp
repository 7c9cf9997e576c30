// The WebDAV client's pieces that need no server: dav(s):// endpoints and the URLs made from
// them, the folders MKCOL makes, " (n)" names, PROPFIND answers, basic auth from a token, and
// the protocol-neutral --if-exists value.
#include "commandline.h"
#include "ifexistsoption.h"
#include "webdavprotocol.h"
#include "webdavputtransfer.h"
#include "webdavtarget.h"
#include "webdavxml.h"

#include <QNetworkAccessManager>
#include <QTest>

class tst_WebDavTarget : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void endpoints_data();
    void endpoints();
    void fileUrlsEncodeEachName();
    void foldersOuterFirst();
    void numberedNames_data();
    void numberedNames();
    void multistatus();
    void notMultistatus();
    void basicAuthFromToken();
    void ifExistsOption();
    void commandLine();
};

void tst_WebDavTarget::endpoints_data()
{
    QTest::addColumn<QString>("endpoint");
    QTest::addColumn<QString>("collection"); // empty: refused
    QTest::newRow("dav") << "dav://h:8080/a/b"
                         << "http://h:8080/a/b/";
    QTest::newRow("davs") << "davs://h/a/"
                          << "https://h/a/";
    QTest::newRow("root") << "dav://h"
                          << "http://h/";
    QTest::newRow("user") << "dav://bob@h/x"
                          << "http://h/x/";
    QTest::newRow("password refused") << "dav://bob:pw@h/x"
                                      << "";
    QTest::newRow("no host") << "dav:///x"
                             << "";
    QTest::newRow("query refused") << "dav://h/x?y=1"
                                   << "";
    QTest::newRow("http is not dav") << "http://h/x"
                                     << "";
}

void tst_WebDavTarget::endpoints()
{
    QFETCH(QString, endpoint);
    QFETCH(QString, collection);
    QString problem;
    const std::optional<WebDavTarget> target = WebDavTarget::fromUrl(QUrl(endpoint), &problem);
    QCOMPARE(target.has_value(), !collection.isEmpty());
    if (target)
        QCOMPARE(target->collectionUrl().toString(), collection);
    else
        QVERIFY(!problem.isEmpty());
}

void tst_WebDavTarget::fileUrlsEncodeEachName()
{
    const auto target = WebDavTarget::fromUrl(QUrl(QStringLiteral("dav://h/in box/")));
    QVERIFY(target);
    QCOMPARE(target->fileUrl(QStringLiteral("a#b/c?d%20 ü.txt")).toString(QUrl::FullyEncoded),
             QStringLiteral("http://h/in%20box/a%23b/c%3Fd%2520%20%C3%BC.txt"));
    QCOMPARE(target->fileUrl(QStringLiteral("a#b/c?d%20 ü.txt")).path(),
             QStringLiteral("/in box/a#b/c?d%20 ü.txt"));
}

void tst_WebDavTarget::foldersOuterFirst()
{
    const auto target = WebDavTarget::fromUrl(QUrl(QStringLiteral("dav://h/base")));
    QVERIFY(target);
    const QList<QUrl> folders = target->foldersOf(QStringLiteral("x y/z/file.bin"));
    QStringList paths;
    for (const QUrl &url : folders)
        paths << url.toString(QUrl::FullyEncoded);
    QCOMPARE(paths,
             QStringList({QStringLiteral("http://h/base/"), QStringLiteral("http://h/base/x%20y/"),
                          QStringLiteral("http://h/base/x%20y/z/")}));
    QCOMPARE(target->foldersOf(QStringLiteral("file.bin")).size(), 1);
}

void tst_WebDavTarget::numberedNames_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("second");
    QTest::newRow("ext") << "a/report.txt"
                         << "a/report (2).txt";
    QTest::newRow("none") << "README"
                          << "README (2)";
    QTest::newRow("hidden") << "d/.profile"
                            << "d/.profile (2)";
    QTest::newRow("two dots") << "x.tar.gz"
                              << "x (2).tar.gz";
}

void tst_WebDavTarget::numberedNames()
{
    QFETCH(QString, path);
    QFETCH(QString, second);
    QCOMPARE(WebDavPutTransfer::numberedName(path, 2), second);
}

void tst_WebDavTarget::multistatus()
{
    // As Nextcloud answers: a 200 propstat and a 404 one for what it lacks.
    const QByteArray body =
        "<?xml version=\"1.0\"?><d:multistatus xmlns:d=\"DAV:\" "
        "xmlns:oc=\"http://owncloud.org/ns\">"
        "<d:response><d:href>/remote.php/dav/files/u/a%20b.txt</d:href>"
        "<d:propstat><d:prop><d:getcontentlength>42</d:getcontentlength>"
        "<d:getetag>\"abc\"</d:getetag><d:resourcetype/>"
        "<oc:checksums><oc:checksum>SHA1:aa MD5:bb SHA256:CC</oc:checksum></oc:checksums>"
        "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>"
        "<d:propstat><d:prop><x:y xmlns:x=\"X\"/></d:prop>"
        "<d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response>"
        "<d:response><d:href>/remote.php/dav/uploads/u/id/</d:href><d:propstat><d:prop>"
        "<d:resourcetype><d:collection/></d:resourcetype></d:prop>"
        "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>";
    bool ok = false;
    const QList<WebDavEntry> entries = WebDavXml::parseMultistatus(body, &ok);
    QVERIFY(ok);
    QCOMPARE(entries.size(), 2);
    QCOMPARE(entries[0].size, 42);
    QCOMPARE(entries[0].etag, QByteArray("\"abc\""));
    QVERIFY(!entries[0].collection);
    QCOMPARE(WebDavXml::checksumOf(entries[0].checksums, "SHA256"), QByteArray("cc"));
    QCOMPARE(WebDavXml::checksumOf(entries[0].checksums, "MD5"), QByteArray("bb"));
    QVERIFY(WebDavXml::checksumOf(entries[0].checksums, "ADLER32").isEmpty());
    QCOMPARE(WebDavXml::lastSegment(entries[0].href), QStringLiteral("a b.txt"));
    QVERIFY(entries[1].collection);
    QCOMPARE(entries[1].size, -1);
    QCOMPARE(WebDavXml::lastSegment(entries[1].href), QStringLiteral("id"));
}

void tst_WebDavTarget::notMultistatus()
{
    bool ok = true;
    QVERIFY(WebDavXml::parseMultistatus("<html>hello</html>", &ok).isEmpty());
    QVERIFY(!ok);
}

void tst_WebDavTarget::basicAuthFromToken()
{
    QNetworkAccessManager network;
    WebDavProtocol protocol(&network);
    const auto withUser = WebDavTarget::fromUrl(QUrl(QStringLiteral("dav://bob@h/x")));
    const auto without = WebDavTarget::fromUrl(QUrl(QStringLiteral("dav://h/x")));
    const HttpHeaders bearer{{"Authorization", "Bearer pw:1"}, {"X-A", "b"}};
    // A user named: the token is its password.
    HttpHeaders headers = protocol.headersFor(*withUser, bearer);
    QCOMPARE(headers.size(), 2);
    QVERIFY(headers.contains(HttpHeader("X-A", "b")));
    QVERIFY(headers.contains(
        HttpHeader("Authorization", "Basic " + QByteArray("bob:pw:1").toBase64())));
    // No user: the bearer token as it is.
    QCOMPARE(protocol.headersFor(*without, bearer), bearer);
    // A password given apart (HOIST_DAV_PASSWORD) when no token is set.
    protocol.setPassword(QUrl(QStringLiteral("dav://bob@h/other")), QStringLiteral("sécret"));
    headers = protocol.headersFor(*withUser, {});
    QCOMPARE(headers, HttpHeaders({{"Authorization",
                                    "Basic " + QStringLiteral("bob:sécret").toUtf8().toBase64()}}));
}

void tst_WebDavTarget::ifExistsOption()
{
    QCOMPARE(IfExistsOption::parse(QStringLiteral("skip")), IfExists::Skip);
    QCOMPARE(IfExistsOption::parse(QStringLiteral(" Rename ")), IfExists::Rename);
    QCOMPARE(IfExistsOption::parse(QStringLiteral("overwrite")), IfExists::Overwrite);
    QVERIFY(!IfExistsOption::parse(QStringLiteral("ask")));
    QVERIFY(IfExistsOption::problem(QStringLiteral("ask")).contains(QLatin1String("ask")));
    for (IfExists mode : {IfExists::Skip, IfExists::Overwrite, IfExists::Rename})
        QCOMPARE(IfExistsOption::parse(IfExistsOption::toString(mode)), mode);
}

void tst_WebDavTarget::commandLine()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("HOIST_DAV_PASSWORD"), QStringLiteral("pw"));
    const auto parse = [&env](const QStringList &args) {
        return parseCommandLine(QStringList{QStringLiteral("hoist"), QStringLiteral("--headless")}
                                    + args + QStringList{QStringLiteral("f")},
                                env);
    };
    CommandLineResult result = parse({QStringLiteral("-e"), QStringLiteral("dav://a@h:81/x y"),
                                      QStringLiteral("--if-exists"), QStringLiteral("rename")});
    QVERIFY2(result.ok(), qPrintable(result.text));
    QCOMPARE(result.options.endpoint.scheme(), QStringLiteral("dav"));
    QCOMPARE(result.options.ifExists, IfExists::Rename);
    QCOMPARE(result.options.davPassword, QStringLiteral("pw"));
    result = parse({QStringLiteral("-e"), QStringLiteral("davs://h/")});
    QVERIFY(result.ok());
    QCOMPARE(result.options.ifExists, IfExists::Overwrite);
    result = parse({QStringLiteral("-e"), QStringLiteral("dav://a:secret@h/x")});
    QCOMPARE(result.status, CommandLineResult::Status::UsageError);
    QVERIFY(!result.text.contains(QLatin1String("secret")));
    result = parse({QStringLiteral("-e"), QStringLiteral("davs://h/"),
                    QStringLiteral("--if-exists"), QStringLiteral("ask")});
    QCOMPARE(result.status, CommandLineResult::Status::UsageError);
    QVERIFY2(result.text.contains(QLatin1String("--if-exists")), qPrintable(result.text));
}

QTEST_GUILESS_MAIN(tst_WebDavTarget)
#include "tst_webdavtarget.moc"
