#pragma once

#include "transfer.h"
#include "uploadtypes.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QUrl>

class HashRunner;
struct FileHash;

// What happens to an upload between its start and its first request, each step only when it is
// needed: a restored upload's file is checked to be what was queued (size, modification time,
// fingerprint), so that not one byte of new content is appended to an old upload; the server is
// asked what it offers (one OPTIONS per endpoint, shared); the file is hashed when the server can
// complete uploads of content it already holds (instant upload). Then prepared(), or failed()
// with a reason a person can read. File work runs off this thread.
class TaskPreparer final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TaskPreparer)
public:
    enum class HashPolicy { Never, Always, WhenServerOffersInstant };

    struct Request {
        TaskId id = 0;
        QString path;
        qint64 size = 0;
        qint64 modifiedMs = 0;
        QByteArray fingerprint; // empty: not checked
        QUrl endpoint;
        HttpHeaders headers;     // for asking the endpoint
        bool verifyFile = false; // a restored upload: check the file first
        bool mayHash = false;    // new upload (no hash yet, nothing created on the server)
    };

    explicit TaskPreparer(TransferProtocol *protocol, QObject *parent = nullptr);
    ~TaskPreparer() override;

    void setHashPolicy(HashPolicy policy) { m_hashPolicy = policy; }
    HashPolicy hashPolicy() const { return m_hashPolicy; }
    void setInstantMinimumSize(qint64 bytes) { m_instantMinimumSize = bytes; }
    qint64 instantMinimumSize() const { return m_instantMinimumSize; }

    // Whether preparing `request` will hash the file, as far as is known now.
    bool wouldHash(const Request &request) const { return wantsHash(request).value_or(false); }
    // Starts preparing; may report before it returns when nothing is to be done.
    void prepare(const Request &request);
    // Stops preparing `id`; it reports nothing more.
    void cancel(TaskId id);
    bool isHashing(TaskId id) const;
    qint64 hashedBytes(TaskId id) const;

Q_SIGNALS:
    // Reading the file for its hash has begun (a phase a person sees).
    void hashingStarted(TaskId id);
    // Ready to send: `contentHash` is the file's SHA-256, or empty when it was not wanted.
    void prepared(TaskId id, const QByteArray &contentHash);
    void failed(TaskId id, const TransferError &error);

private:
    struct Pending {
        Request request;
        quint64 generation = 0;
        bool awaitingProbe = false;
    };
    void verify(Pending &pending);
    void afterVerify(TaskId id);
    // Whether the file gets hashed; nullopt while the endpoint has not said what it offers.
    std::optional<bool> wantsHash(const Request &request) const;
    void onProbed();
    void onHashed(TaskId id, const FileHash &hash);
    void finish(TaskId id, const QByteArray &hash);
    void failWith(TaskId id, const TransferError &error);

    TransferProtocol *m_protocol;
    HashRunner *m_hashes;
    HashPolicy m_hashPolicy = HashPolicy::WhenServerOffersInstant;
    qint64 m_instantMinimumSize = 0;
    QHash<TaskId, Pending> m_pending;
    quint64 m_nextGeneration = 0;
};
