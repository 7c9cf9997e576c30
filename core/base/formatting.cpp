#include "formatting.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <cmath>

namespace {
// Free functions have no tr(): this gives them one, under the context lupdate files them in.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(Formatting)
};
} // namespace

QString formatSize(qint64 bytes)
{
    if (bytes < 1024)
        return QStringLiteral("%1 B").arg(bytes);
    static const char *const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = double(bytes);
    int unit = -1;
    while (value >= 1024.0 && unit < 4) {
        value /= 1024.0;
        ++unit;
    }
    // Choose the unit and the digits from the value as printed, so that rounding never shows
    // "1024 KiB" or "10.00 KiB" (four digits) instead of "1.00 MiB" and "10.0 KiB".
    if (value >= 1023.5 && unit < 4) {
        value /= 1024.0;
        ++unit;
    }
    const int decimals = value < 9.995 ? 2 : value < 99.95 ? 1 : 0;
    return QStringLiteral("%1 %2").arg(value, 0, 'f', decimals).arg(QLatin1String(units[unit]));
}

QString formatSpeed(double bytesPerSecond)
{
    if (bytesPerSecond <= 0)
        return {};
    return formatSize(qint64(bytesPerSecond)) + QStringLiteral("/s");
}

QString formatDuration(qint64 seconds)
{
    if (seconds < 0)
        return {};
    if (seconds < 60)
        return Text::tr("%1 s").arg(seconds);
    if (seconds < 3600)
        return Text::tr("%1 min %2 s").arg(seconds / 60).arg(seconds % 60);
    if (seconds < 100 * 3600)
        return Text::tr("%1 h %2 min").arg(seconds / 3600).arg((seconds % 3600) / 60);
    return Text::tr("%1 d").arg(seconds / 86400);
}

namespace {
// The locale's short time without seconds (some locales' short form has them: "14:32:00").
// Painting asks for it per cell: worked out once per locale.
QString shortTimeFormat(const QLocale &locale)
{
    thread_local QString name;
    thread_local QString format;
    if (name != locale.name() || format.isEmpty()) {
        static const QRegularExpression seconds(QStringLiteral("[:.]?s+"));
        name = locale.name();
        format = locale.timeFormat(QLocale::ShortFormat).remove(seconds);
    }
    return format;
}
} // namespace

QString formatWhen(qint64 ms, const QDateTime &now)
{
    if (ms <= 0)
        return {};
    const QDateTime when = QDateTime::fromMSecsSinceEpoch(ms).toLocalTime();
    const QLocale locale;
    const QString time = locale.toString(when.time(), shortTimeFormat(locale));
    const qint64 daysAgo = when.date().daysTo(now.toLocalTime().date());
    if (daysAgo == 0)
        return time;
    // Six days back at most: a seventh would share its weekday with today.
    if (daysAgo > 0 && daysAgo < 7)
        return locale.dayName(when.date().dayOfWeek(), QLocale::ShortFormat) + QLatin1Char(' ')
               + time;
    return locale.toString(when.date(), QLocale::ShortFormat);
}

QString formatWhenFull(qint64 ms)
{
    if (ms <= 0)
        return {};
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms).toLocalTime(),
                              QLocale::LongFormat);
}

qint64 parseSize(const QString &text)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^\s*(\d+(?:\.\d+)?)\s*([kKmMgGtT]?)(?:i?[bB])?\s*$)"));
    const auto match = re.match(text);
    if (!match.hasMatch())
        return -1;
    bool ok = false;
    const double number = match.captured(1).toDouble(&ok);
    if (!ok)
        return -1;
    int shift = 0;
    const QString unit = match.captured(2).toLower();
    switch (unit.isEmpty() ? '\0' : unit.at(0).toLatin1()) {
    case 'k':
        shift = 10;
        break;
    case 'm':
        shift = 20;
        break;
    case 'g':
        shift = 30;
        break;
    case 't':
        shift = 40;
        break;
    default:
        break;
    }
    const double bytes = std::floor(number * double(qint64(1) << shift));
    if (bytes > 9.0e18)
        return -1;
    return qint64(bytes);
}

QString escapeForLine(const QString &text)
{
    QString escaped;
    escaped.reserve(text.size());
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '\\':
            escaped += QLatin1String("\\\\");
            break;
        case '\t':
            escaped += QLatin1String("\\t");
            break;
        case '\n':
            escaped += QLatin1String("\\n");
            break;
        case '\r':
            escaped += QLatin1String("\\r");
            break;
        default:
            escaped += c;
            break;
        }
    }
    return escaped;
}
