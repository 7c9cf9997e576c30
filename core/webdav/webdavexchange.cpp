#include "webdavexchange.h"

#include "readaheaddevice.h"
#include "webdaverrors.h"
#include "webdavprotocol.h"
#include "webdavrequest.h"
#include "webdavxml.h"

WebDavExchange::WebDavExchange(Transfer *transfer, WebDavProtocol *protocol)
    : m_transfer(transfer)
    , m_protocol(protocol)
{
}

WebDavRequest *WebDavExchange::request(const QByteArray &method, const QUrl &url,
                                       const TrText &what)
{
    if (m_request) { // this may run inside its finished(): let it go later
        m_request->abort();
        QObject::disconnect(m_request, nullptr, m_transfer, nullptr);
        m_request->deleteLater();
    }
    m_request = new WebDavRequest(method, url, m_headers, what, m_transfer);
    return m_request;
}

WebDavRequest *WebDavExchange::propfind(const QUrl &url, const QByteArray &depth,
                                        const TrText &what)
{
    WebDavRequest *propfind = request("PROPFIND", url, what);
    propfind->setHeader("Depth", depth);
    propfind->setBody(WebDavXml::propfindBody());
    propfind->setStallTimeout(ShortTimeoutMs);
    return propfind;
}

WebDavRequest *WebDavExchange::current() const
{
    return m_request;
}

void WebDavExchange::sendBody(WebDavRequest *put, std::unique_ptr<ReadAheadDevice> body,
                              qint64 begin, qint64 end, const QUrl &server)
{
    auto device = std::make_shared<std::unique_ptr<ReadAheadDevice>>(std::move(body));
    put->setBody([device]() -> QIODevice * { return device->release(); }, end - begin);
    QObject::connect(put, &WebDavRequest::uploadProgress, m_transfer, &Transfer::chunkProgress);
    m_lease = m_protocol->lease(server);
    QPointer<Transfer> guard(m_transfer);
    Q_EMIT m_transfer->chunkStarted(begin, end);
    if (guard && !m_stopped)
        put->send(m_lease.manager());
}

void WebDavExchange::stop()
{
    m_stopped = true;
    if (m_request)
        m_request->abort();
    m_lease.release();
}

std::optional<TransferError> WebDavExchange::firstEntry(const WebDavAnswer &answer, const QUrl &url,
                                                        const TrText &path, WebDavEntry *entry)
{
    if (!answer.ok())
        return answer.error;
    bool ok = false;
    const QList<WebDavEntry> entries = WebDavXml::parseMultistatus(answer.body, &ok);
    if (!ok || entries.isEmpty())
        return WebDavErrors::notWebDav(url, path);
    *entry = entries.constFirst();
    return std::nullopt;
}

void WebDavExchange::complete(qint64 size, const UploadCheck &check)
{
    m_lease.release();
    Transfer *transfer = m_transfer;
    QPointer<Transfer> guard(transfer);
    Q_EMIT transfer->offsetConfirmed(size);
    if (guard)
        Q_EMIT transfer->checked(check);
    if (guard)
        Q_EMIT transfer->completed();
}
