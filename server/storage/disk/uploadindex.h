#pragma once

#include "storefailure.h"
#include "uploadrecord.h"

#include <QList>
#include <QObject>
#include <QSqlDatabase>
#include <QSqlError>

// hoistd's SQLite index of uploads (WAL, synchronous=FULL: a commit that returned is on disk).
// Like every Qt SQL connection it belongs to the thread that opened it; DiskUploadStore runs it on
// a thread of its own and calls it with blocking queued calls.
class UploadIndex final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UploadIndex)
public:
    explicit UploadIndex(const QString &databasePath, QObject *parent = nullptr);
    ~UploadIndex() override;

    bool open(QString *error);
    void close();

    QList<UploadRecord> all(bool *ok);
    bool insert(const UploadRecord &record);
    // One transaction: `record` in, the rows of `replaced` out (a final upload and its parts).
    bool insertReplacing(const UploadRecord &record, const QStringList &replaced);
    // What changes over an upload's life (length, offset, expiry, content hash, when it
    // finished) as `record` has it, in one commit.
    bool update(const UploadRecord &record);
    bool remove(const QString &id);
    QString lastError() const { return m_lastError; }
    // The last error as a store failure while doing `what`: Full when SQLite had no room.
    StoreFailure failure(const QString &what) const;

private:
    bool exec(const QString &sql);
    bool addColumn(const QString &name, const QString &type); // unless the table has it
    void noteError(const QSqlError &error);

    QString m_path;
    QString m_connection;
    QSqlDatabase m_db;
    QString m_lastError;
    bool m_lastFull = false;
};
