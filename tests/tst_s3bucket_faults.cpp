// tst_s3bucket's failures: each class of error S3Bucket reports, and what it tries again.

#include "tst_s3bucket.h"

#include "corruptingproxy.h"
#include "faultproxy.h"
#include "loadsheddingproxy.h"
#include "tlsfront.h"

#include <QElapsedTimer>
#include <QTcpServer>

#include <thread>

using namespace S3BucketTest;

void tst_S3Bucket::streamedReadResumesAfterReset()
{
    // The connection is reset after 1 MiB reached the reader: the read goes on from there (a
    // Range from the byte reached, If-Match on the ETag), and the reader sees every byte once.
    auto s3 = bucket();
    const QByteArray bytes = pattern(24 * MiB + 3, 11);
    QVERIFY(s3->putObject(QStringLiteral("resume/x"), S3Body::fromBytes(bytes), {}).ok());
    FaultProxy proxy;
    QVERIFY2(proxy.start(m_rgw->service().host(), quint16(m_rgw->service().port())),
             qPrintable(proxy.errorString()));
    auto via = bucket([&](S3Bucket::Config &c) {
        c.target =
            S3Target(proxy.url().adjusted(QUrl::RemovePath), c.target.region(), c.target.bucket());
    });
    std::atomic<bool> halfway{false};
    std::atomic<bool> resetDone{false};
    QByteArray got;
    auto future = std::async(std::launch::async, [&] {
        return via->readObject(QStringLiteral("resume/x"), 5, -1,
                               [&](const char *data, qint64 size) {
                                   got.append(data, size);
                                   if (got.size() > MiB && !resetDone) {
                                       halfway = true;
                                       while (!resetDone)
                                           std::this_thread::yield();
                                   }
                                   return true;
                               });
    });
    QVERIFY(QTest::qWaitFor([&] { return halfway.load(); }, 30000));
    proxy.resetAllNow();
    resetDone = true;
    QVERIFY(QTest::qWaitFor(
        [&] { return future.wait_for(std::chrono::seconds(0)) == std::future_status::ready; },
        60000));
    const auto result = future.get();
    QVERIFY2(result.ok(), why(result));
    QCOMPARE(proxy.counters().reset, 1);
    QCOMPARE(proxy.counters().accepted, 2);
    QCOMPARE(via->requestsSent(), 2);
    QCOMPARE(got.size(), bytes.size() - 5);
    QVERIFY(got == bytes.mid(5));
    QCOMPARE(result.value.size, bytes.size());
}

void tst_S3Bucket::fileShorterThanAnnounced()
{
    auto s3 = bucket();
    const QString path = writeFile(QStringLiteral("short.bin"), pattern(1000, 10));
    const qint64 sent = s3->requestsSent();
    const auto put =
        s3->putObject(QStringLiteral("short/x"), S3Body::fromFile(path, 500, 1000), {});
    QVERIFY(!put.ok());
    QCOMPARE(put.error->kind, S3BucketError::Kind::Local);
    QCOMPARE(s3->requestsSent(), sent); // found while hashing, before any request
    const auto missing =
        s3->putObject(QStringLiteral("short/y"),
                      S3Body::fromFile(m_dir.filePath(QStringLiteral("none")), 0, 5), {});
    QCOMPARE(missing.error->kind, S3BucketError::Kind::Local);
    bool found = true;
    m_rgw->object(QStringLiteral("short/x"), &found);
    QVERIFY(!found);
}

void tst_S3Bucket::unreachableEndpoint()
{
    // A port nobody listens on: refused at once, tried again with back-off, then unavailable.
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const quint16 port = probe.serverPort();
    probe.close();
    auto s3 = bucket([port](S3Bucket::Config &c) {
        c.target = S3Target(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)),
                            c.target.region(), c.target.bucket());
        c.retry.attempts = 3;
    });
    QElapsedTimer timer;
    timer.start();
    const auto head = s3->headObject(QStringLiteral("x"));
    QVERIFY(!head.ok());
    QCOMPARE(head.error->kind, S3BucketError::Kind::Unavailable);
    QCOMPARE(head.error->attempts, 3);
    QCOMPARE(s3->requestsSent(), 3);
    QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
    // Not even a non-idempotent call is lost by trying again: nothing reached the store.
    QCOMPARE(s3->createMultipartUpload(QStringLiteral("x"), {}).error->attempts, 3);
}

void tst_S3Bucket::silentEndpointTimesOut()
{
    // A listener that takes connections (the kernel's backlog) and never answers.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    auto s3 = bucket([&](S3Bucket::Config &c) {
        c.target = S3Target(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort())),
                            c.target.region(), c.target.bucket());
        c.transport.idleTimeoutMs = 1500;
        c.retry.attempts = 2;
    });
    QElapsedTimer timer;
    timer.start();
    const auto get = s3->getObject(QStringLiteral("x"));
    QVERIFY(!get.ok());
    QCOMPARE(get.error->kind, S3BucketError::Kind::Unavailable);
    QCOMPARE(get.error->attempts, 2);
    QVERIFY2(timer.elapsed() >= 3000 && timer.elapsed() < 8000,
             qPrintable(QString::number(timer.elapsed())));
    // CreateMultipartUpload may have reached the store: not sent twice.
    const auto create = s3->createMultipartUpload(QStringLiteral("x"), {});
    QCOMPARE(create.error->kind, S3BucketError::Kind::Unavailable);
    QCOMPARE(create.error->attempts, 1);
}

void tst_S3Bucket::wrongSecretIsRefused()
{
    const QByteArray secret = "not-the-secret-0123456789";
    auto s3 = bucket([&](S3Bucket::Config &c) { c.credentials.secretAccessKey = secret; });
    const auto put = s3->putObject(QStringLiteral("wrong/x"), S3Body::fromBytes("abc"), {});
    QVERIFY(!put.ok());
    QCOMPARE(put.error->kind, S3BucketError::Kind::Refused);
    QCOMPARE(put.error->status, 403);
    QCOMPARE(put.error->code, QStringLiteral("SignatureDoesNotMatch"));
    QCOMPARE(put.error->attempts, 1);
    QVERIFY(!put.error->toString().contains(QString::fromLatin1(secret)));
    QVERIFY(!put.error->toString().contains(QStringLiteral("Signature=")));
    bool found = true;
    m_rgw->object(QStringLiteral("wrong/x"), &found);
    QVERIFY(!found);
}

void tst_S3Bucket::skewedClockIsLearnt()
{
    // Our clock an hour behind: the store refuses the signature's time once (403
    // RequestTimeTooSkewed), its Date header is learnt, and the call is signed again and passes.
    auto s3 = bucket();
    s3->setClockOffsetMs(-3600 * 1000);
    const auto put = s3->putObject(QStringLiteral("skew/x"), S3Body::fromBytes("skewed"), {});
    QVERIFY2(put.ok(), why(put));
    QCOMPARE(s3->requestsSent(), 2);
    QVERIFY(qAbs(s3->clockOffsetMs()) < 60 * 1000);
    QCOMPARE(m_rgw->object(QStringLiteral("skew/x")), QByteArray("skewed"));
    // Learnt once: the next call goes through at the first attempt.
    QVERIFY(s3->headObject(QStringLiteral("skew/x")).ok());
    QCOMPARE(s3->requestsSent(), 3);
}

void tst_S3Bucket::tlsIsVerified()
{
    // RGW behind TLS with a self-signed certificate: refused unless its CA is given, then used
    // (signed with UNSIGNED-PAYLOAD and Content-MD5, as over HTTPS).
    QSslCertificate certificate;
    QSslKey key;
    QString error;
    QVERIFY2(
        makeSelfSignedCertificate(m_dir.path(), QStringLiteral("rgw"), &certificate, &key, &error),
        qPrintable(error));
    TlsFront front(certificate, key, quint16(m_rgw->service().port()));
    QVERIFY(front.start());
    const QUrl https(QStringLiteral("https://127.0.0.1:%1").arg(front.port()));
    auto untrusted = bucket([&](S3Bucket::Config &c) {
        c.target = S3Target(https, c.target.region(), c.target.bucket());
    });
    const auto refused = offThread([&] { return untrusted->headObject(QStringLiteral("tls/x")); });
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error->kind, S3BucketError::Kind::Unavailable);
    QCOMPARE(refused.error->attempts, 1); // a certificate does not get better by asking again
    QCOMPARE(front.handshakes, 0);

    auto trusted = bucket([&](S3Bucket::Config &c) {
        c.target = S3Target(https, c.target.region(), c.target.bucket());
        c.transport.caFile = m_dir.filePath(QStringLiteral("rgw.crt"));
    });
    const QByteArray bytes = pattern(700000, 12);
    const auto put = offThread(
        [&] { return trusted->putObject(QStringLiteral("tls/x"), S3Body::fromBytes(bytes), {}); });
    QVERIFY2(put.ok(), why(put));
    const auto got =
        offThread([&] { return trusted->getObject(QStringLiteral("tls/x"), 5, 1000); });
    QVERIFY2(got.ok(), why(got));
    QCOMPARE(got.value, bytes.mid(5, 1000));
    QCOMPARE(m_rgw->object(QStringLiteral("tls/x")), bytes);
    QVERIFY(front.handshakes >= 1);
}

void tst_S3Bucket::damagedBodyIsRefused()
{
    // Over HTTP the signature covers the body's SHA-256, the one check of the bytes the store is
    // given (no Content-MD5 beside it): a bit flipped on the way makes RGW refuse the object, and
    // nothing damaged is stored.
    CorruptingProxy proxy;
    QVERIFY(proxy.start(quint16(m_rgw->service().port())));
    proxy.setFlips(-1);
    auto s3 = bucket([&](S3Bucket::Config &c) {
        c.target = S3Target(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(proxy.port())),
                            c.target.region(), c.target.bucket());
    });
    const QString key = QStringLiteral("damaged/x");
    const QByteArray bytes = pattern(300000, 21);
    const auto refused =
        offThread([&] { return s3->putObject(key, S3Body::fromBytes(bytes), {}); });
    QVERIFY(!refused.ok());
    QVERIFY(proxy.flipped() >= 1);
    bool found = true;
    m_rgw->object(key, &found);
    QVERIFY(!found);
    proxy.setFlips(0);
    const auto put = offThread([&] { return s3->putObject(key, S3Body::fromBytes(bytes), {}); });
    QVERIFY2(put.ok(), why(put));
    QCOMPARE(m_rgw->object(key), bytes);
}

void tst_S3Bucket::slowDownIsRetried()
{
    // A gateway in front of RGW that answers 503 + Retry-After: 1 beyond one request at once.
    LoadSheddingProxy proxy;
    QVERIFY(proxy.start(m_rgw->service().host(), quint16(m_rgw->service().port())));
    proxy.setLimit(1);
    proxy.setRetryAfterSeconds(1);
    const QUrl via = proxy.url().adjusted(QUrl::RemovePath);
    auto once = bucket([&](S3Bucket::Config &c) {
        c.target = S3Target(via, c.target.region(), c.target.bucket());
        c.retry.attempts = 1;
    });
    auto patient = bucket([&](S3Bucket::Config &c) {
        c.target = S3Target(via, c.target.region(), c.target.bucket());
        c.retry.attempts = 10;
        c.retry.maxBackoffMs = 1500;
    });
    const auto results = offThread([&] {
        std::vector<std::future<std::pair<S3Result<QByteArray>, S3Result<QByteArray>>>> calls;
        for (int i = 0; i < 4; ++i) {
            calls.push_back(std::async(std::launch::async, [&, i] {
                const QByteArray body = pattern(200000, 200 + i);
                auto a = once->putObject(QStringLiteral("shed/once%1").arg(i),
                                         S3Body::fromBytes(body), {});
                auto b = patient->putObject(QStringLiteral("shed/patient%1").arg(i),
                                            S3Body::fromBytes(body), {});
                return std::make_pair(a, b);
            }));
        }
        std::vector<std::pair<S3Result<QByteArray>, S3Result<QByteArray>>> out;
        for (auto &call : calls)
            out.push_back(call.get());
        return out;
    });
    QVERIFY(proxy.refused() > 0);
    int onceRefused = 0;
    for (int i = 0; i < 4; ++i) {
        const auto &[a, b] = results.at(size_t(i));
        QVERIFY2(b.ok(), why(b));
        QCOMPARE(m_rgw->object(QStringLiteral("shed/patient%1").arg(i)), pattern(200000, 200 + i));
        if (!a.ok()) {
            ++onceRefused;
            QCOMPARE(a.error->kind, S3BucketError::Kind::Unavailable);
            QCOMPARE(a.error->status, 503);
            QCOMPARE(a.error->retryAfterSeconds, 1);
        }
    }
    // Some of the impatient ones met the limit (they ran alongside the patient ones).
    QVERIFY(onceRefused > 0 || proxy.maxOpen() <= 1);
}

void tst_S3Bucket::rgwRestarted()
{
    auto s3 = bucket([](S3Bucket::Config &c) {
        c.retry.attempts = 3;
        c.transport.connectTimeoutMs = 2000;
    });
    QVERIFY(s3->putObject(QStringLiteral("restart/before"), S3Body::fromBytes("before"), {}).ok());
    m_rgw->kill();
    QTRY_VERIFY_WITH_TIMEOUT(!m_rgw->isRunning(), 20000);
    const auto during = s3->getObject(QStringLiteral("restart/before"));
    QVERIFY(!during.ok());
    QCOMPARE(during.error->kind, S3BucketError::Kind::Unavailable);
    QVERIFY2(m_rgw->restart(), qPrintable(m_rgw->errorString()));
    // The same S3Bucket, its kept-alive connections dead: works again without a new one.
    const auto after = s3->getObject(QStringLiteral("restart/before"));
    QVERIFY2(after.ok(), why(after));
    QCOMPARE(after.value, QByteArray("before"));
    QVERIFY(s3->putObject(QStringLiteral("restart/after"), S3Body::fromBytes("after"), {}).ok());
    QCOMPARE(m_rgw->object(QStringLiteral("restart/after")), QByteArray("after"));
}
