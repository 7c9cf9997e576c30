// Fuzz target for endpoint URLs as people type them and as the queue stores them: an http(s)://
// tus endpoint (TusHttp::urlProblem, which every tus request checks), an s3:// target
// (S3Target::fromUrl, core/s3/s3target.h) given as one URL, and one made of the S3 dialog's fields
// (bucket, prefix, service, region, one a line) the way ui/server/s3targetdialog.cpp does. An
// independent oracle checks every accepted target: a usable bucket name, a service that is
// http(s) with a host and no keys, no path, query or user info; a prefix empty or ending in '/';
// its canonical URL read back is the same target (what the queue stores resumes to the same
// place), and its bucket and object addresses are valid http(s) URLs on the service's host.
// Same entry point as fuzz_tuswire.cpp (libFuzzer or fuzz_driver.cpp).

#include "s3target.h"
#include "tushttp.h"

#include <QByteArray>
#include <QUrlQuery>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "fuzz_endpoint: check failed at %s:%d: %s\n", __FILE__, __LINE__, \
                         #cond);                                                                   \
            std::abort();                                                                          \
        }                                                                                          \
    } while (0)

namespace {
bool isHttp(const QUrl &url)
{
    const QString scheme = url.scheme().toLower();
    return scheme == QLatin1String("http") || scheme == QLatin1String("https");
}

void checkTarget(const S3Target &target)
{
    FUZZ_CHECK(S3Target::isUsableBucketName(target.bucket()));
    // What an s3:// URL's host can hold of what S3 servers allow: a-z 0-9 . - _
    for (const QChar c : target.bucket())
        FUZZ_CHECK((c >= QLatin1Char('a') && c <= QLatin1Char('z'))
                   || (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('.')
                   || c == QLatin1Char('-') || c == QLatin1Char('_'));
    const QUrl &service = target.service();
    FUZZ_CHECK(isHttp(service) && !service.host().isEmpty());
    FUZZ_CHECK(service.userInfo().isEmpty() && service.path().isEmpty() && !service.hasQuery());
    FUZZ_CHECK(!target.region().isEmpty());
    FUZZ_CHECK(target.prefix().isEmpty()
               || (target.prefix().endsWith(QLatin1Char('/'))
                   && !target.prefix().startsWith(QLatin1Char('/'))));
    // The canonical form is what the queue stores: read back, it is the same target.
    const QUrl canonical = target.toUrl();
    QString problem;
    const std::optional<S3Target> again = S3Target::fromUrl(canonical, &problem);
    FUZZ_CHECK(again);
    FUZZ_CHECK(again->bucket() == target.bucket() && again->prefix() == target.prefix());
    FUZZ_CHECK(again->region() == target.region() && again->service() == target.service());
    FUZZ_CHECK(again->isVirtualHosted() == target.isVirtualHosted());
    FUZZ_CHECK(again->toUrl() == canonical);
    // And through its text, as it is written in the queue's database.
    const std::optional<S3Target> stored =
        S3Target::fromUrl(QUrl::fromEncoded(canonical.toEncoded()));
    FUZZ_CHECK(stored && *stored == target);
    for (const QUrl &url :
         {target.bucketUrl(), target.objectUrl(target.keyFor(QStringLiteral("a b/c%")))}) {
        FUZZ_CHECK(url.isValid() && isHttp(url));
        FUZZ_CHECK(TusHttp::urlProblem(url).isEmpty());
        FUZZ_CHECK(url.port() == service.port());
    }
    FUZZ_CHECK(!target.displayName().isEmpty());
}

void checkUrl(const QString &text)
{
    for (const QUrl &url : {QUrl(text, QUrl::StrictMode), QUrl(text, QUrl::TolerantMode)}) {
        // A tus endpoint: usable exactly when it is a valid http(s) URL with a host.
        const bool usable = !url.isEmpty() && url.isValid() && isHttp(url) && !url.host().isEmpty();
        FUZZ_CHECK(TusHttp::urlProblem(url).isEmpty() == usable);
        if (!url.isEmpty())
            FUZZ_CHECK(usable || !TusHttp::urlProblem(url).trimmed().isEmpty());
        QString problem;
        const std::optional<S3Target> target = S3Target::fromUrl(url, &problem);
        if (target) {
            FUZZ_CHECK(S3Target::isS3(url) && url.userInfo().isEmpty());
            checkTarget(*target);
        } else {
            FUZZ_CHECK(!problem.isEmpty());
        }
    }
}

// The S3 dialog's fields: bucket, prefix, service, region, "virtual" on lines of their own.
void checkFields(const QByteArray &input)
{
    const QStringList fields = QString::fromUtf8(input).split(QLatin1Char('\n'));
    const QString bucket = fields.value(0).trimmed();
    const QString prefix = fields.value(1).trimmed();
    const QString service = fields.value(2).trimmed();
    const QString region = fields.value(3).trimmed();
    QUrl url;
    url.setScheme(QString::fromLatin1(S3Target::Scheme));
    url.setHost(bucket, QUrl::DecodedMode);
    if (!prefix.isEmpty())
        url.setPath(QLatin1Char('/') + prefix, QUrl::DecodedMode);
    QUrlQuery query;
    if (!service.isEmpty())
        query.addQueryItem(QStringLiteral("endpoint"), service);
    query.addQueryItem(QStringLiteral("region"), region.isEmpty() ? QStringLiteral("x") : region);
    if (fields.value(4).trimmed() == QLatin1String("virtual"))
        query.addQueryItem(QStringLiteral("style"), QStringLiteral("virtual"));
    url.setQuery(query);
    QString problem;
    if (const std::optional<S3Target> target = S3Target::fromUrl(url, &problem))
        checkTarget(*target);
    else
        FUZZ_CHECK(!problem.isEmpty());
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    checkUrl(QString::fromUtf8(input));
    checkUrl(QString::fromUtf8(input).trimmed());
    checkFields(input);
    return 0;
}
