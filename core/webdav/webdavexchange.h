#pragma once

#include "networkpool.h"
#include "transfer.h"

#include <QPointer>

#include <memory>
#include <optional>

class ReadAheadDevice;
class WebDavProtocol;
class WebDavRequest;
struct WebDavAnswer;
struct WebDavEntry;

// The one request a WebDAV transfer (WebDavPutTransfer, WebDavChunkedTransfer) has going at a
// time, and the network lease a streamed body holds: making the next request lets the one before
// go (later: it may be the one whose finished() is running), PROPFINDs are made alike, a body is
// streamed with the transfer's chunkStarted / chunkProgress, and stop() ends both.
class WebDavExchange final {
    Q_DISABLE_COPY_MOVE(WebDavExchange)
public:
    // PROPFINDs and MKCOLs are small; a server that takes longer than this to answer is not.
    static constexpr int ShortTimeoutMs = 30000;

    WebDavExchange(Transfer *transfer, WebDavProtocol *protocol);

    // Sent with every request made from now on (the job's and the protocol's).
    void setHeaders(HttpHeaders headers) { m_headers = std::move(headers); }
    const HttpHeaders &headers() const { return m_headers; }

    WebDavRequest *request(const QByteArray &method, const QUrl &url, const TrText &what);
    // A PROPFIND of the props Hoist reads, Depth `depth`, the short stall timeout; not sent.
    WebDavRequest *propfind(const QUrl &url, const QByteArray &depth, const TrText &what);
    WebDavRequest *current() const;

    // Streams `body` (bytes begin to end of the file) as `put`'s body through a lease for
    // `server`: its progress as the transfer's chunkProgress, then chunkStarted(begin, end) and,
    // unless that stopped the transfer, the sending.
    void sendBody(WebDavRequest *put, std::unique_ptr<ReadAheadDevice> body, qint64 begin,
                  qint64 end, const QUrl &server);
    void releaseLease() { m_lease.release(); }
    // The request aborted and the lease given back.
    void stop();

    // The first entry of a PROPFIND's multistatus answer, else the error it is (not WebDAV).
    static std::optional<TransferError> firstEntry(const WebDavAnswer &answer, const QUrl &url,
                                                   const TrText &path, WebDavEntry *entry);
    // The lease given back, then the transfer's offsetConfirmed(size), checked(check) and
    // completed(), each while it lives.
    void complete(qint64 size, const UploadCheck &check);

private:
    Transfer *m_transfer;
    WebDavProtocol *m_protocol;
    HttpHeaders m_headers;
    QPointer<WebDavRequest> m_request;
    NetworkLease m_lease;
    bool m_stopped = false;
};
