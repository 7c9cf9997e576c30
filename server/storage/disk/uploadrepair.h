#pragma once

#include "uploadrecord.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

class UploadFiles;

// What DiskUploadStore::open() does about what a crash can leave (see diskuploadstore.h): each
// index row against its file. A file longer than its recorded offset is cut back to it; a shorter
// one lowers the offset to what is there; a row without a file is forgotten; an old row without a
// finish time gets one. Touches the files only; the store applies the outcome to its index.
class UploadRepair final {
public:
    struct Outcome {
        QList<UploadRecord> kept;    // every row that stays, as repaired
        QList<UploadRecord> changed; // those of `kept` the index must be told about
        QStringList forgotten;       // ids of rows to drop from the index
        QStringList repairs;         // one sentence each, for the log
    };

    explicit UploadRepair(const UploadFiles &files);

    // False with a sentence in `error` when a file cannot be cut back (the store must not open).
    bool reconcile(const QList<UploadRecord> &rows, Outcome *out, QString *error) const;
    // Deletes the files no row names (`known` says which do); a sentence for each.
    QStringList deleteStrays(const std::function<bool(const QString &id)> &known) const;

private:
    const UploadFiles &m_files;
};
