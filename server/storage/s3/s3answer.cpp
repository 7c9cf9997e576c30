#include "s3answer.h"

namespace S3Answer {

S3BucketError local(const QString &what, const QString &message)
{
    S3BucketError error;
    error.kind = S3BucketError::Kind::Local;
    error.what = what;
    error.message = message;
    return error;
}

S3BucketError badAnswer(const S3Outcome &outcome, const QString &what, const QString &problem)
{
    S3BucketError error;
    error.kind = S3BucketError::Kind::BadAnswer;
    error.what = what;
    error.status = outcome.reply.status;
    error.message = problem;
    return error;
}

S3Result<QByteArray> copied(const S3Outcome &outcome, const QString &what)
{
    const S3Xml::CopyResult copy = S3Xml::parseCopy(outcome.reply.body);
    if (copy.error) {
        S3BucketError error = badAnswer(outcome, what, copy.error->message);
        error.kind = S3BucketError::Kind::Unavailable; // failed after answering 200
        error.code = copy.error->code;
        return failed<QByteArray>(error);
    }
    if (copy.etag.isEmpty())
        return failed<QByteArray>(badAnswer(outcome, what, copy.problem));
    return {copy.etag, std::nullopt};
}

S3Result<QByteArray> completed(const S3Outcome &outcome, const QString &what)
{
    const S3Xml::CompleteResult result = S3Xml::parseComplete(outcome.reply.body);
    if (result.error) {
        S3BucketError error = badAnswer(outcome, what, result.error->message);
        error.code = result.error->code;
        error.kind = result.error->code == QLatin1String("NoSuchUpload")
                         ? S3BucketError::Kind::NotFound
                     : result.error->code == QLatin1String("InternalError")
                             || result.error->code == QLatin1String("SlowDown")
                         ? S3BucketError::Kind::Unavailable
                         : S3BucketError::Kind::Refused;
        return failed<QByteArray>(error);
    }
    if (!result.completed)
        return failed<QByteArray>(badAnswer(outcome, what, result.problem));
    return {outcome.reply.header("etag"), std::nullopt};
}

QByteArray rangeHeader(qint64 first, qint64 length)
{
    QByteArray range = "bytes=" + QByteArray::number(first) + '-';
    if (length >= 0)
        range += QByteArray::number(first + length - 1);
    return range;
}

} // namespace S3Answer
