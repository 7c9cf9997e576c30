#include "s3verification.h"

#include "s3protocol.h"
#include "s3request.h"

#include <QCryptographicHash>
#include <QRegularExpression>

namespace {
QByteArray plainEtag(const QByteArray &etag)
{
    QByteArray out = etag.trimmed().toLower();
    if (out.startsWith("w/"))
        out = out.mid(2);
    if (out.size() >= 2 && out.startsWith('"') && out.endsWith('"'))
        out = out.mid(1, out.size() - 2);
    return out;
}

bool looksLikeMd5Etag(const QByteArray &etag)
{
    static const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[0-9a-f]{32}(-[0-9]{1,5})?")));
    return pattern.match(QString::fromLatin1(etag)).hasMatch();
}
} // namespace

S3Verification::S3Verification(S3Protocol *protocol, const S3Target &target, QString key,
                               QString fileName, int stallTimeoutMs, QObject *parent)
    : QObject(parent)
    , m_protocol(protocol)
    , m_target(target)
    , m_key(std::move(key))
    , m_fileName(std::move(fileName))
    , m_stallTimeoutMs(stallTimeoutMs)
{
}

S3Verification::~S3Verification()
{
    abort();
}

QByteArray S3Verification::expectedEtag(const QList<QByteArray> &partMd5s, bool multipart)
{
    if (!multipart)
        return partMd5s.size() == 1 ? partMd5s.first().toHex() : QByteArray();
    QCryptographicHash md5(QCryptographicHash::Md5);
    for (const QByteArray &part : partMd5s)
        md5.addData(part);
    return md5.result().toHex() + '-' + QByteArray::number(partMd5s.size());
}

UploadCheck S3Verification::judge(const S3Answer &answer, const QByteArray &expected,
                                  const QString &fileName, TransferError *mismatch)
{
    *mismatch = {};
    if (!answer.ok()) {
        return UploadCheck::notVerifiable(
            tr("Not verified: asking for the object's ETag failed (%1).")
                .arg(answer.error->message()));
    }
    const QByteArray etag = plainEtag(answer.etag);
    if (!answer.encryption.isEmpty() && answer.encryption != "AES256") {
        return UploadCheck::notVerifiable(
            tr("Not verifiable: the object is encrypted (%1), so its ETag is not an MD5 of the "
               "file.")
                .arg(QString::fromLatin1(answer.encryption)));
    }
    if (!looksLikeMd5Etag(etag) || expected.isEmpty()) {
        return UploadCheck::notVerifiable(
            tr("Not verifiable: the S3 service's ETag '%1' is not an MD5 of the content.")
                .arg(QString::fromLatin1(etag)));
    }
    if (etag == expected) {
        return UploadCheck::verifiedBy(
            expected.contains('-')
                ? tr("The object's ETag %1 is the MD5 of this file's part MD5s (S3 multipart).")
                      .arg(QString::fromLatin1(etag))
                : tr("The object's ETag %1 is this file's MD5.").arg(QString::fromLatin1(etag)));
    }
    *mismatch = TransferError::make(
        TransferError::Kind::ContentMismatch,
        TrText::of(
            staticMetaObject,
            QT_TR_NOOP(
                "The server's copy differs from this file: '%1' was sent whole, but the stored "
                "object's ETag is not the one its bytes give. Retry sends it again."))
            .arg(fileName));
    mismatch->details =
        TrText::of(staticMetaObject, QT_TR_NOOP("ETag of the object %1, of the file %2"))
            .arg(QString::fromLatin1(etag), QString::fromLatin1(expected));
    return {};
}

void S3Verification::start(const QByteArray &expected)
{
    abort();
    m_request = new S3Request(m_protocol, m_target, "HEAD", m_target.objectUrl(m_key),
                              tr("asking for the object's ETag"), this);
    m_request->setStallTimeout(m_stallTimeoutMs);
    connect(m_request, &S3Request::finished, this, [this, expected](const S3Answer &answer) {
        if (S3Request *request = m_request.data()) {
            m_request = nullptr;
            request->deleteLater();
        }
        TransferError mismatch;
        const UploadCheck check = judge(answer, expected, m_fileName, &mismatch);
        Q_EMIT finished(check, mismatch);
    });
    m_request->send(m_protocol->network());
}

void S3Verification::abort()
{
    if (S3Request *request = m_request.data()) {
        m_request = nullptr;
        request->disconnect(this);
        request->abort();
        request->deleteLater();
    }
}
