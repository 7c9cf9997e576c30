// Fuzz target for an S3 refusal as Hoist's client reads it (core/s3/s3request.cpp): the status,
// the Error document of its body (S3Xml::parseError), Retry-After, and the clock a
// RequestTimeTooSkewed answer gives (Date, or the document's ServerTime), turned into the
// TransferError a person reads (S3Errors::fromAnswer). The input is "STATUS" on its first line,
// then "Name: value" lines, an empty line and the body. An independent oracle checks the verdict:
// never None for a refusal, the status kept, words bounded whatever the server wrote, a
// Retry-After never negative, a bare 5xx or a SlowDown something to wait for (never a permanent
// failure), an answer with no document still worded. Same entry point as fuzz_tuswire.cpp.

#include "headervalues.h"
#include "s3error.h"
#include "s3xml.h"

#include <QByteArray>
#include <QDateTime>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "fuzz_s3answer: check failed at %s:%d: %s\n", __FILE__, __LINE__, \
                         #cond);                                                                   \
            std::abort();                                                                          \
        }                                                                                          \
    } while (0)

namespace {
QByteArray field(const QList<QByteArray> &lines, const QByteArray &name)
{
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon > 0 && lines.at(i).left(colon).trimmed().toLower() == name)
            return lines.at(i).mid(colon + 1).trimmed();
    }
    return {};
}

bool transient(TransferError::Kind kind)
{
    using Kind = TransferError::Kind;
    return kind == Kind::ServerError || kind == Kind::TooManyRequests || kind == Kind::Network
           || kind == Kind::Timeout || kind == Kind::ServerFull;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype headEnd = input.indexOf("\n\n");
    const QList<QByteArray> lines = (headEnd < 0 ? input : input.left(headEnd)).split('\n');
    const QByteArray body = headEnd < 0 ? QByteArray() : input.mid(headEnd + 2);
    const int status = qBound(300, lines.first().trimmed().toInt(), 599);

    const std::optional<S3Xml::Error> error = S3Xml::parseError(body);
    static const S3Target target(QUrl(QStringLiteral("http://127.0.0.1:8000")),
                                 QStringLiteral("us-east-1"), QStringLiteral("bucket"),
                                 QStringLiteral("prefix"));
    const TransferError answer = S3Errors::fromAnswer(
        status, error, target, TrText(QStringLiteral("fuzzing")), field(lines, "retry-after"));
    FUZZ_CHECK(answer.kind != TransferError::Kind::None);
    FUZZ_CHECK(answer.httpStatus == status);
    FUZZ_CHECK(!answer.message().trimmed().isEmpty());
    FUZZ_CHECK(answer.message().size() + answer.detail().size() < 3 * 4096);
    if (answer.retryAfter)
        FUZZ_CHECK(answer.retryAfter->count() >= 0);
    // A 5xx without an Error document, or any SlowDown, is something to wait for. (A 5xx whose
    // document says AccessDenied is taken at its word.)
    if ((status >= 500 && !error) || (error && error->code == QLatin1String("SlowDown")))
        FUZZ_CHECK(transient(answer.kind));

    // The server's clock, as a skewed request learns it: a date or nothing, never a crash.
    const QDateTime date = HeaderValues::parseHttpDate(field(lines, "date"));
    FUZZ_CHECK(!date.isValid() || date.timeSpec() == Qt::UTC);
    if (error && !error->serverTime.isEmpty())
        (void)QDateTime::fromString(error->serverTime, Qt::ISODateWithMs).isValid();
    return 0;
}
