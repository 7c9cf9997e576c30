#include "targetsettings.h"

#include "ifexistsoption.h"

#include <QSettings>

namespace {
// "skip", "overwrite" or "rename", as --if-exists writes them.
const char *const ifExistsKey = "targets/ifExists";
const char *const fileModeKey = "sftp/fileMode";     // octal text: "0644"
const char *const folderModeKey = "sftp/folderMode"; // "0755"
const char *const identityKey = "sftp/identityFile";
const char *const knownHostsKey = "sftp/knownHostsFile";
constexpr int MaxMode = 0777;

QString stored(const char *key)
{
    return QSettings().value(QLatin1String(key)).toString();
}

void store(const char *key, const QString &value)
{
    QSettings().setValue(QLatin1String(key), value);
}
} // namespace

TargetSettings::TargetSettings(QObject *parent)
    : QObject(parent)
{
}

IfExists TargetSettings::ifExists() const
{
    if (m_given.ifExists)
        return *m_given.ifExists;
    const QString word = stored(ifExistsKey);
    if (word == IfExistsOption::toString(IfExists::Ask)) // the window's own: not an option
        return IfExists::Ask;
    return IfExistsOption::parse(word).value_or(IfExists::Overwrite);
}

void TargetSettings::setIfExists(IfExists mode)
{
    store(ifExistsKey, IfExistsOption::toString(mode));
    m_given.ifExists.reset(); // chosen in the window: in force from now on
    Q_EMIT changed();
}

int TargetSettings::fileMode() const
{
    return parseMode(stored(fileModeKey)).value_or(DefaultFileMode);
}

void TargetSettings::setFileMode(int mode)
{
    store(fileModeKey, modeText(mode));
    Q_EMIT changed();
}

int TargetSettings::folderMode() const
{
    return parseMode(stored(folderModeKey)).value_or(DefaultFolderMode);
}

void TargetSettings::setFolderMode(int mode)
{
    store(folderModeKey, modeText(mode));
    Q_EMIT changed();
}

QString TargetSettings::identityFile() const
{
    if (!m_given.identityFile.isEmpty())
        return m_given.identityFile;
    return stored(identityKey);
}

void TargetSettings::setIdentityFile(const QString &path)
{
    store(identityKey, path);
    m_given.identityFile.clear();
    Q_EMIT changed();
}

QString TargetSettings::knownHostsFile() const
{
    if (!m_given.knownHostsFile.isEmpty())
        return m_given.knownHostsFile;
    return stored(knownHostsKey);
}

void TargetSettings::setKnownHostsFile(const QString &path)
{
    store(knownHostsKey, path);
    m_given.knownHostsFile.clear();
    Q_EMIT changed();
}

SshSettings TargetSettings::applied(SshSettings ssh) const
{
    ssh.existingFiles = ifExists();
    ssh.identityFile = identityFile();
    ssh.knownHostsFile = knownHostsFile();
    ssh.fileMode = fileMode();
    ssh.folderMode = folderMode();
    return ssh;
}

std::optional<int> TargetSettings::parseMode(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty() || trimmed.size() > 4)
        return std::nullopt;
    for (const QChar c : trimmed) {
        if (c < QLatin1Char('0') || c > QLatin1Char('7'))
            return std::nullopt;
    }
    bool ok = false;
    const int mode = trimmed.toInt(&ok, 8);
    if (!ok || mode > MaxMode)
        return std::nullopt;
    return mode;
}

QString TargetSettings::modeText(int mode)
{
    return QStringLiteral("%1").arg(mode, 4, 8, QLatin1Char('0'));
}
