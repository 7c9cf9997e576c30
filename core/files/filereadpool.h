#pragma once

#include <QString>

#include <memory>

class QFile;
class QThreadPool;

// The threads that open and read the files uploads send, apart from QtConcurrent's pool: that one
// has a thread per core and hashes whole files, and a request's next block must not wait behind
// a hash of 10 GB. A read from a stalled network mount holds one of these threads (nothing can
// interrupt it), never the thread that drives the uploads. Process-wide, like Qt's own pool, and
// never joined: a thread stuck in a dead mount must not hold the exit.
QThreadPool *fileReadPool();

// On a worker: opens `path` as openRegularFile() does (a regular file only, never waiting in
// open()). The file is closed on fileReadPool() when its last owner lets go, wherever that is:
// close() on a stalled FUSE mount waits for its flush. Null, with the reason on `problem`.
std::shared_ptr<QFile> openSharedRegularFile(const QString &path, QString *problem);
