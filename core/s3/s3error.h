#pragma once

#include "s3target.h"
#include "s3xml.h"
#include "transfererror.h"

#include <optional>

class QNetworkReply;

// How an S3 answer that is not success becomes a TransferError a person can read: the cause
// first in plain words (a wrong key, no such bucket, access denied, slow down, ...), the S3 code
// and RequestId in `detail`. Transport failures read as the tus client's do (TusHttp).
namespace S3Errors {

// `status` with the answer's Error document (when it had one); `what` says what the request did.
TransferError fromAnswer(int status, const std::optional<S3Xml::Error> &error,
                         const S3Target &target, const TrText &what,
                         const QByteArray &retryAfter = {});
// A reply that failed before any HTTP status.
TransferError fromTransport(QNetworkReply *reply, const TrText &what);
// No keys are set for the target.
TransferError missingKeys(const S3Target &target);

} // namespace S3Errors
