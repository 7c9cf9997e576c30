#pragma once

#include "pgindex.h"
#include "pgtestpeer.h"

#include <QRandomGenerator>
#include <QThread>

#include <functional>
#include <memory>
#include <vector>

// What tst_pgindex and tst_pgleases share: a database of the test's own on the shared
// PostgreSQL (PgTestPeer), a PgIndex open on it, and records to put in.
namespace PgIndexTest {
inline QString newId()
{
    const auto half = [] {
        return QByteArray::number(QRandomGenerator::global()->generate64(), 16)
            .rightJustified(16, '0');
    };
    return QString::fromLatin1(half() + half());
}

inline UploadRecord recordOf(const QString &owner, qint64 length)
{
    UploadRecord r;
    r.id = newId();
    r.owner = owner;
    r.length = length;
    r.expires = QDateTime::currentDateTimeUtc().addSecs(3600);
    return r;
}

// Runs `body(i)` on `n` threads at once and waits for all.
inline void onThreads(int n, const std::function<void(int)> &body)
{
    std::vector<std::unique_ptr<QThread>> threads;
    for (int i = 0; i < n; ++i) {
        threads.emplace_back(QThread::create(body, i));
        threads.back()->start();
    }
    for (auto &t : threads)
        t->wait();
}

struct Fixture {
    std::unique_ptr<PgTestPeer> peer;
    std::unique_ptr<PgIndex> index;

    // A new database and an index open on it; false and why otherwise.
    bool start(QString *why)
    {
        if (!PgTestPeer::available(why))
            return false;
        peer = std::make_unique<PgTestPeer>();
        if (!peer->start()) {
            *why = peer->errorString();
            return false;
        }
        index = openIndex();
        return true;
    }
    void stop()
    {
        index.reset();
        peer.reset();
    }
    // Another instance on the same database.
    std::unique_ptr<PgIndex> openIndex(int maxAttempts = 10) const
    {
        PgIndex::Options options;
        options.maxProofAttempts = maxAttempts;
        auto opened = std::make_unique<PgIndex>(peer->address(), options);
        QString error;
        if (!opened->open(&error))
            qWarning() << "open:" << error;
        return opened;
    }
    // A session of the test's own.
    std::unique_ptr<PgConnection> direct() const
    {
        return std::make_unique<PgConnection>(peer->address());
    }
    PgUpload find(const QString &id) const
    {
        PgUpload u;
        PgError error;
        const auto found = index->uploads().find(id, &u, &error);
        if (found != PgUploads::Lookup::Found)
            qWarning() << "find" << id << int(found) << error.message;
        return u;
    }
    PgUploads &uploads() const { return index->uploads(); }
    PgLeases &leases() const { return index->leases(); }
};
} // namespace PgIndexTest
