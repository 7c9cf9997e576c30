#include "uploadrepair.h"

#include "uploadfiles.h"

#include <QFileInfo>

UploadRepair::UploadRepair(const UploadFiles &files)
    : m_files(files)
{
}

bool UploadRepair::reconcile(const QList<UploadRecord> &rows, Outcome *out, QString *error) const
{
    for (UploadRecord r : rows) {
        const QString path = m_files.path(r.id);
        QFileInfo info(path);
        if (!UploadFiles::isUploadId(r.id) || !info.exists()) {
            out->repairs << QStringLiteral("upload %1: its file is missing; forgotten").arg(r.id);
            out->forgotten << r.id;
            continue;
        }
        bool changed = false;
        const qint64 size = info.size();
        if (size > r.offset) {
            // Never acknowledged: unsynced, interrupted, or a chunk whose checksum was not checked.
            if (!m_files.cutBack(r.id, r.offset)) {
                *error = QStringLiteral("cannot cut %1 back to %2 bytes").arg(path).arg(r.offset);
                return false;
            }
            out->repairs << QStringLiteral("upload %1: %2 unacknowledged bytes dropped, offset %3")
                                .arg(r.id)
                                .arg(size - r.offset)
                                .arg(r.offset);
        } else if (size < r.offset) {
            out->repairs << QStringLiteral("upload %1: file holds %2 bytes, index said %3; "
                                           "resuming from %2")
                                .arg(r.id)
                                .arg(size)
                                .arg(r.offset);
            r.offset = size;
            r.finished = QDateTime();
            changed = true;
        }
        if (r.isFinished() && !r.finished.isValid()) {
            // From an index older than the column: kept --keep-finished from now on.
            r.finished = QDateTime::currentDateTimeUtc();
            changed = true;
        }
        if (changed)
            out->changed << r;
        out->kept << r;
    }
    return true;
}

QStringList UploadRepair::deleteStrays(const std::function<bool(const QString &id)> &known) const
{
    QStringList repairs;
    for (const QString &name : m_files.names()) {
        if (!known(name)) {
            m_files.remove(name);
            repairs << QStringLiteral("file %1 had no index entry; deleted").arg(name);
        }
    }
    return repairs;
}
