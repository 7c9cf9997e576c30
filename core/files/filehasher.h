#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <atomic>
#include <optional>

// The SHA-256 of a whole file, with OpenSSL's libcrypto (about eight times as fast here as
// QCryptographicHash's SHA-256), read in large blocks through one reused buffer. A pure function
// of its arguments: meant for a worker thread (QtConcurrent::run), never the GUI thread.
struct FileHash {
    enum class Status {
        Ok,
        Cancelled,  // `cancel` was set; no digest
        Unreadable, // missing, not a regular file, permission denied, a read error
        Changed,    // not the expected size, or its size or modification time changed meanwhile
    };

    Status status = Status::Unreadable;
    QByteArray digest; // 32 bytes when Ok, empty otherwise
    QString error;     // a sentence for a person when neither Ok nor Cancelled
    qint64 bytes = 0;  // bytes hashed

    bool ok() const { return status == Status::Ok; }
    // Lower-case hex, as `sha256sum` and `openssl dgst -sha256` print it; empty when not Ok.
    QByteArray hex() const { return digest.toHex(); }
};

// What a caller shares with a running hash: set `cancel` to stop it between two blocks; read
// `hashed` (bytes hashed so far, only ever growing) from any thread for progress.
struct FileHashControl {
    std::atomic_bool cancel{false};
    std::atomic<qint64> hashed{0};
};

// The digests the tus checksum extension may use for a request body, and S3's Content-MD5.
// Crc32c's is its 4 bytes big-endian (crc32c.h).
enum class DigestAlgorithm { Sha1, Sha256, Sha512, Md5, Crc32c };

// The digest (raw bytes) of bytes [begin, end) of `path`, with libcrypto; nullopt when the file
// cannot be read that far or `cancel` was set. `readProblem`, when given, gets the system's words
// when the file could not be opened or a read failed ("Input/output error"), and stays empty when
// it was cancelled or the file ended first (a changed file, which its caller words itself). For a
// worker thread, like sha256File().
std::optional<QByteArray> digestRange(const QString &path, qint64 begin, qint64 end,
                                      DigestAlgorithm algorithm,
                                      const std::atomic_bool *cancel = nullptr,
                                      QString *readProblem = nullptr);

// Several digests of bytes [begin, end) of `path` in one read of it (S3: a part's Content-MD5
// and SHA-256), in the order asked; nullopt as for digestRange().
std::optional<QList<QByteArray>> digestsOfRange(const QString &path, qint64 begin, qint64 end,
                                                const QList<DigestAlgorithm> &algorithms,
                                                const std::atomic_bool *cancel = nullptr,
                                                QString *readProblem = nullptr);

// Hashes `path`. `expectedSize` >= 0: the file must be exactly that size when opened and when
// done (otherwise Changed); -1 takes whatever size it has. `control` may be null.
FileHash sha256File(const QString &path, qint64 expectedSize = -1,
                    FileHashControl *control = nullptr);
