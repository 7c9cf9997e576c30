#pragma once

#include "s3bucketerror.h"
#include "s3callrunner.h"
#include "s3xml.h"

#include <QByteArray>
#include <QString>

#include <optional>

// What S3Bucket's calls make of an answer: the value they return, or the error in the classes
// their callers act on (S3BucketError). Pure functions of the outcome, shared by every call.
namespace S3Answer {

template <typename T>
S3Result<T> failed(S3BucketError error)
{
    S3Result<T> result;
    result.error = std::move(error);
    return result;
}

// Our side refused to send it (an argument S3 cannot carry, a body that could not be read).
S3BucketError local(const QString &what, const QString &message);
// A success whose body is not the document expected.
S3BucketError badAnswer(const S3Outcome &outcome, const QString &what, const QString &problem);

// A document parsed into `value`, or BadAnswer with the parser's `problem`.
template <typename T>
S3Result<T> parsed(const S3Outcome &outcome, const QString &what, std::optional<T> value,
                   const QString &problem)
{
    if (!value)
        return failed<T>(badAnswer(outcome, what, problem));
    return {std::move(*value), std::nullopt};
}

// A CopyObject or UploadPartCopy answer: the copy's ETag. A copy can fail after its 200 (the
// error is in the body): that is Unavailable, tried again later.
S3Result<QByteArray> copied(const S3Outcome &outcome, const QString &what);

// A CompleteMultipartUpload answer: the object's ETag (RGW leaves the document's empty; a
// header, when the server sends one, is kept). An error in the body after the 200 is classed by
// its code.
S3Result<QByteArray> completed(const S3Outcome &outcome, const QString &what);

// "bytes=FIRST-LAST" for [first, first + length), to the end when `length` < 0.
QByteArray rangeHeader(qint64 first, qint64 length);

} // namespace S3Answer
