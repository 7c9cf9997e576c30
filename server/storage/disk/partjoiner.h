#pragma once

#include "storefailure.h"
#include "uploadrecord.h"

#include <QList>
#include <QString>

class UploadFiles;

// The file of one final upload in the making (the concatenation extension): the parts' bytes
// copied kernel-side (copy_file_range, a reflink where the file system has them) into a new
// file under a fresh id, then the file and its folder entry synced, so that the index may name
// it. Until keep() the file is the joiner's: destroying it removes the file, so a final that is
// refused or fails on the way leaves nothing behind.
class PartJoiner final {
    Q_DISABLE_COPY_MOVE(PartJoiner)
public:
    explicit PartJoiner(const UploadFiles &files);
    ~PartJoiner();

    // Joins `parts` (finished, locked by the caller) in order. False with `failure`.
    bool join(const QList<UploadRecord> &parts, StoreFailure *failure);
    QString id() const { return m_id; }
    QString path() const;
    // The index now names the file: it stays.
    void keep() { m_kept = true; }

private:
    bool copyParts(int out, const QList<UploadRecord> &parts, StoreFailure *failure) const;

    const UploadFiles &m_files;
    QString m_id;
    bool m_kept = false;
};
