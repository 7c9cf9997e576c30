// Fuzz target for what a tus server answers, as Hoist's client reads it (core/tus): the address
// and offset of a creation (TusAnswer::created: Location resolved against the endpoint,
// Upload-Offset), the offset of a HEAD and a PATCH, the Tus-* headers of an OPTIONS
// (TusProtocol::capabilitiesFrom), and the words and Retry-After of a refusal
// (TusHttp::errorFromReply). A server is a peer, not a friend.
// The input is an answer: "STATUS SENT" on its first line (SENT: the bytes the request carried,
// also the upload's length), then "Name: value" lines, an empty line and the body. It is handed to
// the real code as a QNetworkReply. An independent oracle checks every verdict: an offset is
// taken exactly when it is 1 to 18 ASCII digits (around blanks) within what was sent, an address
// exactly when it resolves to an http(s) URL with a host, and every refusal has words for a
// person. Same entry point as fuzz_tuswire.cpp (libFuzzer or fuzz_driver.cpp).

#include "tusanswer.h"
#include "tushttp.h"
#include "tusprotocol.h"

#include <QByteArray>
#include <QNetworkReply>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>

#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "fuzz_tusanswer: check failed at %s:%d: %s\n", __FILE__,          \
                         __LINE__, #cond);                                                         \
            std::abort();                                                                          \
        }                                                                                          \
    } while (0)

namespace {
// A finished answer: its status, headers and body as a server sent them.
class ScriptedReply final : public QNetworkReply {
public:
    ScriptedReply(int status, const QList<QPair<QByteArray, QByteArray>> &headers,
                  const QByteArray &body)
        : m_body(body)
    {
        setUrl(QUrl(QStringLiteral("http://127.0.0.1:1080/files/")));
        setAttribute(QNetworkRequest::HttpStatusCodeAttribute, status);
        // As Qt's HTTP reply does: a field given twice reads as its values joined by ", ".
        QList<QByteArray> names;
        QList<QByteArray> values;
        for (const auto &[name, value] : headers) {
            const qsizetype at = names.indexOf(name.toLower());
            if (at < 0) {
                names.append(name.toLower());
                values.append(value);
                setRawHeader(name, value);
            } else {
                values[at] += ", " + value;
                setRawHeader(name, values.at(at));
            }
        }
        open(QIODevice::ReadOnly);
        setFinished(true);
    }
    void abort() override {}
    qint64 bytesAvailable() const override
    {
        return m_body.size() - m_read + QNetworkReply::bytesAvailable();
    }

protected:
    qint64 readData(char *data, qint64 maxSize) override
    {
        const qint64 n = qMin(maxSize, qint64(m_body.size()) - m_read);
        if (n <= 0)
            return -1;
        memcpy(data, m_body.constData() + m_read, size_t(n));
        m_read += n;
        return n;
    }

private:
    QByteArray m_body;
    qint64 m_read = 0;
};

struct Answer {
    int status = 200;
    qint64 sent = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
};

Answer answerFrom(const QByteArray &input)
{
    Answer answer;
    const qsizetype headEnd = input.indexOf("\n\n");
    const QByteArray head = headEnd < 0 ? input : input.left(headEnd);
    answer.body = headEnd < 0 ? QByteArray() : input.mid(headEnd + 2);
    const QList<QByteArray> lines = head.split('\n');
    const QList<QByteArray> first = lines.first().split(' ');
    answer.status = qBound(0, first.value(0).toInt(), 999);
    answer.sent = qBound<qint64>(0, first.value(1).toLongLong(), qint64(1) << 50);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon > 0)
            answer.headers.append({lines.at(i).left(colon), lines.at(i).mid(colon + 1).trimmed()});
    }
    return answer;
}

// The oracle's reading of a tus number: blanks around, then 1 to 18 ASCII digits.
std::optional<qint64> tusNumber(const QByteArray &value)
{
    qsizetype begin = 0;
    qsizetype end = value.size();
    const auto blank = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
    while (begin < end && blank(value.at(begin)))
        ++begin;
    while (end > begin && blank(value.at(end - 1)))
        --end;
    if (end == begin || end - begin > 18)
        return std::nullopt;
    qint64 n = 0;
    for (qsizetype i = begin; i < end; ++i) {
        const char c = value.at(i);
        if (c < '0' || c > '9')
            return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

void checkRefusal(const TransferError &error, int status)
{
    FUZZ_CHECK(error.kind != TransferError::Kind::None);
    FUZZ_CHECK(!error.message().trimmed().isEmpty());
    FUZZ_CHECK(error.message().size() < 2000);
    FUZZ_CHECK(error.httpStatus == status);
}

void checkCreated(const ScriptedReply &constReply, const Answer &answer)
{
    auto &reply = const_cast<ScriptedReply &>(constReply);
    const QUrl endpoint(QStringLiteral("http://127.0.0.1:1080/files/"));
    TusAnswer::Created created;
    const TransferError error = TusAnswer::created(&reply, endpoint, answer.sent, &created);
    const QByteArray location = reply.rawHeader("Location").trimmed();
    const QByteArray offsetHeader = reply.rawHeader("Upload-Offset");
    std::optional<qint64> offset = tusNumber(offsetHeader);
    if (!offset && offsetHeader.isEmpty() && answer.sent == 0)
        offset = 0;
    const QUrl url = endpoint.resolved(QUrl::fromEncoded(location));
    const QString scheme = url.scheme().toLower();
    const bool usable = !location.isEmpty() && url.isValid() && !url.host().isEmpty()
                        && (scheme == QLatin1String("http") || scheme == QLatin1String("https"));
    const bool good = usable && offset && *offset <= answer.sent;
    FUZZ_CHECK(good == (error.kind == TransferError::Kind::None));
    if (!good) {
        FUZZ_CHECK(error.kind == TransferError::Kind::BadResponse);
        checkRefusal(error, answer.status);
        return;
    }
    FUZZ_CHECK(created.offset == *offset);
    FUZZ_CHECK(created.url == url);
    FUZZ_CHECK(TusHttp::urlProblem(created.url).isEmpty());
}

void checkOffsets(ScriptedReply *reply, const Answer &answer)
{
    const std::optional<qint64> offset = tusNumber(reply->rawHeader("Upload-Offset"));
    qint64 head = -1;
    const TransferError headError = TusAnswer::headOffset(reply, answer.sent, &head);
    const bool headGood = offset && *offset <= answer.sent;
    FUZZ_CHECK(headGood == (headError.kind == TransferError::Kind::None));
    if (headGood)
        FUZZ_CHECK(head == *offset);
    else
        checkRefusal(headError, answer.status);

    const qint64 begin = answer.sent / 2;
    qint64 patched = -1;
    const TransferError patchError = TusAnswer::patchOffset(reply, begin, answer.sent, &patched);
    const bool patchGood = offset && *offset > begin && *offset <= answer.sent;
    FUZZ_CHECK(patchGood == (patchError.kind == TransferError::Kind::None));
    if (patchGood) {
        FUZZ_CHECK(patched == *offset);
    } else {
        checkRefusal(patchError, answer.status);
        // Taking none of the bytes is the server's trouble for now, not a broken protocol.
        FUZZ_CHECK((offset && *offset == begin)
                   == (patchError.kind == TransferError::Kind::ServerError));
    }
}

void checkCapabilities(const ScriptedReply &reply)
{
    const TusCapabilities caps = TusProtocol::capabilitiesFrom(&reply);
    FUZZ_CHECK(caps.known);
    FUZZ_CHECK(caps.maxSize == tusNumber(reply.rawHeader("Tus-Max-Size")).value_or(0));
    for (const QStringList *list : {&caps.versions, &caps.extensions, &caps.checksumAlgorithms,
                                    &caps.instantUpload, &caps.contentHash}) {
        for (const QString &item : *list) {
            // HTTP's blanks (RFC 9110: space and tab) are taken off; a Latin-1 0xA0 is a byte.
            FUZZ_CHECK(!item.isEmpty());
            for (const QChar end : {item.front(), item.back()})
                FUZZ_CHECK(end != QLatin1Char(' ') && end != QLatin1Char('\t'));
            FUZZ_CHECK(!item.contains(QLatin1Char(',')));
        }
    }
    FUZZ_CHECK(caps.versions.size() <= reply.rawHeader("Tus-Version").count(',') + 1);
}

void checkError(ScriptedReply *reply, const Answer &answer)
{
    if (answer.status < 300)
        return;
    const TransferError error = TusHttp::errorFromReply(reply, TrText(QStringLiteral("fuzzing")));
    checkRefusal(error, answer.status);
    if (error.retryAfter)
        FUZZ_CHECK(error.retryAfter->count() >= 0);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const Answer answer = answerFrom(input);
    {
        ScriptedReply reply(answer.status, answer.headers, answer.body);
        checkCreated(reply, answer);
        checkOffsets(&reply, answer);
        checkCapabilities(reply);
    }
    ScriptedReply reply(answer.status, answer.headers, answer.body);
    checkError(&reply, answer);
    return 0;
}
