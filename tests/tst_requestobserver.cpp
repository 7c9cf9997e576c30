// RequestObserver against a scripted server on loopback: what each reply's end says of the
// server's load, and a refusal's Retry-After in both of its forms (delta-seconds and an HTTP
// date), read by the same parser the tus and S3 clients use.

#include "requestobserver.h"
#include "scriptedserver.h"

#include <QDateTime>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTest>

namespace {
// An IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT") `seconds` from now.
QByteArray httpDateIn(int seconds)
{
    return QLocale::c()
        .toString(QDateTime::currentDateTimeUtc().addSecs(seconds),
                  QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"))
        .toLatin1();
}
} // namespace

class TestRequestObserver : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void refusalCarriesRetryAfter_data();
    void refusalCarriesRetryAfter();
    void sampleTimesAndBytes();
};

void TestRequestObserver::refusalCarriesRetryAfter_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("retryAfter");
    QTest::addColumn<qint64>("atLeastMs");
    QTest::addColumn<qint64>("atMostMs");

    QTest::newRow("503 seconds") << 503 << QByteArray("7") << qint64(7000) << qint64(7000);
    QTest::newRow("429 seconds") << 429 << QByteArray(" 2 ") << qint64(2000) << qint64(2000);
    // The date is whole seconds, so up to one less than asked, and the round trip takes some.
    QTest::newRow("503 HTTP date (GMT)") << 503 << httpDateIn(20) << qint64(15000) << qint64(20000);
    QTest::newRow("429 HTTP date past") << 429 << httpDateIn(-30) << qint64(0) << qint64(0);
    // A minute and more says nothing of the next second's load.
    QTest::newRow("503 long seconds")
        << 503 << QByteArray("3600") << qint64(60000) << qint64(60000);
    QTest::newRow("503 long HTTP date")
        << 503 << httpDateIn(3600) << qint64(60000) << qint64(60000);
    QTest::newRow("503 garbage") << 503 << QByteArray("soon") << qint64(0) << qint64(0);
    QTest::newRow("503 negative") << 503 << QByteArray("-5") << qint64(0) << qint64(0);
    QTest::newRow("503 none") << 503 << QByteArray() << qint64(0) << qint64(0);
}

void TestRequestObserver::refusalCarriesRetryAfter()
{
    QFETCH(int, status);
    QFETCH(QByteArray, retryAfter);
    QFETCH(qint64, atLeastMs);
    QFETCH(qint64, atMostMs);

    ScriptedServer server([&](const ScriptedServer::Request &) {
        ScriptedServer::Headers headers;
        if (!retryAfter.isEmpty())
            headers.append({QByteArray("Retry-After"), retryAfter});
        return ScriptedServer::Reply(status, headers, "busy");
    });
    QVERIFY2(server.listen(), qPrintable(server.errorString()));
    QNetworkAccessManager manager;
    RequestObserver observer;
    observer.watch(&manager);
    QSignalSpy samples(&observer, &RequestObserver::requestFinished);

    QNetworkReply *reply = manager.get(QNetworkRequest(server.url(QStringLiteral("/x"))));
    QVERIFY(samples.wait());
    reply->deleteLater();
    QCOMPARE(samples.size(), 1);
    const auto sample = samples.first().first().value<RequestSample>();
    QCOMPARE(sample.status, status);
    QVERIFY(sample.refused());
    QVERIFY2(sample.retryAfterMs >= atLeastMs && sample.retryAfterMs <= atMostMs,
             qPrintable(QString::number(sample.retryAfterMs)));
}

// A success: one sample, its server, its body's size, a start before its end, no Retry-After.
void TestRequestObserver::sampleTimesAndBytes()
{
    ScriptedServer server([](const ScriptedServer::Request &) {
        return ScriptedServer::Reply(204, {{"Retry-After", "5"}});
    });
    QVERIFY2(server.listen(), qPrintable(server.errorString()));
    QNetworkAccessManager manager;
    RequestObserver observer;
    observer.watch(&manager);
    observer.watch(&manager); // watched once: one sample per request
    QSignalSpy samples(&observer, &RequestObserver::requestFinished);

    const qint64 before = RequestObserver::nowUs();
    QNetworkRequest request(server.url(QStringLiteral("/files/1")));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/octet-stream"));
    QNetworkReply *reply = manager.sendCustomRequest(request, "PATCH", QByteArray(1000, 'x'));
    QVERIFY(samples.wait());
    reply->deleteLater();
    QTRY_COMPARE(server.requests().size(), 1);
    QCOMPARE(samples.size(), 1);
    const auto sample = samples.first().first().value<RequestSample>();
    QCOMPARE(sample.status, 204);
    QVERIFY(!sample.refused());
    QCOMPARE(sample.retryAfterMs, qint64(0));
    QCOMPARE(sample.bytes, qint64(1000));
    QVERIFY(sample.startedUs >= before);
    QVERIFY(sample.finishedUs >= sample.startedUs);
    QCOMPARE(sample.server, QStringLiteral("http://127.0.0.1:%1").arg(server.port()));
}

QTEST_GUILESS_MAIN(TestRequestObserver)
#include "tst_requestobserver.moc"
