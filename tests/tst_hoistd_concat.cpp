// hoistd's concatenation extension against raw requests: partial uploads, final uploads made of
// them (byte-identical, durable across a kill -9), what a final refuses, ownership and quota.
#include "hoistdprocess.h"
#include "rawhttp.h"
#include "testfiles.h"
#include "waitfor.h"

#include "tuswire.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTest>

namespace {
constexpr qint64 AliceQuota = 1000;
const QByteArray AliceToken = "alice-concat-token-0123456789";
const QByteArray BobToken = "bob-concat-token-abcdefghijkl";
const QByteArray OffsetStream = "application/offset+octet-stream";
const QByteArray UnknownId = "0123456789abcdef0123456789abcdef";

RawHeaders headers(const RawHeaders &extra, const QByteArray &token = {})
{
    RawHeaders out{{"Tus-Resumable", "1.0.0"}};
    if (!token.isEmpty())
        out += RawHeaders{{"Authorization", "Bearer " + token}};
    return out + extra;
}
} // namespace
Q_DECLARE_METATYPE(RawHeaders)

class TestHoistdConcat : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cleanup();

    void parserLimits();
    void partialCreateAndPatch();
    void finalIsThePartsInOrder();
    void finalRefused_data();
    void finalRefused();
    void partsAreConsumed();
    void wrongSha256KeepsTheParts();
    void patchOnFinalIs403();
    void otherUsersPartIs404();
    void quotaCountsTheFinalNotTheParts();
    void finalSurvivesKillRightAfterAnswer();

private:
    bool startServer(const QStringList &extra = {});
    bool startWithUsers();
    quint16 port() const { return m_server->port(); }
    // A partial upload of `content`, finished with creation-with-upload; its path.
    QByteArray partial(const QByteArray &content, const QByteArray &token = {});
    RawResponse final(const QByteArray &concat, const RawHeaders &extra = {},
                      const QByteArray &token = {}, const QByteArray &body = {});
    RawResponse head(const QByteArray &path, const QByteArray &token = {});

    std::unique_ptr<HoistdProcess> m_server;
};

void TestHoistdConcat::cleanup()
{
    if (QTest::currentTestFailed() && m_server)
        qWarning("hoistd said:\n%s", qPrintable(m_server->serverLog()));
    m_server.reset();
}

bool TestHoistdConcat::startServer(const QStringList &extra)
{
    m_server = std::make_unique<HoistdProcess>();
    if (!m_server->start(QStringList{QStringLiteral("--verbose")} + extra)) {
        qWarning("%s", qPrintable(m_server->errorString()));
        return false;
    }
    return true;
}

bool TestHoistdConcat::startWithUsers()
{
    m_server = std::make_unique<HoistdProcess>();
    const QString config = m_server->rootDir() + QStringLiteral("/users.json");
    QFile file(config);
    const QByteArray json = R"({"users": [{"name": "alice", "token": ")" + AliceToken
                            + R"(", "quota": )" + QByteArray::number(AliceQuota)
                            + R"(}, {"name": "bob", "token": ")" + BobToken
                            + R"(", "quota": 1000000}]})";
    if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size())
        return false;
    file.close();
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    if (!m_server->start({QStringLiteral("--verbose"), QStringLiteral("--config"), config})) {
        qWarning("%s", qPrintable(m_server->errorString()));
        return false;
    }
    return true;
}

QByteArray TestHoistdConcat::partial(const QByteArray &content, const QByteArray &token)
{
    RawHeaders extra{{"Upload-Concat", "partial"},
                     {"Upload-Length", QByteArray::number(content.size())}};
    if (!content.isEmpty())
        extra += RawHeaders{{"Content-Type", OffsetStream}};
    const RawResponse r = rawRequest(port(), "POST", "/files/", headers(extra, token), content);
    if (r.status != 201 || r.header("Upload-Offset").toLongLong() != content.size()) {
        qWarning("partial: %s", r.raw.constData());
        return {};
    }
    return r.header("Location");
}

RawResponse TestHoistdConcat::final(const QByteArray &concat, const RawHeaders &extra,
                                    const QByteArray &token, const QByteArray &body)
{
    return rawRequest(port(), "POST", "/files/",
                      headers(RawHeaders{{"Upload-Concat", concat}} + extra, token), body);
}

RawResponse TestHoistdConcat::head(const QByteArray &path, const QByteArray &token)
{
    return rawRequest(port(), "HEAD", path, headers({}, token));
}

void TestHoistdConcat::parserLimits()
{
    const auto parse = [](int parts, const QByteArray &host = "127.0.0.1:1080") {
        QByteArray header = "final;";
        for (int i = 0; i < parts; ++i)
            header += " /files/" + QByteArray::number(i);
        return TusWire::parseUploadConcat(header, host, "/files/");
    };
    QCOMPARE(parse(TusWire::MaxConcatParts)->ids.size(), TusWire::MaxConcatParts);
    QVERIFY(!parse(TusWire::MaxConcatParts + 1));
    QVERIFY(!parse(0));
    const auto absolute = TusWire::parseUploadConcat(
        "final;http://Example.org:8080/files/a https://example.ORG:8080/files/b-_9",
        "example.org:8080", "/files/");
    QVERIFY(absolute && !absolute->partial);
    QCOMPARE(absolute->ids, (QList<QByteArray>{"a", "b-_9"}));
    QVERIFY(!TusWire::parseUploadConcat("final;http://example.org/files/a", "", "/files/"));
    QVERIFY(
        !TusWire::parseUploadConcat("final;ftp://example.org/files/a", "example.org", "/files/"));
    QVERIFY(!TusWire::parseUploadConcat("final;http://example.org:81/files/a", "example.org",
                                        "/files/"));
    QVERIFY(!TusWire::parseUploadConcat("final;/files/a?x=1", "", "/files/"));
    QVERIFY(!TusWire::parseUploadConcat("final;/files/a/b", "", "/files/"));
    QVERIFY(!TusWire::parseUploadConcat("final;/files/%2e%2e", "", "/files/"));
    QVERIFY(!TusWire::parseUploadConcat("final;/files/", "", "/files/"));
    QVERIFY(!TusWire::parseUploadConcat("partial ;", "", "/files/"));
    QVERIFY(TusWire::parseUploadConcat(" partial ", "", "/files/")->partial);
    QCOMPARE(TusWire::formatConcatFinal({"/files/a", "http://h/files/b"}),
             QByteArray("final;/files/a http://h/files/b"));
}

void TestHoistdConcat::partialCreateAndPatch()
{
    QVERIFY(startServer());
    // A partial without a body, then PATCHed like any upload.
    const RawResponse created = rawRequest(port(), "POST", "/files/",
                                           headers({{"Upload-Concat", "partial"},
                                                    {"Upload-Length", "10"},
                                                    {"Upload-Metadata", "filename cGFydC5iaW4="}}));
    QCOMPARE(created.status, 201);
    const QByteArray upload = created.header("Location");
    RawResponse r = head(upload);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.header("Upload-Concat"), QByteArray("partial"));
    QCOMPARE(r.header("Upload-Length"), QByteArray("10"));
    QCOMPARE(r.header("Upload-Offset"), QByteArray("0"));
    QVERIFY(r.has("Upload-Expires")); // unfinished partials expire like any upload
    QCOMPARE(rawRequest(port(), "PATCH", upload,
                        headers({{"Content-Type", OffsetStream}, {"Upload-Offset", "0"}}), "01234")
                 .status,
             204);
    QCOMPARE(rawRequest(port(), "PATCH", upload,
                        headers({{"Content-Type", OffsetStream}, {"Upload-Offset", "5"}}), "56789")
                 .status,
             204);
    r = head(upload);
    QCOMPARE(r.header("Upload-Offset"), QByteArray("10"));
    QCOMPARE(r.header("Upload-Concat"), QByteArray("partial"));
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))), QByteArray("0123456789"));

    // With a deferred length.
    const RawResponse deferred =
        rawRequest(port(), "POST", "/files/",
                   headers({{"Upload-Concat", "partial"}, {"Upload-Defer-Length", "1"}}));
    QCOMPARE(deferred.status, 201);
    QCOMPARE(head(deferred.header("Location")).header("Upload-Concat"), QByteArray("partial"));
    // A plain upload says nothing of concatenation.
    const RawResponse plain =
        rawRequest(port(), "POST", "/files/", headers({{"Upload-Length", "3"}}));
    QVERIFY(!head(plain.header("Location")).has("Upload-Concat"));
    QVERIFY(
        waitFor([&] { return m_server->serverLog().contains(QLatin1String("(partial)")); }, 5000));
}

void TestHoistdConcat::finalIsThePartsInOrder()
{
    QVERIFY(startServer());
    const QList<QByteArray> contents{testContent(3 * 1024 * 1024 + 7, 1), QByteArray(),
                                     testContent(1, 2), testContent(200000, 3)};
    QList<QByteArray> paths;
    for (const QByteArray &content : contents)
        paths << partial(content);
    // A deferred-length partial, its length given by its last PATCH.
    const QByteArray tail = testContent(4096, 4);
    const QByteArray deferred =
        rawRequest(port(), "POST", "/files/",
                   headers({{"Upload-Concat", "partial"}, {"Upload-Defer-Length", "1"}}))
            .header("Location");
    QCOMPARE(rawRequest(port(), "PATCH", deferred,
                        headers({{"Content-Type", OffsetStream},
                                 {"Upload-Offset", "0"},
                                 {"Upload-Length", QByteArray::number(tail.size())}}),
                        tail)
                 .status,
             204);
    paths.insert(1, deferred);
    QList<QByteArray> ordered = contents;
    ordered.insert(1, tail);
    for (const QByteArray &path : std::as_const(paths))
        QVERIFY(!path.isEmpty());
    QByteArray expected;
    for (const QByteArray &content : std::as_const(ordered))
        expected += content;

    // Path-only and absolute URLs mixed, extra spaces allowed.
    const QByteArray concat = "final;" + paths[0] + "  http://127.0.0.1" + paths[1] + " " + paths[2]
                              + " HTTP://127.0.0.1" + paths[3] + " " + paths[4];
    const RawResponse r = final(concat, {{"Upload-Metadata", "filename am9pbmVkLmJpbg=="}});
    QCOMPARE(r.status, 201);
    const QByteArray location = r.header("Location");
    QVERIFY(location.startsWith("/files/"));
    QVERIFY(!paths.contains(location));
    const QByteArray stored = m_server->storedBytes(QUrl(QString::fromLatin1(location)));
    QCOMPARE(stored.size(), expected.size());
    QVERIFY(stored == expected);

    const RawResponse h = head(location);
    QCOMPARE(h.status, 200);
    QCOMPARE(h.header("Upload-Length"), QByteArray::number(expected.size()));
    QCOMPARE(h.header("Upload-Offset"), QByteArray::number(expected.size()));
    QCOMPARE(h.header("Upload-Concat"), QByteArray("final;" + paths.join(' ')));
    QCOMPARE(h.header("Upload-Metadata"), QByteArray("filename am9pbmVkLmJpbg=="));
    QVERIFY(!h.has("Upload-Expires")); // complete: it never expires
    QVERIFY(waitFor(
        [&] {
            return m_server->serverLog().contains(
                QStringLiteral("finished %1 %2 bytes \"joined.bin\" (final of 5 partial uploads)")
                    .arg(QString::fromLatin1(location.mid(7)))
                    .arg(expected.size()));
        },
        5000));
}

void TestHoistdConcat::finalRefused_data()
{
    QTest::addColumn<QByteArray>("concat"); // {A}: a finished partial, {B}: another, {U}:
                                            // unfinished partial, {P}: a finished plain upload
    QTest::addColumn<RawHeaders>("extra");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");

    const QByteArray none;
    QTest::newRow("unfinished partial")
        << QByteArray("final;{A} {U}") << RawHeaders{} << none << 400;
    QTest::newRow("not a partial") << QByteArray("final;{A} {P}") << RawHeaders{} << none << 400;
    QTest::newRow("unknown upload")
        << QByteArray("final;{A} /files/" + UnknownId) << RawHeaders{} << none << 404;
    QTest::newRow("not an upload id")
        << QByteArray("final;{A} /files/abc") << RawHeaders{} << none << 404;
    QTest::newRow("same part twice")
        << QByteArray("final;{A} {B} {A}") << RawHeaders{} << none << 400;
    QTest::newRow("same part, absolute")
        << QByteArray("final;{A} http://127.0.0.1{A}") << RawHeaders{} << none << 400;
    QTest::newRow("Upload-Length")
        << QByteArray("final;{A} {B}") << RawHeaders{{"Upload-Length", "10"}} << none << 400;
    QTest::newRow("Upload-Defer-Length")
        << QByteArray("final;{A} {B}") << RawHeaders{{"Upload-Defer-Length", "1"}} << none << 400;
    QTest::newRow("a body") << QByteArray("final;{A} {B}")
                            << RawHeaders{{"Content-Type", OffsetStream}} << QByteArray("x") << 400;
    QTest::newRow("another host") << QByteArray("final;http://example.org{A} {B}") << RawHeaders{}
                                  << none << 400;
    QTest::newRow("another path") << QByteArray("final;/uploads/" + UnknownId) << RawHeaders{}
                                  << none << 400;
    QTest::newRow("dot-dot") << QByteArray("final;/files/../hoistd.db") << RawHeaders{} << none
                             << 400;
    QTest::newRow("empty list") << QByteArray("final;") << RawHeaders{} << none << 400;
    QTest::newRow("no semicolon") << QByteArray("final {A}") << RawHeaders{} << none << 400;
    QTest::newRow("upper case") << QByteArray("FINAL;{A}") << RawHeaders{} << none << 400;
    QTest::newRow("comma separated") << QByteArray("final;{A},{B}") << RawHeaders{} << none << 400;
    // 400 paths fill hoistd's 16 KiB of headers, so the parser's limit (parserLimits) is never
    // reached over HTTP: libmicrohttpd refuses such a header first.
    QByteArray many = "final;{A}";
    for (int i = 0; i < 1000; ++i) // 40 KB: past the 32 KiB of headers hoistd takes
        many += " /files/" + QByteArray::number(i).rightJustified(32, '0');
    QTest::newRow("more parts than fit a header") << many << RawHeaders{} << none << 431;
}

void TestHoistdConcat::finalRefused()
{
    QFETCH(QByteArray, concat);
    QFETCH(RawHeaders, extra);
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QVERIFY(startServer());
    const QByteArray a = partial("alpha");
    const QByteArray b = partial("beta");
    const QByteArray unfinished = rawRequest(port(), "POST", "/files/",
                                             headers({{"Upload-Concat", "partial"},
                                                      {"Upload-Length", "10"},
                                                      {"Content-Type", OffsetStream}}),
                                             "half")
                                      .header("Location");
    const QByteArray plain =
        rawRequest(port(), "POST", "/files/",
                   headers({{"Upload-Length", "5"}, {"Content-Type", OffsetStream}}), "plain")
            .header("Location");
    QVERIFY(!a.isEmpty() && !b.isEmpty() && !unfinished.isEmpty() && !plain.isEmpty());
    concat.replace("{A}", a).replace("{B}", b).replace("{U}", unfinished).replace("{P}", plain);

    const RawResponse r = final(concat, extra, {}, body);
    QCOMPARE(r.status, status);
    QVERIFY2(!r.body.trimmed().isEmpty() || status == 431, "an error says why");
    QVERIFY(!r.has("Location"));
    // Nothing changed: the same four uploads, each as it was.
    QCOMPARE(m_server->storedFiles().size(), 4);
    QCOMPARE(head(a).header("Upload-Offset"), QByteArray("5"));
    QCOMPARE(head(b).header("Upload-Concat"), QByteArray("partial"));
    QCOMPARE(head(unfinished).header("Upload-Offset"), QByteArray("4"));
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(a))), QByteArray("alpha"));
    // And the same parts still join.
    QCOMPARE(final("final;" + a + ' ' + b).status, 201);
}

void TestHoistdConcat::partsAreConsumed()
{
    QVERIFY(startServer());
    const QByteArray a = partial("one,");
    const QByteArray b = partial("two");
    const RawResponse first = final("final;" + a + ' ' + b);
    QCOMPARE(first.status, 201);
    // The parts are gone (410 for their owner, as after a DELETE), their files too; only the
    // final remains.
    QCOMPARE(head(a).status, 410);
    QCOMPARE(head(b).status, 410);
    QCOMPARE(m_server->storedFiles(),
             QStringList{QString::fromLatin1(first.header("Location").mid(7))});
    // The same final again (a client whose first answer did not come in time) is answered with
    // the final already made, not joined twice; the parts in another order or with another name
    // are a final of consumed parts: 410.
    const RawResponse again = final("final;" + a + ' ' + b);
    QCOMPARE(again.status, 201);
    QCOMPARE(again.header("Location"), first.header("Location"));
    QCOMPARE(final("final;" + b + ' ' + a).status, 410);
    QCOMPARE(final("final;" + a).status, 410);
    QCOMPARE(m_server->storedFiles().size(), 1);
    // A final is not a part of another final.
    const RawResponse nested = final("final;" + first.header("Location"));
    QCOMPARE(nested.status, 400);
}

void TestHoistdConcat::wrongSha256KeepsTheParts()
{
    QVERIFY(startServer());
    const QList<QByteArray> contents{testContent(300 * 1024 + 5, 7), testContent(70000, 8)};
    const QByteArray a = partial(contents[0]);
    const QByteArray b = partial(contents[1]);
    QVERIFY(!a.isEmpty() && !b.isEmpty());
    const QByteArray joined = contents[0] + contents[1];
    const QByteArray rightHash = QCryptographicHash::hash(joined, QCryptographicHash::Sha256);
    const QByteArray wrongHash = QCryptographicHash::hash(joined + 'x', QCryptographicHash::Sha256);
    const auto declaring = [](const QByteArray &digest) {
        return RawHeaders{
            {"Upload-Metadata", TusWire::encodeMetadata({{"sha256", digest.toHex()}})}};
    };

    const RawResponse refused = final("final;" + a + ' ' + b, declaring(wrongHash));
    QCOMPARE(refused.status, 400);
    QVERIFY(!refused.has("Location"));
    QVERIFY2(refused.body.contains(rightHash.toHex()) && refused.body.contains(wrongHash.toHex()),
             refused.body.constData());
    // The parts' bytes were acknowledged: they are still there, finished, as they were, and no
    // joined file was left behind.
    for (int i = 0; i < 2; ++i) {
        const QByteArray path = i == 0 ? a : b;
        const RawResponse h = head(path);
        QCOMPARE(h.status, 200);
        QCOMPARE(h.header("Upload-Offset"), QByteArray::number(contents[i].size()));
        QCOMPARE(h.header("Upload-Concat"), QByteArray("partial"));
        QVERIFY(m_server->storedBytes(QUrl(QString::fromLatin1(path))) == contents[i]);
    }
    QCOMPARE(m_server->storedFiles().size(), 2);

    // The right hash joins them, byte for byte, and the final's content is verified with it:
    // another upload declaring it is challenged for instant upload.
    const RawResponse made = final("final;" + a + ' ' + b, declaring(rightHash));
    QCOMPARE(made.status, 201);
    const QByteArray location = made.header("Location");
    QCOMPARE(head(location).header("Upload-Offset"), QByteArray::number(joined.size()));
    QVERIFY(m_server->storedBytes(QUrl(QString::fromLatin1(location))) == joined);
    QCOMPARE(head(a).status, 410);
    QCOMPARE(m_server->storedFiles(), QStringList{QString::fromLatin1(location.mid(7))});
    const RawResponse again =
        rawRequest(port(), "POST", "/files/",
                   headers(RawHeaders{{"Upload-Length", QByteArray::number(joined.size())}}
                           + declaring(rightHash)));
    QCOMPARE(again.status, 201);
    QVERIFY(again.has("Hoist-Proof-Challenge"));
}

void TestHoistdConcat::patchOnFinalIs403()
{
    QVERIFY(startServer());
    const QByteArray a = partial("abc");
    const QByteArray f = final("final;" + a).header("Location");
    QVERIFY(!f.isEmpty());
    for (const QByteArray &offset : {QByteArray("3"), QByteArray("0")}) {
        const RawResponse r = rawRequest(
            port(), "PATCH", f,
            headers({{"Content-Type", OffsetStream}, {"Upload-Offset", offset}}), "more");
        QCOMPARE(r.status, 403);
        QVERIFY(!r.has("Upload-Offset"));
    }
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(f))), QByteArray("abc"));
    // It can be deleted like any upload.
    QCOMPARE(rawRequest(port(), "DELETE", f, headers({})).status, 204);
    QVERIFY(m_server->storedFiles().isEmpty());
}

void TestHoistdConcat::otherUsersPartIs404()
{
    QVERIFY(startWithUsers());
    const QByteArray mine = partial("mine", AliceToken);
    const QByteArray bobs = partial("bobs", BobToken);
    QVERIFY(!mine.isEmpty() && !bobs.isEmpty());
    const RawResponse r = final("final;" + mine + ' ' + bobs, {}, AliceToken);
    QCOMPARE(r.status, 404);
    // The same as for a part that never existed: nothing says bob's upload is there.
    const RawResponse never = final("final;" + mine + " /files/" + UnknownId, {}, AliceToken);
    QCOMPARE(never.status, 404);
    QCOMPARE(QByteArray(r.body).replace(bobs, "X"),
             QByteArray(never.body).replace("/files/" + UnknownId, "X"));
    QCOMPARE(head(bobs, BobToken).header("Upload-Offset"), QByteArray("4"));
    QCOMPARE(m_server->storedFiles().size(), 2);
    // Not even bob can join alice's part with his.
    QCOMPARE(final("final;" + bobs + ' ' + mine, {}, BobToken).status, 404);
    // No token, no final.
    QCOMPARE(final("final;" + mine).status, 401);
    // Alice's own deleted part: 410, as for any upload of hers that is gone.
    QCOMPARE(rawRequest(port(), "DELETE", mine, headers({}, AliceToken)).status, 204);
    QCOMPARE(final("final;" + mine, {}, AliceToken).status, 410);
}

void TestHoistdConcat::quotaCountsTheFinalNotTheParts()
{
    QVERIFY(startWithUsers());
    const QByteArray a = partial(QByteArray(400, 'a'), AliceToken);
    const QByteArray b = partial(QByteArray(400, 'b'), AliceToken);
    QVERIFY(!a.isEmpty() && !b.isEmpty());
    const auto create = [&](qint64 length) {
        return rawRequest(port(), "POST", "/files/",
                          headers({{"Upload-Length", QByteArray::number(length)}}, AliceToken))
            .status;
    };
    // The parts count: 800 of 1000 in use.
    QCOMPARE(create(201), 413);
    const RawResponse r = final("final;" + a + ' ' + b, {}, AliceToken);
    QCOMPARE(r.status, 201);
    // The final counts (800), the parts no longer do (or 1600 would be in use).
    const RawResponse over =
        rawRequest(port(), "POST", "/files/", headers({{"Upload-Length", "201"}}, AliceToken));
    QCOMPARE(over.status, 413);
    QVERIFY2(over.body.contains("800 in use"), over.body.constData());
    // Deleting the final frees all of it.
    QCOMPARE(rawRequest(port(), "DELETE", r.header("Location"), headers({}, AliceToken)).status,
             204);
    QCOMPARE(create(AliceQuota), 201);
}

void TestHoistdConcat::finalSurvivesKillRightAfterAnswer()
{
    QVERIFY(startServer());
    const QList<QByteArray> contents{testContent(6 * 1024 * 1024, 5),
                                     testContent(5 * 1024 * 1024 + 3, 6)};
    QList<QByteArray> paths;
    for (const QByteArray &content : contents)
        paths << partial(content);
    QVERIFY(!paths.contains(QByteArray()));
    const RawResponse r = final("final;" + paths.join(' '));
    QCOMPARE(r.status, 201);
    m_server->kill(); // SIGKILL the moment the answer is in
    QVERIFY2(m_server->restart(), qPrintable(m_server->errorString()));

    const QByteArray location = r.header("Location");
    const RawResponse h = head(location);
    QCOMPARE(h.status, 200);
    const QByteArray expected = contents[0] + contents[1];
    QCOMPARE(h.header("Upload-Offset"), QByteArray::number(expected.size()));
    QCOMPARE(h.header("Upload-Length"), QByteArray::number(expected.size()));
    QCOMPARE(h.header("Upload-Concat"), QByteArray("final;" + paths.join(' ')));
    const QByteArray stored = m_server->storedBytes(QUrl(QString::fromLatin1(location)));
    QCOMPARE(stored.size(), expected.size());
    QVERIFY(stored == expected);
    // The parts were consumed for good (a restart forgets what was gone: 404).
    QCOMPARE(head(paths[0]).status, 404);
    QCOMPARE(m_server->storedFiles(), QStringList{QString::fromLatin1(location.mid(7))});
}

QTEST_GUILESS_MAIN(TestHoistdConcat)
#include "tst_hoistd_concat.moc"
