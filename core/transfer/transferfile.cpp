#include "transferfile.h"

#include "filecheck.h"
#include "filereadpool.h"
#include "offthread.h"
#include "readaheaddevice.h"

#include <QFile>
#include <QFileInfo>

#include <climits>

namespace {
// Hashing slower than this (10 MB/s) counts as a stalled file system.
constexpr qint64 MinHashBytesPerMs = 10000;

QString seconds(int ms)
{
    return ms % 1000 == 0 ? QString::number(ms / 1000) : QString::number(ms / 1000.0, 'f', 1);
}
} // namespace

TransferFile::TransferFile(const TransferJob &job, QObject *parent)
    : QObject(parent)
    , m_job(job)
{
    m_timeout.setSingleShot(true);
    m_timeout.setInterval(qMax(1, job.stallTimeoutMs));
    connect(&m_timeout, &QTimer::timeout, this, &TransferFile::onTimeout);
}

TransferFile::~TransferFile() = default;

void TransferFile::check(Checked done)
{
    run(false, [done = std::move(done)](const Result &result) { done(result.error); });
}

void TransferFile::open(Opened done)
{
    run(true, [done = std::move(done)](const Result &result) {
        done(result.file, result.error.value_or(TransferError()));
    });
}

void TransferFile::openBody(qint64 begin, qint64 end, std::shared_ptr<StreamHash> hash,
                            BodyOpened done)
{
    open([this, begin, end, hash = std::move(hash),
          done = std::move(done)](const std::shared_ptr<QFile> &file, const TransferError &error) {
        if (!file)
            return done(nullptr, error);
        std::unique_ptr<ReadAheadDevice> device = body(file, begin, end);
        if (!device->open(QIODevice::ReadOnly)) {
            return done(nullptr,
                        TransferError::make(
                            TransferError::Kind::FileUnreadable,
                            TrText::of(staticMetaObject, QT_TR_NOOP("Cannot read '%1': %2."))
                                .arg(QFileInfo(m_job.filePath).fileName(), device->errorString())));
        }
        device->setStreamHash(hash);
        done(std::move(device), TransferError());
    });
}

std::optional<TransferError> TransferFile::readError(const ReadAheadDevice *body,
                                                     const QString &filePath)
{
    if (!body || body->readError().isEmpty())
        return std::nullopt;
    return TransferError::make(
        TransferError::Kind::FileUnreadable,
        TrText::of(staticMetaObject, QT_TR_NOOP("Cannot read '%1' while uploading it: %2."))
            .arg(QFileInfo(filePath).fileName(), body->readError()));
}

std::unique_ptr<ReadAheadDevice> TransferFile::body(const std::shared_ptr<QFile> &file,
                                                    qint64 begin, qint64 end) const
{
    auto device = std::make_unique<ReadAheadDevice>(file, begin, end);
    device->setThrottle(m_job.throttle);
    return device;
}

void TransferFile::cancel()
{
    ++m_generation;
    m_pending = nullptr;
    m_timeout.stop();
}

void TransferFile::run(bool open, std::function<void(const Result &)> done)
{
    cancel();
    const quint64 generation = m_generation;
    m_pending = std::move(done);
    m_timeout.start();
    // Only what the check needs crosses to the worker.
    TransferJob file;
    file.filePath = m_job.filePath;
    file.fileSize = m_job.fileSize;
    file.modifiedMs = m_job.modifiedMs;
    runOffThread(
        fileReadPool(), this,
        [file, open] {
            Result result;
            result.error = fileChangeError(file);
            if (result.error || !open)
                return result;
            QString problem;
            result.file = openSharedRegularFile(file.filePath, &problem);
            if (!result.file) {
                result.error = TransferError::make(
                    TransferError::Kind::FileUnreadable,
                    TrText::of(staticMetaObject, QT_TR_NOOP("Cannot read '%1': %2."))
                        .arg(QFileInfo(file.filePath).fileName(), problem));
            }
            return result;
        },
        [this, generation](const Result &result) {
            if (generation != m_generation || !m_pending)
                return;
            m_timeout.stop();
            const auto done = std::exchange(m_pending, nullptr);
            done(result);
        });
}

void TransferFile::onTimeout()
{
    if (!m_pending)
        return;
    const auto done = std::exchange(m_pending, nullptr);
    ++m_generation; // the late answer is nobody's
    Result result;
    result.error = stalledError(m_job);
    done(result);
}

TransferError TransferFile::checksumReadError(const QString &filePath, const QString &cause)
{
    const QString name = QFileInfo(filePath).fileName();
    if (cause.isEmpty()) {
        return TransferError::make(
            TransferError::Kind::FileUnreadable,
            TrText::of(staticMetaObject, QT_TR_NOOP("Could not read '%1' to compute its checksum."))
                .arg(name));
    }
    return TransferError::make(
        TransferError::Kind::FileUnreadable,
        TrText::of(staticMetaObject, QT_TR_NOOP("Cannot read '%1' to compute its checksum: %2."))
            .arg(name, cause));
}

TransferError TransferFile::stalledError(const TransferJob &job)
{
    return TransferError::make(
        TransferError::Kind::Stalled,
        TrText::of(staticMetaObject,
                   QT_TR_NOOP("Reading '%1' stalled: its file system did not answer for %2 s."))
            .arg(QFileInfo(job.filePath).fileName(), seconds(qMax(1, job.stallTimeoutMs))));
}

int TransferFile::hashTimeoutMs(const TransferJob &job, qint64 bytes)
{
    return int(qMin<qint64>(INT_MAX, qMax(1, job.stallTimeoutMs) + bytes / MinHashBytesPerMs));
}
