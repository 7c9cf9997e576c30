#include "tusverification.h"

#include "filehasher.h"
#include "instantwire.h"
#include "offthread.h"
#include "streamhash.h"
#include "verifywire.h"

#include <QFileInfo>
#include <QNetworkReply>

TusVerification::TusVerification(const TransferJob &job, QObject *parent)
    : QObject(parent)
    , m_job(job)
{
}

TusVerification::~TusVerification()
{
    cancel();
}

void TusVerification::setCapabilities(const TusCapabilities &caps, bool checksummed)
{
    m_offersHash =
        caps.contentHash.contains(QLatin1String(VerifyWire::Algorithm), Qt::CaseInsensitive);
    m_checksummed = checksummed;
    // Only when the file's hash is not known already (instant upload declared it).
    const bool known = m_job.metadata.contains(QLatin1String(InstantWire::MetadataKey));
    if (m_offersHash && !known && !m_stream)
        m_stream = std::make_shared<StreamHash>();
}

void TusVerification::noteAnswer(const QNetworkReply *reply)
{
    if (!reply || !reply->hasRawHeader(VerifyWire::ContentHeader))
        return;
    if (const auto digest = VerifyWire::parseDigest(reply->rawHeader(VerifyWire::ContentHeader)))
        m_server = *digest;
}

std::optional<TransferError> TusVerification::refusal(const QNetworkReply *reply) const
{
    if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() != 400
        || !reply->hasRawHeader(VerifyWire::ContentHeader))
        return std::nullopt;
    const auto server = VerifyWire::parseDigest(reply->rawHeader(VerifyWire::ContentHeader));
    const QByteArray ours = QByteArray::fromHex(
        m_job.metadata.value(QLatin1String(InstantWire::MetadataKey)).toLatin1());
    if (!server || ours.isEmpty())
        return std::nullopt;
    return mismatch(QFileInfo(m_job.filePath).fileName(), *server, ours);
}

void TusVerification::cancel()
{
    if (m_hashing)
        m_hashing->cancel = true;
    m_hashing.reset();
}

TransferError TusVerification::mismatch(const QString &fileName, const QByteArray &server,
                                        const QByteArray &ours)
{
    TransferError error = TransferError::make(
        TransferError::Kind::ContentMismatch,
        TrText::of(staticMetaObject,
                   QT_TR_NOOP("The server's copy differs from this file: '%1' was sent whole, but "
                              "what the server "
                              "stored has another SHA-256. Retry sends it again."))
            .arg(fileName));
    error.details =
        TrText::of(staticMetaObject, QT_TR_NOOP("SHA-256 of the server's copy %1, of the file %2"))
            .arg(QString::fromLatin1(server.toHex()), QString::fromLatin1(ours.toHex()));
    return error;
}

void TusVerification::finish(Verdict verdict)
{
    if (!m_offersHash || m_server.isEmpty()) {
        if (m_checksummed)
            return verdict(UploadCheck::verifiedBy(tr("Every request was checked by the server "
                                                      "(tus checksum extension).")),
                           {});
        const QString why =
            m_offersHash
                ? tr("Not verified: the server did not name its copy's SHA-256.")
                : tr("Not verified: this server offers no way to check its copy (no tus checksum "
                     "extension).");
        return verdict(UploadCheck::notVerifiable(why), {});
    }
    const QString known = m_job.metadata.value(QLatin1String(InstantWire::MetadataKey));
    if (!known.isEmpty())
        return compare(QByteArray::fromHex(known.toLatin1()), verdict);
    if (m_stream) {
        const QByteArray streamed = m_stream->finish(m_job.fileSize);
        if (!streamed.isEmpty())
            return compare(streamed, verdict);
    }
    // A resumed upload or parts: the file once more, off this thread.
    cancel();
    auto control = std::make_shared<FileHashControl>();
    m_hashing = control;
    runOffThread(
        this,
        [path = m_job.filePath, size = m_job.fileSize, control] {
            return sha256File(path, size, control.get());
        },
        [this, control, verdict](const FileHash &hash) {
            if (control->cancel || m_hashing != control)
                return;
            m_hashing.reset();
            if (!hash.ok()) {
                return verdict(UploadCheck::notVerifiable(
                                   tr("Not verified: the file could not be read again to compare "
                                      "(%1).")
                                       .arg(hash.error)),
                               {});
            }
            compare(hash.digest, verdict);
        });
}

void TusVerification::compare(const QByteArray &ours, const Verdict &verdict)
{
    if (ours == m_server) {
        return verdict(
            UploadCheck::verifiedBy(tr("The server's whole copy has this file's SHA-256 (%1…).")
                                        .arg(QString::fromLatin1(ours.toHex().left(16)))),
            {});
    }
    verdict({}, mismatch(QFileInfo(m_job.filePath).fileName(), m_server, ours));
}
