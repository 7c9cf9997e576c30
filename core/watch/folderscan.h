#pragma once

#include "pathpatterns.h"

#include <QList>
#include <QPair>
#include <QString>

#include <atomic>
#include <optional>

// A regular file found in a watched folder, as it was when seen.
struct ScannedFile {
    QString relativePath; // "sub/name"
    qint64 size = 0;
    qint64 modifiedMs = 0;
};

// What to walk and which files count: the rules of one watched folder.
struct ScanRules {
    QString root; // absolute path of the watched folder
    bool recursive = true;
    PathPatterns include; // empty: every file
    PathPatterns exclude; // files and folders left out (folders never walked into)
    // Files whose path matches are taken; a path inside an excluded folder never is.
    bool takes(const QString &relativePath) const;
};

// Where a scan adds inotify watches for the folders it walks: the notifier's descriptor and how
// many more watches it may hold (an injected limit; the kernel's is max_user_watches).
struct WatchBudget {
    int inotifyFd = -1; // -1: add none
    int remaining = 0;
    unsigned mask = 0;
};

struct FolderScan {
    QList<ScannedFile> files;
    // Each folder walked that got a watch: (watch descriptor, its path inside the root, "" for it).
    QList<QPair<int, QString>> watches;
    bool limitReached = false; // a watch could not be added: ENOSPC, or the budget ran out
    bool rootMissing = false;
    int folders = 0; // folders walked, the root included
};

// Walks `from` (a folder inside rules.root, "" for the root itself) and what it holds (folders
// too when recursive), listing the regular files the rules take. Symbolic links to folders are
// not followed (a watched tree must not loop); links to files are, as their target. With a
// budget, each folder gets its watch before it is listed, so that nothing created meanwhile is
// missed. Only reads the file system: for a worker thread. `cancel` stops it early.
FolderScan scanFolder(const ScanRules &rules, const QString &from, WatchBudget budget,
                      const std::atomic_bool *cancel = nullptr);

// The size and time of the regular file at `path` (links followed); nothing when it is gone or
// not a regular file.
std::optional<ScannedFile> statFile(const QString &path);
