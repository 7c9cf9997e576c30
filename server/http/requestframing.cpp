#include "requestframing.h"

namespace {
constexpr int MaxContentLengthDigits = 18; // below 2^63

bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    switch (c) {
    case '!':
    case '#':
    case '$':
    case '%':
    case '&':
    case '\'':
    case '*':
    case '+':
    case '-':
    case '.':
    case '^':
    case '_':
    case '`':
    case '|':
    case '~':
        return true;
    default:
        return false;
    }
}

bool isToken(const QByteArray &name)
{
    if (name.isEmpty())
        return false;
    for (char c : name) {
        if (!isTokenChar(c))
            return false;
    }
    return true;
}

// 1*DIGIT, as libmicrohttpd reads Content-Length (no sign, no whitespace); -1 otherwise.
qint64 contentLengthOf(const QByteArray &value)
{
    if (value.isEmpty() || value.size() > MaxContentLengthDigits)
        return -1;
    qint64 n = 0;
    for (char c : value) {
        if (c < '0' || c > '9')
            return -1;
        n = n * 10 + (c - '0');
    }
    return n;
}

bool isKnownMethod(const QByteArray &method)
{
    return HoistdMetrics::methodOf(method) != HoistdMetrics::Method::Other;
}

FramedRequest refuse(FramedRequest framed, int status, const QString &why,
                     HoistdMetrics::Refusal reason = HoistdMetrics::Refusal::Framing)
{
    framed.status = status;
    framed.why = why;
    framed.reason = reason;
    framed.closeAfter = true;
    return framed;
}
} // namespace

FramedRequest frameRequest(const RequestHead &head, qint64 maxHeaderBytes)
{
    FramedRequest framed;
    HttpRequest &request = framed.request;
    request.method = head.method;
    request.path = head.target;

    qint64 headerBytes = 0;
    int hosts = 0;
    QList<QByteArray> contentLengths;
    QList<QByteArray> transferEncodings;
    bool badName = false;
    for (const auto &[name, value] : head.fields) {
        headerBytes += name.size() + value.size() + 4;
        badName = badName || !isToken(name);
        const QByteArray lower = name.toLower();
        if (lower == "host")
            ++hosts;
        else if (lower == "content-length")
            contentLengths.append(value);
        else if (lower == "transfer-encoding")
            transferEncodings.append(value);
        // Repeated fields are joined as HTTP says they may be; tus headers are single-valued,
        // and a joined value fails their parsers, which is the answer a repeated one deserves.
        auto it = request.headers.find(lower);
        if (it != request.headers.end())
            *it += ", " + value;
        else
            request.headers.insert(lower, value);
    }

    if (headerBytes > maxHeaderBytes)
        return refuse(framed, 431, QStringLiteral("Request headers too large."),
                      HoistdMetrics::Refusal::HeadersTooLarge);
    if (head.hiddenBytes)
        return refuse(framed, 400,
                      QStringLiteral("A NUL byte in a header value or the request "
                                     "target, or a header folded over lines."));
    if (badName)
        return refuse(framed, 400,
                      QStringLiteral("A header name that is not a token (no spaces "
                                     "before the colon)."));
    const bool http10 = head.version == "HTTP/1.0";
    if (hosts > 1 || (!http10 && hosts == 0))
        return refuse(framed, 400, QStringLiteral("An HTTP/1.1 request needs exactly one Host."));

    qint64 length = -1;
    for (const QByteArray &value : std::as_const(contentLengths)) {
        const qint64 n = contentLengthOf(value);
        if (n < 0 || (length >= 0 && n != length))
            return refuse(framed, 400,
                          QStringLiteral("Content-Length must be one number of "
                                         "bytes (repeated only with one value)."));
        length = n;
    }
    if (!transferEncodings.isEmpty()) {
        // libmicrohttpd reads a body as chunked only when the first Transfer-Encoding is exactly
        // "chunked" in any case; anything else it would read to the end of the connection.
        if (transferEncodings.size() != 1
            || transferEncodings.first().compare("chunked", Qt::CaseInsensitive) != 0) {
            const QList<QByteArray> codings = request.header("transfer-encoding").split(',');
            const bool chunkedLast = codings.last().trimmed().toLower() == "chunked";
            return chunkedLast ? refuse(framed, 501,
                                        QStringLiteral("Only Transfer-Encoding: chunked is "
                                                       "implemented."))
                               : refuse(framed, 400,
                                        QStringLiteral("A body whose Transfer-Encoding does not "
                                                       "end in chunked has no known length."));
        }
        request.chunked = true;
        // The coding wins over a Content-Length; a message with both may be an attempt to
        // smuggle a request, and HTTP/1.0 knows no chunked: answer, then close.
        framed.closeAfter = !contentLengths.isEmpty() || http10;
    } else {
        request.contentLength = length;
    }

    if (!isKnownMethod(request.method))
        return refuse(framed, 501, QStringLiteral("Unknown method (methods are case-sensitive)."),
                      HoistdMetrics::Refusal::Method);
    if (request.has("x-http-method-override")) {
        request.method = request.header("x-http-method-override").trimmed();
        if (!isKnownMethod(request.method))
            return refuse(framed, 501,
                          QStringLiteral("Unknown method in X-HTTP-Method-Override "
                                         "(methods are case-sensitive)."),
                          HoistdMetrics::Refusal::Method);
    }
    return framed;
}
