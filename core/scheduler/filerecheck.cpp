#include "filerecheck.h"

#include "fingerprint.h"
#include "offthread.h"

#include <QCoreApplication>
#include <QFile>

#include <cerrno>
#include <sys/stat.h>

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(FileRecheck)
};

QString kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return Text::tr("a folder");
    if (S_ISFIFO(mode))
        return Text::tr("named pipe");
    if (S_ISSOCK(mode))
        return Text::tr("socket");
    if (S_ISCHR(mode))
        return Text::tr("character device");
    if (S_ISBLK(mode))
        return Text::tr("block device");
    return Text::tr("unknown type");
}
} // namespace

void FileRecheck::recheck(TaskId id, const QString &path, bool fingerprint)
{
    const quint64 generation = ++m_nextGeneration;
    m_pending.insert(id, generation);
    runOffThread(
        this, [path, fingerprint] { return read(path, fingerprint); },
        [this, id, generation](const Result &result) {
            const auto it = m_pending.constFind(id);
            if (it == m_pending.constEnd() || *it != generation)
                return; // cancelled, or asked again meanwhile
            m_pending.erase(it);
            Q_EMIT rechecked(id, result);
        });
}

FileRecheck::Result FileRecheck::read(const QString &path, bool fingerprint)
{
    Result result;
    struct stat st;
    if (::stat(QFile::encodeName(path).constData(), &st) != 0) {
        const int error = errno;
        result.problem = error == ENOENT || error == ENOTDIR ? Text::tr("no such file or folder")
                         : error == EACCES || error == EPERM ? Text::tr("permission denied")
                                                             : qt_error_string(error);
        return result;
    }
    if (!S_ISREG(st.st_mode)) {
        result.problem = Text::tr("not a regular file (%1)").arg(kindOf(st.st_mode));
        return result;
    }
    result.ok = true;
    result.size = qint64(st.st_size);
    result.modifiedMs = qint64(st.st_mtim.tv_sec) * 1000 + qint64(st.st_mtim.tv_nsec) / 1000000;
    if (fingerprint)
        result.fingerprint = quickFingerprint(path, result.size);
    return result;
}
