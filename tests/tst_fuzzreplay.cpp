// The fuzzers' corpora of server answers replayed to the real client: a ScriptedServer answers
// one kind of request with a corpus file and everything else as a good server would, and the
// transfer of a small file must end, completed or failed with words a person can read, never
// crash or hang. What the fuzzers check parser by parser, this checks through a whole transfer.
// tus (tests/fuzz/corpus-tusanswer): MiniTus, one of OPTIONS, POST, HEAD or PATCH replayed.
// S3 (corpus-s3xml as 200 answers, corpus-s3answer with their own status): an S3MultipartTransfer
// resuming a one-part upload, its ListParts (GET) or CompleteMultipartUpload (POST) replayed.
#include "tst_tustransferbase.h"

#include "minitus.h"
#include "s3partaddress.h"
#include "s3protocol.h"
#include "scriptedserver.h"
#include "testfiles.h"
#include "transferrecorder.h"
#include "tusprotocol.h"

#include <QDir>
#include <QFileInfo>
#include <QTest>

using Reply = ScriptedServer::Reply;
using Request = ScriptedServer::Request;

namespace {
constexpr int Timeout = 60000;

// A corpus answer ("STATUS SENT", "Name: value" lines, an empty line, the body) as a reply.
// The framing (Content-Length, Transfer-Encoding, Connection) stays the scripted server's; a
// status outside 200..599 is moved inside, as a 1xx or 0 would be no answer at all.
Reply replyFrom(const QByteArray &input)
{
    const qsizetype headEnd = input.indexOf("\n\n");
    const QList<QByteArray> lines = (headEnd < 0 ? input : input.left(headEnd)).split('\n');
    Reply reply(qBound(200, lines.first().trimmed().split(' ').value(0).toInt(), 599));
    reply.body = headEnd < 0 ? QByteArray() : input.mid(headEnd + 2);
    static const QList<QByteArray> framing{"content-length", "transfer-encoding", "connection"};
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = lines.at(i).left(colon).trimmed();
        const QByteArray value = lines.at(i).mid(colon + 1).trimmed();
        bool token = !name.isEmpty();
        for (char c : name)
            token = token && c > 0x20 && c < 0x7f;
        bool printable = true;
        for (char c : value)
            printable = printable && (c == '\t' || uchar(c) >= 0x20) && c != 0x7f;
        if (token && printable && !framing.contains(name.toLower()))
            reply.headers.append({name, value});
    }
    return reply;
}

// Every file of a corpus folder, sorted.
QStringList corpusFiles(const QString &name)
{
    const QDir corpus(QStringLiteral(HOIST_FUZZ_DIR "/") + name);
    QStringList files;
    for (const QString &file : corpus.entryList(QDir::Files, QDir::Name))
        files << corpus.filePath(file);
    return files;
}

// What a good S3 service answers to the one-part upload being resumed.
Reply goodS3(const Request &r)
{
    if (r.method == "GET")
        return Reply(200, {},
                     "<ListPartsResult><IsTruncated>false</IsTruncated></ListPartsResult>");
    if (r.method == "PUT")
        return Reply(200, {{"ETag", "\"e\""}});
    if (r.method == "POST")
        return Reply(200, {},
                     "<CompleteMultipartUploadResult><Key>r.bin</Key><ETag>\"x\"</ETag>"
                     "</CompleteMultipartUploadResult>");
    return Reply(200); // HEAD of the object: no ETag, so not verifiable, but there
}

void checkEnded(const TransferRecorder &rec)
{
    if (rec.succeeded())
        return;
    QVERIFY(rec.events.contains(QLatin1String("failed")));
    QVERIFY(rec.error.kind != TransferError::Kind::None);
    const QString message = rec.error.message();
    QVERIFY2(!message.trimmed().isEmpty(), qPrintable(rec.events.join(QLatin1Char(' '))));
    QVERIFY2(message.size() < 600, qPrintable(message));
}
} // namespace

class TestFuzzReplay final : public TusTransferTestBase {
    Q_OBJECT

private Q_SLOTS:
    void tusAnswers_data();
    void tusAnswers();
    void s3Answers_data();
    void s3Answers();
};

void TestFuzzReplay::tusAnswers_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("method");
    const QStringList files = corpusFiles(QStringLiteral("corpus-tusanswer"));
    QVERIFY(files.size() >= 20);
    for (const QString &file : files) {
        for (const QByteArray method : {"OPTIONS", "POST", "HEAD", "PATCH"}) {
            QTest::addRow("%s %s", qPrintable(QFileInfo(file).fileName()), method.constData())
                << file << method;
        }
    }
}

void TestFuzzReplay::tusAnswers()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, method);
    QFile in(file);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const Reply answer = replyFrom(in.readAll());

    MiniTus tus;
    int replayed = 0;
    tus.fault = [&](const Request &r) -> std::optional<Reply> {
        if (r.method != method)
            return std::nullopt;
        ++replayed;
        return answer;
    };
    ScriptedServer server;
    server.setHandler(tus.handler());
    QVERIFY(server.listen());
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("replay.bin"), 100000, 7);
    TransferJob transferJob = job(path, server.url(QStringLiteral("/files/")), 64 * 1024);
    if (method == "HEAD") // resuming is what asks HEAD
        transferJob.uploadUrl = server.url(QStringLiteral("/files/resumed"));

    TusProtocol protocol(&m_nam);
    auto transfer = protocol.createTransfer(transferJob);
    TransferRecorder rec(transfer.get());
    transfer->start();
    QVERIFY2(rec.wait(Timeout), qPrintable(rec.events.join(QLatin1Char(' '))));
    // POST is always asked (a resumed upload asks HEAD instead), so its answer is always read.
    if (method == "POST" || method == "HEAD")
        QVERIFY(replayed > 0);
    checkEnded(rec);
}

void TestFuzzReplay::s3Answers_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("document"); // a bare S3 document (corpus-s3xml), answered with 200
    QTest::addColumn<QByteArray>("method");
    for (const bool document : {true, false}) {
        const QStringList files = corpusFiles(document ? QStringLiteral("corpus-s3xml")
                                                       : QStringLiteral("corpus-s3answer"));
        QVERIFY(files.size() >= 10);
        for (const QString &file : files) {
            for (const QByteArray method : {"GET", "POST"}) {
                QTest::addRow("%s %s", qPrintable(QFileInfo(file).fileName()), method.constData())
                    << file << document << method;
            }
        }
    }
}

void TestFuzzReplay::s3Answers()
{
    QFETCH(QString, file);
    QFETCH(bool, document);
    QFETCH(QByteArray, method);
    QFile in(file);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray input = in.readAll();
    const Reply answer =
        document ? Reply(200, {{"Content-Type", "application/xml"}}, input) : replyFrom(input);
    int replayed = 0;
    ScriptedServer server([&](const Request &r) {
        if (r.method != method)
            return goodS3(r);
        ++replayed;
        return answer;
    });
    QVERIFY(server.listen());
    S3Protocol protocol(&m_nam);
    protocol.setCredentials(server.url(), {QStringLiteral("AKID"), "secret"});
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("r.bin"), 100, 5);
    const S3Target target(server.url(), QStringLiteral("us-east-1"), QStringLiteral("scripted"));
    TransferJob transferJob = job(path, target.toUrl());
    transferJob.parts = {
        {0,
         100,
         S3PartAddress{target, QStringLiteral("r.bin"), QStringLiteral("u1"), 1}.toUrl(),
         0,
         {}}};
    auto transfer = protocol.createTransfer(transferJob);
    TransferRecorder rec(transfer.get());
    transfer->start();
    QVERIFY2(rec.wait(Timeout), qPrintable(rec.events.join(QLatin1Char(' '))));
    if (method == "GET") // resuming lists the parts first
        QVERIFY(replayed > 0);
    checkEnded(rec);
}

QTEST_MAIN(TestFuzzReplay)
#include "tst_fuzzreplay.moc"
