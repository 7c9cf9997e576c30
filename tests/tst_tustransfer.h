#pragma once

#include "tusserverprocess.h"

#include <QNetworkAccessManager>
#include <QObject>
#include <QTemporaryDir>

struct TransferJob;

// TusTransfer and TusProtocol against the real @tus/server (tst_tustransfer.cpp) and, for faults
// a real server cannot produce, against a ScriptedServer (tst_tustransfer_faults.cpp).
class TestTusTransfer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    // Against @tus/server
    void uploadsSizes_data();
    void uploadsSizes();
    void uploadsLargeFile();
    void holdsAfterCreateUntilContinued();
    void metadataRoundTrips_data();
    void metadataRoundTrips();
    void resumesPartialUpload();
    void lostUploadIsCreatedAgain();
    void tooLargeForServer();
    void fileTruncatedBetweenChunks();
    void fileTruncatedDuringChunk();
    void missingFile();
    void terminationDeletesUpload();
    void terminationWithoutKnownCapabilities();

    // Against a ScriptedServer, for faults
    void rejectedWithServerWords_data();
    void rejectedWithServerWords();
    void serverErrorIsTransient();
    void retryAfter_data();
    void retryAfter();
    void stalledServer();
    void garbageAnswer();
    void connectionReset();
    void connectionRefused();
    void invalidUrl_data();
    void invalidUrl();
    void badResponses_data();
    void badResponses();
    void checksumSentAndVerified_data();
    void checksumSentAndVerified();
    void checksumMismatchIsConflict();
    void conflictRereadsOffset();
    void repeatedConflictFails();
    void patchOfVanishedUploadCreatesNew();
    void extraHeadersOnEveryRequest();
    void terminationNotOffered();
    void abortEmitsNothingMore();

private:
    static TransferJob job(const QString &path, const QUrl &endpoint, qint64 chunk = 64 * 1024);
    QUrl createPartial(const QByteArray &content, qint64 sent);

    QTemporaryDir m_dir;
    TusServerProcess m_server;
    QNetworkAccessManager m_nam;
};
