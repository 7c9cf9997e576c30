#include "s3callrunner.h"

#include "s3xml.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QLocale>
#include <QLoggingCategory>
#include <QRandomGenerator>

#include <chrono>
#include <thread>

Q_LOGGING_CATEGORY(lcS3Bucket, "hoistd.s3", QtWarningMsg)

namespace {
// A Retry-After beyond this is reported as this (the caller passes it on as its own).
constexpr qint64 MaxRetryAfterSeconds = 3600;

// An HTTP date (RFC 7231's IMF-fixdate), as Date and Retry-After write it.
QDateTime httpDate(const QByteArray &text)
{
    QDateTime date = QLocale::c().toDateTime(QString::fromLatin1(text.trimmed()),
                                             QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"));
    date.setTimeSpec(Qt::UTC);
    return date;
}

// Retry-After's seconds (a number, or a date from now); 0 when absent or unreadable.
int retryAfterSeconds(const QByteArray &value)
{
    if (value.isEmpty())
        return 0;
    bool ok = false;
    const qint64 seconds = value.trimmed().toLongLong(&ok);
    if (ok)
        return int(qBound<qint64>(0, seconds, MaxRetryAfterSeconds));
    const QDateTime date = httpDate(value);
    if (!date.isValid())
        return 0;
    return int(
        qBound<qint64>(0, QDateTime::currentDateTimeUtc().secsTo(date), MaxRetryAfterSeconds));
}

bool isNotFoundCode(const QString &code)
{
    return code.isEmpty() || code == QLatin1String("NoSuchKey")
           || code == QLatin1String("NoSuchUpload") || code == QLatin1String("NotFound");
}
} // namespace

S3CallRunner::S3CallRunner(S3CallSigner signer, S3TransportConfig transport, S3RetryPolicy retry,
                           S3RequestObserver observer)
    : m_signer(std::move(signer))
    , m_transport(std::move(transport))
    , m_retry(retry)
    , m_observer(std::move(observer))
{
    m_retry.attempts = qMax(1, m_retry.attempts);
}

S3Outcome S3CallRunner::run(S3CallSpec spec)
{
    S3Outcome outcome;
    std::optional<S3Body::Reader> reader;
    if (spec.body)
        reader.emplace(*spec.body);
    bool skewRetried = false;
    for (int attempt = 1;; ++attempt) {
        if (attempt > 1 && spec.beforeRetry)
            spec.beforeRetry(spec.call, outcome.reply);
        S3Exchange exchange;
        exchange.method = spec.call.method;
        exchange.sink = spec.sink;
        exchange.maxAnswerBytes = spec.maxAnswerBytes;
        const QDateTime now = QDateTime::currentDateTimeUtc().addMSecs(
            m_clockOffsetMs.load(std::memory_order_relaxed));
        const S3SignedCall signed_ = m_signer.sign(spec.call, now);
        exchange.url = signed_.url;
        exchange.headerLines = signed_.headerLines;
        QString problem;
        if (reader) {
            if (!reader->open(&problem)) {
                outcome.error = S3BucketError{
                    S3BucketError::Kind::Local, spec.what, 0, {}, problem, {}, 0, attempt};
                return outcome;
            }
            exchange.body = &*reader;
        }
        ++m_sent;
        QElapsedTimer timer;
        timer.start();
        outcome.reply = m_transport.perform(exchange);
        if (m_observer)
            m_observer(exchange.method, outcome.reply.status, timer.elapsed());
        outcome.error = classify(outcome.reply, spec.what);
        if (!outcome.error)
            return outcome;
        outcome.error->attempts = attempt;
        if (outcome.error->code == QLatin1String("RequestTimeTooSkewed") && !skewRetried
            && learnClock(outcome.reply)) {
            skewRetried = true;
            --attempt;
            continue;
        }
        if (attempt >= m_retry.attempts || m_transport.isAborted()
            || !retryable(outcome.reply, *outcome.error, spec.idempotent)) {
            if (!spec.expectedStatuses.contains(outcome.reply.status))
                qCWarning(lcS3Bucket).noquote() << outcome.error->toString();
            return outcome;
        }
        const int waitMs = backoffMs(attempt, *outcome.error);
        qCDebug(lcS3Bucket).noquote()
            << outcome.error->toString() << "- again in" << waitMs << "ms";
        std::this_thread::sleep_for(std::chrono::milliseconds(waitMs));
    }
}

std::optional<S3BucketError> S3CallRunner::classify(const S3Reply &reply, const QString &what) const
{
    using Kind = S3BucketError::Kind;
    using Failure = S3Reply::Failure;
    S3BucketError error;
    error.what = what;
    error.status = reply.status;
    switch (reply.failure) {
    case Failure::None:
        break;
    case Failure::BodyUnreadable:
    case Failure::SinkStopped:
        error.kind = Kind::Local;
        error.message = reply.failure == Failure::SinkStopped
                            ? QStringLiteral("the reader stopped the download")
                            : reply.reason;
        return error;
    case Failure::TooLarge:
        error.kind = Kind::BadAnswer;
        error.message = QStringLiteral("the answer was too large");
        return error;
    default:
        error.kind = Kind::Unavailable;
        error.message = reply.reason;
        return error;
    }
    if (reply.status >= 200 && reply.status < 300)
        return std::nullopt;
    if (const std::optional<S3Xml::Error> s3 = S3Xml::parseError(reply.body)) {
        error.code = s3->code;
        error.message = s3->message;
        error.requestId = s3->requestId;
    }
    const bool slowDown = error.code == QLatin1String("SlowDown")
                          || error.code == QLatin1String("ServiceUnavailable");
    if (reply.status >= 500 || reply.status == 429 || reply.status == 408 || slowDown
        || error.code == QLatin1String("RequestTimeout")) {
        error.kind = Kind::Unavailable;
        error.retryAfterSeconds = retryAfterSeconds(reply.header("retry-after"));
    } else if (reply.status == 404 && isNotFoundCode(error.code)) {
        error.kind = Kind::NotFound;
    } else if (reply.status >= 300) {
        error.kind = Kind::Refused;
    } else {
        error.kind = Kind::BadAnswer; // 1xx as a final answer
    }
    return error;
}

bool S3CallRunner::retryable(const S3Reply &reply, const S3BucketError &error,
                             bool idempotent) const
{
    if (error.kind != S3BucketError::Kind::Unavailable)
        return false;
    // Not acted upon: no connection, or turned away before the store did anything.
    if (reply.failure == S3Reply::Failure::Connect || reply.status == 503 || reply.status == 429)
        return reply.failure != S3Reply::Failure::QueueFull;
    if (reply.failure == S3Reply::Failure::Tls || reply.failure == S3Reply::Failure::QueueFull)
        return false;
    return idempotent;
}

int S3CallRunner::backoffMs(int failures, const S3BucketError &error) const
{
    const qint64 doubled = qint64(m_retry.firstBackoffMs) << qMin(failures - 1, 16);
    qint64 wait = qMin<qint64>(doubled, m_retry.maxBackoffMs);
    // Jitter: callers that failed together do not come back together.
    wait = wait / 2 + QRandomGenerator::global()->bounded(int(wait / 2) + 1);
    if (error.retryAfterSeconds > 0)
        wait = qMax<qint64>(
            wait, qMin<qint64>(qint64(error.retryAfterSeconds) * 1000, m_retry.maxBackoffMs));
    return int(wait);
}

bool S3CallRunner::learnClock(const S3Reply &reply)
{
    QDateTime server = httpDate(reply.header("date"));
    if (!server.isValid()) {
        if (const std::optional<S3Xml::Error> s3 = S3Xml::parseError(reply.body))
            server = QDateTime::fromString(s3->serverTime, Qt::ISODateWithMs);
    }
    if (!server.isValid())
        return false;
    m_clockOffsetMs = QDateTime::currentDateTimeUtc().msecsTo(server);
    qCWarning(lcS3Bucket) << "the store's clock differs from ours by" << m_clockOffsetMs.load()
                          << "ms: signing with its time";
    return true;
}
