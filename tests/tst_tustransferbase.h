#pragma once

#include "testjob.h"
#include "transfer.h"

#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QObject>
#include <QTemporaryDir>

// What TusTransfer's two test programs share: a folder for test files, a network manager, and
// jobs made as the scheduler makes them. tst_tustransfer runs against a real peer (both of them,
// HOIST_TEST_PEER); tst_tustransfer_faults against a ScriptedServer, for faults a real server
// cannot produce.
class TusTransferTestBase : public QObject {
protected:
    static TransferJob job(const QString &path, const QUrl &endpoint, qint64 chunk = 64 * 1024)
    {
        TransferJob job = testJob(path, endpoint);
        job.chunkSize = chunk;
        job.stallTimeoutMs = 20000;
        return job;
    }

    QTemporaryDir m_dir;
    QNetworkAccessManager m_nam;
};
