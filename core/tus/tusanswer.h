#pragma once

#include "transfererror.h"

#include <QObject>
#include <QUrl>

class QNetworkReply;

// What a tus server's successful answer says, read and checked against what was asked: the
// upload's address and offset after a creation (POST), its offset after a HEAD or a PATCH. An
// answer that does not keep tus's promises (no Location, an Upload-Offset missing or outside
// what was sent) becomes a BadResponse error, its cause kept untranslated (TrText). The status
// codes themselves (lost, conflict, refused) are the transfer's to act on; this reads a 2xx.
class TusAnswer final {
    Q_GADGET
public:
    // Where the upload created is, and what of it the server holds.
    struct Created {
        QUrl url;
        qint64 offset = 0;
    };

    // The answer to a creation sent to `endpoint` with the first `sentBytes` bytes as its body
    // (0: none). Kind None in the error when the answer is good, then `created` holds it.
    static TransferError created(QNetworkReply *reply, const QUrl &endpoint, qint64 sentBytes,
                                 Created *created);
    // The offset a HEAD answered for an upload of `length` bytes.
    static TransferError headOffset(QNetworkReply *reply, qint64 length, qint64 *offset);
    // The offset a PATCH carrying bytes [begin, end) answered; one that took none of them is an
    // error too (ServerError: the server may do better on the next try).
    static TransferError patchOffset(QNetworkReply *reply, qint64 begin, qint64 end,
                                     qint64 *offset);
};
