#pragma once

#include "transfer.h"
#include "tusprotocol.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>

class QNetworkReply;
class StreamHash;
struct FileHashControl;

// Whether a finished tus upload's copy on the server is the file, by the best means the server
// offers:
// - hoistd names the SHA-256 of its whole stored copy (VerifyWire) on the answer that completes
//   it; ours is the hash the file was declared with (instant upload), else the one computed
//   while its bytes were read to be sent (streamHash()), else (a resumed upload, parts) one read
//   of the file off this thread;
// - a server with the checksum extension checked every request's Upload-Checksum: each chunk
//   it kept matched what was sent;
// - any other server cannot tell: the upload is done, but not verified.
class TusVerification final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TusVerification)
public:
    using Verdict = std::function<void(const UploadCheck &check, const TransferError &mismatch)>;

    TusVerification(const TransferJob &job, QObject *parent = nullptr);
    ~TusVerification() override;

    // What the endpoint offers; `checksummed`: every request of this upload carries an
    // Upload-Checksum the server checks.
    void setCapabilities(const TusCapabilities &caps, bool checksummed);
    // For each request body over the file's bytes; null when no whole-content hash is wanted.
    std::shared_ptr<StreamHash> streamHash() const { return m_stream; }
    // Reads the server's hash from an answer, when it names one.
    void noteAnswer(const QNetworkReply *reply);
    bool serverNamedHash() const { return !m_server.isEmpty(); }
    // The upload holds the whole file now: calls `verdict` with the check (the mismatch error's
    // kind is None) or with the mismatch, at once or after hashing off this thread; never after
    // cancel() or this object's end.
    void finish(Verdict verdict);
    void cancel();

    // hoistd's 400 refusing the content for not having the sha256 the file was declared with
    // (it names its copy's SHA-256): the mismatch; nullopt for any other answer.
    std::optional<TransferError> refusal(const QNetworkReply *reply) const;
    // The error for a server copy whose SHA-256 is `server` where the file's is `ours` (raw).
    static TransferError mismatch(const QString &fileName, const QByteArray &server,
                                  const QByteArray &ours);

private:
    void compare(const QByteArray &ours, const Verdict &verdict);

    TransferJob m_job;
    bool m_offersHash = false;
    bool m_checksummed = false;
    QByteArray m_checksumName;
    std::shared_ptr<StreamHash> m_stream;
    QByteArray m_server;                        // raw SHA-256 the server named
    std::shared_ptr<FileHashControl> m_hashing; // the file read again, while it runs
};
