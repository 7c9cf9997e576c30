#pragma once

#include "uploadrecord.h"

#include <QHash>
#include <QMultiHash>
#include <QStringList>

// The uploads UploadStore holds, in memory, and the lookups it needs, kept in step with every
// change in one place (put() and take()): by id, and finished uploads by their verified content
// hash (instant upload). Not thread-safe: the store calls it under its own mutex.
class UploadTable final {
public:
    // nullptr when there is none.
    const UploadRecord *find(const QString &id) const;
    bool contains(const QString &id) const { return m_records.contains(id); }
    // Adds `record`, or replaces the one with its id.
    void put(const UploadRecord &record);
    // Removes and returns the upload; a record without id when there was none.
    UploadRecord take(const QString &id);
    qsizetype size() const { return m_records.size(); }
    const QHash<QString, UploadRecord> &all() const { return m_records; }

    // Finished uploads whose verified SHA-256 is `digest`.
    QStringList withContent(const QByteArray &digest) const;

private:
    void unindex(const UploadRecord &record);
    void index(const UploadRecord &record);

    QHash<QString, UploadRecord> m_records;
    QMultiHash<QByteArray, QString> m_byContent; // verified SHA-256 -> finished uploads
};
