#pragma once

#include "instantwire.h"
#include "transfer.h"
#include "tusprotocol.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QNetworkReply;
class QNetworkRequest;

// Instant upload (server/INSTANT-UPLOAD.md) for one TusTransfer: whether the server may ask for a
// proof, the challenge in a creation's answer, the proof (computed off the thread that drives the
// uploads, where the file is checked unchanged and read), the PATCH that carries it, and what the
// server's answer to it means. The transfer sends the request and acts on the verdict.
class TusInstantProof final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TusInstantProof)
public:
    enum class Verdict {
        Accepted, // the server holds the file: the upload is complete
        Declined, // not accepted (offset 0): send the file after all
        Lost,     // the server no longer knows the upload
        Conflict, // ask the server's offset (HEAD)
        Failed,   // the answer is an error, or not tus
    };
    // The proof as hex, or nothing when the file could not be read; `changed` when it is not the
    // job's file any more.
    struct Proof {
        std::optional<QByteArray> hex;
        std::optional<TransferError> changed;
    };

    explicit TusInstantProof(const TransferJob &job, QObject *parent = nullptr);
    ~TusInstantProof() override;

    // Whether a creation can expect a proof challenge (which a body sent with it rules out).
    bool mayBeAsked(const TusCapabilities &caps, bool partial) const;
    // The challenge of a creation's answer (to an upload at `offset`), when it carries one.
    std::optional<InstantWire::Challenge> challengeFrom(const QNetworkReply *reply,
                                                        qint64 offset) const;
    // Calls `done` with the proof, unless cancel() came first.
    void prove(const InstantWire::Challenge &challenge, std::function<void(const Proof &)> done);
    void cancel();
    // The PATCH with the proof to the upload at `uploadUrl`.
    QNetworkRequest request(const QUrl &uploadUrl, const QByteArray &proofHex) const;
    // What the server's answer to the proof says; Failed with `error` set.
    Verdict judge(QNetworkReply *reply, TransferError *error) const;

private:
    TransferJob m_job;
    std::shared_ptr<std::atomic_bool> m_cancel; // the proof being computed
};
