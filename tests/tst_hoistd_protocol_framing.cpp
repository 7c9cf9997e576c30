// hoistd against heads a proxy in front could read otherwise than hoistd does (request
// smuggling), NUL bytes that C strings would cut, paths, Host and methods: every byte raw.
#include "tst_hoistd_protocol.h"

#include "httpserver.h"
#include "rawsocket.h"
#include "tuswire.h"

#include <QTest>

#include <cerrno>

namespace {
// A head and what follows it on one connection, answered until the server closes it (or 10 s
// pass with nothing more: then `closed` is false).
struct Conversation {
    QByteArray received;
    bool closed = false;

    // The answers in `received`, in order (their bodies never say "HTTP/1.").
    QList<RawResponse> responses() const
    {
        QList<RawResponse> out;
        qsizetype at = received.indexOf("HTTP/1.");
        while (at >= 0) {
            const qsizetype next = received.indexOf("HTTP/1.", at + 1);
            out.append(parseRawResponse(received.mid(at, next < 0 ? -1 : next - at)));
            at = next;
        }
        return out;
    }
};

Conversation converse(quint16 port, const QByteArray &bytes)
{
    Conversation c;
    RawSocket socket = RawSocket::connected(port);
    if (!socket.valid() || !socket.sendAll(bytes))
        return c;
    int error = 0;
    c.received = socket.readToEnd(&error);
    c.closed = error == 0 || error == ECONNRESET;
    return c;
}

// An OPTIONS request, the smallest whole request: smuggled after a body, it must never be read.
const QByteArray Smuggled = "OPTIONS /files/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

QByteArray createHead(const QByteArray &framing)
{
    return "POST /files/ HTTP/1.1\r\nHost: 127.0.0.1\r\nTus-Resumable: 1.0.0\r\n"
           "Upload-Length: 100\r\nContent-Type: application/offset+octet-stream\r\n"
           + framing + "\r\n";
}
} // namespace

void TestHoistdProtocol::conflictingContentLengthsRefused()
{
    QVERIFY(startServer());
    // A proxy taking the second length would pass `abc` plus the OPTIONS as one body; taking
    // the first, hoistd would read the OPTIONS as a second request of the same client.
    const QByteArray body = "abc" + Smuggled;
    const Conversation c = converse(port(), createHead("Content-Length: 3\r\nContent-Length: "
                                                       + QByteArray::number(body.size()) + "\r\n")
                                                + body);
    const QList<RawResponse> answers = c.responses();
    QCOMPARE(answers.size(), 1);
    QCOMPARE(answers.first().status, 400);
    QCOMPARE(answers.first().header("Connection").toLower(), QByteArray("close"));
    QVERIFY2(c.closed, c.received.constData());
    QVERIFY(m_server->storedFiles().isEmpty());

    // The same length twice is one length (RFC 9110 §8.6 lets either be done): accepted.
    const Conversation same =
        converse(port(), createHead("Content-Length: 3\r\nContent-Length: 3\r\n"
                                    "Connection: close\r\n")
                             + "abc");
    QCOMPARE(same.responses().size(), 1);
    QCOMPARE(same.responses().first().status, 201);
    QCOMPARE(same.responses().first().header("Upload-Offset"), QByteArray("3"));
}

void TestHoistdProtocol::lengthAndChunkedClosesAfterAnswer()
{
    QVERIFY(startServer());
    // Transfer-Encoding wins (RFC 9112 §6.3): the body is the chunked one, "hello"; the
    // connection closes after the answer, so the OPTIONS behind it is never read.
    const Conversation c =
        converse(port(), createHead("Content-Length: 3\r\nTransfer-Encoding: chunked\r\n")
                             + "5\r\nhello\r\n0\r\n\r\n" + Smuggled);
    const QList<RawResponse> answers = c.responses();
    QCOMPARE(answers.size(), 1);
    QCOMPARE(answers.first().status, 201);
    QCOMPARE(answers.first().header("Upload-Offset"), QByteArray("5"));
    QCOMPARE(answers.first().header("Connection").toLower(), QByteArray("close"));
    QVERIFY2(c.closed, c.received.constData());
    const QByteArray upload = answers.first().header("Location");
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))), QByteArray("hello"));
}

void TestHoistdProtocol::transferCodingsOtherThanChunkedRefused_data()
{
    QTest::addColumn<QByteArray>("framing");
    QTest::addColumn<int>("status");
    // Not ending in chunked: the body's length cannot be known (400); ending in chunked after
    // codings hoistd does not implement: 501 (RFC 9112 §6.1).
    QTest::newRow("gzip") << QByteArray("Transfer-Encoding: gzip\r\n") << 400;
    QTest::newRow("chunked, gzip") << QByteArray("Transfer-Encoding: chunked, gzip\r\n") << 400;
    QTest::newRow("gzip, chunked") << QByteArray("Transfer-Encoding: gzip, chunked\r\n") << 501;
    QTest::newRow("chunked twice") << QByteArray("Transfer-Encoding: chunked\r\n"
                                                 "Transfer-Encoding: chunked\r\n")
                                   << 501;
    QTest::newRow("xchunked") << QByteArray("Transfer-Encoding: xchunked\r\n") << 400;
    QTest::newRow("with length") << QByteArray("Content-Length: 17\r\n"
                                               "Transfer-Encoding: identity\r\n")
                                 << 400;
}

void TestHoistdProtocol::transferCodingsOtherThanChunkedRefused()
{
    QFETCH(QByteArray, framing);
    QFETCH(int, status);
    QVERIFY(startServer());
    const Conversation c =
        converse(port(), createHead(framing) + "5\r\nhello\r\n0\r\n\r\n" + Smuggled);
    const QList<RawResponse> answers = c.responses();
    QCOMPARE(answers.size(), 1);
    QCOMPARE(answers.first().status, status);
    QVERIFY2(c.closed, c.received.constData());
    QVERIFY(m_server->storedFiles().isEmpty());
}

void TestHoistdProtocol::nulInHeaderValueRefused_data()
{
    QTest::addColumn<QByteArray>("field");
    QTest::newRow("Upload-Length: 5\\0999") << QByteArray("Upload-Length: 5\0"
                                                          "999",
                                                          20);
    QTest::newRow("value is only a NUL") << QByteArray("Upload-Length: 5\r\nX-Empty: \0"
                                                       "x",
                                                       29);
    QTest::newRow("folded") << QByteArray("Upload-Length: 5\r\nX-Folded: a\r\n b");
}

void TestHoistdProtocol::nulInHeaderValueRefused()
{
    QFETCH(QByteArray, field);
    QVERIFY(startServer());
    const Conversation c =
        converse(port(), "POST /files/ HTTP/1.1\r\nHost: 127.0.0.1\r\nTus-Resumable: 1.0.0\r\n"
                             + field + "\r\nConnection: close\r\n\r\n");
    const QList<RawResponse> answers = c.responses();
    QCOMPARE(answers.size(), 1);
    QCOMPARE(answers.first().status, 400);
    QVERIFY(m_server->storedFiles().isEmpty());
}

void TestHoistdProtocol::pathsAreTakenAsSent()
{
    QVERIFY(startServer());
    const QByteArray upload = create(10);
    QCOMPARE(head(upload).status, 200);
    // Decoded, "%00" would end the path at the upload's id.
    QCOMPARE(head(upload + "%00junk").status, 404);
    // Paths are not decoded at all: an upload has one path.
    const QByteArray firstEncoded = '%' + QByteArray::number(uchar(upload.at(7)), 16);
    QCOMPARE(head("/files/" + firstEncoded + upload.mid(8)).status, 404);
    // A raw NUL in the target would cut it the same way.
    const Conversation raw = converse(port(), "HEAD " + upload + QByteArray("\0junk", 5)
                                                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                                    "Tus-Resumable: 1.0.0\r\n\r\n");
    QCOMPARE(raw.responses().size(), 1);
    QCOMPARE(raw.responses().first().status, 400);
    QVERIFY(raw.closed);
    // A query is no part of the path.
    QCOMPARE(head(upload + "?a=b&c").status, 200);
}

void TestHoistdProtocol::hostRequiredForHttp11()
{
    QVERIFY(startServer());
    const QByteArray upload = create(10);
    const QByteArray headUpload = "HEAD " + upload;
    const auto status = [&](const QByteArray &version, const QByteArray &hosts) {
        const QList<RawResponse> answers =
            converse(port(), headUpload + ' ' + version + "\r\n" + hosts
                                 + "Tus-Resumable: 1.0.0\r\nConnection: close\r\n\r\n")
                .responses();
        return answers.size() == 1 ? answers.first().status : -answers.size();
    };
    QCOMPARE(status("HTTP/1.1", ""), 400);
    QCOMPARE(status("HTTP/1.1", "Host: 127.0.0.1\r\nHost: example.org\r\n"), 400);
    QCOMPARE(status("HTTP/1.1", "Host: 127.0.0.1\r\n"), 200);
    QCOMPARE(status("HTTP/1.0", ""), 200); // HTTP/1.0 had no Host
}

void TestHoistdProtocol::methodsAreCaseSensitive_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QByteArray>("override");
    QTest::addColumn<int>("status");
    QTest::newRow("patch") << QByteArray("patch") << QByteArray() << 501;
    QTest::newRow("Patch") << QByteArray("Patch") << QByteArray() << 501;
    QTest::newRow("head") << QByteArray("head") << QByteArray() << 501;
    QTest::newRow("override patch") << QByteArray("POST") << QByteArray("patch") << 501;
    QTest::newRow("override FOO") << QByteArray("POST") << QByteArray("FOO") << 501;
    QTest::newRow("PUT is known, not allowed") << QByteArray("PUT") << QByteArray() << 405;
    QTest::newRow("PATCH") << QByteArray("PATCH") << QByteArray() << 204;
    QTest::newRow("override PATCH") << QByteArray("POST") << QByteArray("PATCH") << 204;
}

void TestHoistdProtocol::methodsAreCaseSensitive()
{
    QFETCH(QByteArray, method);
    QFETCH(QByteArray, override);
    QFETCH(int, status);
    QVERIFY(startServer());
    const QByteArray upload = create(5);
    RawHeaders headers = tusHeader()
                         + RawHeaders{{"Upload-Offset", "0"},
                                      {"Content-Type", TusWire::OffsetContentType},
                                      {"Content-Length", "5"}};
    if (!override.isEmpty())
        headers.append({"X-HTTP-Method-Override", override});
    const RawResponse r = rawRequest(port(), method, upload, headers, "hello");
    QCOMPARE(r.status, status);
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(upload))),
             status == 204 ? QByteArray("hello") : QByteArray());
}

void TestHoistdProtocol::finalNamesAsManyPartsAsAdvertised()
{
    QVERIFY(startServer());
    const auto partial = [&](int i) {
        const RawResponse r =
            rawRequest(port(), "POST", "/files/",
                       tusHeader()
                           + RawHeaders{{"Upload-Concat", "partial"},
                                        {"Upload-Length", "1"},
                                        {"Content-Type", TusWire::OffsetContentType}},
                       QByteArray(1, char('a' + i % 26)));
        return r.status == 201 ? r.header("Location") : QByteArray();
    };
    QList<QByteArray> urls;
    QByteArray expected;
    for (int i = 0; i <= TusWire::MaxConcatParts; ++i) {
        const QByteArray path = partial(i);
        QVERIFY(!path.isEmpty());
        urls.append("http://127.0.0.1" + path); // absolute: the longest form a client may send
        expected += char('a' + i % 26);
    }
    // Metadata as long as hoistd takes, too: the head of the largest final must fit.
    const QByteArray metadata = "pad " + QByteArray(8 * 1024 - 16, 'A');
    const auto final = [&](const QList<QByteArray> &parts) {
        return rawRequest(port(), "POST", "/files/",
                          tusHeader()
                              + RawHeaders{{"Upload-Concat", TusWire::formatConcatFinal(parts)},
                                           {"Upload-Metadata", metadata}},
                          {}, 120000); // 256 parts read from the bucket in the cluster store
    };
    const RawHeaders fields{{"Upload-Concat", TusWire::formatConcatFinal(urls)},
                            {"Upload-Metadata", metadata}};
    qint64 headBytes = 0;
    for (const auto &[name, value] : fields)
        headBytes += name.size() + value.size() + 4;
    QVERIFY2(headBytes < HttpServer::MaxHeaderBytes, QByteArray::number(headBytes).constData());
    // One part too many is a 400 that says so, not a 431.
    const RawResponse tooMany = final(urls);
    QCOMPARE(tooMany.status, 400);
    QVERIFY2(tooMany.body.contains(QByteArray::number(TusWire::MaxConcatParts)),
             tooMany.body.constData());
    // The most a final may name goes through.
    const RawResponse made = final(urls.mid(0, TusWire::MaxConcatParts));
    QCOMPARE(made.status, 201);
    const QByteArray location = made.header("Location");
    QCOMPARE(m_server->storedBytes(QUrl(QString::fromLatin1(location))),
             expected.left(TusWire::MaxConcatParts));
}
