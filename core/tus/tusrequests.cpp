#include "tusrequests.h"

#include "tushttp.h"

namespace {
const QByteArray OffsetContentType = QByteArrayLiteral("application/offset+octet-stream");
} // namespace

TusRequests::TusRequests(const TransferJob &job, qint64 length, bool partial)
    : m_job(job)
    , m_length(length)
    , m_partial(partial)
{
}

QNetworkRequest TusRequests::creationHeaders() const
{
    QNetworkRequest request = TusHttp::makeRequest(m_job.endpoint, m_job.headers);
    request.setRawHeader("Upload-Length", QByteArray::number(m_length));
    // A part carries no metadata: the final upload that joins the parts names the file.
    if (m_partial)
        request.setRawHeader("Upload-Concat", QByteArrayLiteral("partial"));
    else if (const QByteArray metadata = TusHttp::uploadMetadata(m_job); !metadata.isEmpty())
        request.setRawHeader("Upload-Metadata", metadata);
    return request;
}

QNetworkRequest TusRequests::creation() const
{
    QNetworkRequest request = creationHeaders();
    request.setHeader(QNetworkRequest::ContentLengthHeader, 0);
    return request;
}

QNetworkRequest TusRequests::creationWithBody(qint64 bytes, const QByteArray &checksum) const
{
    QNetworkRequest request = creationHeaders();
    request.setHeader(QNetworkRequest::ContentTypeHeader, OffsetContentType);
    request.setHeader(QNetworkRequest::ContentLengthHeader, bytes);
    if (!checksum.isEmpty())
        request.setRawHeader("Upload-Checksum", checksum);
    return request;
}

QNetworkRequest TusRequests::head(const QUrl &uploadUrl) const
{
    return TusHttp::makeRequest(uploadUrl, m_job.headers);
}

QNetworkRequest TusRequests::patch(const QUrl &uploadUrl, qint64 begin, qint64 end,
                                   const QByteArray &checksum) const
{
    QNetworkRequest request = TusHttp::makeRequest(uploadUrl, m_job.headers);
    request.setRawHeader("Upload-Offset", QByteArray::number(begin));
    request.setHeader(QNetworkRequest::ContentTypeHeader, OffsetContentType);
    request.setHeader(QNetworkRequest::ContentLengthHeader, end - begin);
    if (!checksum.isEmpty())
        request.setRawHeader("Upload-Checksum", checksum);
    return request;
}
