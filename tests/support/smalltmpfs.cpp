#include "smalltmpfs.h"

#include <QProcess>

#include <unistd.h>

namespace {
bool run(const QStringList &args, QString *error)
{
    QProcess process;
    process.start(QStringLiteral("mount"), args);
    if (!process.waitForFinished(30000) || process.exitStatus() != QProcess::NormalExit
        || process.exitCode() != 0) {
        *error = QStringLiteral("mount %1: %2 %3")
                     .arg(args.join(QLatin1Char(' ')), process.errorString(),
                          QString::fromLocal8Bit(process.readAllStandardError()).trimmed());
        return false;
    }
    return true;
}

QString sizeOption(qint64 bytes)
{
    return QStringLiteral("size=%1k").arg(qMax<qint64>(1, bytes / 1024));
}
} // namespace

SmallTmpfs::~SmallTmpfs()
{
    if (!m_mounted)
        return;
    QProcess::execute(QStringLiteral("umount"), {QStringLiteral("-l"), m_dir.path()});
}

bool SmallTmpfs::mount(qint64 bytes, QString *whyNot)
{
    if (::geteuid() != 0) {
        *whyNot =
            QStringLiteral("mounting a small tmpfs needs root (the CI's fixtures run as root)");
        return false;
    }
    if (!m_dir.isValid()) {
        *whyNot = QStringLiteral("no temporary folder to mount on");
        return false;
    }
    if (!run({QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
              sizeOption(bytes), QStringLiteral("tmpfs"), m_dir.path()},
             whyNot))
        return false;
    m_mounted = true;
    return true;
}

bool SmallTmpfs::grow(qint64 bytes, QString *error)
{
    return run({QStringLiteral("-o"), QStringLiteral("remount,") + sizeOption(bytes), m_dir.path()},
               error);
}
