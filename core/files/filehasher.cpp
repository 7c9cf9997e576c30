#include "filehasher.h"

#include "crc32c.h"
#include "opensslruntime.h"
#include "regularfile.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <openssl/evp.h>

#include <memory>
#include <optional>
#include <vector>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#endif

namespace {
// Large enough that the per-call cost of read() and EVP_DigestUpdate() vanishes, small enough to
// stay in L2 cache and to notice a cancel within a millisecond.
constexpr qint64 BlockSize = 1 << 20;

// Free functions have no tr(): this gives them one, under the context lupdate files them in.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(FileHasher)
};

FileHash failure(FileHash::Status status, QString error)
{
    FileHash h;
    h.status = status;
    h.error = std::move(error);
    return h;
}

struct MdCtxDeleter {
    void operator()(EVP_MD_CTX *ctx) const { EVP_MD_CTX_free(ctx); }
};
} // namespace

FileHash sha256File(const QString &path, qint64 expectedSize, FileHashControl *control)
{
    using Status = FileHash::Status;
    const QString label = QFileInfo(path).fileName();
    const QFileInfo info(path);
    if (!info.exists())
        return failure(Status::Unreadable, Text::tr("The file %1 does not exist.").arg(label));
    if (!info.isFile())
        return failure(Status::Unreadable, Text::tr("%1 is not a regular file.").arg(label));

    // Unbuffered: each read() goes straight into our block, with no copy through QFile's buffer.
    // Never waits in open(): a path that became a named pipe since the stat above.
    QFile file;
    QString problem;
    if (!openRegularFile(file, path, &problem))
        return failure(Status::Unreadable, Text::tr("Cannot read %1: %2.").arg(label, problem));
    const qint64 size = file.size();
    const QDateTime modified = file.fileTime(QFileDevice::FileModificationTime);
    if (expectedSize >= 0 && size != expectedSize)
        return failure(
            Status::Changed,
            Text::tr("%1 is now %2 bytes (was %3).").arg(label).arg(size).arg(expectedSize));
#ifdef Q_OS_UNIX
    // Read once, front to back: the kernel may read ahead further and drop pages sooner.
    posix_fadvise(file.handle(), 0, 0, POSIX_FADV_SEQUENTIAL);
#endif

    std::unique_ptr<EVP_MD_CTX, MdCtxDeleter> ctx(EVP_MD_CTX_new());
    if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1)
        return failure(Status::Unreadable, Text::tr("OpenSSL could not start a SHA-256 digest."));

    QByteArray block(int(qMin(BlockSize, qMax<qint64>(1, size))), Qt::Uninitialized);
    qint64 done = 0;
    while (done < size) {
        if (control && control->cancel.load(std::memory_order_relaxed))
            return failure(Status::Cancelled, QString());
        const qint64 got = file.read(block.data(), qMin<qint64>(block.size(), size - done));
        if (got < 0)
            return failure(Status::Unreadable,
                           Text::tr("Cannot read %1: %2.").arg(label, file.errorString()));
        if (got == 0)
            return failure(
                Status::Changed,
                Text::tr("%1 got shorter (%2 bytes, was %3).").arg(label).arg(done).arg(size));
        EVP_DigestUpdate(ctx.get(), block.constData(), size_t(got));
        done += got;
        if (control)
            control->hashed.store(done, std::memory_order_relaxed);
    }

    // Bytes appended, or rewritten in place, while we read: the digest is of no one file.
    const qint64 sizeAfter = file.size();
    if (sizeAfter != size || file.fileTime(QFileDevice::FileModificationTime) != modified) {
        return failure(
            Status::Changed,
            sizeAfter != size
                ? Text::tr("%1 is now %2 bytes (was %3).").arg(label).arg(sizeAfter).arg(size)
                : Text::tr("%1 was modified while it was read.").arg(label));
    }

    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_DigestFinal_ex(ctx.get(), digest, &length) != 1)
        return failure(Status::Unreadable, Text::tr("OpenSSL could not finish a SHA-256 digest."));
    FileHash h;
    h.status = Status::Ok;
    h.digest = QByteArray(reinterpret_cast<const char *>(digest), int(length));
    h.bytes = done;
    return h;
}

std::optional<QByteArray> digestRange(const QString &path, qint64 begin, qint64 end,
                                      DigestAlgorithm algorithm, const std::atomic_bool *cancel,
                                      QString *readProblem)
{
    const auto digests = digestsOfRange(path, begin, end, {algorithm}, cancel, readProblem);
    return digests ? std::optional<QByteArray>(digests->first()) : std::nullopt;
}

std::optional<QList<QByteArray>> digestsOfRange(const QString &path, qint64 begin, qint64 end,
                                                const QList<DigestAlgorithm> &algorithms,
                                                const std::atomic_bool *cancel,
                                                QString *readProblem)
{
    // Never waits in open(): a path that became a named pipe would hold this worker for good.
    QFile file;
    QString problem;
    if (!openRegularFile(file, path, &problem) || !file.seek(begin)) {
        if (readProblem)
            *readProblem = problem.isEmpty() ? file.errorString() : problem;
        return std::nullopt;
    }
    std::vector<std::unique_ptr<EVP_MD_CTX, MdCtxDeleter>> contexts;
    std::optional<quint32> crc; // DigestAlgorithm::Crc32c's running CRC (no libcrypto context)
    for (const DigestAlgorithm algorithm : algorithms) {
        if (algorithm == DigestAlgorithm::Crc32c) {
            crc = 0;
            contexts.emplace_back(nullptr);
            continue;
        }
        const EVP_MD *md = algorithm == DigestAlgorithm::Sha1     ? EVP_sha1()
                           : algorithm == DigestAlgorithm::Sha512 ? EVP_sha512()
                           : algorithm == DigestAlgorithm::Md5    ? EVP_md5()
                                                                  : EVP_sha256();
        contexts.emplace_back(EVP_MD_CTX_new());
        if (!contexts.back() || EVP_DigestInit_ex(contexts.back().get(), md, nullptr) != 1)
            return std::nullopt;
    }
    QByteArray block(int(qMin(BlockSize, qMax<qint64>(1, end - begin))), Qt::Uninitialized);
    for (qint64 at = begin; at < end;) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return std::nullopt;
        const qint64 got = file.read(block.data(), qMin<qint64>(block.size(), end - at));
        if (got < 0 && readProblem)
            *readProblem = file.errorString(); // EIO, a network mount gone
        if (got <= 0)
            return std::nullopt; // a read error, or the file got shorter
        for (const auto &ctx : contexts) {
            if (ctx)
                EVP_DigestUpdate(ctx.get(), block.constData(), size_t(got));
        }
        if (crc)
            crc = Crc32c::update(*crc, block.constData(), size_t(got));
        at += got;
    }
    QList<QByteArray> digests;
    for (const auto &ctx : contexts) {
        if (!ctx) {
            digests.append(Crc32c::digest(*crc));
            continue;
        }
        unsigned char digest[EVP_MAX_MD_SIZE];
        unsigned int length = 0;
        if (EVP_DigestFinal_ex(ctx.get(), digest, &length) != 1)
            return std::nullopt;
        digests.append(QByteArray(reinterpret_cast<const char *>(digest), int(length)));
    }
    return digests;
}
