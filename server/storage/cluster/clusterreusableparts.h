#pragma once

#include "pgupload.h"

#include <QHash>
#include <QList>
#include <QMutex>
#include <QString>

#include <optional>

// The part numbers a rolled-back checksummed request used, kept on this instance so that the
// client's retry sends its parts under the same numbers (issue 20). A checksummed body's parts
// go to S3 while it arrives (ClusterUploadSink), but they are recorded only once the checksum
// matched; a request cut or refused before that leaves parts no record names, which makes the
// completion on Ceph RGW the slow one (ClusterStrayParts: a server-side copy of the whole
// object). The retry starts where the recorded parts end, as the cut request did, so its parts
// have the same offsets and sizes, and overwriting those numbers leaves nothing unrecorded.
//
// A number may be written again only when nothing can land on it afterwards, and when the
// completion's order (by number) stays the order of the bytes:
// - only parts whose upload answered are kept (an unanswered one may still land: never reused);
// - a kept run is offered only while the upload's next number to allocate is what it was when
//   the run was kept (nobody allocated, so nobody recorded, a number since: every recorded one is
//   below the run's), the multipart upload is the same, and the recorded parts still end where
//   the run starts;
// - the sink reuses the run's numbers in order, each only for a part of the same offset and
//   size, and stops at the first that differs (then allocates, above every number of the run).
// Every number is this instance's alone (PgLeases::allocatePart never gives one twice), and the
// memory is this instance's: a retry that another instance takes allocates new numbers, and the
// old ones stay for ClusterStrayParts, as before. At most MaxUploads runs are kept (the oldest
// go first: forgetting one costs only the slow completion).
class ClusterReusableParts final {
    Q_DISABLE_COPY_MOVE(ClusterReusableParts)
public:
    struct Run {
        QString multipartId;
        qint64 start = 0;    // where the recorded parts ended when the parts were sent
        int nextPart = 0;    // the upload's next number to allocate after they were
        QList<PgPart> parts; // answered, in offset order, contiguous from `start`
    };

    ClusterReusableParts() = default;

    // Keeps `run` for upload `id` (replacing an earlier one); an empty run is not kept.
    void keep(const QString &id, Run run);
    // The run kept for `id` if `upload` (as the index has it now) may still reuse it; the run is
    // forgotten either way.
    std::optional<Run> take(const PgUpload &upload, qint64 partsEnd);
    int size() const;

    static constexpr int MaxUploads = 4096;

private:
    mutable QMutex m_mutex;
    QHash<QString, Run> m_runs;
    QList<QString> m_order; // keys of m_runs, oldest first
};
