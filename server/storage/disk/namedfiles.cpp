#include "namedfiles.h"

#include "mtimewire.h"
#include "tuswire.h"
#include "uploadfiles.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStringList>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <memory>
#include <vector>

namespace {
constexpr int MaxTakenSuffix = 999;   // " (2)" ... " (999)"; then place() gives up
constexpr int MaxExtensionBytes = 16; // longer "extensions" are cut like the rest of the name
constexpr mode_t FolderMode = 0755;
constexpr mode_t CopyMode = 0666;   // less the umask: what any new file of the person's gets
constexpr mode_t SharedMode = 0400; // a hard link shares the stored upload's inode
constexpr size_t CompareBlock = 1024 * 1024;

QByteArray encoded(const QString &path)
{
    return QFile::encodeName(path);
}

bool unwanted(char32_t c)
{
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff))
        return true;
    // Bidi overrides, zero-width joiners and the like: they make a name read as another.
    return QChar::category(c) == QChar::Other_Format;
}

bool reserved(char32_t c)
{
    return c == '<' || c == '>' || c == ':' || c == '"' || c == '|' || c == '?' || c == '*';
}

// CON, PRN, AUX, NUL, COM1-9, LPT1-9 (with any extension): devices on Windows, which a synced
// or shared folder may meet.
bool deviceName(const QString &component)
{
    static const QRegularExpression devices(
        QStringLiteral("^(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])(\\..*)?$"),
        QRegularExpression::CaseInsensitiveOption);
    return devices.match(component).hasMatch();
}

// `text` cut to at most `bytes` of UTF-8, at a character boundary.
QString cutToBytes(const QString &text, int bytes)
{
    QString out;
    int used = 0;
    for (const char32_t c : text.toUcs4()) {
        const QString one = QString::fromUcs4(&c, 1);
        const int size = int(one.toUtf8().size());
        if (used + size > bytes)
            break;
        out += one;
        used += size;
    }
    return out;
}

// Leading dots: no ".", no "..", no hidden files; trailing dots and spaces: Windows drops them.
QString trimEnds(QString text)
{
    for (;;) {
        text = text.trimmed();
        if (text.startsWith(QLatin1Char('.')))
            text.remove(0, 1);
        else if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
        else
            return text;
    }
}

QString cleanComponent(const QString &raw)
{
    QString clean;
    for (const char32_t c : raw.toUcs4()) {
        if (unwanted(c))
            continue;
        clean += reserved(c) ? QStringLiteral("_") : QString::fromUcs4(&c, 1);
    }
    clean = trimEnds(clean);
    if (clean.isEmpty())
        return {};
    if (deviceName(clean))
        clean.prepend(QLatin1Char('_'));
    if (clean.toUtf8().size() <= NamedFiles::MaxComponentBytes)
        return clean;
    const int dot = int(clean.lastIndexOf(QLatin1Char('.')));
    const QString extension = dot > 0 ? clean.mid(dot) : QString();
    const int extensionBytes = int(extension.toUtf8().size());
    if (extension.isEmpty() || extensionBytes > MaxExtensionBytes)
        return trimEnds(cutToBytes(clean, NamedFiles::MaxComponentBytes));
    return trimEnds(cutToBytes(clean.left(dot), NamedFiles::MaxComponentBytes - extensionBytes))
           + extension;
}

// "name.ext" as the n-th candidate: "name (n).ext".
QString candidate(const QString &leaf, int n)
{
    if (n == 1)
        return leaf;
    const int dot = int(leaf.lastIndexOf(QLatin1Char('.')));
    const QString suffix = QStringLiteral(" (%1)").arg(n);
    return dot > 0 ? leaf.left(dot) + suffix + leaf.mid(dot) : leaf + suffix;
}

// Descriptors of DIR and of each folder below it on the way to a file, opened without following
// symlinks; closes them all when it goes.
class FolderWalk final {
    Q_DISABLE_COPY_MOVE(FolderWalk)
public:
    FolderWalk() = default;
    ~FolderWalk()
    {
        for (const int fd : m_fds)
            ::close(fd);
    }
    // `create`: makes the folders that are missing.
    bool open(const QString &root, const QStringList &folders, bool create)
    {
        const int rootFd = ::open(encoded(root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (rootFd < 0)
            return false;
        m_fds.push_back(rootFd);
        for (const QString &folder : folders) {
            const QByteArray name = encoded(folder);
            if (create && ::mkdirat(m_fds.back(), name.constData(), FolderMode) != 0
                && errno != EEXIST)
                return false;
            const int fd = ::openat(m_fds.back(), name.constData(),
                                    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (fd < 0)
                return false; // ELOOP or ENOTDIR for a symlink: never followed
            m_fds.push_back(fd);
        }
        return true;
    }
    int leafFolder() const { return m_fds.back(); }
    // Removes the walked folders that are empty, deepest first, down to (not) DIR.
    void removeEmpty(const QStringList &folders)
    {
        for (qsizetype i = folders.size() - 1; i >= 0; --i) {
            if (::unlinkat(m_fds[size_t(i)], encoded(folders.at(i)).constData(), AT_REMOVEDIR) != 0)
                return;
        }
    }

private:
    std::vector<int> m_fds;
};

// Whether descriptors `a` and `b` hold the same bytes (`size` of them), read a block at a time.
bool sameBytes(int a, int b, qint64 size)
{
    QByteArray left(qsizetype(CompareBlock), Qt::Uninitialized);
    QByteArray right(qsizetype(CompareBlock), Qt::Uninitialized);
    for (qint64 done = 0; done < size;) {
        const size_t want = size_t(qMin<qint64>(size - done, qint64(CompareBlock)));
        const ssize_t n = ::pread(a, left.data(), want, done);
        if (n <= 0 || ::pread(b, right.data(), size_t(n), done) != n
            || std::memcmp(left.constData(), right.constData(), size_t(n)) != 0)
            return false;
        done += n;
    }
    return true;
}

// Whether `name` in folder `dirFd` is a regular file (not through a symlink) with exactly the
// content of `source`: the same inode, or the same size and bytes.
bool holdsSameContent(int dirFd, const QByteArray &name, const QString &source)
{
    const int named =
        ::openat(dirFd, name.constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (named < 0)
        return false;
    const int stored = ::open(encoded(source).constData(), O_RDONLY | O_CLOEXEC);
    struct stat a {
    }, b{};
    const bool same =
        stored >= 0 && ::fstat(named, &a) == 0 && ::fstat(stored, &b) == 0 && S_ISREG(a.st_mode)
        && a.st_size == b.st_size
        && ((a.st_dev == b.st_dev && a.st_ino == b.st_ino) || sameBytes(named, stored, a.st_size));
    ::close(named);
    if (stored >= 0)
        ::close(stored);
    return same;
}

// An unnamed new file in `dirFd` holding a copy of `source` (a reflink where the file system offers
// one), synced, with modification time `mtime` when given; `link` gives it its name. Until then
// nothing of it is visible: a full disk, an error or a crash leaves no half copy under any name.
class PendingCopy final {
    Q_DISABLE_COPY_MOVE(PendingCopy)
public:
    PendingCopy(int dirFd, const QString &source, const std::optional<timespec> &mtime)
        : m_dirFd(dirFd)
    {
        const int in = ::open(encoded(source).constData(), O_RDONLY | O_CLOEXEC);
        struct stat st {};
        if (in < 0 || ::fstat(in, &st) != 0) {
            const int saved = errno;
            if (in >= 0)
                ::close(in);
            errno = saved;
            return;
        }
        m_fd = ::openat(dirFd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, CopyMode);
        if (m_fd < 0 && errno != ENOSPC && errno != EDQUOT) {
            // No O_TMPFILE here: a hidden name, taken away again on every way out.
            m_temporary =
                QStringLiteral(".hoist-%1.part")
                    .arg(QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0'));
            m_fd = ::openat(dirFd, encoded(m_temporary).constData(),
                            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, CopyMode);
            if (m_fd < 0)
                m_temporary.clear();
        }
        if (m_fd >= 0) {
            m_ok = ::ioctl(m_fd, FICLONE, in) == 0 ? ::fdatasync(m_fd) == 0
                                                   : UploadFiles::copyContent(in, m_fd, st.st_size);
        }
        const int saved = errno;
        ::close(in);
        if (m_ok && mtime) {
            const timespec times[2] = {{0, UTIME_NOW}, *mtime};
            // Synced too: the name may be the only place the time is kept.
            m_ok = ::futimens(m_fd, times) == 0 && ::fsync(m_fd) == 0;
        }
        errno = saved;
    }
    ~PendingCopy()
    {
        const int saved = errno;
        if (!m_temporary.isEmpty())
            ::unlinkat(m_dirFd, encoded(m_temporary).constData(), 0);
        if (m_fd >= 0)
            ::close(m_fd);
        errno = saved;
    }
    // False with errno (e.g. ENOSPC) when the copy could not be made.
    bool ok() const { return m_ok; }
    // Names the copy `name`; false with errno EEXIST when that is taken (never overwritten).
    bool link(const QByteArray &name) const
    {
        if (!m_temporary.isEmpty())
            return ::linkat(m_dirFd, encoded(m_temporary).constData(), m_dirFd, name.constData(), 0)
                   == 0;
        const QByteArray self = "/proc/self/fd/" + QByteArray::number(m_fd);
        if (::linkat(AT_FDCWD, self.constData(), m_dirFd, name.constData(), AT_SYMLINK_FOLLOW) == 0)
            return true;
        if (errno != ENOENT)
            return false;
        // No /proc: the descriptor itself (needs CAP_DAC_READ_SEARCH).
        return ::linkat(m_fd, "", m_dirFd, name.constData(), AT_EMPTY_PATH) == 0;
    }

private:
    int m_dirFd;
    int m_fd = -1;
    QString m_temporary;
    bool m_ok = false;
};
} // namespace

NamedFiles::NamedFiles(const QString &dir)
    : m_dir(QDir(dir).absolutePath())
{
}

QString NamedFiles::sanitise(const QString &wanted)
{
    static const QRegularExpression separators(QStringLiteral("[/\\\\]"));
    QStringList components;
    for (const QString &raw : wanted.split(separators, Qt::SkipEmptyParts)) {
        const QString clean = cleanComponent(raw);
        if (!clean.isEmpty())
            components << clean;
    }
    if (components.isEmpty())
        return QStringLiteral("upload");
    if (components.size() > MaxDepth)
        components = components.mid(0, MaxDepth - 1) << components.constLast();
    return components.join(QLatin1Char('/'));
}

QString NamedFiles::wantedName(const QByteArray &metadata)
{
    const auto pairs = TusWire::parseMetadata(metadata);
    if (!pairs)
        return {};
    for (const char *key : {"relativePath", "filename", "name"}) {
        for (const auto &[name, value] : *pairs) {
            if (name == key && !value.isEmpty())
                return QString::fromUtf8(value);
        }
    }
    return {};
}

std::optional<timespec> NamedFiles::wantedTime(const QByteArray &metadata)
{
    const auto pairs = TusWire::parseMetadata(metadata);
    if (!pairs)
        return std::nullopt;
    for (const auto &[name, value] : *pairs) {
        if (name != MtimeWire::MetadataKey)
            continue;
        const auto parsed = MtimeWire::parse(value);
        if (!parsed)
            return std::nullopt;
        timespec t{};
        t.tv_sec = time_t(parsed->seconds);
        t.tv_nsec = long(parsed->nanoseconds);
        return t;
    }
    return std::nullopt;
}

QString NamedFiles::place(const QString &source, const QString &wanted, QString *error,
                          const std::optional<timespec> &mtime) const
{
    QStringList folders = sanitise(wanted).split(QLatin1Char('/'));
    const QString leaf = folders.takeLast();
    if (!QDir().mkpath(m_dir)) {
        *error = QStringLiteral("cannot create %1").arg(m_dir);
        return {};
    }
    FolderWalk walk;
    if (!walk.open(m_dir, folders, true)) {
        *error = QStringLiteral("cannot open the folder for %1 in %2: %3")
                     .arg(folders.join(QLatin1Char('/')), m_dir, qt_error_string(errno));
        return {};
    }
    // The person's own copy, with ordinary permissions: editing it can never change the stored
    // upload. Made once a free name is found, and only then.
    std::unique_ptr<PendingCopy> copy;
    bool linkOnly = false;
    for (int n = 1; n <= MaxTakenSuffix; ++n) {
        const QString name = candidate(leaf, n);
        const QByteArray bytes = encoded(name);
        struct stat there {};
        const bool taken =
            ::fstatat(walk.leafFolder(), bytes.constData(), &there, AT_SYMLINK_NOFOLLOW) == 0;
        // The same content under this name already (the same folder added again): that is its
        // name, not a new " (2)".
        if (taken && S_ISREG(there.st_mode) && holdsSameContent(walk.leafFolder(), bytes, source)) {
            folders << name;
            return folders.join(QLatin1Char('/'));
        }
        if (taken)
            continue;
        if (!copy && !linkOnly) {
            copy = std::make_unique<PendingCopy>(walk.leafFolder(), source, mtime);
            if (!copy->ok() && errno != ENOSPC && errno != EDQUOT) {
                *error = QStringLiteral("cannot copy %1 into %2: %3")
                             .arg(source, m_dir, qt_error_string(errno));
                return {};
            }
            if (!copy->ok()) {
                // No room for a copy: the name shares the stored file's inode instead, made
                // read-only before it is shared so that it cannot be written through.
                linkOnly = true;
                ::chmod(encoded(source).constData(), SharedMode);
            }
        }
        const bool done = linkOnly ? ::linkat(AT_FDCWD, encoded(source).constData(),
                                              walk.leafFolder(), bytes.constData(), 0)
                                         == 0
                                   : copy->link(bytes);
        if (done && linkOnly && mtime) {
            const timespec times[2] = {{0, UTIME_NOW}, *mtime};
            ::utimensat(walk.leafFolder(), bytes.constData(), times, AT_SYMLINK_NOFOLLOW);
        }
        if (done) {
            ::fsync(walk.leafFolder());
            folders << name;
            return folders.join(QLatin1Char('/'));
        }
        if (errno != EEXIST) {
            *error = QStringLiteral("cannot place %1 in %2: %3")
                         .arg(name, m_dir, qt_error_string(errno));
            return {};
        }
        --n; // taken meanwhile by another upload: look at it again (it may be this content)
    }
    *error = QStringLiteral("%1 and %2 more like it are taken in %3")
                 .arg(leaf)
                 .arg(MaxTakenSuffix - 1)
                 .arg(m_dir);
    return {};
}

bool NamedFiles::remove(const QString &relative, const QString &source) const
{
    if (relative.isEmpty() || sanitise(relative) != relative)
        return false; // not a path place() made
    QStringList folders = relative.split(QLatin1Char('/'));
    const QByteArray leaf = encoded(folders.takeLast());
    FolderWalk walk;
    if (!walk.open(m_dir, folders, false))
        return errno == ENOENT;
    struct stat named {};
    if (::fstatat(walk.leafFolder(), leaf.constData(), &named, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT; // moved or deleted by its owner: nothing to do
    // Still the stored content (its copy, or a link to it): else its owner changed or replaced
    // it, and it is theirs.
    if (!S_ISREG(named.st_mode) || !holdsSameContent(walk.leafFolder(), leaf, source))
        return false;
    if (::unlinkat(walk.leafFolder(), leaf.constData(), 0) != 0)
        return false;
    walk.removeEmpty(folders);
    return true;
}

QString NamedFiles::absolutePath(const QString &relative) const
{
    return m_dir + QLatin1Char('/') + relative;
}
