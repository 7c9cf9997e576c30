#pragma once

#include "clusterchallenges.h"
#include "clustercompletion.h"
#include "clusterconcatenation.h"
#include "clusterdeferredlength.h"
#include "clusterhandover.h"
#include "clusterinstantcompletion.h"
#include "clusterlocks.h"
#include "clusterobjects.h"
#include "clusterreconciliation.h"
#include "clusterreusableparts.h"
#include "pgindex.h"
#include "s3bucket.h"
#include "uploadstore.h"

#include <QThreadPool>

#include <chrono>
#include <functional>
#include <memory>

// The UploadStore of many hoistd instances (issue 20): records, leases and quotas in PostgreSQL
// (PgIndex), bytes in an S3 bucket (S3Bucket), a local spool per sink. An upload is one
// multipart upload of parts of at least 5 MiB whose numbers are allocated under the lease and
// never reused; the bytes after the last part are a tail object until they grow or the upload
// finishes; PostgreSQL, never a listing, records which parts exist. A finished upload is the
// object `PREFIX/<id>`.
//
// tryLock() takes the upload's lease in PostgreSQL (generation + 1), so one writer per upload
// holds across instances; every commit names that generation and is refused once another
// instance took the lease (fenced: the sink's commit() gives nullopt and fenced() says so).
// An upload's object is made only after its holder recorded, under its generation, that it is
// completing and from what (ClusterCompletion), so a holder that stalled past its lease can
// neither complete nor write; a completion found later is finished by whoever takes the lease
// (tryLock), or by find() when no holder is at it.
// The joins (ClusterConcatenation, ClusterInstantCompletion, ClusterDeferredLength) and the
// reconciliation (ClusterReconciliation) are classes of their own; this one delegates to them.
class ClusterUploadStore final : public UploadStore {
public:
    struct Config {
        QString instanceId; // [a-z0-9]{1,40}: this instance, the lease holder
        QString prefix;     // the key prefix in the bucket ("" or "uploads")
        QString spoolDir;   // local folder for sinks' spool files
        std::chrono::seconds expireAfter{std::chrono::hours(24)};
        std::chrono::seconds keepFinished = KeepForever;
        std::chrono::milliseconds lease{10000};
        // How long tryLock() waits for another instance to hand an upload over (then: busy).
        std::chrono::milliseconds handOverWait{5000};
        int sweepBatch = 100;
        // Called when another instance let go of an upload this one asked for (for /metrics).
        std::function<void()> handedOver;
    };
    ClusterUploadStore(PgAddress index, PgIndex::Options indexOptions, S3Bucket::Config bucket,
                       Config config);
    ~ClusterUploadStore() override;

    bool open(QString *error) override;
    void close() override;
    void abortCalls() override { m_bucket->abortAll(); }
    // A request's calls wait on S3 and PostgreSQL, not on this machine's cores: on two HTTP
    // threads, 500 small uploads waited for each other's PutObjects (issue 20's bench). Twice
    // the PostgreSQL pool and S3's requests in flight (16 each), so that the connections
    // libmicrohttpd hands each thread as it accepts them seldom share one.
    int requestThreads() const override { return RequestThreads; }
    static constexpr int RequestThreads = 32;
    QStringList repairs() const override { return {}; }
    QString location() const override;
    std::chrono::seconds expireAfter() const override { return m_config.expireAfter; }
    std::chrono::seconds keepFinished() const override { return m_config.keepFinished; }

    Lookup find(const QString &id, UploadRecord *out) const override;
    Lookup findLatest(const QString &id, const QString &asker, UploadRecord *out) override;
    std::optional<UploadRecord> create(qint64 length, const QByteArray &metadata,
                                       const QString &filename, const QString &owner,
                                       UploadRecord::Concat concat, const Limits &limits,
                                       Refusal *refusal, StoreFailure *failure) override;
    ConcatOutcome concatenate(const QStringList &parts, const QByteArray &metadata,
                              const QString &filename, const QString &owner,
                              const ContentCheck &check, UploadRecord *out,
                              StoreFailure *failure) override;
    std::unique_ptr<UploadSink> openSink(const UploadRecord &record,
                                         StoreFailure *failure) override;
    std::unique_ptr<UploadSource> openSource(const UploadRecord &record,
                                             StoreFailure *failure = nullptr) const override;
    std::optional<UploadRecord> findVerified(const QByteArray &digest, qint64 length,
                                             const QString &exceptId) const override;
    std::optional<UploadRecord> findFinal(const QStringList &parts,
                                          const QString &owner) const override;
    bool setContentHash(const QString &id, const QByteArray &digest) override;
    std::optional<UploadRecord> completeFrom(const QString &id, const QString &sourceId,
                                             const QByteArray &digest,
                                             StoreFailure *failure) override;
    bool setLength(const QString &id, qint64 length, qint64 quota = NoQuota,
                   qint64 *overQuota = nullptr, StoreFailure *failure = nullptr) override;
    qint64 usage(const QString &owner) const override;
    qint64 reserveGrowth(const QString &id, qint64 wanted, qint64 quota) override;
    bool remove(const QString &id) override;
    bool terminate(const QString &id) override;
    int sweepExpired(const QDateTime &now) override;
    int sweepFinished(const QDateTime &now) override;
    int count() const override;
    StateCounts countByState() const override;
    bool tryLock(const QString &id) override;
    void unlock(const QString &id) override;

    PgIndex &index() const { return *m_index; }
    ClusterObjects &objects() { return m_objects; }
    const ClusterCompletion &completion() const { return m_completion; }
    ClusterHandOver &handOver() { return m_handOver; }
    // Where sinks send their parts in the background (ClusterPartUploads).
    QThreadPool &partSenders() { return m_partSenders; }
    // The part numbers of rolled-back checksummed requests, for their retries.
    ClusterReusableParts &reusableParts() { return m_reusableParts; }
    // A sink of this instance let go of `id` for another instance: the lease goes, the claim
    // stays until unlock().
    void handedOver(const QString &id, qint64 generation) { m_locks.handOver(id, generation); }
    const Config &config() const { return m_config; }
    // Removes what the bucket holds under the prefix that no record names and that is older
    // than `grace`: multipart uploads (aborted) and tail objects, one instance at a time (an
    // advisory lock; another instance running it: 0). How many it removed.
    int reconcile(std::chrono::seconds grace) override { return m_reconciliation.run(grace); }
    // The challenges in PostgreSQL: the same for a user and content whichever instance asks.
    ChallengeBook *sharedChallenges() override { return &m_challenges; }
    // The generation this instance holds upload `id`'s lease in; 0 when it holds none.
    qint64 heldGeneration(const QString &id) const { return m_locks.generation(id); }

private:
    // Removes `id` under the lease this instance holds in `generation`, then its bytes.
    bool removeHeld(const QString &id, qint64 generation);
    // Removes up to a batch of `ids` (the sweeps' candidates), each under its lease taken here.
    int removeCandidates(const QStringList &ids);

    const Config m_config;
    const std::unique_ptr<PgIndex> m_index;
    const std::unique_ptr<S3Bucket> m_bucket;
    ClusterObjects m_objects;
    ClusterLocks m_locks;
    ClusterHandOver m_handOver;
    const ClusterContext m_context;
    const ClusterCompletion m_completion;
    ClusterConcatenation m_concatenation;
    ClusterInstantCompletion m_instantCompletion;
    ClusterDeferredLength m_deferredLength;
    ClusterReconciliation m_reconciliation;
    ClusterChallenges m_challenges;
    QThreadPool m_partSenders;
    ClusterReusableParts m_reusableParts;
};
