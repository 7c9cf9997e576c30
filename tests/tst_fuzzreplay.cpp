// The tus answers of fuzz_tusanswer's corpus (tests/fuzz/corpus-tusanswer) replayed as a
// server's answers to the real client: a ScriptedServer running MiniTus answers one kind of
// request (OPTIONS, POST, HEAD or PATCH) with the corpus file, and a TusTransfer of a small file
// must end, completed or failed with words a person can read, never crash or hang. What the
// fuzzer checks parser by parser, this checks through the whole transfer.
#include "tst_tustransferbase.h"

#include "minitus.h"
#include "scriptedserver.h"
#include "testfiles.h"
#include "transferrecorder.h"
#include "tusprotocol.h"

#include <QDir>
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
    Reply reply(qBound(200, lines.first().split(' ').value(0).toInt(), 599));
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
} // namespace

class TestFuzzReplay final : public TusTransferTestBase {
    Q_OBJECT

private Q_SLOTS:
    void tusAnswers_data();
    void tusAnswers();
};

void TestFuzzReplay::tusAnswers_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("method");
    const QDir corpus(QStringLiteral(HOIST_FUZZ_DIR "/corpus-tusanswer"));
    const QStringList files = corpus.entryList(QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 20);
    for (const QString &name : files) {
        for (const QByteArray method : {"OPTIONS", "POST", "HEAD", "PATCH"}) {
            QTest::addRow("%s %s", qPrintable(name), method.constData())
                << corpus.filePath(name) << method;
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
    if (!rec.succeeded()) {
        QVERIFY(rec.events.contains(QLatin1String("failed")));
        QVERIFY(rec.error.kind != TransferError::Kind::None);
        const QString message = rec.error.message();
        QVERIFY2(!message.trimmed().isEmpty(), qPrintable(rec.events.join(QLatin1Char(' '))));
        QVERIFY2(message.size() < 600, qPrintable(message));
    }
}

QTEST_MAIN(TestFuzzReplay)
#include "tst_fuzzreplay.moc"
