#include "filerecheck.h"

#include "fingerprint.h"
#include "offthread.h"
#include "regularfile.h"

#include <QFile>

#include <cerrno>
#include <sys/stat.h>

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
        result.problem = fileErrorText(errno);
        return result;
    }
    result.problem = notRegularFileReason(st.st_mode);
    if (!result.problem.isEmpty())
        return result;
    result.ok = true;
    result.size = qint64(st.st_size);
    result.modifiedMs = qint64(st.st_mtim.tv_sec) * 1000 + qint64(st.st_mtim.tv_nsec) / 1000000;
    if (fingerprint)
        result.fingerprint = quickFingerprint(path, result.size);
    return result;
}
