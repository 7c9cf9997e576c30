#pragma once

#include "pathpatterns.h"
#include "trtext.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

// Turns what a person dropped (files and folders) into the regular files to upload.
// Runs on a worker thread: it only reads the file system and returns values.
struct ExpandedPath {
    QString path;        // absolute path
    QString displayName; // file name, or "folder/sub/file" for files found inside a folder
    qint64 size = 0;
    qint64 modifiedMs = 0;
    TrText rejection; // empty when the path is uploadable; otherwise why not (shown translated)
    QByteArray fingerprint; // quickFingerprint() when asked for (a persistent queue), else empty
};

// Symlinks to files are followed; a symlink to a folder that is already being walked (a loop) is
// refused, as are pipes, sockets, devices, missing and unreadable paths. Results come back in a
// stable order (sorted within each folder). `cancelled`, when set, stops the walk early.
// Inside a dropped folder, what `exclude` matches (by name, or by path inside that folder) is
// left out without a word: an excluded folder is never walked into. A dropped path itself is
// never excluded: the person chose it.
QList<ExpandedPath> expandPaths(const QStringList &paths, const bool *cancelled = nullptr,
                                const PathPatterns &exclude = PathPatterns());

// The same walk, handing its results on in order as it goes, in batches (the first small, later
// ones larger), so that a caller can start on the first files of a large folder while the rest is
// still being walked.
using ExpandedBatch = std::function<void(QList<ExpandedPath> &&batch)>;
void expandPaths(const QStringList &paths, const ExpandedBatch &batch,
                 const bool *cancelled = nullptr, const PathPatterns &exclude = PathPatterns());
