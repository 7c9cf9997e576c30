#include "s3xml.h"

#include <QCoreApplication>
#include <QHash>
#include <QUrl>
#include <QXmlStreamReader>

#include <limits>

namespace {
// A parser's failure: `why` for whoever asked (`problem` may be null), and no result.
std::nullopt_t failWith(QString *problem, const QString &why)
{
    if (problem)
        *problem = why;
    return std::nullopt;
}

// S3's limits: part numbers 1-10000, at most 1000 parts a page.
constexpr int MaxPartNumber = 10000;
constexpr int MaxListedParts = 10000;
constexpr int MaxTextChars = 4096;

// Free functions have no tr(): this gives them one, under the context lupdate files them in
// (lupdate sees no context through a plain wrapper function and skips the strings around it).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(S3Xml)
};

// A document as its root's name and each element's text by its path below the root
// ("UploadId", "Part/ETag"); `repeat` names the element that may occur many times (its
// children are collected per occurrence). Refuses DTDs and over-long text.
struct Document {
    QString root;
    QHash<QString, QString> fields;
    QList<QHash<QString, QString>> repeated;
};

std::optional<Document> read(const QByteArray &xml, const QString &repeat, QString *problem)
{
    QXmlStreamReader reader(xml);
    Document doc;
    QStringList path;
    QString text;
    while (!reader.atEnd()) {
        switch (reader.readNext()) {
        case QXmlStreamReader::DTD:
            return failWith(problem, Text::tr("the answer declares a DTD"));
        case QXmlStreamReader::StartElement:
            if (path.isEmpty() && !doc.root.isEmpty())
                return failWith(problem, Text::tr("the answer has two root elements"));
            path << reader.name().toString();
            if (path.size() == 1)
                doc.root = path.first();
            if (path.size() == 2 && path.at(1) == repeat) {
                if (doc.repeated.size() >= MaxListedParts)
                    return failWith(problem, Text::tr("the answer lists too many entries"));
                doc.repeated.append(QHash<QString, QString>());
            }
            text.clear();
            break;
        case QXmlStreamReader::Characters:
            text += reader.text();
            if (text.size() > MaxTextChars)
                return failWith(problem, Text::tr("the answer holds an over-long value"));
            break;
        case QXmlStreamReader::EndElement: {
            if (path.size() >= 3 && path.at(1) == repeat && !doc.repeated.isEmpty())
                doc.repeated.last().insert(path.mid(2).join(QLatin1Char('/')), text.trimmed());
            else if (path.size() >= 2)
                doc.fields.insert(path.mid(1).join(QLatin1Char('/')), text.trimmed());
            path.removeLast();
            text.clear();
            break;
        }
        default:
            break;
        }
    }
    if (reader.hasError())
        return failWith(
            problem, Text::tr("the answer is not well-formed XML (%1)").arg(reader.errorString()));
    if (doc.root.isEmpty())
        return failWith(problem, Text::tr("the answer is empty"));
    return doc;
}

std::optional<S3Xml::Error> errorFrom(const Document &doc)
{
    if (doc.root != QLatin1String("Error"))
        return std::nullopt;
    S3Xml::Error error;
    error.code = doc.fields.value(QStringLiteral("Code"));
    error.message = doc.fields.value(QStringLiteral("Message"));
    error.requestId = doc.fields.value(QStringLiteral("RequestId"));
    error.serverTime = doc.fields.value(QStringLiteral("ServerTime"));
    return error;
}

std::optional<qint64> number(const QString &text, qint64 low, qint64 high)
{
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value < low || value > high)
        return std::nullopt;
    return value;
}

bool isTrue(const QString &text)
{
    return text == QLatin1String("true");
}

// A listing's key or marker: percent-decoded when the answer says it is URL-encoded.
QString listedName(const QString &text, bool urlEncoded)
{
    return urlEncoded ? QUrl::fromPercentEncoding(text.toUtf8()) : text;
}

QByteArray escaped(const QByteArray &text)
{
    return QString::fromUtf8(text).toHtmlEscaped().toUtf8();
}
} // namespace

namespace S3Xml {

std::optional<Error> parseError(const QByteArray &xml)
{
    const std::optional<Document> doc = read(xml, QString(), nullptr);
    return doc ? errorFrom(*doc) : std::nullopt;
}

std::optional<QString> parseUploadId(const QByteArray &xml, QString *problem)
{
    const std::optional<Document> doc = read(xml, QString(), problem);
    if (!doc)
        return std::nullopt;
    const QString id = doc->fields.value(QStringLiteral("UploadId"));
    if (doc->root != QLatin1String("InitiateMultipartUploadResult") || id.isEmpty()) {
        if (problem)
            *problem = Text::tr("the answer names no UploadId");
        return std::nullopt;
    }
    return id;
}

std::optional<PartListing> parseListParts(const QByteArray &xml, QString *problem)
{
    const std::optional<Document> doc = read(xml, QStringLiteral("Part"), problem);
    if (!doc)
        return std::nullopt;
    if (doc->root != QLatin1String("ListPartsResult"))
        return failWith(problem, Text::tr("the answer is not a ListPartsResult"));
    PartListing listing;
    listing.truncated = doc->fields.value(QStringLiteral("IsTruncated")) == QLatin1String("true");
    if (listing.truncated) {
        const auto marker =
            number(doc->fields.value(QStringLiteral("NextPartNumberMarker")), 1, MaxPartNumber);
        if (!marker)
            return failWith(problem,
                            Text::tr("a truncated part list has no usable NextPartNumberMarker"));
        listing.nextMarker = int(*marker);
    }
    for (const QHash<QString, QString> &part : doc->repeated) {
        const auto partNumber = number(part.value(QStringLiteral("PartNumber")), 1, MaxPartNumber);
        const auto size =
            number(part.value(QStringLiteral("Size")), 0, std::numeric_limits<qint64>::max());
        const QString etag = part.value(QStringLiteral("ETag"));
        if (!partNumber || !size || etag.isEmpty())
            return failWith(problem,
                            Text::tr("a listed part has no usable PartNumber, Size or ETag"));
        listing.parts.append({int(*partNumber), etag.toUtf8(), *size});
    }
    return listing;
}

CompleteResult parseComplete(const QByteArray &xml)
{
    CompleteResult result;
    const std::optional<Document> doc = read(xml, QString(), &result.problem);
    if (!doc)
        return result;
    if (const std::optional<Error> error = errorFrom(*doc)) {
        result.error = error;
        return result;
    }
    if (doc->root != QLatin1String("CompleteMultipartUploadResult")) {
        result.problem = Text::tr("the answer is not a CompleteMultipartUploadResult");
        return result;
    }
    result.completed = true;
    return result;
}

QByteArray completeBody(const QList<ListedPart> &parts)
{
    QByteArray xml = "<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">";
    for (const ListedPart &part : parts) {
        xml += "<Part><PartNumber>" + QByteArray::number(part.number) + "</PartNumber><ETag>"
               + escaped(part.etag) + "</ETag></Part>";
    }
    xml += "</CompleteMultipartUpload>";
    return xml;
}

CopyResult parseCopy(const QByteArray &xml)
{
    CopyResult result;
    const std::optional<Document> doc = read(xml, QString(), &result.problem);
    if (!doc)
        return result;
    if (const std::optional<Error> error = errorFrom(*doc)) {
        result.error = error;
        return result;
    }
    const QString etag = doc->fields.value(QStringLiteral("ETag"));
    if ((doc->root != QLatin1String("CopyObjectResult")
         && doc->root != QLatin1String("CopyPartResult"))
        || etag.isEmpty()) {
        result.problem = Text::tr("the answer is not a copy result with an ETag");
        return result;
    }
    result.etag = etag.toUtf8();
    return result;
}

std::optional<ObjectListing> parseListObjects(const QByteArray &xml, QString *problem)
{
    const std::optional<Document> doc = read(xml, QStringLiteral("Contents"), problem);
    if (!doc)
        return std::nullopt;
    if (doc->root != QLatin1String("ListBucketResult"))
        return failWith(problem, Text::tr("the answer is not a ListBucketResult"));
    const bool encoded = doc->fields.value(QStringLiteral("EncodingType")) == QLatin1String("url");
    ObjectListing listing;
    listing.truncated = isTrue(doc->fields.value(QStringLiteral("IsTruncated")));
    listing.nextContinuationToken = doc->fields.value(QStringLiteral("NextContinuationToken"));
    if (listing.truncated && listing.nextContinuationToken.isEmpty())
        return failWith(problem, Text::tr("a truncated listing has no NextContinuationToken"));
    for (const QHash<QString, QString> &entry : doc->repeated) {
        const QString key = listedName(entry.value(QStringLiteral("Key")), encoded);
        const auto size =
            number(entry.value(QStringLiteral("Size")), 0, std::numeric_limits<qint64>::max());
        if (key.isEmpty() || !size)
            return failWith(problem, Text::tr("a listed object has no usable Key or Size"));
        listing.objects.append({key, *size, entry.value(QStringLiteral("ETag")).toUtf8(),
                                entry.value(QStringLiteral("LastModified"))});
    }
    return listing;
}

std::optional<UploadListing> parseListUploads(const QByteArray &xml, QString *problem)
{
    const std::optional<Document> doc = read(xml, QStringLiteral("Upload"), problem);
    if (!doc)
        return std::nullopt;
    if (doc->root != QLatin1String("ListMultipartUploadsResult"))
        return failWith(problem, Text::tr("the answer is not a ListMultipartUploadsResult"));
    const bool encoded = doc->fields.value(QStringLiteral("EncodingType")) == QLatin1String("url");
    UploadListing listing;
    listing.truncated = isTrue(doc->fields.value(QStringLiteral("IsTruncated")));
    listing.nextKeyMarker = listedName(doc->fields.value(QStringLiteral("NextKeyMarker")), encoded);
    listing.nextUploadIdMarker = doc->fields.value(QStringLiteral("NextUploadIdMarker"));
    if (listing.truncated && listing.nextKeyMarker.isEmpty())
        return failWith(problem, Text::tr("a truncated listing has no NextKeyMarker"));
    for (const QHash<QString, QString> &entry : doc->repeated) {
        const QString key = listedName(entry.value(QStringLiteral("Key")), encoded);
        const QString id = entry.value(QStringLiteral("UploadId"));
        if (key.isEmpty() || id.isEmpty())
            return failWith(problem, Text::tr("a listed upload has no Key or UploadId"));
        listing.uploads.append({key, id, entry.value(QStringLiteral("Initiated"))});
    }
    return listing;
}

std::optional<QList<DeleteFailure>> parseDeleteResult(const QByteArray &xml, QString *problem)
{
    const std::optional<Document> doc = read(xml, QStringLiteral("Error"), problem);
    if (!doc)
        return std::nullopt;
    if (doc->root != QLatin1String("DeleteResult")) {
        if (problem)
            *problem = Text::tr("the answer is not a DeleteResult");
        return std::nullopt;
    }
    QList<DeleteFailure> failures;
    for (const QHash<QString, QString> &entry : doc->repeated) {
        failures.append({entry.value(QStringLiteral("Key")), entry.value(QStringLiteral("Code")),
                         entry.value(QStringLiteral("Message"))});
    }
    return failures;
}

QByteArray deleteBody(const QStringList &keys)
{
    QByteArray xml =
        "<Delete xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Quiet>true</Quiet>";
    for (const QString &key : keys)
        xml += "<Object><Key>" + escaped(key.toUtf8()) + "</Key></Object>";
    xml += "</Delete>";
    return xml;
}

} // namespace S3Xml
