#include "jobpath.h"

#include "transfer.h"

#include <QFileInfo>

QString JobPath::relativePathOf(const TransferJob &job)
{
    QString path = job.metadata.value(QStringLiteral("relativePath"));
    if (path.isEmpty())
        path = job.metadata.value(QStringLiteral("filename"));
    if (path.isEmpty())
        path = QFileInfo(job.filePath).fileName();
    return path;
}
