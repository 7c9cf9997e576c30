#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <QVariantMap>

// One folder Hoist keeps uploading from: what appears or changes in it (once settled) goes to
// `target` (any endpoint: http(s) tus or s3://), named `prefix` plus its path inside the folder.
struct WatchedFolder {
    QString folder; // absolute local path
    QUrl target;
    QString prefix; // remote prefix, without leading or trailing slashes; may be empty
    bool recursive = true;
    QStringList include; // PathPatterns; empty: every file
    QStringList exclude; // PathPatterns, on top of the global ones

    // What a file at `relativePath` ("sub/name") inside the folder is called on the server.
    QString remoteName(const QString &relativePath) const;
    // The folder, target and prefix: the identity the ledger keeps uploads under (a folder sent
    // to another target or prefix is a new set of uploads).
    QString key() const;
    bool isValid() const { return !folder.isEmpty() && target.isValid() && !target.isEmpty(); }

    // As kept in settings (a list of maps), and back.
    QVariantMap toMap() const;
    static WatchedFolder fromMap(const QVariantMap &map);
    // A prefix as a person types it ("/backup/photos/"): trimmed of blanks and slashes.
    static QString cleanPrefix(const QString &prefix);

    friend bool operator==(const WatchedFolder &a, const WatchedFolder &b)
    {
        return a.folder == b.folder && a.target == b.target && a.prefix == b.prefix
               && a.recursive == b.recursive && a.include == b.include && a.exclude == b.exclude;
    }
    friend bool operator!=(const WatchedFolder &a, const WatchedFolder &b) { return !(a == b); }
};
Q_DECLARE_METATYPE(WatchedFolder)
