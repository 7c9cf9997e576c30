#pragma once

#include "transfer.h"

#include <QLoggingCategory>
#include <QNetworkRequest>

class QNetworkReply;

Q_DECLARE_LOGGING_CATEGORY(lcTus)

// HTTP pieces shared by TusTransfer and TusProtocol: how requests are built and how answers that
// are not what tus promised become a TransferError a person can read.
namespace TusHttp {

inline constexpr char Version[] = "1.0.0";

// A request carrying Tus-Resumable, the user's extra headers and the settings every tus request
// needs (no HTTP/2 on cleartext, no redirects followed, no cache, no buffering of the body).
QNetworkRequest makeRequest(const QUrl &url, const HttpHeaders &extra);
// Empty when `url` can be used as a tus address, otherwise a sentence saying why not.
QString urlProblem(const QUrl &url);
int httpStatus(const QNetworkReply *reply);
// Upload-Metadata for a job: its metadata plus filename and filetype when not given. Keys a
// server may refuse (empty; spaces, commas, control or non-ASCII bytes) are left out.
QByteArray uploadMetadata(const TransferJob &job);
// The start of the response body as one trimmed line, for messages ("" when there is none).
QString serverWords(QNetworkReply *reply);
// A server's text (a header's value, a body) as one trimmed line of at most 200 characters, so
// that whatever it sent, a message quoting it stays readable.
QString serverText(const QByteArray &text);
// "host:port" as a person names a server in an error ("127.0.0.1:9", "[::1]:443").
QString serverName(const QUrl &url);
// For a reply that failed at the transport level or answered a status that is not success.
// `what` says what the request was doing ("creating the upload").
TransferError errorFromReply(QNetworkReply *reply, const TrText &what);

} // namespace TusHttp
