#pragma once

#include "uploadrecord.h"

#include <QHash>
#include <QMultiHash>
#include <QStringList>

#include <set>
#include <utility>

// The uploads DiskUploadStore holds, in memory, and the lookups it needs, kept in step with every
// change in one place (put() and take()): by id; finished uploads by their verified content hash
// (instant upload) and by when they finished (--keep-finished); unfinished ones by their expiry
// and counted per owner (the limit on unfinished uploads). Each lookup costs O(1) or O(log n)
// plus what it returns, never a walk over all uploads. Not thread-safe: the store calls it under
// its own mutex.
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
    // The final upload of `owner` made of exactly `parts`; empty when none (a walk: asked only
    // when a final POST is repeated).
    QString finalOf(const QStringList &parts, const QString &owner) const;
    // Unfinished uploads of `owner`, expired ones included until they are taken out.
    int unfinished(const QString &owner) const { return m_unfinished.value(owner); }
    // Uploads of `owner`, finished or not (the limit on uploads held).
    int owned(const QString &owner) const { return m_owned.value(owner); }
    // Uploads whose named file is `namedPath` (the same content sent twice shares one name).
    int namedUsers(const QString &namedPath) const { return m_namedUsers.value(namedPath); }
    // Finished uploads of every owner (offset == length).
    qsizetype finished() const { return m_finishedCount; }
    // Unfinished uploads whose expiry is at or before `now`, soonest first, at most `max`.
    QStringList expiredBy(const QDateTime &now, int max) const;
    // Finished uploads that finished before `time`, oldest first, at most `max`.
    QStringList finishedBefore(const QDateTime &time, int max) const;

private:
    using TimeIndex = std::set<std::pair<qint64, QString>>; // (ms since the epoch, id)
    void unindex(const UploadRecord &record);
    void index(const UploadRecord &record);
    static QStringList upTo(const TimeIndex &index, qint64 last, int max);

    QHash<QString, UploadRecord> m_records;
    QMultiHash<QByteArray, QString> m_byContent; // verified SHA-256 -> finished uploads
    QHash<QString, int> m_unfinished;            // owner -> unfinished uploads
    QHash<QString, int> m_owned;                 // owner -> uploads, finished or not
    TimeIndex m_byExpiry;                        // unfinished uploads with an expiry
    TimeIndex m_byFinish;                        // finished uploads with a finish time
    QHash<QString, int> m_namedUsers;            // named path -> uploads that have it
    qsizetype m_finishedCount = 0;
};
