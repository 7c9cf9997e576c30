#pragma once

#include "checksum.h"
#include "instantwire.h"
#include "proofchallenges.h"
#include "tuswire.h"
#include "uploadrecord.h"

#include <QMutex>

#include <map>
#include <memory>
#include <optional>

class UploadSource;
class UploadStore;

// hoistd's side of instant upload (INSTANT-UPLOAD.md): the content hash a client declares, the
// proof of possession (challenges: ProofChallenges), and the check at completion that the stored
// content has the hash declared. Only hashes verified that way ever make an upload instant.
// Safe to call from any thread: everything it keeps is behind a mutex.
class InstantUploads final {
    Q_DISABLE_COPY_MOVE(InstantUploads)
public:
    // `maxAttempts`: challenges a user may fail or leave unanswered in a day (ProofChallenges).
    InstantUploads(UploadStore &store, int maxAttempts);
    ~InstantUploads();

    enum class Declared { None, Valid, Invalid };
    // The "sha256" an Upload-Metadata (already parsed or raw) declares; `digest` gets the raw
    // bytes.
    static Declared declared(const TusWire::Metadata &metadata, QByteArray *digest);
    static QByteArray declaredDigest(const QByteArray &rawMetadata);

    // At creation of `record` (length known, no body): a challenge when a finished upload with
    // the same length and the same verified hash is held; the same one for every upload of
    // that content by that user until it is answered or expires. nullopt when nothing is held,
    // or (`*limited` set) when the user has no attempts left.
    std::optional<InstantWire::Challenge> challengeFor(const UploadRecord &record,
                                                       const QByteArray &digest, bool *limited);

    // The empty PATCH with Hoist-Proof to `record` (locked by the caller, at offset 0): answers
    // the challenge of its user and content, right or wrong; when the proof is right, completes
    // the upload from the held content and returns its record (offset == length, hash
    // verified). nullopt: wrong, missing, expired or replayed proof, or the held content went
    // away; nothing changed.
    std::optional<UploadRecord> prove(const UploadRecord &record, const QByteArray &proofHex,
                                      QString *why);

    // A running SHA-256 over [0, offset) of an upload that declared one, kept between requests
    // that arrive in order: take it for a request starting at `offset` (a new one at 0; nullptr
    // when the state for that offset is missing, e.g. after a restart), give it back afterwards
    // with the offset it reached.
    std::unique_ptr<ChecksumHasher> takeHasher(const QString &id, qint64 offset);
    void keepHasher(const QString &id, std::unique_ptr<ChecksumHasher> hasher, qint64 offset);

    enum class Verdict { NotDeclared, Verified, Mismatch, Unreadable };
    // For a finished upload: whether its stored content has the hash it declared (from the kept
    // hasher, or by reading the file again). Verified: recorded in the store, so that later
    // uploads of the same content can be instant. `actual`/`expected`: lower-case hex, for the
    // caller's message on a mismatch. Whether declared or not, `stored` gets the SHA-256 of the
    // stored content when it could be computed (recorded only when Verified), which the client
    // is told so that it can verify its upload (VerifyWire).
    Verdict verifyFinished(const UploadRecord &record, QString *actual, QString *expected,
                           QByteArray *stored);
    // The same for content no upload has yet (a final upload being joined), read whole: Verified
    // with its hash in `digest` (raw bytes) to record, or the verdict; nothing is recorded here.
    static Verdict checkContent(UploadSource &content, const QByteArray &rawMetadata,
                                QByteArray *digest, QString *actual, QString *expected);

private:
    struct Running {
        std::unique_ptr<ChecksumHasher> hasher;
        qint64 offset = 0;
    };
    void purgeLocked(); // drops hashers of uploads that are gone
    // SHA-256 of the first `length` bytes of `content`; nullopt when they cannot be read.
    static std::optional<QByteArray> hashContent(UploadSource &content, qint64 length);

    // The store's shared challenges (a cluster's), else this instance's own.
    ChallengeBook &challenges();

    UploadStore &m_store;
    ProofChallenges m_challenges;
    QMutex m_mutex;                       // for m_hashers
    std::map<QString, Running> m_hashers; // a QHash would want Running copyable
};
