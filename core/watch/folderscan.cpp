#include "folderscan.h"

#include <QFile>

#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {
qint64 modifiedMs(const struct stat &st)
{
    return qint64(st.st_mtim.tv_sec) * 1000 + qint64(st.st_mtim.tv_nsec) / 1000000;
}

QString join(const QString &folder, const QString &name)
{
    return folder.isEmpty() ? name : folder + QLatin1Char('/') + name;
}

class Scanner {
public:
    Scanner(const ScanRules &rules, WatchBudget budget, const std::atomic_bool *cancel)
        : m_rules(rules)
        , m_budget(budget)
        , m_cancel(cancel)
    {
    }

    FolderScan run(const QString &from)
    {
        struct stat st;
        if (::stat(QFile::encodeName(absolute(from)).constData(), &st) != 0
            || !S_ISDIR(st.st_mode)) {
            m_scan.rootMissing = from.isEmpty();
            return std::move(m_scan);
        }
        walk(from);
        return std::move(m_scan);
    }

private:
    QString absolute(const QString &relative) const
    {
        return relative.isEmpty() ? m_rules.root : m_rules.root + QLatin1Char('/') + relative;
    }

    void addWatch(const QByteArray &native, const QString &relative)
    {
        if (m_budget.inotifyFd < 0 || m_scan.limitReached)
            return;
        if (m_budget.remaining <= 0) {
            m_scan.limitReached = true;
            return;
        }
        const int wd =
            ::inotify_add_watch(m_budget.inotifyFd, native.constData(), m_budget.mask | IN_ONLYDIR);
        if (wd < 0) {
            if (errno == ENOSPC)
                m_scan.limitReached = true;
            return; // gone meanwhile, or unreadable: the scan says what it can
        }
        --m_budget.remaining;
        m_scan.watches.append({wd, relative});
    }

    void walk(const QString &relative)
    {
        const QByteArray native = QFile::encodeName(absolute(relative));
        addWatch(native, relative);
        DIR *dir = ::opendir(native.constData());
        if (!dir)
            return;
        ++m_scan.folders;
        const int fd = ::dirfd(dir);
        QStringList subfolders;
        while (const dirent *entry = ::readdir(dir)) {
            if (m_cancel && m_cancel->load(std::memory_order_relaxed))
                break;
            const char *name = entry->d_name;
            if (qstrcmp(name, ".") == 0 || qstrcmp(name, "..") == 0)
                continue;
            const QString path = join(relative, QFile::decodeName(name));
            if (entry->d_type == DT_DIR) { // no stat needed: a real folder, never a link
                if (m_rules.recursive && !m_rules.exclude.matches(path, true))
                    subfolders.append(path);
                continue;
            }
            struct stat st;
            if (::fstatat(fd, name, &st, 0) != 0) // follows a link to its target
                continue;
            if (S_ISDIR(st.st_mode)) {
                // A link to a folder (d_type DT_LNK) is not followed; DT_UNKNOWN file systems
                // are checked with lstat.
                struct stat own;
                if (m_rules.recursive && ::fstatat(fd, name, &own, AT_SYMLINK_NOFOLLOW) == 0
                    && S_ISDIR(own.st_mode) && !m_rules.exclude.matches(path, true))
                    subfolders.append(path);
                continue;
            }
            if (!S_ISREG(st.st_mode) || !m_rules.takes(path))
                continue;
            m_scan.files.append({path, qint64(st.st_size), modifiedMs(st)});
        }
        ::closedir(dir);
        for (const QString &sub : std::as_const(subfolders)) {
            if (m_cancel && m_cancel->load(std::memory_order_relaxed))
                return;
            walk(sub);
        }
    }

    const ScanRules &m_rules;
    WatchBudget m_budget;
    const std::atomic_bool *m_cancel;
    FolderScan m_scan;
};
} // namespace

bool ScanRules::takes(const QString &relativePath) const
{
    if (exclude.matches(relativePath, false))
        return false;
    return include.isEmpty() || include.matches(relativePath, false);
}

FolderScan scanFolder(const ScanRules &rules, const QString &from, WatchBudget budget,
                      const std::atomic_bool *cancel)
{
    return Scanner(rules, budget, cancel).run(from);
}

std::optional<ScannedFile> statFile(const QString &path)
{
    struct stat st;
    if (::stat(QFile::encodeName(path).constData(), &st) != 0 || !S_ISREG(st.st_mode))
        return std::nullopt;
    return ScannedFile{QString(), qint64(st.st_size), modifiedMs(st)};
}
