#pragma once

#include "clustercontext.h"

#include "pgupload.h"

#include <QList>
#include <QString>

#include <optional>

class ClusterStrayParts;

// The fenced end of an upload in the cluster store. Its holder first records, under its lease
// generation, that the upload is completing and exactly from what: every byte is then in S3
// and named by PostgreSQL (the parts of its multipart upload, or one tail object whose key
// carries the generation). Only then is the object `PREFIX/<id>` made — CompleteMultipartUpload
// of the recorded parts, or a CopyObject of the recorded tail — and the upload recorded finished
// under the same lease. Making the object is idempotent (the multipart upload may be complete
// already: the object's ETag or length says so), so a holder that stalls after the decision and
// wakes up late can only make the same object, never a different one; and whoever takes the
// lease next finishes a completion it finds (finish() again, under its own generation). A
// holder that stalls before the decision is refused it (fenced) and never touches the object,
// but for an upload sent whole in one request: that one's holder puts the object itself, only
// if none exists yet (If-None-Match, ClusterUploadSink), so a late PUT cannot replace one.
// When S3 holds parts under numbers no record names (RGW then refuses the completion), the
// object is made without them (ClusterStrayParts).
class ClusterCompletion final {
public:
    explicit ClusterCompletion(const ClusterContext &context);

    enum class Outcome { Done, Fenced, Failed };
    // Makes the object of `upload` (completing) and records it finished under `generation`.
    Outcome finish(const PgUpload &upload, qint64 generation) const;
    // Finishes upload `id`'s completion when no holder is at it (its lease free or run out):
    // taken without waiting, finished, let go. Whether it is finished now.
    bool resume(const QString &id) const;

private:
    bool makeObject(const PgUpload &upload) const;
    // Upload `id`'s allocated numbers beside `recorded`; nullopt when PostgreSQL cannot say.
    std::optional<ClusterStrayParts> strayParts(const QString &id,
                                                const QList<PgPart> &recorded) const;

    const ClusterContext m_c;
};
