#include "filecheck.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>

namespace {
// Free functions have no tr(): this gives them one, under the context lupdate files them in.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(FileCheck)
};
} // namespace

std::optional<TransferError> fileChangeError(const TransferJob &job)
{
    using Kind = TransferError::Kind;
    const QFileInfo info(job.filePath);
    const QString label = QLatin1Char('\'') + info.fileName() + QLatin1Char('\'');
    if (!info.exists())
        return TransferError::make(Kind::FileUnreadable,
                                   Text::tr("The file %1 no longer exists.").arg(label));
    if (!info.isFile())
        return TransferError::make(Kind::FileUnreadable,
                                   Text::tr("%1 is not a regular file.").arg(label));
    if (!info.isReadable())
        return TransferError::make(
            Kind::FileUnreadable,
            Text::tr("The file %1 cannot be read (permission denied).").arg(label));
    const qint64 modified = info.lastModified().toMSecsSinceEpoch();
    if (info.size() == job.fileSize && (job.modifiedMs == 0 || modified == job.modifiedMs))
        return std::nullopt;
    // Say what changed: a size, or only the modification time (same size, new content).
    const QString what = info.size() != job.fileSize
        ? Text::tr("it is now %1 bytes (was %2)").arg(info.size()).arg(job.fileSize)
        : Text::tr("it was modified at %1")
              .arg(info.lastModified().toString(Qt::ISODateWithMs));
    return TransferError::make(
        Kind::FileChanged,
        Text::tr("The file changed while uploading: %1; %2.").arg(label, what));
}
