#include "s3bucketerror.h"

#include <QStringList>

QString S3BucketError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Unavailable:
        return QStringLiteral("unavailable");
    case Kind::Refused:
        return QStringLiteral("refused");
    case Kind::NotFound:
        return QStringLiteral("not found");
    case Kind::BadAnswer:
        return QStringLiteral("bad answer");
    case Kind::Local:
        return QStringLiteral("local failure");
    }
    return {};
}

QString S3BucketError::toString() const
{
    QString text = QStringLiteral("%1: %2").arg(what, kindName(kind));
    QStringList inside;
    if (status > 0)
        inside << QStringLiteral("HTTP %1").arg(status);
    if (!code.isEmpty())
        inside << code;
    if (!message.isEmpty())
        inside << QStringLiteral("\"%1\"").arg(message.left(300));
    if (!requestId.isEmpty())
        inside << QStringLiteral("RequestId %1").arg(requestId.left(100));
    if (retryAfterSeconds > 0)
        inside << QStringLiteral("Retry-After %1 s").arg(retryAfterSeconds);
    if (!inside.isEmpty())
        text += QStringLiteral(" (%1)").arg(inside.join(QLatin1Char(' ')));
    if (attempts > 1)
        text += QStringLiteral(" after %1 attempts").arg(attempts);
    return text;
}
