#pragma once

#include <QString>
#include <QUrl>

#include <optional>

// Where objects go: an S3 service, a region, a bucket and a key prefix. A task's endpoint is one
// URL, stored as it is in the queue, so a target is written as one:
//
//   s3://BUCKET/PREFIX?endpoint=SERVICE-URL&region=REGION[&style=virtual]
//
// SERVICE-URL is the S3 service's base (http://127.0.0.1:8000, https://s3.eu-west-1.amazonaws.com,
// https://ACCOUNT.r2.cloudflarestorage.com); without it, AWS's regional endpoint, virtual-hosted.
// Path-style addressing (SERVICE/BUCKET/KEY) is the default with an explicit service, since that
// is what Ceph, MinIO and most self-hosted servers answer; style=virtual asks for
// BUCKET.SERVICE-HOST/KEY. No credentials ever appear in it.
class S3Target final {
public:
    static constexpr char Scheme[] = "s3";

    // Nullopt with a sentence in `problem` when `url` is not a usable target: not s3://, no or
    // an invalid bucket name, a service URL that is not http(s) with a host, user info anywhere.
    static std::optional<S3Target> fromUrl(const QUrl &url, QString *problem = nullptr);
    static bool isS3(const QUrl &url) { return url.scheme() == QLatin1String(Scheme); }

    // `prefix` may be empty; otherwise a '/' is put between it and the names below it.
    S3Target(QUrl service, QString region, QString bucket, QString prefix = {},
             bool virtualHosted = false);

    const QUrl &service() const { return m_service; }
    const QString &region() const { return m_region; }
    const QString &bucket() const { return m_bucket; }
    const QString &prefix() const { return m_prefix; } // "" or ending in '/'
    bool isVirtualHosted() const { return m_virtualHosted; }
    bool isHttps() const { return m_service.scheme() == QLatin1String("https"); }

    // The canonical s3:// form (equal targets give equal URLs).
    QUrl toUrl() const;
    // "bucket/prefix/ on host:port", for a person.
    QString displayName() const;

    // The object key for a path as the table shows it ("folder/a.txt"): the prefix, then the
    // path with any leading '/' taken off.
    QString keyFor(const QString &relativePath) const;
    // The HTTP(S) URL of the bucket, and of an object in it (key decoded; QUrl encodes).
    QUrl bucketUrl() const;
    QUrl objectUrl(const QString &key) const;

    // S3's rules for bucket names (3-63 of a-z 0-9 . -, starting and ending with a letter or
    // digit). Path-style servers accept more (Ceph allows '_'), so only what S3 servers never
    // allow, and what would not survive as the host of an s3:// URL, is refused: anything but
    // lower-case ASCII letters, digits, '.', '-' and '_' (no ':', '%' or '@', which QUrl reads as
    // an IPv6 zone or user info; no upper case or non-ASCII, which it maps to another name), and
    // more than 255 bytes.
    static bool isUsableBucketName(const QString &bucket);

    friend bool operator==(const S3Target &a, const S3Target &b) { return a.toUrl() == b.toUrl(); }

private:
    QUrl m_service;
    QString m_region;
    QString m_bucket;
    QString m_prefix;
    bool m_virtualHosted = false;
};
