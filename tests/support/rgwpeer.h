#pragma once

#include "s3credentials.h"
#include "s3target.h"

#include <QByteArray>
#include <QList>
#include <QNetworkAccessManager>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

// What the rgw fixture (tests/support/rgw/rgw.sh) says about the RGW it started: the file named by
// HOIST_RGW_ENV, in shell syntax (KEY=value or KEY='value' lines; export and comments ignored).
struct RgwEnv {
    QUrl endpoint;      // HOIST_S3_ENDPOINT, http://127.0.0.1:PORT
    QString region;     // HOIST_S3_REGION
    S3Credentials keys; // HOIST_S3_ACCESS_KEY, HOIST_S3_SECRET_KEY

    // Nullopt with a sentence in `problem` when the variable is unset or the file lacks a value.
    static std::optional<RgwEnv> load(QString *problem = nullptr);
    // The values of a file in that syntax, by name.
    static QList<QPair<QString, QString>> parseShellAssignments(const QByteArray &text);

    // s3://BUCKET/PREFIX?endpoint=...&region=... for this RGW.
    QUrl targetUrl(const QString &bucket, const QString &prefix = {}) const;
    S3Target target(const QString &bucket, const QString &prefix = {}) const;
};

// A signed S3 client for tests, independent of the one under test (its own requests, the signer
// alone): makes buckets, reads objects back, lists multipart uploads. Synchronous: each call runs
// an event loop until the answer (or a timeout) and returns it.
class RgwPeer final {
public:
    struct Answer {
        int status = 0; // 0: no answer (network error, timeout)
        QByteArray body;
        bool ok() const { return status >= 200 && status < 300; }
    };

    explicit RgwPeer(RgwEnv env);

    const RgwEnv &env() const { return m_env; }
    // A bucket name no other test run uses: prefix, time and pid, in S3's rules.
    static QString uniqueBucketName(const QString &prefix);
    bool createBucket(const QString &bucket);
    // The object's bytes; nullopt when it cannot be read (missing: status 404).
    std::optional<QByteArray> getObject(const QString &bucket, const QString &key);
    // ListMultipartUploads: each upload in progress as "key uploadId"; nullopt on failure.
    std::optional<QStringList> multipartUploads(const QString &bucket);
    // Any signed request: `path` decoded ("/bucket/key"), `query` decoded items.
    Answer request(const QByteArray &method, const QString &path,
                   const QList<QPair<QString, QString>> &query = {}, const QByteArray &body = {},
                   int timeoutMs = 30000);

private:
    RgwEnv m_env;
    QNetworkAccessManager m_network;
};
