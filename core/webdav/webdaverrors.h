#pragma once

#include "transfererror.h"

#include <QUrl>

class QNetworkReply;

// The WebDAV client's failures as sentences a person can read (TransferError): a reply's, with
// WebDAV's own wording where it differs from tus's (401 names user and password), and the ones
// no reply gives.
namespace WebDavErrors {
TransferError fromReply(QNetworkReply *reply, const TrText &what);
TransferError unreadableBody(const TrText &what);
TransferError answerTooLarge(const QUrl &url, const TrText &what, int status);
TransferError stalled(int timeoutMs, const TrText &what);
// The server's copy after the PUT is not the file (size or checksum differ).
TransferError mismatch(const QString &fileName, const TrText &how);
// A PROPFIND answer that is no multistatus document.
TransferError notWebDav(const QUrl &url, const TrText &what);
// Every " (2)", " (3)", ... name up to the limit is taken already.
TransferError noFreeName(const QString &fileName);
// Added to the cause of a plain PUT's failure that will be retried: it starts from the beginning.
TrText noResumeNote();
} // namespace WebDavErrors
