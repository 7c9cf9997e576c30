#pragma once

#include "storefailure.h"

#include <QString>
#include <QStringList>

// The folder that holds the uploads' bytes, one file per upload named by its id (32 lower-case
// hex digits, made here; nothing a client sends becomes a path), and the file-system steps
// DiskUploadStore takes on it. Each step syncs what it must (the file, the folder's entry) before
// it returns, so that the store can keep the order diskuploadstore.h describes. Holds no state but
// the folder's path: safe from any thread.
class UploadFiles final {
public:
    explicit UploadFiles(const QString &dir);

    QString dir() const { return m_dir; }
    QString path(const QString &id) const;
    bool makeFolder() const;
    // The names in the folder, hidden ones included (leftovers of a crash).
    QStringList names() const;
    static bool isUploadId(const QString &name);
    // The first `length` bytes of descriptor `in` to `out` (kernel-side where it can), then
    // fdatasync'd; errno says why when false.
    static bool copyContent(int in, int out, qint64 length);

    // A new file under a fresh random id, opened for writing (O_EXCL): its descriptor, -1 with a
    // `failure`. Nothing is synced yet.
    int createNew(QString *id, StoreFailure *failure) const;
    // A new empty file, synced with its folder entry; its id, or an empty string and `failure`.
    QString createEmpty(StoreFailure *failure) const;
    bool syncFolder() const;
    void remove(const QString &id) const;

    // open()'s repair of a file longer than its recorded offset: cut back to `keep` bytes and
    // synced. A file sharing its inode with another upload (a crash between placeContentOf()
    // and the index commit) first gets its own copy, so the other upload is never touched.
    bool cutBack(const QString &id, qint64 keep) const;
    // Instant upload: `id`'s file replaced by the content of `sourceId` (`length` bytes), a hard
    // link where it can (finished uploads are never written again), else a copy; synced.
    bool placeContentOf(const QString &sourceId, const QString &id, qint64 length,
                        StoreFailure *failure) const;
    // Undoes placeContentOf() when the index could not record it: a new empty file in `id`'s
    // place, so that no PATCH can write into an inode another upload shares.
    bool emptyAgain(const QString &id) const;

private:
    QString m_dir;
};
