#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QThread>

// A version of a watched file that reached its server.
struct LedgerEntry {
    qint64 size = 0;
    qint64 modifiedMs = 0;
    QByteArray sha256; // 32 bytes, or empty when not known
};
using LedgerEntries = QHash<QString, LedgerEntry>; // by path inside the watched folder

struct LedgerRecord {
    QString folderKey; // WatchedFolder::key()
    QString relativePath;
    LedgerEntry entry;
};
Q_DECLARE_METATYPE(LedgerEntry)
Q_DECLARE_METATYPE(LedgerRecord)

// What was uploaded from each watched folder: one SQLite file (watched.db, WAL) beside the
// queue in the state folder, apart from the queue's own database, so that it can be kept,
// moved or deleted on its own (deleting it makes every watched file go up once more). Every
// call must come on the thread the ledger lives on (LedgerThread's); results come back as
// signals.
class UploadLedger final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UploadLedger)
public:
    explicit UploadLedger(const QString &directory, QObject *parent = nullptr);
    ~UploadLedger() override;

    // Creates the folder and the database; an error for a person, or empty.
    QString open();
    // Emits loaded() with every entry of `folderKey`.
    void load(const QString &folderKey);
    // In one transaction: each replaces what was known of its file.
    void record(const QList<LedgerRecord> &records);

    static QString fileName() { return QStringLiteral("watched.db"); }

Q_SIGNALS:
    void loaded(const QString &folderKey, const LedgerEntries &entries);
    void writeFailed(const QString &message);

private:
    QString m_directory;
    QString m_connection;
};

// Runs an UploadLedger on a thread of its own, as StoreThread does the queue.
class LedgerThread final {
    Q_DISABLE_COPY_MOVE(LedgerThread)
public:
    explicit LedgerThread(const QString &directory);
    // Lets every queued write land, closes the database and joins the thread.
    ~LedgerThread();
    // Opens the ledger on its thread and waits: an error for a person, or empty.
    QString open();
    UploadLedger *ledger() const { return m_ledger; }

private:
    QThread m_thread;
    UploadLedger *m_ledger;
};
