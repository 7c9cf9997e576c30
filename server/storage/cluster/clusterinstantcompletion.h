#pragma once

#include "clustercontext.h"
#include "storefailure.h"
#include "uploadrecord.h"

#include <optional>

class ClusterCompletion;

// The cluster store's instant completion: an upload this instance holds, with nothing written
// yet, becomes a copy of a finished upload of the same length and verified content (CopyObject
// within the store, the upload's own metadata), fenced as every completion is
// (ClusterCompletion: copied to a tail of this generation, decided under the lease, then made
// the object), and marked with the content's hash.
class ClusterInstantCompletion final {
public:
    ClusterInstantCompletion(const ClusterContext &context, const ClusterCompletion &completion);

    std::optional<UploadRecord> complete(const QString &id, const QString &sourceId,
                                         const QByteArray &digest, StoreFailure *failure);

private:
    const ClusterContext m_c;
    const ClusterCompletion &m_completion;
};
