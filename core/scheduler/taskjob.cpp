#include "taskjob.h"

#include "mtimewire.h"
#include "uploadtask.h"

#include <QFileInfo>

TransferJob transferJobFor(const UploadTask &task, const TaskJobSettings &settings)
{
    TransferJob job;
    job.filePath = task.path();
    job.fileSize = task.size();
    job.modifiedMs = task.modifiedMs();
    job.endpoint = task.endpoint();
    job.uploadUrl = task.uploadUrl();
    job.chunkSize = task.chunks().chunkSize();
    job.maxRequestSize = qMax(job.chunkSize, task.maxRequestSize()); // as it was queued
    job.stallTimeoutMs = settings.stallTimeoutMs;
    job.headers = settings.headers;
    job.owner = task.id();
    job.holdAfterCreate = settings.holdAfterCreate;
    // It starts with one stream; the scheduler grants more while they are free.
    job.maxStreams = settings.maxStreams;
    job.overlapAnswers = settings.overlapAnswers;
    job.oneStreamIfNear = settings.oneStreamIfNear;
    job.parts = task.uploadUrl().isEmpty() ? task.parts() : UploadParts();
    job.throttle = settings.throttle;
    job.metadata.insert(QStringLiteral("filename"), QFileInfo(task.path()).fileName());
    if (task.displayName().contains(QLatin1Char('/')))
        job.metadata.insert(QStringLiteral("relativePath"), task.displayName());
    // Lower-case hex, as sha256sum prints it: readable in a server's logs and its metadata files.
    if (!task.contentHash().isEmpty())
        job.metadata.insert(QStringLiteral("sha256"),
                            QString::fromLatin1(task.contentHash().toHex()));
    // Kept on the server's copy (hoistd's named file; tus servers keep it in their metadata).
    job.metadata.insert(QLatin1String(MtimeWire::MetadataKey),
                        QString::fromLatin1(MtimeWire::format(task.modifiedMs())));
    return job;
}
