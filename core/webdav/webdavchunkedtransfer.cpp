#include "webdavchunkedtransfer.h"

#include "jobpath.h"
#include "readaheaddevice.h"
#include "transferfile.h"
#include "webdaverrors.h"
#include "webdavprotocol.h"
#include "webdavputtransfer.h"
#include "webdavrequest.h"
#include "webdavxml.h"

#include <QCryptographicHash>
#include <QFileInfo>

namespace {
// The server joins every chunk while answering the MOVE: give it time for a large file.
constexpr int MoveTimeoutMs = 300000;

QByteArray chunkName(int n)
{
    return QByteArray::number(n).rightJustified(5, '0');
}
} // namespace

WebDavChunkedTransfer::WebDavChunkedTransfer(WebDavProtocol *protocol, const TransferJob &job,
                                             QObject *parent)
    : Transfer(parent)
    , m_protocol(protocol)
    , m_job(job)
    , m_exchange(this, protocol)
    , m_file(new TransferFile(job, this))
{
}

WebDavChunkedTransfer::~WebDavChunkedTransfer()
{
    abort();
}

QString WebDavChunkedTransfer::uploadIdFor(const QUrl &destination, const TransferJob &job)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(destination.toString(QUrl::FullyEncoded).toUtf8());
    hash.addData(QByteArray::number(job.fileSize) + ' ' + QByteArray::number(job.modifiedMs));
    return QStringLiteral("hoist-") + QString::fromLatin1(hash.result().toHex().left(32));
}

qint64 WebDavChunkedTransfer::chunkSizeFor(qint64 size, qint64 preferred)
{
    const qint64 least = (size + MaxChunks - 1) / MaxChunks;
    return qMax<qint64>(qMax<qint64>(preferred, least), 1);
}

void WebDavChunkedTransfer::start()
{
    if (m_started || m_finished)
        return;
    m_started = true;
    QMetaObject::invokeMethod(this, &WebDavChunkedTransfer::run, Qt::QueuedConnection);
}

QUrl WebDavChunkedTransfer::chunkUrl(const QString &name) const
{
    return QUrl(m_folder.toString(QUrl::FullyEncoded) + name, QUrl::StrictMode);
}

void WebDavChunkedTransfer::run()
{
    if (m_finished)
        return;
    QString problem;
    m_target = WebDavTarget::fromUrl(m_job.endpoint, &problem);
    if (!m_target || m_target->chunkUploadsUrl().isEmpty())
        return fail(TransferError::make(TransferError::Kind::InvalidUrl, problem));
    const HttpHeaders headers = m_protocol->headersFor(*m_target, m_job.headers);
    const QString path = JobPath::relativePathOf(m_job);
    m_destination = m_target->fileUrl(path);
    m_exchange.setHeaders(
        headers
        + HttpHeaders{{"Destination", m_destination.toString(QUrl::FullyEncoded).toUtf8()}});
    m_chunkSize = chunkSizeFor(m_job.fileSize, m_protocol->chunkSize());
    m_chunks = int((m_job.fileSize + m_chunkSize - 1) / m_chunkSize);
    const QString uploads = m_target->chunkUploadsUrl().toString(QUrl::FullyEncoded);
    m_folder = m_job.uploadUrl.toString(QUrl::FullyEncoded).startsWith(uploads)
                   ? m_job.uploadUrl
                   : QUrl(uploads + uploadIdFor(m_destination, m_job) + QLatin1Char('/'));
    m_protocol->folders()->ensure(m_protocol->network(), m_target->foldersOf(path), headers, this,
                                  [this](const std::optional<TransferError> &error) {
                                      if (error)
                                          return fail(*error);
                                      makeFolder();
                                  });
}

void WebDavChunkedTransfer::makeFolder()
{
    WebDavRequest *mkcol = m_exchange.request(
        "MKCOL", m_folder, TrText::of(staticMetaObject, QT_TR_NOOP("making the upload folder")));
    mkcol->setStallTimeout(WebDavExchange::ShortTimeoutMs);
    connect(mkcol, &WebDavRequest::finished, this, [this](const WebDavAnswer &answer) {
        if (m_finished)
            return;
        if (!answer.ok() && answer.status != 405) // 405: there already, to be resumed
            return fail(*answer.error);
        if (m_job.uploadUrl != m_folder) {
            m_held = m_job.holdAfterCreate;
            QPointer<WebDavChunkedTransfer> guard(this);
            Q_EMIT uploadCreated(m_folder);
            if (!guard || m_held)
                return;
        }
        list();
    });
    mkcol->send(m_protocol->network());
}

void WebDavChunkedTransfer::continueAfterCreated()
{
    if (!m_held || m_finished)
        return;
    m_held = false;
    list();
}

void WebDavChunkedTransfer::list()
{
    if (m_finished)
        return;
    WebDavRequest *propfind = m_exchange.propfind(
        m_folder, "1",
        TrText::of(staticMetaObject, QT_TR_NOOP("listing the chunks on the server")));
    connect(propfind, &WebDavRequest::finished, this, &WebDavChunkedTransfer::onListed);
    propfind->send(m_protocol->network());
}

void WebDavChunkedTransfer::onListed(const WebDavAnswer &answer)
{
    if (m_finished)
        return;
    if (answer.status == 404 && !m_remade) {
        // The server dropped the upload folder (a day without activity): begin it again.
        m_remade = true;
        m_have.clear();
        QPointer<WebDavChunkedTransfer> guard(this);
        Q_EMIT uploadLost();
        if (guard)
            makeFolder();
        return;
    }
    if (!answer.ok())
        return fail(*answer.error);
    bool ok = false;
    const QList<WebDavEntry> entries = WebDavXml::parseMultistatus(answer.body, &ok);
    if (!ok)
        return fail(WebDavErrors::notWebDav(m_folder, TrText(m_folder.path())));
    m_have.clear();
    for (const WebDavEntry &entry : entries) {
        bool isNumber = false;
        const int n = WebDavXml::lastSegment(entry.href).toInt(&isNumber);
        // A chunk of another size (cut short, or another chunk size) is sent again.
        if (isNumber && n >= 1 && n <= m_chunks && !entry.collection
            && entry.size == chunkEnd(n) - chunkBegin(n))
            m_have.insert(n);
    }
    QPointer<WebDavChunkedTransfer> guard(this);
    Q_EMIT offsetConfirmed(contiguous());
    if (guard)
        sendNext();
}

qint64 WebDavChunkedTransfer::contiguous() const
{
    int n = 1;
    while (n <= m_chunks && m_have.contains(n))
        ++n;
    return n > m_chunks ? m_job.fileSize : chunkBegin(n);
}

void WebDavChunkedTransfer::sendNext()
{
    if (m_finished)
        return;
    int n = 1;
    while (n <= m_chunks && m_have.contains(n))
        ++n;
    if (n > m_chunks)
        return move();
    const qint64 begin = chunkBegin(n);
    const qint64 end = chunkEnd(n);
    m_file->openBody(
        begin, end, nullptr,
        [this, n, begin, end](std::unique_ptr<ReadAheadDevice> body, const TransferError &error) {
            if (m_finished)
                return;
            if (!body)
                return fail(error);
            WebDavRequest *put = m_exchange.request(
                "PUT", chunkUrl(QString::fromLatin1(chunkName(n))),
                TrText::of(staticMetaObject, QT_TR_NOOP("sending chunk %1 of %2"))
                    .arg(n)
                    .arg(m_chunks));
            put->setHeader("OC-Total-Length", QByteArray::number(m_job.fileSize));
            put->setStallTimeout(m_job.stallTimeoutMs);
            connect(put, &WebDavRequest::finished, this, [this, n](const WebDavAnswer &answer) {
                if (m_finished)
                    return;
                m_exchange.releaseLease();
                if (!answer.ok())
                    return fail(*answer.error);
                m_have.insert(n);
                QPointer<WebDavChunkedTransfer> guard(this);
                Q_EMIT offsetConfirmed(contiguous());
                if (guard)
                    sendNext();
            });
            m_exchange.sendBody(put, std::move(body), begin, end, m_folder);
        });
}

void WebDavChunkedTransfer::move()
{
    WebDavRequest *move = m_exchange.request(
        "MOVE", chunkUrl(QStringLiteral(".file")),
        TrText::of(staticMetaObject, QT_TR_NOOP("joining the chunks on the server")));
    move->setHeader("OC-Total-Length", QByteArray::number(m_job.fileSize));
    move->setHeader("X-OC-Mtime", QByteArray::number(m_job.modifiedMs / 1000));
    move->setHeader("Overwrite", "T");
    move->setStallTimeout(MoveTimeoutMs);
    connect(move, &WebDavRequest::finished, this, [this](const WebDavAnswer &answer) {
        if (m_finished)
            return;
        if (!answer.ok())
            return fail(*answer.error);
        verify();
    });
    move->send(m_protocol->network());
}

void WebDavChunkedTransfer::verify()
{
    WebDavRequest *propfind = m_exchange.propfind(
        m_destination, "0", TrText::of(staticMetaObject, QT_TR_NOOP("checking the joined file")));
    connect(propfind, &WebDavRequest::finished, this, [this](const WebDavAnswer &answer) {
        if (m_finished)
            return;
        WebDavEntry there;
        if (const std::optional<TransferError> error = WebDavExchange::firstEntry(
                answer, m_destination, TrText(m_destination.path()), &there))
            return fail(*error);
        const qint64 size = there.size;
        if (size >= 0 && size != m_job.fileSize)
            return fail(WebDavErrors::mismatch(
                QFileInfo(m_job.filePath).fileName(),
                TrText::of(staticMetaObject,
                           QT_TR_NOOP("The server holds %1 bytes; the file has %2."))
                    .arg(size)
                    .arg(m_job.fileSize)));
        finish(UploadCheck::notVerifiable(
            TrText::of(staticMetaObject, QT_TR_NOOP("The server joined %1 chunks into %2 bytes, "
                                                    "as the file has; it offers no checksum "
                                                    "to compare"))
                .arg(m_chunks)
                .arg(size)
                .toString()));
    });
    propfind->send(m_protocol->network());
}

void WebDavChunkedTransfer::finish(const UploadCheck &check)
{
    if (!std::exchange(m_finished, true))
        m_exchange.complete(m_job.fileSize, check);
}

void WebDavChunkedTransfer::abort()
{
    m_finished = true;
    m_file->cancel();
    m_exchange.stop();
}

void WebDavChunkedTransfer::fail(const TransferError &error)
{
    if (m_finished)
        return;
    abort();
    qCDebug(lcWebDav) << "chunked upload to" << m_destination.path()
                      << "failed:" << error.message();
    Q_EMIT failed(error);
}
