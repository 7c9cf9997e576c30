// HttpStreamBody: an answer whose body the HTTP layer reads piece by piece from a callback (a
// download from a store without file descriptors), over a real HttpServer on loopback. The body
// arrives whole and in order with its Content-Length, is read in bounded pieces rather than at
// once, and a reader that fails mid-way cuts the answer short instead of padding it.
#include "rawhttp.h"

#include "hoistdmetrics.h"
#include "httphandler.h"
#include "httpserver.h"

#include <QMutex>
#include <QTest>

#include <atomic>

namespace {
QByteArray pattern(qint64 size)
{
    QByteArray out(size, Qt::Uninitialized);
    for (qint64 i = 0; i < size; ++i)
        out[i] = char('a' + (i * 13 + i / 1000) % 26);
    return out;
}

struct StreamStats {
    std::atomic<int> reads{0};
    std::atomic<qint64> largestRead{0};
};

class StreamingExchange final : public HttpExchange {
public:
    void consume(const char *, size_t) override {}
    HttpResponse finish() override { return *early; }
    void abort() override {}
};

// Answers every request with `m_content` as a streamed body; with `m_failAt` >= 0 the reader
// fails once asked for bytes at or beyond it.
class StreamingHandler final : public HttpHandler {
public:
    StreamingHandler(const QByteArray &content, qint64 failAt, StreamStats &stats)
        : m_content(content)
        , m_failAt(failAt)
        , m_stats(stats)
    {
    }

    std::unique_ptr<HttpExchange> begin(const HttpRequest &) override
    {
        auto exchange = std::make_unique<StreamingExchange>();
        HttpResponse r;
        r.status = 200;
        r.set("Content-Type", "application/octet-stream");
        r.stream = std::make_shared<HttpStreamBody>(
            m_content.size(), [this](qint64 offset, char *data, qint64 size) -> qint64 {
                ++m_stats.reads;
                qint64 seen = m_stats.largestRead;
                while (size > seen && !m_stats.largestRead.compare_exchange_weak(seen, size)) {
                }
                if (m_failAt >= 0 && offset + size > m_failAt)
                    return -1;
                const qint64 n = qMin(size, m_content.size() - offset);
                memcpy(data, m_content.constData() + offset, size_t(n));
                return n;
            });
        exchange->early = r;
        return exchange;
    }
    HttpResponse refuse(int status, const QString &) const override
    {
        HttpResponse r;
        r.status = status;
        return r;
    }
    void log(const QString &) const override {}

private:
    const QByteArray m_content;
    const qint64 m_failAt;
    StreamStats &m_stats;
};
} // namespace

class TestHttpStreamBody final : public QObject {
    Q_OBJECT
private slots:
    void bodyArrivesWholeInPieces_data();
    void bodyArrivesWholeInPieces();
    void failingReaderCutsTheAnswer();
};

void TestHttpStreamBody::bodyArrivesWholeInPieces_data()
{
    QTest::addColumn<qint64>("size");
    QTest::newRow("one byte") << qint64(1);
    QTest::newRow("one piece") << qint64(1000);
    QTest::newRow("many pieces") << qint64(3 * 1024 * 1024 + 7);
}

void TestHttpStreamBody::bodyArrivesWholeInPieces()
{
    QFETCH(qint64, size);
    const QByteArray content = pattern(size);
    StreamStats stats;
    StreamingHandler handler(content, -1, stats);
    HoistdMetrics metrics;
    HttpServer server(handler, metrics, HttpLimits());
    QString error;
    QVERIFY2(server.listen(QHostAddress(QHostAddress::LocalHost), 0, &error), qPrintable(error));
    const RawResponse r = rawRequest(server.port(), "GET", "/anything", {}, {}, 30000);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.header("content-length"), QByteArray::number(size));
    QCOMPARE(r.body.size(), size);
    QVERIFY(r.body == content);
    QVERIFY(stats.reads >= 1);
    QVERIFY2(stats.largestRead <= 1024 * 1024, // pieces, never the whole body at once
             QByteArray::number(stats.largestRead.load()).constData());
    if (size > 1024 * 1024)
        QVERIFY(stats.reads > 1);
}

void TestHttpStreamBody::failingReaderCutsTheAnswer()
{
    const qint64 size = 2 * 1024 * 1024;
    const QByteArray content = pattern(size);
    StreamStats stats;
    StreamingHandler handler(content, size / 2, stats);
    HoistdMetrics metrics;
    HttpServer server(handler, metrics, HttpLimits());
    QString error;
    QVERIFY2(server.listen(QHostAddress(QHostAddress::LocalHost), 0, &error), qPrintable(error));
    const RawResponse r = rawRequest(server.port(), "GET", "/anything", {}, {}, 30000);
    // The head went out with the full length; the body stops where the reader failed.
    const QByteArray raw = r.raw;
    const qsizetype headEnd = raw.indexOf("\r\n\r\n");
    QVERIFY(headEnd > 0);
    QVERIFY(raw.left(headEnd).contains("Content-Length: " + QByteArray::number(size)));
    const QByteArray body = raw.mid(headEnd + 4);
    QVERIFY2(body.size() < size, QByteArray::number(body.size()).constData());
    QVERIFY(body.size() <= size / 2);
    QVERIFY(content.startsWith(body));
}

QTEST_GUILESS_MAIN(TestHttpStreamBody)
#include "tst_httpstreambody.moc"
