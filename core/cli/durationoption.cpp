#include "durationoption.h"

#include <QRegularExpression>

qint64 parseDurationOption(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("never"))
        return 0;
    static const QRegularExpression form(
        QRegularExpression::anchoredPattern(QStringLiteral("(\\d{1,9})\\s*(s|m|min|h|d)?")));
    const QRegularExpressionMatch match = form.match(t);
    if (!match.hasMatch())
        return -1;
    const qint64 number = match.captured(1).toLongLong();
    const QString unit = match.captured(2);
    qint64 seconds = number;
    if (unit == QLatin1String("m") || unit == QLatin1String("min"))
        seconds = number * 60;
    else if (unit == QLatin1String("h"))
        seconds = number * 3600;
    else if (unit == QLatin1String("d"))
        seconds = number * 86400;
    return seconds > 0 ? seconds * 1000 : -1;
}
