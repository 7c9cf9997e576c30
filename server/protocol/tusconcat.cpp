#include "tusconcat.h"

#include "tusfailures.h"
#include "tusinstant.h"
#include "tuslog.h"
#include "tusservice.h"
#include "tuswire.h"
#include "uploadstore.h"

namespace {
bool isUploadId(const QByteArray &id)
{
    return UploadRecord::isId(QString::fromLatin1(id));
}

QByteArray uploadPath(const QString &id)
{
    return TusService::CollectionPath + id.toLatin1();
}

// The final POST's answer: where the final upload is, complete.
HttpResponse finalCreated(const UploadRecord &final)
{
    HttpResponse r;
    r.status = 201;
    r.set("Tus-Resumable", TusWire::Version);
    r.set("Location", uploadPath(final.id));
    r.set("Upload-Offset", QByteArray::number(final.offset));
    TusInstant::addContentHash(r, final.contentHash);
    return r;
}
} // namespace

TusConcat::TusConcat(UploadStore &store, TusInstant &instant, const TusFailures &failures,
                     const TusLog &log, qint64 maxSize)
    : m_store(store)
    , m_instant(instant)
    , m_failures(failures)
    , m_log(log)
    , m_maxSize(maxSize)
{
}

QByteArray TusConcat::header(const UploadRecord &r)
{
    if (r.concat == UploadRecord::Concat::Partial)
        return "partial";
    QByteArray out = "final;";
    for (qsizetype i = 0; i < r.parts.size(); ++i)
        out += (i ? " " : "") + uploadPath(r.parts.at(i));
    return out;
}

HttpResponse TusConcat::createFinal(const HttpRequest &request, const QByteArrayList &ids,
                                    const QByteArray &metadata, const QString &filename)
{
    QStringList parts;
    qint64 length = 0;
    for (const QByteArray &rawId : ids) {
        const QString id = QString::fromLatin1(rawId);
        const QString path = QString::fromLatin1(TusService::CollectionPath) + id;
        UploadRecord r;
        const UploadStore::Lookup found =
            isUploadId(rawId) ? m_store.find(id, &r) : UploadStore::Lookup::Missing;
        if (found == UploadStore::Lookup::Unavailable)
            return m_failures.lookupFailed(id); // 503: the part may well exist
        if (found != UploadStore::Lookup::Found || r.owner != request.user) {
            // The same final POST again (the first's answer never reached the client, which
            // gave up while the parts were joined): the final it made, not "gone".
            if (const auto made = madeBefore(request, ids))
                return finalCreated(*made);
            // Another user's upload, live or gone, does not exist as far as this user can tell.
            return found == UploadStore::Lookup::Gone && r.owner == request.user
                       ? tusError(410,
                                  QStringLiteral("Upload-Concat names %1, which was terminated or "
                                                 "has expired.")
                                      .arg(path))
                       : tusError(
                           404,
                           QStringLiteral("Upload-Concat names %1: no such upload.").arg(path));
        }
        if (r.concat != UploadRecord::Concat::Partial)
            return tusError(400, QStringLiteral("%1 is not a partial upload (one created with "
                                                "Upload-Concat: partial).")
                                     .arg(path));
        if (!r.isFinished())
            return tusError(400, QStringLiteral("%1 is unfinished (%2 of %3 bytes); this server "
                                                "joins finished partial uploads only.")
                                     .arg(path)
                                     .arg(r.offset)
                                     .arg(r.lengthDeferred() ? QStringLiteral("?")
                                                             : QString::number(r.length)));
        length += r.length; // each at most Tus-Max-Size, at most MaxConcatParts of them
        if (length > m_maxSize)
            return tusError(413, QStringLiteral("The final upload would be larger than this server "
                                                "accepts (%1 bytes).")
                                     .arg(m_maxSize));
        parts << id;
    }
    UploadRecord final;
    StoreFailure failure;
    HttpResponse refusal;
    // A declared sha256 (instant upload) is checked on the joined content, before the parts are
    // consumed, and recorded with the final.
    const auto check = [&](UploadSource &joined, QByteArray *verified) {
        return m_instant.checkJoined(joined, metadata, verified, &refusal);
    };
    switch (m_store.concatenate(parts, metadata, filename, request.user, check, &final, &failure)) {
    case UploadStore::ConcatOutcome::Done:
        break;
    case UploadStore::ConcatOutcome::Refused:
        return refusal;
    case UploadStore::ConcatOutcome::Busy:
        return tusError(423, QStringLiteral("Another request is using one of the parts."));
    case UploadStore::ConcatOutcome::PartsChanged:
        return tusError(409, QStringLiteral("A part was deleted or joined while the final upload "
                                            "was being made."));
    case UploadStore::ConcatOutcome::Failed:
        return m_failures.answer(failure, QStringLiteral("make a final upload"));
    }
    if (m_log.verbose())
        m_log.line(QStringLiteral("POST final %1 from %2 partial uploads, %3 bytes")
                       .arg(final.id)
                       .arg(final.parts.size())
                       .arg(final.length));
    m_log.finished(final);
    return finalCreated(final);
}

std::optional<UploadRecord> TusConcat::madeBefore(const HttpRequest &request,
                                                  const QByteArrayList &ids) const
{
    QStringList parts;
    for (const QByteArray &id : ids) {
        if (!isUploadId(id))
            return std::nullopt;
        parts << QString::fromLatin1(id);
    }
    const auto made = m_store.findFinal(parts, request.user);
    if (made && m_log.verbose())
        m_log.line(QStringLiteral("repeated final POST: %1, made before from %2 partial uploads")
                       .arg(made->id)
                       .arg(parts.size()));
    return made;
}
