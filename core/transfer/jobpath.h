#pragma once

#include <QString>

struct TransferJob;

namespace JobPath {
// The path a job's file takes under its target (WebDAV, SFTP, an S3 prefix): the table's
// relative path, else the file name the job was given, else the file's own name.
QString relativePathOf(const TransferJob &job);
} // namespace JobPath
