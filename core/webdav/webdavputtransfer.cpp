#include "webdavputtransfer.h"

#include "existingfilequestion.h"
#include "existingfiles.h"
#include "jobpath.h"
#include "readaheaddevice.h"
#include "streamhash.h"
#include "transferfile.h"
#include "webdaverrors.h"
#include "webdavprotocol.h"
#include "webdavrequest.h"

#include <QFileInfo>

WebDavPutTransfer::WebDavPutTransfer(WebDavProtocol *protocol, const TransferJob &job,
                                     QObject *parent)
    : Transfer(parent)
    , m_protocol(protocol)
    , m_job(job)
    , m_exchange(this, protocol)
    , m_file(new TransferFile(job, this))
{
}

WebDavPutTransfer::~WebDavPutTransfer()
{
    abort();
}

QString WebDavPutTransfer::numberedName(const QString &relativePath, int n)
{
    const qsizetype slash = relativePath.lastIndexOf(QLatin1Char('/'));
    return relativePath.left(slash + 1)
           + ExistingFilesText::numbered(relativePath.mid(slash + 1), n);
}

void WebDavPutTransfer::start()
{
    if (m_started || m_finished)
        return;
    m_started = true;
    QMetaObject::invokeMethod(this, &WebDavPutTransfer::run, Qt::QueuedConnection);
}

void WebDavPutTransfer::run()
{
    if (m_finished)
        return;
    QString problem;
    m_target = WebDavTarget::fromUrl(m_job.endpoint, &problem);
    if (!m_target)
        return fail(TransferError::make(TransferError::Kind::InvalidUrl, problem));
    m_exchange.setHeaders(m_protocol->headersFor(*m_target, m_job.headers));
    m_path = JobPath::relativePathOf(m_job);
    m_protocol->folders()->ensure(m_protocol->network(), m_target->foldersOf(m_path),
                                  m_exchange.headers(), this,
                                  [this](const std::optional<TransferError> &error) {
                                      if (error)
                                          return fail(*error);
                                      // A folder this run made was empty: nothing to look up.
                                      if (m_protocol->folders()->created(folderOf(m_path)))
                                          return put({"If-None-Match", "*"});
                                      look();
                                  });
}

QUrl WebDavPutTransfer::folderOf(const QString &path) const
{
    const QList<QUrl> folders = m_target->foldersOf(path);
    return folders.isEmpty() ? QUrl() : folders.constLast();
}

void WebDavPutTransfer::look()
{
    const QUrl folder = folderOf(m_path);
    if (folder.isEmpty())
        return lookUp();
    m_protocol->listings()->find(m_protocol->network(), folder,
                                 m_path.section(QLatin1Char('/'), -1), m_exchange.headers(), this,
                                 [this](const WebDavListings::Answer &answer) {
                                     if (m_finished)
                                         return;
                                     switch (answer.says) {
                                     case WebDavListings::Says::Unknown:
                                         return lookUp();
                                     case WebDavListings::Says::Absent:
                                         return put({"If-None-Match", "*"});
                                     case WebDavListings::Says::Present:
                                         return onThere(answer.entry);
                                     }
                                 });
}

void WebDavPutTransfer::learned(const std::optional<WebDavEntry> &entry)
{
    m_protocol->listings()->learned(folderOf(m_path), m_path.section(QLatin1Char('/'), -1), entry);
}

void WebDavPutTransfer::lookUp()
{
    if (m_finished)
        return;
    WebDavRequest *propfind = m_exchange.propfind(
        m_target->fileUrl(m_path), "0",
        TrText::of(staticMetaObject, QT_TR_NOOP("looking for %1 on the server")).arg(m_path));
    connect(propfind, &WebDavRequest::finished, this, &WebDavPutTransfer::onLookedUp);
    propfind->send(m_protocol->network());
}

void WebDavPutTransfer::onLookedUp(const WebDavAnswer &answer)
{
    if (m_finished)
        return;
    if (answer.status == 404) {
        learned(std::nullopt);
        return put({"If-None-Match", "*"});
    }
    WebDavEntry there;
    if (const std::optional<TransferError> error =
            WebDavExchange::firstEntry(answer, m_exchange.current()->url(), TrText(m_path), &there))
        return fail(*error);
    learned(there);
    onThere(there);
}

void WebDavPutTransfer::onThere(const WebDavEntry &there)
{
    if (there.collection)
        return fail(TransferError::make(
            TransferError::Kind::Rejected,
            TrText::of(staticMetaObject, QT_TR_NOOP("The server has a folder where '%1' should go"))
                .arg(m_path)));
    onFound(there);
}

void WebDavPutTransfer::onFound(const WebDavEntry &there)
{
    IfExists mode = m_decided.value_or(m_protocol->ifExists());
    if (mode == IfExists::Ask && m_protocol->existingFileQuestion()) {
        ExistingFile file;
        file.name = m_path.section(QLatin1Char('/'), -1);
        file.remotePath = m_target->fileUrl(m_path).toDisplayString(QUrl::RemoveUserInfo);
        file.remoteSize = there.size;
        file.localPath = m_job.filePath;
        file.localSize = m_job.fileSize;
        if (m_job.modifiedMs > 0)
            file.localModified = QDateTime::fromMSecsSinceEpoch(m_job.modifiedMs);
        m_protocol->existingFileQuestion()->ask(
            file, [guard = QPointer<WebDavPutTransfer>(this), there](IfExists answer) {
                if (!guard || guard->m_finished)
                    return;
                guard->m_decided = answer == IfExists::Ask ? IfExists::Skip : answer;
                guard->onFound(there);
            });
        return;
    }
    switch (mode) {
    case IfExists::Ask: // nobody to ask
    case IfExists::Skip:
        return finish(UploadCheck::notVerifiable(
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("Skipped: the server has '%1' already (%2 bytes); left as it "
                                  "was"))
                .arg(m_path)
                .arg(there.size)
                .toString()));
    case IfExists::Rename:
        if (++m_renames > MaxRenames)
            return fail(WebDavErrors::noFreeName(JobPath::relativePathOf(m_job)));
        m_path = numberedName(JobPath::relativePathOf(m_job), m_renames + 1);
        return look();
    case IfExists::Overwrite:
        break;
    }
    // If-Match compares strongly: a weak ETag (Apache's for a file changed within the last
    // second) never matches, so such a file is replaced unguarded.
    if (there.etag.isEmpty() || there.etag.startsWith("W/"))
        return put({});
    put({"If-Match", there.etag});
}

void WebDavPutTransfer::put(const HttpHeader &condition)
{
    if (m_finished)
        return;
    m_sending = true;
    m_hash = std::make_shared<StreamHash>();
    m_file->openBody(
        0, m_job.fileSize, m_hash,
        [this, condition](std::unique_ptr<ReadAheadDevice> body, const TransferError &error) {
            if (m_finished)
                return;
            if (!body)
                return fail(error);
            WebDavRequest *put = m_exchange.request(
                "PUT", m_target->fileUrl(m_path),
                TrText::of(staticMetaObject, QT_TR_NOOP("sending %1")).arg(m_path));
            if (!condition.first.isEmpty())
                put->setHeader(condition.first, condition.second);
            put->setHeader("Content-Type", "application/octet-stream");
            // Nextcloud and ownCloud keep this as the file's modification time.
            put->setHeader("X-OC-Mtime", QByteArray::number(m_job.modifiedMs / 1000));
            put->setStallTimeout(m_job.stallTimeoutMs);
            m_body = body.get();
            connect(put, &WebDavRequest::finished, this, &WebDavPutTransfer::onPut);
            m_exchange.sendBody(put, std::move(body), 0, m_job.fileSize, put->url());
        });
}

void WebDavPutTransfer::onPut(const WebDavAnswer &answer)
{
    if (m_finished)
        return;
    m_exchange.releaseLease();
    m_sending = false;
    if (const std::optional<TransferError> unreadable =
            TransferFile::readError(m_body, m_job.filePath))
        return fail(*unreadable);
    if (m_body && m_body->truncated())
        return fail(TransferError::make(
            TransferError::Kind::FileChanged,
            TrText::of(staticMetaObject,
                       QT_TR_NOOP("The file changed while uploading: '%1' got shorter."))
                .arg(QFileInfo(m_job.filePath).fileName())));
    if (answer.status == 412 && ++m_preconditionRetries <= MaxPreconditionRetries)
        return lookUp(); // another writer came between the look and the PUT: look again
    if (!answer.ok()) {
        TransferError error = *answer.error;
        // Said in the cause itself: the row shows it while the retry waits.
        if (error.isTransient())
            error.cause = error.cause.followedBy(WebDavErrors::noResumeNote());
        return fail(error);
    }
    m_sha256 = m_hash->finish(m_job.fileSize).toHex();
    m_putChecksum = answer.checksum;
    WebDavEntry made;
    made.size = m_job.fileSize;
    made.etag = answer.etag;
    learned(made);
    verify();
}

void WebDavPutTransfer::verify()
{
    WebDavRequest *propfind = m_exchange.propfind(
        m_target->fileUrl(m_path), "0",
        TrText::of(staticMetaObject, QT_TR_NOOP("checking %1 on the server")).arg(m_path));
    connect(propfind, &WebDavRequest::finished, this, &WebDavPutTransfer::onVerified);
    propfind->send(m_protocol->network());
}

void WebDavPutTransfer::onVerified(const WebDavAnswer &answer)
{
    if (m_finished)
        return;
    WebDavEntry there;
    if (const std::optional<TransferError> error =
            WebDavExchange::firstEntry(answer, m_exchange.current()->url(), TrText(m_path), &there))
        return fail(*error);
    const QString name = QFileInfo(m_job.filePath).fileName();
    if (there.size >= 0 && there.size != m_job.fileSize)
        return fail(WebDavErrors::mismatch(
            name,
            TrText::of(staticMetaObject, QT_TR_NOOP("The server holds %1 bytes; the file has %2."))
                .arg(there.size)
                .arg(m_job.fileSize)));
    const QByteArray checksums = there.checksums + ' ' + m_putChecksum;
    const QByteArray serverSha256 = WebDavXml::checksumOf(checksums.trimmed(), "SHA256");
    if (!serverSha256.isEmpty() && !m_sha256.isEmpty()) {
        if (serverSha256 != m_sha256)
            return fail(WebDavErrors::mismatch(
                name, TrText::of(staticMetaObject,
                                 QT_TR_NOOP("The server's SHA-256 is %1; the bytes sent had %2."))
                          .arg(QString::fromLatin1(serverSha256), QString::fromLatin1(m_sha256))));
        return finish(UploadCheck::verifiedBy(
            TrText::of(staticMetaObject, QT_TR_NOOP("The server's SHA-256 matches the file"))
                .toString()));
    }
    if (there.size < 0)
        return finish(UploadCheck::notVerifiable(
            TrText::of(staticMetaObject, QT_TR_NOOP("The WebDAV server did not say the size "
                                                    "it holds, nor a checksum"))
                .toString()));
    finish(UploadCheck::notVerifiable(
        TrText::of(staticMetaObject,
                   QT_TR_NOOP("The server holds %1 bytes, as the file has; it offers no "
                              "checksum to compare (ETag %2)"))
            .arg(there.size)
            .arg(QString::fromLatin1(there.etag))
            .toString()));
}

void WebDavPutTransfer::finish(const UploadCheck &check)
{
    if (!std::exchange(m_finished, true))
        m_exchange.complete(m_job.fileSize, check);
}

void WebDavPutTransfer::abort()
{
    m_finished = true;
    m_file->cancel();
    m_exchange.stop();
}

void WebDavPutTransfer::fail(TransferError error)
{
    if (m_finished)
        return;
    abort();
    qCDebug(lcWebDav) << "upload of" << m_path << "failed:" << error.message();
    Q_EMIT failed(error);
}
