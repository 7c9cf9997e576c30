#include "filereadpool.h"

#include "regularfile.h"

#include <QFile>
#include <QThreadPool>

namespace {
// Threads only run while a block is read (microseconds from the page cache), so few are busy at
// once; the bound matters only when reads hang, each stalled file then holding one.
constexpr int MaxReadThreads = 32;
} // namespace

QThreadPool *fileReadPool()
{
    // Leaked on purpose, never joined at exit: QThreadPool's destructor waits for every thread,
    // and a thread blocked in read() or close() on a dead network mount may never return, so
    // quitting would hang with it. The process's exit ends those threads instead.
    static QThreadPool *const pool = [] {
        auto *created = new QThreadPool;
        created->setMaxThreadCount(MaxReadThreads);
        return created;
    }();
    return pool;
}

std::shared_ptr<QFile> openSharedRegularFile(const QString &path, QString *problem)
{
    auto file = std::make_unique<QFile>(path);
    if (!openRegularFile(*file, path, problem))
        return nullptr;
    return std::shared_ptr<QFile>(
        file.release(), [](QFile *last) { fileReadPool()->start([last] { delete last; }); });
}
