#pragma once

#include "uploadstore.h"

#include <QObject>

#include <chrono>
#include <functional>
#include <memory>

// What every UploadStore promises (uploadstore.h, uploadsink.h, uploadsource.h), written against
// the interface only, so that each store runs the same cases: a test program per store makes an
// UploadStoreContract with a factory of fresh, empty, unopened stores of its kind and runs it
// with QTest::qExec (tst_diskuploadstore.cpp for DiskUploadStore).
class UploadStoreContract final : public QObject {
    Q_OBJECT
public:
    using Factory = std::function<std::unique_ptr<UploadStore>(std::chrono::seconds expireAfter,
                                                               std::chrono::seconds keepFinished)>;
    explicit UploadStoreContract(Factory factory, QObject *parent = nullptr);

private slots:
    void init();
    void cleanup();

    void createFindCount();
    void emptyUploadIsFinishedAtOnce();
    void sinkCommitsInPiecesAndSourceReadsBack();
    void rollBackDiscardsWhatWasNotCommitted();
    void sinkDestroyedUncommittedKeepsNothing();
    void commitWithNothingNewPushesExpiryOn();
    void lockIsExclusive();
    void terminateWaitsForTheWriter();
    void removeForgetsAtOnce();
    void quotaAndUnfinishedLimits();
    void uploadLimitCountsFinishedAndEmptyOnes();
    void deferredLengthAndGrowth();
    void concatenateJoinsPartsInOrder();
    void concatenateRefusedKeepsParts();
    void instantCompletionFromVerifiedContent();
    void sweepsSkipLockedUploads();

private:
    // A fresh store, opened; replaces the current one.
    UploadStore &fresh(std::chrono::seconds expireAfter = std::chrono::hours(24),
                       std::chrono::seconds keepFinished = UploadStore::KeepForever);
    std::optional<UploadRecord> make(qint64 length, const QString &owner = {},
                                     UploadRecord::Concat concat = UploadRecord::Concat::None);
    // Writes `bytes` to the locked upload `record` through a sink and commits: the new record.
    std::optional<UploadRecord> store(const UploadRecord &record, const QByteArray &bytes);
    // All bytes of finished upload `record`, read back through a source in odd-sized pieces.
    QByteArray readAll(const UploadRecord &record);

    Factory m_factory;
    std::unique_ptr<UploadStore> m_store;
};
