#pragma once

// tst_s3bucket: S3Bucket against the shared RGW. The round trips are in tst_s3bucket.cpp, the
// failures (unreachable, silent, refused, TLS, slowing down, restarted) in
// tst_s3bucket_faults.cpp.

#include "rgwtestpeer.h"
#include "s3bucket.h"

#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <future>
#include <memory>

namespace S3BucketTest {
constexpr qint64 MiB = 1024 * 1024;

// Bytes that differ at every offset and between seeds: a misplaced range shows.
inline QByteArray pattern(qint64 size, quint32 seed)
{
    QByteArray bytes(size, Qt::Uninitialized);
    quint32 x = seed * 2654435761u + 1;
    for (qint64 i = 0; i < size; ++i) {
        x = x * 1664525u + 1013904223u;
        bytes[i] = char(x >> 24);
    }
    return bytes;
}

// The failure's line for a message; empty when the call succeeded (QVERIFY2 evaluates it always).
template <typename T>
inline const char *why(const S3Result<T> &result)
{
    static thread_local QByteArray text;
    text = result.ok() ? QByteArray() : result.error->toString().toUtf8();
    return text.constData();
}

// Runs `f` on another thread while this one's event loop turns (for proxies living here).
template <typename F>
auto offThread(F f, int timeoutMs = 120000)
{
    auto future = std::async(std::launch::async, std::move(f));
    (void)QTest::qWaitFor(
        [&] { return future.wait_for(std::chrono::seconds(0)) == std::future_status::ready; },
        timeoutMs);
    return future.get();
}
} // namespace S3BucketTest

class tst_S3Bucket final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void signedUrls();
    void multipartRoundTrip();
    void uploadPartCopyOfRanges();
    void putAndCopyObject();
    void rangedReads();
    void streamedRead();
    void streamedReadResumesAfterReset();
    void notFound();
    void deleteObjectsInOneRequest();
    void listObjectsPaginated();
    void listUploadsAndAbort();
    void manyThreadsAtOnce();
    void fileBodyIsStreamed();
    void fileShorterThanAnnounced();
    void unreachableEndpoint();
    void silentEndpointTimesOut();
    void wrongSecretIsRefused();
    void skewedClockIsLearnt();
    void tlsIsVerified();
    void damagedBodyIsRefused();
    void slowDownIsRetried();
    void rgwRestarted();

private:
    std::unique_ptr<S3Bucket> bucket(const std::function<void(S3Bucket::Config &)> &tweak = {});
    QString writeFile(const QString &name, const QByteArray &bytes);

    std::unique_ptr<RgwTestPeer> m_rgw;
    QTemporaryDir m_dir;
};
