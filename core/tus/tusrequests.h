#pragma once

#include "transfer.h"

#include <QNetworkRequest>

// The requests one TusTransfer sends, as the tus wire wants them: the creation (POST, with or
// without its first bytes), the offset question (HEAD) and the bytes (PATCH), each with the job's
// headers. With `partial`, the creation makes a part of the concatenation extension.
class TusRequests final {
public:
    TusRequests(const TransferJob &job, qint64 length, bool partial);

    // POST to the endpoint with Upload-Length and Upload-Metadata (or Upload-Concat: partial),
    // carrying nothing.
    QNetworkRequest creation() const;
    // The creation carrying the upload's first `bytes` bytes (creation-with-upload).
    QNetworkRequest creationWithBody(qint64 bytes, const QByteArray &checksum) const;
    QNetworkRequest head(const QUrl &uploadUrl) const;
    // Bytes [begin, end) of the upload at `uploadUrl`.
    QNetworkRequest patch(const QUrl &uploadUrl, qint64 begin, qint64 end,
                          const QByteArray &checksum) const;

private:
    QNetworkRequest creationHeaders() const;

    TransferJob m_job;
    qint64 m_length;
    bool m_partial;
};
