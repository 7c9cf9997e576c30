#pragma once

#include <QByteArray>
#include <QString>

// A cheap identity for a file, to tell before resuming whether it is still what was queued:
// SHA-256 over the size (8 bytes, little-endian), the first 64 KiB and the last 64 KiB (a file of
// 128 KiB or less: the whole file, once). A change between those two windows of a larger file
// goes unseen here; size and modification time are checked alongside it for that.
// Empty when the file cannot be opened or read. A pure function: safe on any thread.
QByteArray quickFingerprint(const QString &path, qint64 size);

// What a file is now, to compare with what was queued before sending more of it: whether it is a
// regular file, its size, its modification time and its quickFingerprint(). Reads 128 KiB, so
// call it off the GUI thread for files on slow disks.
struct FileIdentity {
    bool exists = false;
    qint64 size = 0;
    qint64 modifiedMs = 0;
    QByteArray fingerprint;

    static FileIdentity of(const QString &path);
};
