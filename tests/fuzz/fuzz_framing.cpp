// Fuzz target for how hoistd frames a request from its head (server/http/requestframing.h): which
// heads are refused, and what an accepted one says about its body. The input is read as a head:
// "METHOD TARGET VERSION" on its first line, then "name: value" lines. An independent oracle
// checks every accepted head: a method HTTP defines, exactly one Host for HTTP/1.1, token names,
// one Content-Length value or a single chunked coding (never both unnoticed), and every refusal
// closes the connection. Same entry point as fuzz_tuswire.cpp (libFuzzer or fuzz_driver.cpp).

#include "requestframing.h"

#include <QByteArray>
#include <QSet>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "fuzz_framing: check failed at %s:%d: %s\n", __FILE__, __LINE__,  \
                         #cond);                                                                   \
            std::abort();                                                                          \
        }                                                                                          \
    } while (0)

namespace {
constexpr qint64 MaxHeaderBytes = 32 * 1024;

RequestHead headFrom(const QByteArray &input)
{
    RequestHead head;
    const QList<QByteArray> lines = input.split('\n');
    const QList<QByteArray> requestLine = lines.first().split(' ');
    head.method = requestLine.value(0);
    head.target = requestLine.value(1);
    head.version = requestLine.value(2);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon < 0)
            continue;
        head.fields.append({lines.at(i).left(colon), lines.at(i).mid(colon + 1).trimmed()});
    }
    head.hiddenBytes = input.contains('\r'); // any flag value: the oracle below follows it
    return head;
}

bool isToken(const QByteArray &name)
{
    static const QByteArray extra = "!#$%&'*+-.^_`|~";
    if (name.isEmpty())
        return false;
    for (char c : name) {
        const bool alnum =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!alnum && !extra.contains(c))
            return false;
    }
    return true;
}

void checkFraming(const QByteArray &input)
{
    const RequestHead head = headFrom(input);
    const FramedRequest framed = frameRequest(head, MaxHeaderBytes);
    const FramedRequest again = frameRequest(head, MaxHeaderBytes);
    FUZZ_CHECK(framed.status == again.status && framed.closeAfter == again.closeAfter);
    if (framed.refused()) {
        FUZZ_CHECK(framed.status == 400 || framed.status == 431 || framed.status == 501);
        FUZZ_CHECK(framed.closeAfter);
        FUZZ_CHECK(!framed.why.isEmpty());
        return;
    }
    static const QSet<QByteArray> methods{"GET",    "HEAD",    "POST",    "PUT",  "PATCH",
                                          "DELETE", "OPTIONS", "CONNECT", "TRACE"};
    FUZZ_CHECK(!head.hiddenBytes);
    FUZZ_CHECK(methods.contains(framed.request.method));
    FUZZ_CHECK(framed.request.path == head.target);
    int hosts = 0;
    qint64 bytes = 0;
    QList<QByteArray> lengths;
    QList<QByteArray> codings;
    for (const auto &[name, value] : head.fields) {
        FUZZ_CHECK(isToken(name));
        bytes += name.size() + value.size() + 4;
        const QByteArray lower = name.toLower();
        hosts += lower == "host";
        if (lower == "content-length")
            lengths.append(value);
        if (lower == "transfer-encoding")
            codings.append(value);
        FUZZ_CHECK(framed.request.has(lower.constData()));
    }
    FUZZ_CHECK(bytes <= MaxHeaderBytes);
    FUZZ_CHECK(hosts <= 1);
    FUZZ_CHECK(hosts == 1 || head.version == "HTTP/1.0");
    for (const QByteArray &length : lengths) {
        FUZZ_CHECK(!length.isEmpty() && length.size() <= 18);
        FUZZ_CHECK(length
                   == QByteArray::number(length.toLongLong()).rightJustified(length.size(), '0'));
        FUZZ_CHECK(length.toLongLong() == lengths.first().toLongLong());
    }
    if (framed.request.chunked) {
        FUZZ_CHECK(codings.size() == 1 && codings.first().toLower() == "chunked");
        FUZZ_CHECK(framed.request.contentLength == -1);
        FUZZ_CHECK(framed.closeAfter == (!lengths.isEmpty() || head.version == "HTTP/1.0"));
    } else {
        FUZZ_CHECK(codings.isEmpty());
        FUZZ_CHECK(!framed.closeAfter);
        FUZZ_CHECK(framed.request.contentLength
                   == (lengths.isEmpty() ? -1 : lengths.first().toLongLong()));
    }
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64 * 1024) // past hoistd's 32 KiB of headers
        return 0;
    checkFraming(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    return 0;
}
