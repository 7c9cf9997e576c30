// The file side of a TusTransfer: checking the file is still the one queued, opening chunk
// bodies, checksums (hashed off the event loop) and the creation metadata.
#include "tustransfer.h"

#include "filerangedevice.h"
#include "tushttp.h"

#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMimeDatabase>
#include <QtConcurrent/QtConcurrentRun>

namespace {
constexpr qint64 HashBlockSize = 1 << 20;

// Runs on a worker thread: touches nothing but its arguments.
std::optional<QByteArray> hashRange(const QString &path, qint64 begin, qint64 end,
                                    QCryptographicHash::Algorithm algorithm,
                                    const std::atomic_bool &cancel)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || !file.seek(begin))
        return std::nullopt;
    QCryptographicHash hash(algorithm);
    QByteArray block(int(qMin(HashBlockSize, qMax<qint64>(1, end - begin))), Qt::Uninitialized);
    for (qint64 at = begin; at < end;) {
        if (cancel)
            return std::nullopt;
        const qint64 got = file.read(block.data(), qMin<qint64>(block.size(), end - at));
        if (got <= 0)
            return std::nullopt; // read error or the file got shorter
        hash.addData(QByteArrayView(block.constData(), got));
        at += got;
    }
    return hash.result();
}
} // namespace

bool TusTransfer::checkFileUnchanged()
{
    using Kind = TransferError::Kind;
    const QFileInfo info(m_job.filePath);
    if (!info.exists()) {
        fail(TransferError::make(Kind::FileUnreadable,
                                 QStringLiteral("The file %1 no longer exists.").arg(fileLabel())));
        return false;
    }
    if (!info.isFile()) {
        fail(TransferError::make(Kind::FileUnreadable,
                                 QStringLiteral("%1 is not a regular file.").arg(fileLabel())));
        return false;
    }
    if (!info.isReadable()) {
        fail(TransferError::make(
            Kind::FileUnreadable,
            QStringLiteral("The file %1 cannot be read (permission denied).").arg(fileLabel())));
        return false;
    }
    // modifiedMs 0 means the caller did not know it; size alone is checked then.
    const qint64 modified = info.lastModified().toMSecsSinceEpoch();
    if (info.size() != m_job.fileSize || (m_job.modifiedMs != 0 && modified != m_job.modifiedMs)) {
        // Say what changed: a size, or only the modification time (same size, new content).
        const QString what = info.size() != m_job.fileSize
            ? QStringLiteral("it is now %1 bytes (was %2)").arg(info.size()).arg(m_job.fileSize)
            : QStringLiteral("it was modified at %1")
                  .arg(info.lastModified().toString(Qt::ISODateWithMs));
        fail(TransferError::make(
            Kind::FileChanged,
            QStringLiteral("The file changed while uploading: %1; %2.").arg(fileLabel(), what)));
        return false;
    }
    return true;
}

void TusTransfer::withChecksum(qint64 begin, qint64 end,
                               std::function<void(const QByteArray &)> next)
{
    if (!m_checksum) {
        next(QByteArray());
        return;
    }
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_hashCancel = cancel;
    const QString path = m_job.filePath;
    const QCryptographicHash::Algorithm algorithm = *m_checksum;
    const qint64 base = m_base;
    // A watcher owned by this transfer rather than QFuture::then(this, ...): Qt 6.4 asserts on a
    // context object that died while the worker ran, and a watcher simply dies with us.
    auto *watcher = new QFutureWatcher<std::optional<QByteArray>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this,
            [this, watcher, cancel, next = std::move(next)] {
                watcher->deleteLater();
                if (*cancel || m_finished)
                    return;
                m_hashCancel.reset();
                const std::optional<QByteArray> digest = watcher->result();
                if (!digest) {
                    if (checkFileUnchanged()) {
                        fail(TransferError::make(
                            TransferError::Kind::FileUnreadable,
                            QStringLiteral("Could not read %1 to compute its checksum.")
                                .arg(fileLabel())));
                    }
                    return;
                }
                next(m_checksumName + ' ' + digest->toBase64());
            });
    watcher->setFuture(QtConcurrent::run([path, base, begin, end, algorithm, cancel] {
        return hashRange(path, base + begin, base + end, algorithm, *cancel);
    }));
}

FileRangeDevice *TusTransfer::openChunk(qint64 begin, qint64 end)
{
    auto body = std::make_unique<FileRangeDevice>(m_job.filePath, m_base + begin, m_base + end);
    if (!body->open(QIODevice::ReadOnly)) {
        fail(TransferError::make(
            TransferError::Kind::FileUnreadable,
            QStringLiteral("Cannot read %1: %2.").arg(fileLabel(), body->errorString())));
        return nullptr;
    }
    body->setThrottle(m_job.throttle);
    m_chunkBegin = begin;
    m_chunkEnd = end;
    m_chunkSent = 0;
    m_requestClock.start();
    QPointer<TusTransfer> guard(this);
    Q_EMIT chunkStarted(begin, end);
    if (!guard || m_finished)
        return nullptr;
    m_body = body.get();
    return body.release();
}

QByteArray TusTransfer::encodeMetadata(const TransferJob &job)
{
    const QString name = QFileInfo(job.filePath).fileName();
    QMap<QString, QString> metadata = job.metadata; // a QMap: keys come out sorted
    if (!metadata.contains(QStringLiteral("filename")))
        metadata.insert(QStringLiteral("filename"), name);
    if (!metadata.contains(QStringLiteral("filetype"))) {
        metadata.insert(
            QStringLiteral("filetype"),
            QMimeDatabase().mimeTypeForFile(name, QMimeDatabase::MatchExtension).name());
    }
    QByteArrayList pairs;
    for (auto it = metadata.cbegin(); it != metadata.cend(); ++it) {
        const QByteArray key = it.key().toUtf8();
        // The spec forbids empty keys, spaces and commas; such a key cannot be sent at all.
        if (key.isEmpty() || key.contains(' ') || key.contains(',')) {
            qCDebug(lcTus) << "skipping metadata key" << it.key();
            continue;
        }
        pairs << (it.value().isEmpty() ? key : key + ' ' + it.value().toUtf8().toBase64());
    }
    return pairs.join(',');
}
