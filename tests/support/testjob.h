#pragma once

#include "transfer.h"

#include <QFileInfo>

// A job for `path` to `endpoint` as the scheduler makes one: its size and modification time as
// they are now, its name as metadata; everything else the defaults.
inline TransferJob testJob(const QString &path, const QUrl &endpoint)
{
    const QFileInfo info(path);
    TransferJob job;
    job.filePath = path;
    job.fileSize = info.size();
    job.modifiedMs = info.lastModified().toMSecsSinceEpoch();
    job.endpoint = endpoint;
    job.metadata.insert(QStringLiteral("filename"), info.fileName());
    return job;
}
