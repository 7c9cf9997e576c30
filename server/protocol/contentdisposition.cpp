#include "contentdisposition.h"

#include <QList>

namespace {
constexpr char FallbackName[] = "download";

bool shown(char32_t c)
{
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
        return false;
    return QChar::category(c) != QChar::Other_Format; // bidi overrides, zero-width joiners
}

// RFC 8187's attr-char: what goes into filename* unencoded.
bool attrChar(uchar c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
           || QByteArray("!#$&+-.^_`|~").contains(char(c));
}

} // namespace

QByteArray attachmentDisposition(const QString &filename)
{
    QString clean;
    for (const char32_t c : filename.toUcs4()) {
        if (shown(c))
            clean += QString::fromUcs4(&c, 1);
    }
    clean = clean.trimmed();
    if (clean.isEmpty())
        clean = QLatin1String(FallbackName);
    QByteArray ascii;
    for (const QChar c : std::as_const(clean)) {
        const ushort u = c.unicode();
        const bool plainAscii = u >= 0x20 && u < 0x7f && u != '"' && u != '\\' && u != '%';
        if (c.isLowSurrogate())
            continue; // one '_' for the pair
        ascii += plainAscii ? char(u) : '_';
    }
    QByteArray encoded;
    for (const char byte : clean.toUtf8()) {
        const uchar c = uchar(byte);
        if (attrChar(c))
            encoded += char(c);
        else
            encoded += '%' + QByteArray::number(c, 16).toUpper().rightJustified(2, '0');
    }
    return "attachment; filename=\"" + ascii + "\"; filename*=UTF-8''" + encoded;
}
