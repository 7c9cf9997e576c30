// The free functions tusservice.h declares: what TusService and its handlers put on the wire
// besides tus headers.
#include "tusservice.h"

#include "checksum.h"
#include "tuswire.h"

#include <QLocale>

namespace {
constexpr int MaxFilenameChars = 255;
} // namespace

QString sanitiseFilename(const QByteArray &raw)
{
    QString name = QString::fromUtf8(raw);
    name =
        name.mid(qMax(name.lastIndexOf(QLatin1Char('/')), name.lastIndexOf(QLatin1Char('\\'))) + 1);
    QString clean;
    for (QChar c : std::as_const(name)) {
        if (c.category() != QChar::Other_Control && c != QChar::ReplacementCharacter)
            clean += c;
    }
    clean = clean.trimmed();
    if (clean == QLatin1String(".") || clean == QLatin1String(".."))
        clean.clear();
    return clean.left(MaxFilenameChars);
}

QByteArray httpDate(const QDateTime &time)
{
    return QLocale::c()
        .toString(time.toUTC(), QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"))
        .toLatin1();
}

HttpResponse tusError(int status, const QString &why)
{
    HttpResponse r;
    r.status = status;
    r.set("Tus-Resumable", TusWire::Version);
    r.set("Content-Type", "text/plain; charset=utf-8");
    r.body = why.toUtf8() + '\n';
    return r;
}

std::optional<TusChecksum> tusChecksumFrom(const HttpRequest &request, HttpResponse *error)
{
    TusChecksum out;
    if (!request.has("upload-checksum"))
        return out;
    const auto parsed = parseUploadChecksum(request.header("upload-checksum"));
    if (!parsed) {
        *error = tusError(400, QStringLiteral("Upload-Checksum must be '<algorithm> <base64>'."));
        return std::nullopt;
    }
    out.hasher = ChecksumHasher::create(parsed->algorithm);
    if (!out.hasher) {
        *error =
            tusError(400, QStringLiteral("Unsupported checksum algorithm '%1'; use one of %2.")
                              .arg(QString::fromLatin1(parsed->algorithm),
                                   QString::fromLatin1(ChecksumHasher::algorithms().join(','))));
        return std::nullopt;
    }
    if (parsed->digest.size() != out.hasher->digestSize()) {
        *error =
            tusError(400, QStringLiteral("The %1 digest in Upload-Checksum has the wrong size.")
                              .arg(QString::fromLatin1(parsed->algorithm)));
        return std::nullopt;
    }
    out.digest = parsed->digest;
    return out;
}
