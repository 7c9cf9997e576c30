#include "headervalues.h"

#include "tuswire.h"

#include <QByteArray>
#include <QString>

namespace {
// More than anyone waits, and small enough that its milliseconds fit.
constexpr qint64 MaxSeconds = qint64(1) << 40;
} // namespace

namespace HeaderValues {

QDateTime parseHttpDate(const QByteArray &value)
{
    // IMF-fixdate is RFC 2822 in shape, but Qt wants a numeric zone; the obsolete HTTP date
    // forms are not worth the code.
    QString text = QString::fromLatin1(value.trimmed());
    if (text.endsWith(QLatin1String(" GMT")) || text.endsWith(QLatin1String(" UTC")))
        text = text.chopped(3) + QLatin1String("+0000");
    return QDateTime::fromString(text, Qt::RFC2822Date);
}

std::optional<std::chrono::milliseconds> parseRetryAfter(const QByteArray &value,
                                                         const QDateTime &now)
{
    const QByteArray trimmed = value.trimmed();
    if (trimmed.isEmpty())
        return std::nullopt;
    // delta-seconds: digits only, as a tus number is.
    if (const auto seconds = TusWire::parseUnsigned(trimmed))
        return std::chrono::milliseconds(qMin(*seconds, MaxSeconds) * 1000);
    const QDateTime when = parseHttpDate(trimmed);
    if (!when.isValid())
        return std::nullopt;
    return std::chrono::milliseconds(qMax<qint64>(0, now.msecsTo(when)));
}

} // namespace HeaderValues
