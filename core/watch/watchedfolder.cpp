#include "watchedfolder.h"

#include <QDir>

namespace {
const QString FolderKey = QStringLiteral("folder");
const QString TargetKey = QStringLiteral("target");
const QString PrefixKey = QStringLiteral("prefix");
const QString RecursiveKey = QStringLiteral("recursive");
const QString IncludeKey = QStringLiteral("include");
const QString ExcludeKey = QStringLiteral("exclude");
} // namespace

QString WatchedFolder::remoteName(const QString &relativePath) const
{
    return prefix.isEmpty() ? relativePath : prefix + QLatin1Char('/') + relativePath;
}

QString WatchedFolder::key() const
{
    return folder + QLatin1Char('\n') + target.toString(QUrl::FullyEncoded) + QLatin1Char('\n')
           + prefix;
}

QVariantMap WatchedFolder::toMap() const
{
    return {{FolderKey, folder},   {TargetKey, target.toString(QUrl::FullyEncoded)},
            {PrefixKey, prefix},   {RecursiveKey, recursive},
            {IncludeKey, include}, {ExcludeKey, exclude}};
}

WatchedFolder WatchedFolder::fromMap(const QVariantMap &map)
{
    WatchedFolder f;
    f.folder = map.value(FolderKey).toString();
    f.target = QUrl(map.value(TargetKey).toString(), QUrl::TolerantMode);
    f.prefix = cleanPrefix(map.value(PrefixKey).toString());
    f.recursive = map.value(RecursiveKey, true).toBool();
    f.include = map.value(IncludeKey).toStringList();
    f.exclude = map.value(ExcludeKey).toStringList();
    return f;
}

QString WatchedFolder::cleanPrefix(const QString &prefix)
{
    QString clean = QDir::cleanPath(prefix.trimmed());
    while (clean.startsWith(QLatin1Char('/')))
        clean.remove(0, 1);
    while (clean.endsWith(QLatin1Char('/')))
        clean.chop(1);
    return clean == QLatin1String(".") ? QString() : clean;
}
