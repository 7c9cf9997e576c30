#pragma once

#include "filehasher.h"

#include <QByteArray>
#include <QObject>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

// The tus checksum extension's Upload-Checksum for each request of one upload, computed off this
// thread with libcrypto. While one request is on its way the next one's can be computed
// (prefetch), so that the next request need not wait: before, each request's SHA-256 was read
// in full before its first byte went, ~0.4 s per 64 MiB, a gap of a quarter of the time on a
// fast link.
class ChunkChecksums final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChunkChecksums)
public:
    // The header value ("sha256 <base64>"), or nullopt when the range could not be read, and
    // then why, when a read failed (digestRange's readProblem: the system's words).
    using Ready =
        std::function<void(const std::optional<QByteArray> &value, const QString &readProblem)>;

    explicit ChunkChecksums(QString path, QObject *parent = nullptr);
    ~ChunkChecksums() override;

    // Chooses the strongest of sha512, sha256 and sha1 the server offers (md5 never); false when
    // it offers none of them, and then nothing is computed.
    bool choose(const QStringList &offered);
    bool enabled() const { return m_algorithm.has_value(); }

    // Calls `ready` with the value for file bytes [begin, end): before returning when prefetch()
    // computed it already, else once computed. A request not answered yet is dropped.
    void request(qint64 begin, qint64 end, Ready ready);
    // Starts on [begin, end) for a request() to come, unless a request waits for another range.
    void prefetch(qint64 begin, qint64 end);
    // Nothing computing reports any more.
    void cancel();

private:
    struct Job {
        qint64 begin = 0;
        qint64 end = 0;
        std::shared_ptr<std::atomic_bool> cancel;
        bool done = false;
        std::optional<QByteArray> value;
        QString readProblem;
        Ready ready;
    };
    void start(qint64 begin, qint64 end, Ready ready);
    bool holds(qint64 begin, qint64 end) const
    {
        return m_job && m_job->begin == begin && m_job->end == end;
    }

    QString m_path;
    std::optional<DigestAlgorithm> m_algorithm;
    QByteArray m_name;
    std::optional<Job> m_job;
};
