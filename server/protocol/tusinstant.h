#pragma once

#include "httpmessage.h"
#include "uploadrecord.h"

#include <memory>
#include <optional>

class InstantUploads;
class TusLog;
class UploadSource;
class UploadStore;
class UploadWriter;

// Instant upload as TusService serves it (INSTANT-UPLOAD.md): the challenge in a creation's 201,
// the PATCH carrying a proof, the running content hash of bodies, and the check of a declared
// hash when an upload completes. The state (challenges, hashes) is InstantUploads'; this class
// turns it into answers and log lines.
class HoistdMetrics;

class TusInstant final {
    Q_DISABLE_COPY_MOVE(TusInstant)
public:
    // `maxAttempts`: proof challenges a user may fail or leave unanswered in a day; `metrics`
    // (may be null) counts instant completions.
    TusInstant(UploadStore &store, const TusLog &log, int maxAttempts,
               HoistdMetrics *metrics = nullptr);
    ~TusInstant();

    // A 201 without body for `record`: Hoist-Proof-Challenge when the content is held.
    void offerChallenge(HttpResponse &created, const UploadRecord &record,
                        const QByteArray &digest);
    // A PATCH to `record` (locked, at the offset it claims): the answer when it carries a proof;
    // nullopt for any other PATCH, which goes on as usual.
    std::optional<HttpResponse> answerProof(const HttpRequest &request, const UploadRecord &record);
    // Feeds the running content hash of an upload (before a body): of every upload, so that its
    // SHA-256 is known when it finishes without reading it again (VerifyWire).
    void attachContentHasher(UploadWriter &writer);
    void keepContentHasher(UploadWriter &writer); // after the body
    // `record` just finished: checks a declared hash. On a mismatch the upload is removed and the
    // 400 to answer is returned (naming the stored content's SHA-256 in VerifyWire's header).
    // `stored`: the SHA-256 of the stored content when known, for the answer (addContentHash).
    std::optional<HttpResponse> verifyFinished(const UploadRecord &record, QByteArray *stored);
    // VerifyWire's header on an answer, when `digest` is known.
    static void addContentHash(HttpResponse &response, const QByteArray &digest);
    // The same for a final upload's joined content, before the final exists (UploadStore::
    // ContentCheck): true when `metadata` declares no hash or the content has it (then in
    // `verified`); false with the 400 to answer in `refusal`.
    bool checkJoined(UploadSource &joined, const QByteArray &metadata, QByteArray *verified,
                     HttpResponse *refusal);

private:
    UploadStore &m_store;
    const TusLog &m_log;
    std::unique_ptr<InstantUploads> m_uploads;
    HoistdMetrics *m_metrics;
};
