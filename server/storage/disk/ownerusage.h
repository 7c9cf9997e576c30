#pragma once

#include "uploadrecord.h"
#include "uploadstore.h"

#include <QHash>
#include <QSet>
#include <QString>

class UploadTable;

// What owners' uploads count against their quotas in the disk store (UploadStore::usage()):
// each live upload its Upload-Length, or while its length is deferred the bytes stored or the
// end a request was granted (reserve()), whichever is more; terminated (`doomed`) and expired
// uploads nothing; and whether one more upload keeps an owner within their limits (refuses()).
// Not locked: DiskUploadStore calls it with its mutex held.
class OwnerUsage final {
public:
    OwnerUsage(const UploadTable &uploads, const QSet<QString> &doomed);

    // What `owner`'s uploads count now (a walk over the uploads).
    qint64 of(const QString &owner) const;
    // Whether `owner` may have one more upload of `length` bytes (-1: deferred) under
    // `limits`; when not, `refusal` says which limit it reached. An empty upload is finished at
    // once, so it never counts as unfinished.
    bool refuses(const QString &owner, qint64 length, const UploadStore::Limits &limits,
                 UploadStore::Refusal *refusal) const;
    // What one upload counts.
    qint64 cost(const UploadRecord &record) const;
    // For a request about to write to deferred-length upload `record`: how many of `wanted`
    // more bytes its owner's `quota` (UploadStore::NoQuota: none) leaves room for; they count
    // until drop().
    qint64 reserve(const UploadRecord &record, qint64 wanted, qint64 quota);
    // The grant of `id` ends (its request let go, its length is known, it went).
    void drop(const QString &id) { m_growth.remove(id); }

private:
    const UploadTable &m_uploads;
    const QSet<QString> &m_doomed;
    QHash<QString, qint64> m_growth; // deferred-length upload -> end reserved by reserve()
};
