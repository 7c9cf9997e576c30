#include "pathexpander.h"

#include "naturalorder.h"
#include "regularfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#ifndef Q_OS_UNIX
#error "expandPaths needs POSIX lstat/stat: QFileInfo cannot tell a pipe or socket from a file"
#endif

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using FileId = std::pair<dev_t, ino_t>;

// Free functions have no tr(): this gives them one, under the context lupdate files them in. The
// reasons stay untranslated (TrText) until shown.
TrText text(const char *source)
{
    return TrText("PathExpander", source);
}

TrText reasonFor(int error)
{
    switch (error) {
    case ENOENT:
    case ENOTDIR:
        return text(QT_TRANSLATE_NOOP("PathExpander", "no such file or folder"));
    case EACCES:
    case EPERM:
        return text(QT_TRANSLATE_NOOP("PathExpander", "permission denied"));
    case ELOOP:
        return text(QT_TRANSLATE_NOOP("PathExpander", "symbolic link loop"));
    default:
        return qt_error_string(error);
    }
}

qint64 modifiedMs(const struct stat &st)
{
#ifdef Q_OS_DARWIN
    const auto &t = st.st_mtimespec;
#else
    const auto &t = st.st_mtim;
#endif
    return qint64(t.tv_sec) * 1000 + qint64(t.tv_nsec) / 1000000;
}

QString canonicalPath(const QString &path)
{
    char buffer[PATH_MAX];
    if (!::realpath(QFile::encodeName(path).constData(), buffer))
        return {};
    return QFile::decodeName(buffer);
}

bool isSameOrInside(const QString &path, const QString &folder)
{
    if (path == folder)
        return true;
    const QString prefix = folder.endsWith(QLatin1Char('/')) ? folder : folder + QLatin1Char('/');
    return path.startsWith(prefix);
}

// Results are handed on in batches of FirstBatch, growing twice each time up to LastBatch: the
// first files of a folder of 100,000 reach the queue at once, and later batches cost few calls.
constexpr qsizetype FirstBatch = 32;
constexpr qsizetype LastBatch = 4096;

class Walker {
public:
    Walker(const bool *cancelled, QStringList roots, const PathPatterns &exclude,
           const ExpandedBatch &batch)
        : m_cancelled(cancelled)
        , m_roots(std::move(roots))
        , m_exclude(exclude)
        , m_batch(batch)
    {
    }

    bool isCancelled() const { return m_cancelled && *m_cancelled; }
    // Hands on what is left.
    void finish()
    {
        if (!m_results.isEmpty())
            m_batch(std::exchange(m_results, {}));
    }

    void reject(const QString &path, const QString &displayName, const TrText &reason)
    {
        ExpandedPath entry;
        entry.path = path;
        entry.displayName = displayName;
        entry.rejection = reason;
        add(std::move(entry));
    }

    // topLevel: a dropped path, already checked against the other dropped paths; a dropped link to
    // a folder is a root itself, so it must not be refused as a loop onto that root.
    // `relative`: the path inside the dropped folder, empty for a dropped path itself.
    void visit(const QString &path, const QString &displayName, const QString &relative = {},
               bool topLevel = false)
    {
        const QByteArray native = QFile::encodeName(path);
        struct stat st;
        if (::lstat(native.constData(), &st) != 0)
            return reject(path, displayName, reasonFor(errno));

        const bool isLink = S_ISLNK(st.st_mode);
        if (isLink && ::stat(native.constData(), &st) != 0) {
            const int error = errno;
            return reject(path, displayName,
                          error == ENOENT || error == ENOTDIR
                              ? text(QT_TRANSLATE_NOOP("PathExpander", "broken symbolic link"))
                              : reasonFor(error));
        }

        if (!relative.isEmpty() && m_exclude.matches(relative, S_ISDIR(st.st_mode)))
            return;
        if (S_ISREG(st.st_mode)) {
            if (::access(native.constData(), R_OK) != 0)
                return reject(path, displayName, reasonFor(errno));
            ExpandedPath entry;
            entry.path = path;
            entry.displayName = displayName;
            entry.size = qint64(st.st_size);
            entry.modifiedMs = modifiedMs(st);
            add(std::move(entry));
            return;
        }
        if (!S_ISDIR(st.st_mode))
            return reject(path, displayName, notRegularFileText(st.st_mode));

        const FileId id{st.st_dev, st.st_ino};
        if (isLink && !topLevel) {
            // A link to a folder that a dropped folder contains (an ancestor included) would upload
            // those files twice or, for an ancestor, forever; so would a second link to one folder.
            const QString target = canonicalPath(path);
            const bool covered =
                std::any_of(m_roots.cbegin(), m_roots.cend(),
                            [&](const QString &root) { return isSameOrInside(target, root); });
            if (covered || m_visited.count(id))
                return reject(
                    path, displayName,
                    text(QT_TRANSLATE_NOOP("PathExpander",
                                           "symbolic link loop: %1 is already being uploaded"))
                        .arg(target.isEmpty() ? path : target));
        } else if (!isLink
                   && std::find(m_ancestors.cbegin(), m_ancestors.cend(), id)
                          != m_ancestors.cend()) {
            // Only a bind mount can make a real folder its own descendant.
            return reject(
                path, displayName,
                text(QT_TRANSLATE_NOOP("PathExpander", "folder loop: %1 is already being uploaded"))
                    .arg(path));
        }
        walkFolder(path, displayName, relative, id);
    }

private:
    void add(ExpandedPath &&entry)
    {
        m_results.append(std::move(entry));
        if (m_results.size() < m_batchSize)
            return;
        m_batch(std::exchange(m_results, {}));
        m_batchSize = qMin(LastBatch, 2 * m_batchSize);
    }

    void walkFolder(const QString &path, const QString &displayName, const QString &relative,
                    const FileId &id)
    {
        DIR *dir = ::opendir(QFile::encodeName(path).constData());
        if (!dir)
            return reject(path, displayName, reasonFor(errno));
        QStringList names;
        while (const dirent *entry = ::readdir(dir)) {
            const char *name = entry->d_name;
            if (qstrcmp(name, ".") != 0 && qstrcmp(name, "..") != 0)
                names.append(QFile::decodeName(name));
        }
        ::closedir(dir);

        // As a person numbers files ("img_2" before "img_10"), without case, then exact: a stable
        // order that does not depend on the locale.
        std::sort(names.begin(), names.end(),
                  [](const QString &a, const QString &b) { return naturalCompare(a, b) < 0; });

        m_visited.insert(id);
        m_ancestors.push_back(id);
        const QString base = path.endsWith(QLatin1Char('/')) ? path : path + QLatin1Char('/');
        for (const QString &name : std::as_const(names)) {
            if (isCancelled())
                break;
            visit(base + name, displayName + QLatin1Char('/') + name,
                  relative.isEmpty() ? name : relative + QLatin1Char('/') + name);
        }
        m_ancestors.pop_back();
    }

    const bool *m_cancelled;
    const QStringList m_roots; // canonical paths of the dropped folders
    const PathPatterns m_exclude;
    std::set<FileId> m_visited;      // every folder walked so far
    std::vector<FileId> m_ancestors; // the folders of the current walk, outermost first
    const ExpandedBatch &m_batch;
    qsizetype m_batchSize = FirstBatch;
    QList<ExpandedPath> m_results; // not yet handed on
};

bool isReadableFolder(const QString &path)
{
    struct stat st;
    const QByteArray native = QFile::encodeName(path);
    return ::stat(native.constData(), &st) == 0 && S_ISDIR(st.st_mode)
           && ::access(native.constData(), R_OK | X_OK) == 0;
}

} // namespace

QList<ExpandedPath> expandPaths(const QStringList &paths, const bool *cancelled,
                                const PathPatterns &exclude)
{
    QList<ExpandedPath> all;
    expandPaths(
        paths, [&all](QList<ExpandedPath> &&batch) { all.append(std::move(batch)); }, cancelled,
        exclude);
    return all;
}

void expandPaths(const QStringList &paths, const ExpandedBatch &batch, const bool *cancelled,
                 const PathPatterns &exclude)
{
    QStringList absolute;
    QStringList canonical;
    QStringList roots;
    for (const QString &path : paths) {
        // cleanPath drops a trailing slash, which would otherwise make lstat follow a link.
        absolute.append(path.isEmpty() ? QString()
                                       : QDir::cleanPath(QFileInfo(path).absoluteFilePath()));
        canonical.append(absolute.constLast().isEmpty() ? QString()
                                                        : canonicalPath(absolute.constLast()));
        roots.append(isReadableFolder(absolute.constLast()) ? canonical.constLast() : QString());
    }

    Walker walker(
        cancelled,
        [&] {
            QStringList nonEmpty = roots;
            nonEmpty.removeAll(QString());
            return nonEmpty;
        }(),
        exclude, batch);

    for (qsizetype i = 0; i < absolute.size() && !walker.isCancelled(); ++i) {
        const QString &path = absolute.at(i);
        QString displayName = QFileInfo(path).fileName();
        if (displayName.isEmpty())
            displayName = path.isEmpty() ? paths.at(i) : path; // "/" has no file name
        if (path.isEmpty()) {
            walker.reject(path, displayName,
                          text(QT_TRANSLATE_NOOP("PathExpander", "no such file or folder")));
            continue;
        }

        // The same file or folder dropped twice, or dropped along with a folder holding it, would
        // be uploaded twice: keep the first, or the one inside the enclosing folder.
        const QString &self = canonical.at(i);
        qsizetype coveredBy = -1;
        for (qsizetype j = 0; j < absolute.size() && coveredBy < 0 && !self.isEmpty(); ++j) {
            if (j == i)
                continue;
            if (canonical.at(j) == self
                    ? j < i
                    : !roots.at(j).isEmpty() && isSameOrInside(self, roots.at(j)))
                coveredBy = j;
        }
        if (coveredBy >= 0) {
            walker.reject(path, displayName,
                          canonical.at(coveredBy) == self
                              ? text(QT_TRANSLATE_NOOP("PathExpander", "already being uploaded"))
                              : text(QT_TRANSLATE_NOOP("PathExpander",
                                                       "already being uploaded as part of %1"))
                                    .arg(absolute.at(coveredBy)));
            continue;
        }
        walker.visit(path, displayName, {}, true);
    }
    walker.finish();
}
