#pragma once

#include "clustercontext.h"
#include "pgleases.h"
#include "storefailure.h"

#include <QtGlobal>

class ClusterCompletion;
struct PgUpload;
class QString;

// The cluster store's deferred length (Upload-Defer-Length): sets the length once, against the
// owner's quota. A length equal to what is already committed finishes the upload, so it goes as
// a completion does (ClusterCompletion), fenced: under the lease (borrowed for the call when this
// instance does not hold it), the committed tail becomes the last part (UploadPartCopy, a part
// number of this generation) when there is a multipart upload; then the length is declared in
// the same fenced commit that records the upload completing from exactly those; only then is
// the object made and the upload recorded finished. A holder that lost the lease meanwhile is
// refused the declaration and makes nothing.
class ClusterDeferredLength final {
public:
    ClusterDeferredLength(const ClusterContext &context, const ClusterCompletion &completion);

    // False with the owner's usage in `overQuota` when the quota refused it, else with why in
    // `failure` (UploadStore::setLength).
    bool set(const QString &id, qint64 length, qint64 quota, qint64 *overQuota,
             StoreFailure *failure);

private:
    // Declares `upload`'s length as its committed offset, fenced under `generation`, and makes
    // its object; why not in `failure` (Failed, Fenced).
    PgLeases::Outcome finishAtOffset(const PgUpload &upload, qint64 quota, qint64 generation,
                                     StoreFailure *failure);

    const ClusterContext m_c;
    const ClusterCompletion &m_completion;
};
