#include "regularfile.h"

#include <QCoreApplication>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RegularFile)
};

} // namespace

TrText notRegularFileText(unsigned mode)
{
    if (S_ISREG(mode))
        return {};
    const auto text = [](const char *source) { return TrText("RegularFile", source); };
    const TrText kind = S_ISDIR(mode)    ? text(QT_TRANSLATE_NOOP("RegularFile", "a folder"))
                        : S_ISFIFO(mode) ? text(QT_TRANSLATE_NOOP("RegularFile", "named pipe"))
                        : S_ISSOCK(mode) ? text(QT_TRANSLATE_NOOP("RegularFile", "socket"))
                        : S_ISCHR(mode) ? text(QT_TRANSLATE_NOOP("RegularFile", "character device"))
                        : S_ISBLK(mode) ? text(QT_TRANSLATE_NOOP("RegularFile", "block device"))
                                        : text(QT_TRANSLATE_NOOP("RegularFile", "unknown type"));
    return text(QT_TRANSLATE_NOOP("RegularFile", "not a regular file (%1)")).arg(kind);
}

QString notRegularFileReason(unsigned mode)
{
    return notRegularFileText(mode).toString();
}

QString fileErrorText(int error)
{
    if (error == ENOENT || error == ENOTDIR)
        return Text::tr("no such file or folder");
    if (error == EACCES || error == EPERM)
        return Text::tr("permission denied");
    return QString::fromLocal8Bit(std::strerror(error));
}

bool openRegularFile(QFile &file, const QString &path, QString *problem)
{
    const auto say = [problem](const QString &why) {
        if (problem)
            *problem = why;
        return false;
    };
    // O_NONBLOCK: open() of a FIFO returns at once instead of waiting for a writer. It changes
    // nothing for a regular file's reads, and is cleared below all the same.
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return say(fileErrorText(errno));
    struct stat st;
    if (::fstat(fd, &st) != 0) {
        const QString why = fileErrorText(errno);
        ::close(fd);
        return say(why);
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        return say(notRegularFileReason(st.st_mode));
    }
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    if (!file.open(fd, QIODevice::ReadOnly | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle)) {
        const QString why = file.errorString();
        ::close(fd);
        return say(why);
    }
    return true;
}
