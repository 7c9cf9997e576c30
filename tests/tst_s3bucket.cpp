// S3Bucket, hoistd's blocking S3 client, against the shared Ceph RGW: every operation round trip
// with the bytes checked through an independent client (RgwTestPeer), many threads at once, and
// each class of failure: unreachable, silent, refused, slowing down, and radosgw restarted.

#include "tst_s3bucket.h"

#include "sanitizer.h"

#include <QCryptographicHash>
#include <QFile>

#include <malloc.h>
#include <thread>

using namespace S3BucketTest;

void tst_S3Bucket::initTestCase()
{
    QString why;
    if (!RgwTestPeer::available(&why))
        QFAIL(qPrintable(why));
    m_rgw = std::make_unique<RgwTestPeer>();
    QVERIFY2(m_rgw->start(), qPrintable(m_rgw->errorString()));
    QVERIFY(m_dir.isValid());
}

std::unique_ptr<S3Bucket> tst_S3Bucket::bucket(const std::function<void(S3Bucket::Config &)> &tweak)
{
    S3Bucket::Config config(S3Target(m_rgw->service(), m_rgw->region(), m_rgw->bucket()),
                            m_rgw->credentials());
    config.transport.connectTimeoutMs = 3000;
    config.transport.idleTimeoutMs = 10000;
    config.retry.firstBackoffMs = 50;
    if (tweak)
        tweak(config);
    return std::make_unique<S3Bucket>(std::move(config));
}

QString tst_S3Bucket::writeFile(const QString &name, const QByteArray &bytes)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return {};
    return path;
}

void tst_S3Bucket::signedUrls()
{
    // What goes on the wire is encoded as SigV4 signs it, for either addressing style.
    const S3Credentials keys{QStringLiteral("AKID"), "secret"};
    const QString key = QStringLiteral("a b/\u00fc+%&=.txt");
    const QDateTime when = QDateTime::fromSecsSinceEpoch(1700000000, Qt::UTC);
    S3Call call;
    call.method = "PUT";
    call.key = key;
    call.query = {{QStringLiteral("uploadId"), QStringLiteral("2~a/b+c")},
                  {QStringLiteral("partNumber"), QStringLiteral("3")}};
    const S3CallSigner path(S3Target(QUrl(QStringLiteral("http://127.0.0.1:9000")),
                                     QStringLiteral("us-east-1"), QStringLiteral("bkt")),
                            keys);
    const S3SignedCall a = path.sign(call, when);
    QCOMPARE(a.url, QByteArray("http://127.0.0.1:9000/bkt/a%20b/%C3%BC%2B%25%26%3D.txt"
                               "?partNumber=3&uploadId=2~a%2Fb%2Bc"));
    QVERIFY(a.headerLines.contains("host: 127.0.0.1:9000"));
    const S3CallSigner virtualHost(S3Target(QUrl(QStringLiteral("https://s3.example.com")),
                                            QStringLiteral("eu-1"), QStringLiteral("bkt"), {},
                                            true),
                                   keys);
    const S3SignedCall b = virtualHost.sign(call, when);
    QCOMPARE(b.url, QByteArray("https://bkt.s3.example.com/a%20b/%C3%BC%2B%25%26%3D.txt"
                               "?partNumber=3&uploadId=2~a%2Fb%2Bc"));
    QVERIFY(b.headerLines.contains("host: bkt.s3.example.com"));
    // The secret signs; it is never sent.
    for (const QByteArray &line : b.headerLines)
        QVERIFY(!line.contains("secret"));
    QCOMPARE(path.copySource(key), QByteArray("bkt/a%20b/%C3%BC%2B%25%26%3D.txt"));
}

void tst_S3Bucket::multipartRoundTrip()
{
    auto s3 = bucket();
    const QString key = QStringLiteral("multi/a b+ü.bin");
    // Part 1 from a file range (not the file's start), part 2 from memory, part 3 (small) from
    // the same file's tail.
    const QByteArray head = pattern(5 * MiB + 17, 1);
    const QByteArray middle = pattern(5 * MiB, 2);
    const QByteArray tail = pattern(123457, 3);
    const QString path = writeFile(QStringLiteral("multi.bin"), pattern(1000, 9) + head + tail);
    QVERIFY(!path.isEmpty());

    S3Bucket::ObjectMeta meta{"text/plain",
                              {{"filename", "YSBiLnR4dA=="}, {"hoistd-owner", "alice"}}};
    const S3Result<QString> id = s3->createMultipartUpload(key, meta);
    QVERIFY2(id.ok(), why(id));
    QVERIFY(!id.value.isEmpty());
    const auto p1 = s3->uploadPart(key, id.value, 1, S3Body::fromFile(path, 1000, head.size()));
    QVERIFY2(p1.ok(), why(p1));
    const auto p2 = s3->uploadPart(key, id.value, 2, S3Body::fromBytes(middle));
    QVERIFY2(p2.ok(), why(p2));
    const auto p3 =
        s3->uploadPart(key, id.value, 3, S3Body::fromFile(path, 1000 + head.size(), tail.size()));
    QVERIFY2(p3.ok(), why(p3));
    // RGW checked the bytes (the signed SHA-256): the ETag of a part is its MD5.
    QCOMPARE(p2.value,
             '"' + QCryptographicHash::hash(middle, QCryptographicHash::Md5).toHex() + '"');
    QVERIFY(m_rgw->multipartUploads().contains(key));

    const auto done =
        s3->completeMultipartUpload(key, id.value, {{1, p1.value}, {2, p2.value}, {3, p3.value}});
    QVERIFY2(done.ok(), why(done));
    bool found = false;
    QCOMPARE(m_rgw->object(key, &found), head + middle + tail);
    QVERIFY(found);
    QVERIFY(!m_rgw->multipartUploads().contains(key));

    const auto info = s3->headObject(key);
    QVERIFY2(info.ok(), why(info));
    QCOMPARE(info.value.size, head.size() + middle.size() + tail.size());
    QCOMPARE(info.value.contentType, QByteArray("text/plain"));
    QCOMPARE(info.value.metadata.value("filename"), QByteArray("YSBiLnR4dA=="));
    QCOMPARE(info.value.metadata.value("hoistd-owner"), QByteArray("alice"));
    QVERIFY(info.value.etag.endsWith("-3\""));
    QCOMPARE(info.value.etag,
             S3Bucket::multipartEtag({{1, p1.value}, {2, p2.value}, {3, p3.value}}));
}

void tst_S3Bucket::uploadPartCopyOfRanges()
{
    auto s3 = bucket();
    const QByteArray source = pattern(11 * MiB + 999, 4);
    QVERIFY(s3->putObject(QStringLiteral("copy/source"), S3Body::fromBytes(source), {}).ok());
    const QString key = QStringLiteral("copy/joined");
    const auto id = s3->createMultipartUpload(key, {});
    QVERIFY(id.ok());
    // Parts out of the source's order, and one sent as bytes between them.
    const qint64 a = 5 * MiB + 1;
    const auto p1 = s3->uploadPartCopy(key, id.value, 1, QStringLiteral("copy/source"), 6 * MiB, a);
    QVERIFY2(p1.ok(), why(p1));
    const QByteArray own = pattern(5 * MiB, 5);
    const auto p2 = s3->uploadPart(key, id.value, 2, S3Body::fromBytes(own));
    QVERIFY(p2.ok());
    const auto p3 = s3->uploadPartCopy(key, id.value, 3, QStringLiteral("copy/source"), 0, 5 * MiB);
    QVERIFY2(p3.ok(), why(p3));
    const auto p4 = s3->uploadPartCopy(key, id.value, 4, QStringLiteral("copy/source"), 17, 1000);
    QVERIFY2(p4.ok(), why(p4));
    const auto done = s3->completeMultipartUpload(
        key, id.value, {{1, p1.value}, {2, p2.value}, {3, p3.value}, {4, p4.value}});
    QVERIFY2(done.ok(), why(done));
    QCOMPARE(m_rgw->object(key),
             source.mid(6 * MiB, a) + own + source.left(5 * MiB) + source.mid(17, 1000));

    // A range past the source's end is refused with S3's code.
    const auto id2 = s3->createMultipartUpload(QStringLiteral("copy/bad"), {});
    QVERIFY(id2.ok());
    const auto bad = s3->uploadPartCopy(QStringLiteral("copy/bad"), id2.value, 1,
                                        QStringLiteral("copy/source"), source.size(), 10);
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error->kind, S3BucketError::Kind::Refused);
    QVERIFY(s3->abortMultipartUpload(QStringLiteral("copy/bad"), id2.value).ok());
}

void tst_S3Bucket::putAndCopyObject()
{
    auto s3 = bucket();
    const QByteArray bytes = pattern(300000, 6);
    const auto put = s3->putObject(QStringLiteral("obj/original"), S3Body::fromBytes(bytes),
                                   {"image/png", {{"owner", "bob"}}});
    QVERIFY2(put.ok(), why(put));
    QCOMPARE(put.value,
             '"' + QCryptographicHash::hash(bytes, QCryptographicHash::Md5).toHex() + '"');

    const auto kept = s3->copyObject(QStringLiteral("obj/original"), QStringLiteral("obj/kept"));
    QVERIFY2(kept.ok(), why(kept));
    QCOMPARE(m_rgw->object(QStringLiteral("obj/kept")), bytes);
    const auto keptInfo = s3->headObject(QStringLiteral("obj/kept"));
    QVERIFY(keptInfo.ok());
    QCOMPARE(keptInfo.value.metadata.value("owner"), QByteArray("bob"));
    QCOMPARE(keptInfo.value.contentType, QByteArray("image/png"));

    const auto replaced =
        s3->copyObject(QStringLiteral("obj/original"), QStringLiteral("obj/replaced"),
                       S3Bucket::ObjectMeta{"text/csv", {{"owner", "carol"}}});
    QVERIFY2(replaced.ok(), why(replaced));
    QCOMPARE(m_rgw->object(QStringLiteral("obj/replaced")), bytes);
    const auto info = s3->headObject(QStringLiteral("obj/replaced"));
    QVERIFY(info.ok());
    QCOMPARE(info.value.metadata.value("owner"), QByteArray("carol"));
    QCOMPARE(info.value.contentType, QByteArray("text/csv"));

    // A zero-byte object, and metadata that cannot be a header is refused before sending.
    QVERIFY(s3->putObject(QStringLiteral("obj/empty"), S3Body::fromBytes({}), {}).ok());
    QCOMPARE(s3->headObject(QStringLiteral("obj/empty")).value.size, 0);
    const qint64 sent = s3->requestsSent();
    const auto bad = s3->putObject(QStringLiteral("obj/bad"), S3Body::fromBytes("x"),
                                   {{}, {{"name", "line\r\nX-Injected: 1"}}});
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error->kind, S3BucketError::Kind::Local);
    QCOMPARE(s3->requestsSent(), sent);
}

void tst_S3Bucket::rangedReads()
{
    auto s3 = bucket();
    const QByteArray bytes = pattern(1 * MiB + 5, 7);
    QVERIFY(s3->putObject(QStringLiteral("range/x"), S3Body::fromBytes(bytes), {}).ok());
    const QList<QPair<qint64, qint64>> ranges{
        {0, 1}, {0, bytes.size()}, {bytes.size() - 1, 1}, {4095, 4097}, {1000, -1}, {0, -1}};
    for (const auto &[first, length] : ranges) {
        const auto got = s3->getObject(QStringLiteral("range/x"), first, length);
        QVERIFY2(got.ok(), why(got));
        QCOMPARE(got.value, bytes.mid(first, length < 0 ? -1 : length));
    }
    // Past the end: refused with S3's code.
    const auto past = s3->getObject(QStringLiteral("range/x"), bytes.size() + 10, 5);
    QVERIFY(!past.ok());
    QCOMPARE(past.error->kind, S3BucketError::Kind::Refused);
    QCOMPARE(past.error->status, 416);
    QCOMPARE(past.error->code, QStringLiteral("InvalidRange"));
    // More than the caller's bound: refused as a bad answer, memory never grows with it.
    const auto big = s3->getObject(QStringLiteral("range/x"), 0, -1, 1000);
    QVERIFY(!big.ok());
    QCOMPARE(big.error->kind, S3BucketError::Kind::BadAnswer);
}

void tst_S3Bucket::streamedRead()
{
    auto s3 = bucket();
    const QByteArray bytes = pattern(3 * MiB + 11, 8);
    QVERIFY(s3->putObject(QStringLiteral("stream/x"), S3Body::fromBytes(bytes), {}).ok());
    QByteArray got;
    int pieces = 0;
    const auto whole =
        s3->readObject(QStringLiteral("stream/x"), 0, -1, [&](const char *data, qint64 size) {
            got.append(data, size);
            ++pieces;
            return true;
        });
    QVERIFY2(whole.ok(), why(whole));
    QCOMPARE(got, bytes);
    QVERIFY(pieces > 1);
    QCOMPARE(whole.value.size, bytes.size());

    got.clear();
    const auto part = s3->readObject(QStringLiteral("stream/x"), 777, 2 * MiB,
                                     [&](const char *data, qint64 size) {
                                         got.append(data, size);
                                         return true;
                                     });
    QVERIFY(part.ok());
    QCOMPARE(got, bytes.mid(777, 2 * MiB));
    QCOMPARE(part.value.size, bytes.size());

    // The reader stops: the download ends there, as a local failure, not retried.
    const qint64 sent = s3->requestsSent();
    qint64 seen = 0;
    const auto stopped =
        s3->readObject(QStringLiteral("stream/x"), 0, -1, [&](const char *, qint64 size) {
            seen += size;
            return seen < 100000;
        });
    QVERIFY(!stopped.ok());
    QCOMPARE(stopped.error->kind, S3BucketError::Kind::Local);
    QVERIFY(seen < bytes.size());
    QCOMPARE(s3->requestsSent(), sent + 1);
}

void tst_S3Bucket::notFound()
{
    auto s3 = bucket();
    const auto head = s3->headObject(QStringLiteral("none/such"));
    QVERIFY(!head.ok());
    QCOMPARE(head.error->kind, S3BucketError::Kind::NotFound);
    QCOMPARE(head.error->attempts, 1);
    const auto get = s3->getObject(QStringLiteral("none/such"));
    QVERIFY(!get.ok());
    QCOMPARE(get.error->kind, S3BucketError::Kind::NotFound);
    QCOMPARE(get.error->code, QStringLiteral("NoSuchKey"));
    const auto abort =
        s3->abortMultipartUpload(QStringLiteral("none/such"), QStringLiteral("2~nope"));
    QVERIFY(!abort.ok());
    QCOMPARE(abort.error->kind, S3BucketError::Kind::NotFound);
    const auto part = s3->uploadPart(QStringLiteral("none/such"), QStringLiteral("2~nope"), 1,
                                     S3Body::fromBytes("abc"));
    QVERIFY(!part.ok());
    QCOMPARE(part.error->kind, S3BucketError::Kind::NotFound);
    QCOMPARE(part.error->code, QStringLiteral("NoSuchUpload"));

    QVERIFY(s3->putObject(QStringLiteral("none/gone"), S3Body::fromBytes("abc"), {}).ok());
    QVERIFY(s3->deleteObject(QStringLiteral("none/gone")).ok());
    QCOMPARE(s3->headObject(QStringLiteral("none/gone")).error->kind,
             S3BucketError::Kind::NotFound);
    bool found = true;
    m_rgw->object(QStringLiteral("none/gone"), &found);
    QVERIFY(!found);
}

void tst_S3Bucket::deleteObjectsInOneRequest()
{
    auto s3 = bucket();
    QStringList keys;
    for (int i = 0; i < 5; ++i) {
        keys << QStringLiteral("batch/<%1> & ü").arg(i);
        QVERIFY(s3->putObject(keys.last(), S3Body::fromBytes("x"), {}).ok());
    }
    const qint64 sent = s3->requestsSent();
    // Four of them and one that never existed (deleted, as far as S3 is concerned).
    const auto deleted = s3->deleteObjects(keys.mid(0, 4) << QStringLiteral("batch/none"));
    QVERIFY2(deleted.ok(), why(deleted));
    QVERIFY(deleted.value.isEmpty());
    QCOMPARE(s3->requestsSent(), sent + 1);
    QCOMPARE(m_rgw->keys(QStringLiteral("batch/")), QStringList{keys.at(4)});
    QCOMPARE(s3->deleteObjects(QStringList(1001, QStringLiteral("k"))).error->kind,
             S3BucketError::Kind::Local);
}

void tst_S3Bucket::listObjectsPaginated()
{
    auto s3 = bucket([](S3Bucket::Config &c) { c.transport.maxInFlight = 8; });
    // 1,003 keys (one page holds 1,000), put from 8 threads.
    constexpr int Count = 1003;
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&, t] {
            for (int i = t; i < Count; i += 8) {
                const QString key = QStringLiteral("list/k%1 ü").arg(i, 5, 10, QLatin1Char('0'));
                if (!s3->putObject(key, S3Body::fromBytes(QByteArray::number(i)), {}).ok())
                    ++failures;
            }
        });
    }
    for (auto &thread : threads)
        thread.join();
    QCOMPARE(failures.load(), 0);

    QStringList keys;
    QString token;
    int pages = 0;
    do {
        const auto page = s3->listObjects(QStringLiteral("list/"), token);
        QVERIFY2(page.ok(), why(page));
        for (const auto &object : page.value.objects) {
            keys << object.key;
            QCOMPARE(object.size, QByteArray::number(object.key.mid(6, 5).toInt()).size());
        }
        token = page.value.nextToken;
        ++pages;
    } while (!token.isEmpty() && pages < 10);
    QCOMPARE(pages, 2);
    QCOMPARE(keys.size(), Count);
    QCOMPARE(keys.first(), QStringLiteral("list/k00000 ü"));
    QCOMPARE(keys.last(), QStringLiteral("list/k01002 ü"));
    keys.removeDuplicates();
    QCOMPARE(keys.size(), Count);

    // A small page size, with a prefix that selects 11 keys (k00990 .. k01000 are 10 + k01000..2).
    QStringList small;
    pages = 0;
    token.clear();
    do {
        const auto page = s3->listObjects(QStringLiteral("list/k0099"), token, 3);
        QVERIFY(page.ok());
        QVERIFY(page.value.objects.size() <= 3);
        for (const auto &object : page.value.objects)
            small << object.key;
        token = page.value.nextToken;
        ++pages;
    } while (!token.isEmpty() && pages < 20);
    QCOMPARE(small.size(), 10);
    QCOMPARE(pages, 4);
}

void tst_S3Bucket::listUploadsAndAbort()
{
    auto s3 = bucket();
    QStringList ids;
    for (int i = 0; i < 3; ++i) {
        const auto id = s3->createMultipartUpload(QStringLiteral("mpu/u%1").arg(i), {});
        QVERIFY(id.ok());
        ids << id.value;
    }
    const auto listAll = [&] {
        QStringList seen;
        QString keyMarker;
        QString idMarker;
        int pages = 0;
        do {
            const auto page =
                s3->listMultipartUploads(QStringLiteral("mpu/"), keyMarker, idMarker, 2);
            if (!page.ok())
                return QStringList{QStringLiteral("failed")};
            for (const auto &upload : page.value.uploads)
                seen << upload.key + QLatin1Char(' ') + upload.uploadId;
            keyMarker = page.value.nextKeyMarker;
            idMarker = page.value.nextUploadIdMarker;
        } while (!keyMarker.isEmpty() && ++pages < 10);
        return seen;
    };
    QStringList listed = listAll();
    QCOMPARE(listed.size(), 3);
    QVERIFY(listed.contains(QStringLiteral("mpu/u1 ") + ids.at(1)));

    QVERIFY(s3->abortMultipartUpload(QStringLiteral("mpu/u1"), ids.at(1)).ok());
    listed = listAll();
    QCOMPARE(listed.size(), 2);
    QVERIFY(!listed.contains(QStringLiteral("mpu/u1 ") + ids.at(1)));
    QVERIFY(!m_rgw->multipartUploads().contains(QStringLiteral("mpu/u1")));
    // Aborted twice: not found the second time.
    QCOMPARE(s3->abortMultipartUpload(QStringLiteral("mpu/u1"), ids.at(1)).error->kind,
             S3BucketError::Kind::NotFound);
    QVERIFY(s3->abortMultipartUpload(QStringLiteral("mpu/u0"), ids.at(0)).ok());
    QVERIFY(s3->abortMultipartUpload(QStringLiteral("mpu/u2"), ids.at(2)).ok());
    QCOMPARE(listAll().size(), 0);
}

void tst_S3Bucket::manyThreadsAtOnce()
{
    // 8 threads × 2 parts of 5 MiB into one upload, through at most 3 requests at once.
    std::atomic<int> observed{0};
    std::atomic<int> observedOk{0};
    auto s3 = bucket([&](S3Bucket::Config &c) {
        c.transport.maxInFlight = 3;
        c.observer = [&](const QByteArray &, int status, qint64 ms) {
            ++observed;
            if (status == 200 && ms >= 0)
                ++observedOk;
        };
    });
    const QString key = QStringLiteral("threads/big");
    const auto id = s3->createMultipartUpload(key, {});
    QVERIFY(id.ok());
    constexpr int Threads = 8;
    constexpr int PartsEach = 2;
    QList<S3Bucket::Part> parts(Threads * PartsEach);
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < Threads; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < PartsEach; ++i) {
                const int number = t * PartsEach + i + 1;
                const auto etag = s3->uploadPart(key, id.value, number,
                                                 S3Body::fromBytes(pattern(5 * MiB, 100 + number)));
                if (!etag.ok())
                    ++failures;
                parts[number - 1] = {number, etag.value};
            }
        });
    }
    for (auto &thread : threads)
        thread.join();
    QCOMPARE(failures.load(), 0);
    QCOMPARE(s3->peakInFlight(), 3);
    QCOMPARE(observed.load(), int(s3->requestsSent()));
    QCOMPARE(observedOk.load(), 1 + Threads * PartsEach);
    QCOMPARE(s3->inFlight(), 0);
    QVERIFY(s3->completeMultipartUpload(key, id.value, parts).ok());
    QByteArray expected;
    for (int number = 1; number <= Threads * PartsEach; ++number)
        expected += pattern(5 * MiB, 100 + number);
    QVERIFY(m_rgw->object(key) == expected);
}

void tst_S3Bucket::fileBodyIsStreamed()
{
    SKIP_UNDER_ADDRESS_SANITIZER("a bound on the heap as glibc's mallinfo2() counts it");
    // A 48 MiB body from a file range: the heap never holds more than a few MiB of it at once
    // (hashed, then sent, in pieces), where reading it whole would add 48 MiB.
    const QString path = m_dir.filePath(QStringLiteral("large.bin"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray chunk = pattern(MiB, 13);
        for (int i = 0; i < 49; ++i)
            QCOMPARE(file.write(chunk), MiB);
    }
    auto s3 = bucket();
    const qint64 offset = MiB / 2;
    const qint64 length = 48 * MiB;
    const auto inUse = [] {
        const struct mallinfo2 info = mallinfo2();
        return qint64(info.uordblks + info.hblkhd); // small blocks and mmapped ones
    };
    const qint64 baseline = inUse();
    std::atomic<qint64> peak{baseline};
    std::atomic<bool> done{false};
    std::thread sampler([&] {
        while (!done) {
            peak = qMax(peak.load(), inUse());
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    });
    const auto put =
        s3->putObject(QStringLiteral("large/x"), S3Body::fromFile(path, offset, length), {});
    done = true;
    sampler.join();
    QVERIFY2(put.ok(), why(put));
    const qint64 growth = peak - baseline;
    QVERIFY2(growth < 8 * MiB, qPrintable(QStringLiteral("heap grew by %1 bytes").arg(growth)));

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly) && file.seek(offset));
    QCryptographicHash md5(QCryptographicHash::Md5);
    for (qint64 left = length; left > 0;) {
        const QByteArray piece = file.read(qMin<qint64>(left, MiB));
        QVERIFY(!piece.isEmpty());
        md5.addData(piece);
        left -= piece.size();
    }
    const auto head = s3->headObject(QStringLiteral("large/x"));
    QVERIFY2(head.ok(), why(head));
    QCOMPARE(head.value.size, length);
    QCOMPARE(head.value.etag, '"' + md5.result().toHex() + '"');
}

QTEST_GUILESS_MAIN(tst_S3Bucket)
