#include "namedfiles.h"

#include "mtimewire.h"
#include "tuswire.h"
#include "uploadfiles.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QStringList>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <vector>

namespace {
constexpr int MaxTakenSuffix = 999;   // " (2)" ... " (999)"; then place() gives up
constexpr int MaxExtensionBytes = 16; // longer "extensions" are cut like the rest of the name
constexpr mode_t FolderMode = 0755;
constexpr mode_t CopyMode = 0644;
constexpr mode_t SharedMode = 0400; // a hard link shares the stored upload's inode

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
            if (::unlinkat(m_fds[size_t(i)], encoded(folders.at(i)).constData(), AT_REMOVEDIR)
                != 0)
                return;
        }
    }

private:
    std::vector<int> m_fds;
};

// Copies `source` into a new file `name` in folder `dirFd`; false with errno EEXIST when taken.
bool copyInto(const QString &source, int dirFd, const QByteArray &name)
{
    const int in = ::open(encoded(source).constData(), O_RDONLY | O_CLOEXEC);
    if (in < 0)
        return false;
    const int out = ::openat(dirFd, name.constData(),
                             O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, CopyMode);
    if (out < 0) {
        const int saved = errno;
        ::close(in);
        errno = saved;
        return false;
    }
    struct stat st {};
    const bool ok = ::fstat(in, &st) == 0 && UploadFiles::copyContent(in, out, st.st_size);
    ::close(in);
    ::close(out);
    if (!ok) {
        ::unlinkat(dirFd, name.constData(), 0);
        errno = EIO;
    }
    return ok;
}
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
    // Read-only before it is shared: no moment where the named file is writable.
    ::chmod(encoded(source).constData(), SharedMode);
    bool linkable = true;
    for (int n = 1; n <= MaxTakenSuffix; ++n) {
        const QString name = candidate(leaf, n);
        const QByteArray bytes = encoded(name);
        bool done = linkable
            && ::linkat(AT_FDCWD, encoded(source).constData(), walk.leafFolder(), bytes.constData(),
                        0)
                == 0;
        if (!done && linkable && errno != EEXIST)
            linkable = false; // EXDEV, EPERM, EMLINK...: copy from now on, this name again
        if (!done && !linkable && errno != EEXIST)
            done = copyInto(source, walk.leafFolder(), bytes);
        if (done && mtime) {
            // Access time now; the name was just made in a folder opened without following
            // symlinks, and the call follows none either.
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
    struct stat stored {};
    const bool haveStored = ::stat(encoded(source).constData(), &stored) == 0;
    const bool same = haveStored && named.st_dev == stored.st_dev && named.st_ino == stored.st_ino;
    const bool copy = haveStored && !same && named.st_nlink == 1 && named.st_size == stored.st_size;
    if (!S_ISREG(named.st_mode) || !(same || copy))
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
