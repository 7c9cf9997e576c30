#include "clusterfailure.h"

StoreFailure storeFailureOf(const PgError &error)
{
    const QString text = QStringLiteral("PostgreSQL: %1").arg(error.message);
    switch (error.kind) {
    case PgError::Kind::Unreachable:
    case PgError::Kind::Timeout:
    case PgError::Kind::Retry:
        return StoreFailure::unavailable(text);
    case PgError::Kind::None:
    case PgError::Kind::Unique:
    case PgError::Kind::Invalid:
    case PgError::Kind::Other:
        break;
    }
    if (error.sqlState == QLatin1String("53100")) // disk_full
        return {StoreFailure::Kind::Full, text, {}};
    return StoreFailure::storage(text);
}

StoreFailure storeFailureOf(const S3BucketError &error)
{
    const QString text = error.toString();
    if (error.isUnavailable())
        return StoreFailure::unavailable(text, std::chrono::seconds(error.retryAfterSeconds));
    if (error.code == QLatin1String("QuotaExceeded"))
        return {StoreFailure::Kind::Full, text, {}};
    return StoreFailure::storage(text);
}
