#include "icons.h"

#include <QApplication>
#include <QImageReader>
#include <QStyle>

namespace {
bool svgAvailable()
{
    static const bool available = QImageReader::supportedImageFormats().contains("svg");
    return available;
}

QIcon load(const char *name, QStyle::StandardPixmap fallback)
{
    if (svgAvailable())
        return QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name)));
    return QApplication::style()->standardIcon(fallback);
}
} // namespace

QIcon Icons::pause()
{
    return load("pause", QStyle::SP_MediaPause);
}
QIcon Icons::resume()
{
    return load("play", QStyle::SP_MediaPlay);
}
QIcon Icons::cancel()
{
    return load("cancel", QStyle::SP_DialogCancelButton);
}
QIcon Icons::retry()
{
    return load("retry", QStyle::SP_BrowserReload);
}
QIcon Icons::addFiles()
{
    return load("add-file", QStyle::SP_FileIcon);
}
QIcon Icons::addFolder()
{
    return load("add-folder", QStyle::SP_DirIcon);
}
QIcon Icons::clear()
{
    return load("clear", QStyle::SP_DialogResetButton);
}
QIcon Icons::token()
{
    return load("token", QStyle::SP_DialogApplyButton);
}
QIcon Icons::check()
{
    return load("check", QStyle::SP_DialogApplyButton);
}
QIcon Icons::copy()
{
    return load("copy", QStyle::SP_FileDialogContentsView);
}
QIcon Icons::settings()
{
    return load("settings", QStyle::SP_FileDialogDetailedView);
}
QIcon Icons::computer()
{
    return load("computer", QStyle::SP_ComputerIcon);
}
QIcon Icons::warning()
{
    return load("warning", QStyle::SP_MessageBoxWarning);
}
QIcon Icons::bucket()
{
    return load("bucket", QStyle::SP_DriveNetIcon);
}
QIcon Icons::sftpServer()
{
    return load("sftp-server", QStyle::SP_ComputerIcon);
}
QIcon Icons::webDavFolder()
{
    return load("webdav-folder", QStyle::SP_DirLinkIcon);
}
QIcon Icons::clearText()
{
    return load("clear-text", QStyle::SP_LineEditClearButton);
}
QIcon Icons::app()
{
    return load("hoist", QStyle::SP_ArrowUp);
}
