#include "uploadledger.h"

#include <QCoreApplication>
#include <QDir>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(UploadLedger)
};
} // namespace

UploadLedger::UploadLedger(const QString &directory, QObject *parent)
    : QObject(parent)
    , m_directory(directory)
    , m_connection(QStringLiteral("hoist-ledger-") + QUuid::createUuid().toString(QUuid::Id128))
{
}

UploadLedger::~UploadLedger()
{
    if (QSqlDatabase::contains(m_connection)) {
        QSqlDatabase::database(m_connection, false).close();
        QSqlDatabase::removeDatabase(m_connection);
    }
}

QString UploadLedger::open()
{
    if (!QDir().mkpath(m_directory))
        return Text::tr("Cannot create the folder %1").arg(m_directory);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    db.setDatabaseName(QDir(m_directory).filePath(fileName()));
    if (!db.open())
        return Text::tr("Cannot open the list of watched uploads: %1").arg(db.lastError().text());
    QSqlQuery q(db);
    for (const char *sql :
         {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL",
          "CREATE TABLE IF NOT EXISTS uploaded (folder TEXT NOT NULL, path TEXT NOT NULL, "
          "size INTEGER NOT NULL, mtime INTEGER NOT NULL, sha256 BLOB, "
          "PRIMARY KEY (folder, path)) WITHOUT ROWID"}) {
        if (!q.exec(QLatin1String(sql)))
            return Text::tr("Cannot open the list of watched uploads: %1")
                .arg(q.lastError().text());
    }
    return {};
}

void UploadLedger::load(const QString &folderKey)
{
    LedgerEntries entries;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT path, size, mtime, sha256 FROM uploaded WHERE folder = ?"));
    q.addBindValue(folderKey);
    if (q.exec()) {
        while (q.next())
            entries.insert(q.value(0).toString(), {q.value(1).toLongLong(), q.value(2).toLongLong(),
                                                   q.value(3).toByteArray()});
    } else {
        Q_EMIT writeFailed(q.lastError().text());
    }
    Q_EMIT loaded(folderKey, entries);
}

void UploadLedger::record(const QList<LedgerRecord> &records)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    if (!db.isOpen() || records.isEmpty())
        return;
    db.transaction();
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO uploaded (folder, path, size, mtime, sha256) "
                             "VALUES (?, ?, ?, ?, ?)"));
    for (const LedgerRecord &r : records) {
        q.addBindValue(r.folderKey);
        q.addBindValue(r.relativePath);
        q.addBindValue(r.entry.size);
        q.addBindValue(r.entry.modifiedMs);
        q.addBindValue(r.entry.sha256.isEmpty() ? QVariant(QMetaType::fromType<QByteArray>())
                                                : QVariant(r.entry.sha256));
        if (!q.exec()) {
            const QString error = q.lastError().text();
            db.rollback();
            Q_EMIT writeFailed(Text::tr("Cannot note a watched upload: %1").arg(error));
            return;
        }
    }
    if (!db.commit())
        Q_EMIT writeFailed(Text::tr("Cannot note a watched upload: %1").arg(db.lastError().text()));
}

LedgerThread::LedgerThread(const QString &directory)
    : m_ledger(new UploadLedger(directory))
{
    m_thread.setObjectName(QStringLiteral("hoist-ledger"));
    m_ledger->moveToThread(&m_thread);
    m_thread.start();
}

LedgerThread::~LedgerThread()
{
    QMetaObject::invokeMethod(
        m_ledger, [ledger = m_ledger] { delete ledger; }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

QString LedgerThread::open()
{
    QString error;
    QMetaObject::invokeMethod(
        m_ledger, [&error, ledger = m_ledger] { error = ledger->open(); },
        Qt::BlockingQueuedConnection);
    return error;
}
