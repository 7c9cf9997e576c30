#pragma once

#include "pendingwrites.h"

#include <QCoreApplication>
#include <QSqlDatabase>
#include <QStringList>

// What a closing TaskStore could not write (its disk still full), in the terms that matter to a
// person about to restart: uploads whose resume point (the upload's address on the server) is not
// on disk, which a restart starts again from the beginning, and uploads that finished but are not
// saved as done, which a later run with the same state folder takes up again. Progress of an
// upload whose address is saved is not a loss: a restart asks the server for its offset.
// Found by comparing what was pending with the rows on disk (which can still be read).
class QueueLoss final {
    Q_DECLARE_TR_FUNCTIONS(QueueLoss)
public:
    // `cause`: why the writes failed ("disk full", or SQLite's words).
    static QueueLoss of(const PendingWrites &pending, const QSqlDatabase &db, const QString &cause);

    bool isEmpty() const { return m_notResuming.isEmpty() && m_notDone.isEmpty(); }
    qsizetype notResuming() const { return m_notResuming.size(); }
    qsizetype notDone() const { return m_notDone.size(); }
    // One or two sentences for stderr, naming the first few files; empty when isEmpty().
    QString message() const;

private:
    static QString names(const QStringList &files);

    QStringList m_notResuming; // display names
    QStringList m_notDone;
    QString m_cause;
};
