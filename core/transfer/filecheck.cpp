#include "filecheck.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>

namespace {
// Free functions have no tr(): this gives them one, under the context lupdate files them in. The
// reasons stay untranslated (TrText) until shown.
TrText text(const char *source)
{
    return TrText("FileCheck", source);
}
} // namespace

std::optional<TransferError> fileChangeError(const TransferJob &job)
{
    using Kind = TransferError::Kind;
    const QFileInfo info(job.filePath);
    const QString label = QLatin1Char('\'') + info.fileName() + QLatin1Char('\'');
    if (!info.exists())
        return TransferError::make(
            Kind::FileUnreadable,
            text(QT_TRANSLATE_NOOP("FileCheck", "The file %1 no longer exists.")).arg(label));
    if (!info.isFile())
        return TransferError::make(
            Kind::FileUnreadable,
            text(QT_TRANSLATE_NOOP("FileCheck", "%1 is not a regular file.")).arg(label));
    if (!info.isReadable())
        return TransferError::make(
            Kind::FileUnreadable,
            text(QT_TRANSLATE_NOOP("FileCheck", "The file %1 cannot be read (permission denied)."))
                .arg(label));
    const qint64 modified = info.lastModified().toMSecsSinceEpoch();
    if (info.size() == job.fileSize && (job.modifiedMs == 0 || modified == job.modifiedMs))
        return std::nullopt;
    // Say what changed: a size, or only the modification time (same size, new content).
    const TrText what = info.size() != job.fileSize
                            ? text(QT_TRANSLATE_NOOP("FileCheck", "it is now %1 bytes (was %2)"))
                                  .arg(info.size())
                                  .arg(job.fileSize)
                            : text(QT_TRANSLATE_NOOP("FileCheck", "it was modified at %1"))
                                  .arg(info.lastModified().toString(Qt::ISODateWithMs));
    return TransferError::make(
        Kind::FileChanged,
        text(QT_TRANSLATE_NOOP("FileCheck", "The file changed while uploading: %1; %2."))
            .arg(label, what));
}
