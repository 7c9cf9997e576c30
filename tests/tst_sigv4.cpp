#include "s3credentials.h"
#include "sigv4signer.h"
#include "tst_sigv4_vectors.h"

#include <QCryptographicHash>
#include <QDebug>
#include <QTest>
#include <QTimeZone>

#include <iterator>

namespace {
using namespace sigv4vectors;

QDateTime utc(const char *iso)
{
    return QDateTime::fromString(QLatin1String(iso), Qt::ISODate);
}

SigV4Headers hdrs(std::initializer_list<QPair<QByteArray, QByteArray>> list)
{
    return SigV4Headers(list);
}

// "Name:value\n" lines, as in a .req file: the value is everything after the first colon.
SigV4Headers parseHeaders(const QByteArray &lines)
{
    SigV4Headers headers;
    for (const QByteArray &line : lines.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            headers.append({line.left(colon), line.mid(colon + 1)});
    }
    return headers;
}

QByteArray sha256Hex(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

// The headers of a signed request that carry `name` (case-insensitive), in order.
QList<QByteArray> valuesOf(const SigV4Headers &headers, const QByteArray &name)
{
    QList<QByteArray> values;
    for (const auto &[n, v] : headers)
        if (n.compare(name, Qt::CaseInsensitive) == 0)
            values.append(v);
    return values;
}
} // namespace

// Published vectors (tst_sigv4_vectors.h says where each comes from) first, then the rules they
// leave open, each checked against a string written from the rule.
class TstSigV4 final : public QObject {
    Q_OBJECT

private slots:
    void suite_data();
    void suite();
    void s3Examples_data();
    void s3Examples();
    void signingKey();
    void dateFormats_data();
    void dateFormats();
    void signsInUtc();
    void s3KeepsPathsAsGiven_data();
    void s3KeepsPathsAsGiven();
    void uriEncoding_data();
    void uriEncoding();
    void canonicalQuery();
    void hostFromUrl_data();
    void hostFromUrl();
    void unsignedPayload();
    void signerOwnsDateAndContentHash();
    void refusesWhatItCannotSign_data();
    void refusesWhatItCannotSign();
    void secretNeverShown();
};

void TstSigV4::suite_data()
{
    QTest::addColumn<int>("index");
    for (int i = 0; i < int(std::size(Suite)); ++i)
        QTest::newRow(Suite[i].name) << i;
}

void TstSigV4::suite()
{
    QFETCH(int, index);
    const SuiteCase &c = Suite[index];

    const QUrl url(QLatin1String(SuiteOrigin) + QString::fromUtf8(c.target));
    QVERIFY2(url.isValid(), qPrintable(url.errorString()));
    SigV4Request request = SigV4Request::forUrl(c.method, url, sha256Hex(c.body));
    request.headers += parseHeaders(c.headers);
    const SigV4Signer signer({SuiteKeyId, SuiteSecret}, QStringLiteral("us-east-1"),
                             QStringLiteral("service"));
    const SigV4Signature out = signer.sign(request, utc(SuiteTime));

    QCOMPARE(out.canonicalRequest, QByteArray(c.creq));
    QCOMPARE(out.stringToSign, QByteArray(SuiteStsHead) + c.stsHash);
    QCOMPARE(out.authorization, QByteArray(c.authz));
    QCOMPARE(out.signature, QByteArray(c.authz).right(64));
    // Not S3: no x-amz-content-sha256, which the suite's canonical requests do not have.
    QCOMPARE(valuesOf(out.headers, "x-amz-content-sha256"), QList<QByteArray>());
    QCOMPARE(valuesOf(out.headers, "x-amz-date"), QList<QByteArray>{"20150830T123600Z"});
    QCOMPARE(valuesOf(out.headers, "Authorization"), QList<QByteArray>{c.authz});
}

void TstSigV4::s3Examples_data()
{
    QTest::addColumn<int>("index");
    for (int i = 0; i < int(std::size(S3Examples)); ++i)
        QTest::newRow(S3Examples[i].name) << i;
}

void TstSigV4::s3Examples()
{
    QFETCH(int, index);
    const S3Example &c = S3Examples[index];

    const QByteArray payloadHash = SigV4Signer::sha256Hex(c.body);
    // The page gives these two hashes: the empty body's and "Welcome to Amazon S3."'s.
    QCOMPARE(payloadHash, QByteArray(*c.body ? S3PutBodySha256 : EmptySha256));

    SigV4Request request = SigV4Request::forUrl(c.method, QUrl(c.url), payloadHash);
    request.headers += parseHeaders(c.headers);
    const SigV4Signer signer({S3KeyId, S3Secret}, QStringLiteral("us-east-1"));
    const SigV4Signature out = signer.sign(request, utc(S3Time));

    QCOMPARE(out.canonicalRequest, QByteArray(c.creq));
    QCOMPARE(out.stringToSign, QByteArray(S3StsHead) + c.stsHash);
    QCOMPARE(out.signature, QByteArray(c.signature));
    // The page joins the three parts with ","; the suite (and botocore, and so the aws CLI) with
    // ", ". Servers take both; this signer writes the suite's form.
    QCOMPARE(QByteArray(out.authorization).replace(", ", ","), QByteArray(c.authz));
    QVERIFY(out.authorization.contains(", SignedHeaders=")
            && out.authorization.contains(", Signature="));

    // What goes on the wire: the caller's headers as given, then the signer's three.
    SigV4Headers sent = request.headers;
    sent += hdrs({{"x-amz-date", "20130524T000000Z"},
                  {"x-amz-content-sha256", payloadHash},
                  {"Authorization", out.authorization}});
    QCOMPARE(out.headers, sent);
    QCOMPARE(valuesOf(out.headers, "host"), QList<QByteArray>{"examplebucket.s3.amazonaws.com"});
}

void TstSigV4::signingKey()
{
    QCOMPARE(SigV4Signer::signingKey(KeySecret, KeyDate, QStringLiteral("us-east-1"),
                                     QStringLiteral("iam"))
                 .toHex(),
             QByteArray(KeySigning));
}

void TstSigV4::dateFormats_data()
{
    QTest::addColumn<QDateTime>("time");
    QTest::addColumn<QByteArray>("amzDate");
    QTest::addColumn<QByteArray>("dateStamp");

    QTest::newRow("utc") << utc(S3Time) << QByteArray("20130524T000000Z") << QByteArray("20130524");
    // Local time east of UTC, just after midnight: the scope's date is the UTC one, the day before.
    QTest::newRow("offset +02:00")
        << QDateTime(QDate(2013, 5, 24), QTime(1, 30, 5), QTimeZone(2 * 3600))
        << QByteArray("20130523T233005Z") << QByteArray("20130523");
    QTest::newRow("milliseconds dropped")
        << QDateTime(QDate(2015, 8, 30), QTime(12, 36, 0, 999), QTimeZone::utc())
        << QByteArray("20150830T123600Z") << QByteArray("20150830");
    QTest::newRow("last second of a year")
        << utc("2099-12-31T23:59:59Z") << QByteArray("20991231T235959Z") << QByteArray("20991231");
}

void TstSigV4::dateFormats()
{
    QFETCH(QDateTime, time);
    QFETCH(QByteArray, amzDate);
    QFETCH(QByteArray, dateStamp);
    QCOMPARE(SigV4Signer::amzDate(time), amzDate);
    QCOMPARE(SigV4Signer::dateStamp(time), dateStamp);
    QCOMPARE(SigV4Signer::credentialScope(dateStamp, QStringLiteral("eu-central-1"),
                                          QStringLiteral("s3")),
             dateStamp + "/eu-central-1/s3/aws4_request");
}

// The published GET Object instant written in a zone west of UTC, where it is still the day
// before (22:00 on May 23rd): the published signature, so the scope's date is the UTC one too.
void TstSigV4::signsInUtc()
{
    const QDateTime local(QDate(2013, 5, 23), QTime(22, 0), QTimeZone(-2 * 3600));
    QCOMPARE(local, utc(S3Time));
    SigV4Request request =
        SigV4Request::forUrl("GET", QUrl(S3Examples[0].url), QByteArray(EmptySha256));
    request.headers += parseHeaders(S3Examples[0].headers);
    const SigV4Signer signer({S3KeyId, S3Secret}, QStringLiteral("us-east-1"));
    const SigV4Signature out = signer.sign(request, local);
    QCOMPARE(out.stringToSign, QByteArray(S3StsHead) + S3Examples[0].stsHash);
    QCOMPARE(out.signature, QByteArray(S3Examples[0].signature));
}

// What the skipped normalize-path cases become under S3's rule: the path is signed as given.
// Expected values from the rule, not published vectors: "/" + the path, encoded once.
void TstSigV4::s3KeepsPathsAsGiven_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("canonical");

    QTest::newRow("get-relative") << QString("/example/..") << QByteArray("/example/..");
    QTest::newRow("get-relative-relative")
        << QString("/example1/example2/../..") << QByteArray("/example1/example2/../..");
    QTest::newRow("get-slash") << QString("//") << QByteArray("//");
    QTest::newRow("get-slash-dot-slash") << QString("/./") << QByteArray("/./");
    QTest::newRow("get-slash-pointless-dot") << QString("/./example") << QByteArray("/./example");
    QTest::newRow("get-slashes") << QString("//example//") << QByteArray("//example//");
    QTest::newRow("normalize-path.txt's key") << QString("/my-object//example//photo.user")
                                              << QByteArray("/my-object//example//photo.user");
    QTest::newRow("empty is the root") << QString() << QByteArray("/");
}

void TstSigV4::s3KeepsPathsAsGiven()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, canonical);
    QCOMPARE(SigV4Signer::canonicalUri(path), canonical);

    SigV4Request request;
    request.method = "GET";
    request.path = path;
    request.headers = hdrs({{"Host", "examplebucket.s3.amazonaws.com"}});
    request.payloadHash = EmptySha256;
    const SigV4Signer signer({S3KeyId, S3Secret}, QStringLiteral("us-east-1"));
    const SigV4Signature out = signer.sign(request, utc(S3Time));
    QCOMPARE(out.canonicalRequest.left(4 + canonical.size() + 1), "GET\n" + canonical + '\n');
}

void TstSigV4::uriEncoding_data()
{
    QTest::addColumn<QString>("decoded");
    QTest::addColumn<QByteArray>("inPath");  // canonicalUri
    QTest::addColumn<QByteArray>("inQuery"); // uriEncode, '/' encoded

    QTest::newRow("unreserved") << QString("/A-Z_a.z~09") << QByteArray("/A-Z_a.z~09")
                                << QByteArray("%2FA-Z_a.z~09");
    QTest::newRow("space, plus, percent")
        << QString("/a b+c%d") << QByteArray("/a%20b%2Bc%25d") << QByteArray("%2Fa%20b%2Bc%25d");
    QTest::newRow("sub-delims QUrl leaves alone")
        << QString("/$&'()*,;=:@!") << QByteArray("/%24%26%27%28%29%2A%2C%3B%3D%3A%40%21")
        << QByteArray("%2F%24%26%27%28%29%2A%2C%3B%3D%3A%40%21");
    QTest::newRow("utf-8, upper-case hex")
        << QString::fromUtf8("/photos/\u00e4 \u5199\u771f.jpg")
        << QByteArray("/photos/%C3%A4%20%E5%86%99%E7%9C%9F.jpg")
        << QByteArray("%2Fphotos%2F%C3%A4%20%E5%86%99%E7%9C%9F.jpg");
    QTest::newRow("already encoded is encoded again (keys are decoded)")
        << QString("/a%20b") << QByteArray("/a%2520b") << QByteArray("%2Fa%2520b");
    QTest::newRow("no leading slash") << QString("key") << QByteArray("/key") << QByteArray("key");
}

void TstSigV4::uriEncoding()
{
    QFETCH(QString, decoded);
    QFETCH(QByteArray, inPath);
    QFETCH(QByteArray, inQuery);
    QCOMPARE(SigV4Signer::canonicalUri(decoded), inPath);
    QCOMPARE(SigV4Signer::uriEncode(decoded.toUtf8()), inQuery);
}

void TstSigV4::canonicalQuery()
{
    // Sorted by encoded name, then encoded value (byte order: upper case first); every name
    // carries '=', an empty value too; both sides fully encoded, '/' and '=' included.
    const QList<QPair<QString, QString>> query{{"uploadId", "a/b=c+d"},
                                               {"partNumber", "10"},
                                               {"list-type", ""},
                                               {"prefix", "dir one/"},
                                               {"partNumber", "9"},
                                               {"Prefix", "Z"},
                                               {QString::fromUtf8("\u00e4"), "x"}};
    QCOMPARE(SigV4Signer::canonicalQuery(query),
             QByteArray("%C3%A4=x&Prefix=Z&list-type=&partNumber=10&partNumber=9&"
                        "prefix=dir%20one%2F&uploadId=a%2Fb%3Dc%2Bd"));
    QCOMPARE(SigV4Signer::canonicalQuery({}), QByteArray());

    // Through a URL: QUrl's own encoding is undone first, so "%2B" and "+" stay apart.
    const SigV4Request request = SigV4Request::forUrl(
        "GET", QUrl("http://h/b?uploads&prefix=a%2Bb+c&key=%E2%9C%93"), EmptySha256);
    QCOMPARE(SigV4Signer::canonicalQuery(request.query),
             QByteArray("key=%E2%9C%93&prefix=a%2Bb%2Bc&uploads="));
}

void TstSigV4::hostFromUrl_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QByteArray>("host");
    QTest::addColumn<QString>("path");

    QTest::newRow("virtual-hosted")
        << QString("https://examplebucket.s3.amazonaws.com/test.txt")
        << QByteArray("examplebucket.s3.amazonaws.com") << QString("/test.txt");
    QTest::newRow("path-style, port")
        << QString("http://127.0.0.1:7480/bucket/dir/a%20b.bin") << QByteArray("127.0.0.1:7480")
        << QString("/bucket/dir/a b.bin");
    // QNetworkAccessManager writes an explicit port even when it is the scheme's default.
    QTest::newRow("explicit default port")
        << QString("https://s3.example:443/b/k") << QByteArray("s3.example:443") << QString("/b/k");
    QTest::newRow("ipv6") << QString("http://[::1]:7480/b/k") << QByteArray("[::1]:7480")
                          << QString("/b/k");
    // .de is on QUrl's IDN whitelist: QUrl shows it decoded unless asked for the ACE form.
    QTest::newRow("upper case and IDN") << QString::fromUtf8("https://B\u00fccher.DE/b/")
                                        << QByteArray("xn--bcher-kva.de") << QString("/b/");
    QTest::newRow("dot segments kept")
        << QString("http://h:9000/b/x/../y//z") << QByteArray("h:9000") << QString("/b/x/../y//z");
}

void TstSigV4::hostFromUrl()
{
    QFETCH(QString, url);
    QFETCH(QByteArray, host);
    QFETCH(QString, path);
    const SigV4Request request = SigV4Request::forUrl("PUT", QUrl(url), EmptySha256);
    QCOMPARE(request.headers, hdrs({{"host", host}}));
    QCOMPARE(request.path, path);
    QCOMPARE(request.method, QByteArray("PUT"));
    QCOMPARE(request.payloadHash, QByteArray(EmptySha256));
}

// UNSIGNED-PAYLOAD (HTTPS only, issue 12) takes the hash's place in both spots. Expected text
// from the [s3] page's rule: "include the literal string UNSIGNED-PAYLOAD when constructing a
// canonical request, and set the same value as the x-amz-content-sha256 header value".
void TstSigV4::unsignedPayload()
{
    const SigV4Request request =
        SigV4Request::forUrl("PUT", QUrl("https://examplebucket.s3.amazonaws.com/test.txt"),
                             SigV4Signer::UnsignedPayload);
    const SigV4Signer signer({S3KeyId, S3Secret}, QStringLiteral("us-east-1"));
    const SigV4Signature out = signer.sign(request, utc(S3Time));
    QCOMPARE(out.canonicalRequest,
             QByteArray("PUT\n/test.txt\n\nhost:examplebucket.s3.amazonaws.com\n"
                        "x-amz-content-sha256:UNSIGNED-PAYLOAD\nx-amz-date:20130524T000000Z\n\n"
                        "host;x-amz-content-sha256;x-amz-date\nUNSIGNED-PAYLOAD"));
    QCOMPARE(valuesOf(out.headers, "x-amz-content-sha256"), QList<QByteArray>{"UNSIGNED-PAYLOAD"});
    QCOMPARE(out.stringToSign, S3StsHead + sha256Hex(out.canonicalRequest));
}

// A caller's stale x-amz-date or x-amz-content-sha256 is replaced, never sent beside the signed
// one: the request must carry exactly what was signed.
void TstSigV4::signerOwnsDateAndContentHash()
{
    SigV4Request request = SigV4Request::forUrl(
        "GET", QUrl("https://examplebucket.s3.amazonaws.com/test.txt"), EmptySha256);
    request.headers += hdrs({{"X-Amz-Date", "20000101T000000Z"},
                             {"Range", "bytes=0-9"},
                             {"X-AMZ-Content-SHA256", "UNSIGNED-PAYLOAD"}});
    const SigV4Signer signer({S3KeyId, S3Secret}, QStringLiteral("us-east-1"));
    const SigV4Signature out = signer.sign(request, utc(S3Time));
    // The published GET Object signature: the stale values did not enter it.
    QCOMPARE(out.signature,
             QByteArray("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"));
    QCOMPARE(valuesOf(out.headers, "x-amz-date"), QList<QByteArray>{"20130524T000000Z"});
    QCOMPARE(valuesOf(out.headers, "x-amz-content-sha256"), QList<QByteArray>{EmptySha256});
}

void TstSigV4::refusesWhatItCannotSign_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QByteArray>("payloadHash");
    QTest::addColumn<QDateTime>("time");

    const QDateTime time = utc(S3Time);
    QTest::newRow("no payload hash") << QByteArray("GET") << QByteArray() << time;
    QTest::newRow("upper-case hex")
        << QByteArray("GET") << QByteArray(EmptySha256).toUpper() << time;
    QTest::newRow("63 digits") << QByteArray("GET") << QByteArray(EmptySha256).chopped(1) << time;
    QTest::newRow("raw digest") << QByteArray("GET")
                                << QCryptographicHash::hash({}, QCryptographicHash::Sha256) << time;
    QTest::newRow("lower-case unsigned")
        << QByteArray("GET") << QByteArray("unsigned-payload") << time;
    QTest::newRow("no method") << QByteArray() << QByteArray(EmptySha256) << time;
    QTest::newRow("no time") << QByteArray("GET") << QByteArray(EmptySha256) << QDateTime();
}

void TstSigV4::refusesWhatItCannotSign()
{
    QFETCH(QByteArray, method);
    QFETCH(QByteArray, payloadHash);
    QFETCH(QDateTime, time);
    QCOMPARE(SigV4Signer::isPayloadHash(payloadHash), payloadHash == EmptySha256);
    const SigV4Request request = SigV4Request::forUrl(
        method, QUrl("https://examplebucket.s3.amazonaws.com/test.txt"), payloadHash);
    const SigV4Signer signer({S3KeyId, S3Secret}, QStringLiteral("us-east-1"));
    const SigV4Signature out = signer.sign(request, time);
    QVERIFY(!out.isValid());
    QCOMPARE(out.authorization, QByteArray());
    QCOMPARE(out.headers, SigV4Headers());
}

void TstSigV4::secretNeverShown()
{
    const S3Credentials credentials{S3KeyId, S3Secret};
    const S3Credentials idOnly{S3KeyId, {}};
    QString printed;
    QDebug(&printed) << credentials;
    QCOMPARE(printed, QStringLiteral("S3Credentials(AKIAIOSFODNN7EXAMPLE, secret hidden) "));
    printed.clear();
    QDebug(&printed) << idOnly;
    QCOMPARE(printed, QStringLiteral("S3Credentials(AKIAIOSFODNN7EXAMPLE, no secret) "));
    QVERIFY(credentials.isComplete());
    QVERIFY(!idOnly.isComplete());

    // Nor does any string the signer hands out carry it.
    const SigV4Signer signer(credentials, QStringLiteral("us-east-1"));
    SigV4Request request =
        SigV4Request::forUrl("PUT", QUrl("https://examplebucket.s3.amazonaws.com/k"), EmptySha256);
    const SigV4Signature out = signer.sign(request, utc(S3Time));
    QVERIFY(out.isValid());
    QByteArray everything = out.canonicalRequest + out.stringToSign + out.authorization;
    for (const auto &[name, value] : out.headers)
        everything += name + value;
    QVERIFY(!everything.contains("bPxRfiCYEXAMPLEKEY"));
    QCOMPARE(signer.accessKeyId(), QStringLiteral("AKIAIOSFODNN7EXAMPLE"));
}

QTEST_APPLESS_MAIN(TstSigV4)
#include "tst_sigv4.moc"
