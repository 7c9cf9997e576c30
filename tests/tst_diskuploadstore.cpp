// DiskUploadStore: the UploadStore contract (uploadstorecontract.h) on a fresh folder per case,
// then what only the disk store promises: what a sink commits is in the file, a roll-back cuts
// the file back to the committed offset, a source hands over its descriptor, and a reopened store
// finds what was committed.
#include "uploadstorecontract.h"

#include "diskuploadstore.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

#include <vector>

class TestDiskUploadStore final : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void commitPutsBytesInTheFile();
    void rollBackCutsTheFileBack();
    void sourceHandsOverItsDescriptor();
    void reopenedStoreKeepsWhatWasCommitted();

private:
    DiskUploadStore &open();
    std::optional<UploadRecord> make(qint64 length);
    QByteArray fileOf(const QString &id) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<DiskUploadStore> m_store;
};

void TestDiskUploadStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    open();
}

void TestDiskUploadStore::cleanup()
{
    m_store.reset();
    m_dir.reset();
}

DiskUploadStore &TestDiskUploadStore::open()
{
    m_store.reset();
    m_store = std::make_unique<DiskUploadStore>(m_dir->path(), std::chrono::hours(1));
    QString error;
    if (!m_store->open(&error))
        qFatal("cannot open the store: %s", qPrintable(error));
    return *m_store;
}

std::optional<UploadRecord> TestDiskUploadStore::make(qint64 length)
{
    UploadStore::Refusal refusal;
    StoreFailure error;
    return m_store->create(length, {}, {}, {}, UploadRecord::Concat::None, {}, &refusal, &error);
}

QByteArray TestDiskUploadStore::fileOf(const QString &id) const
{
    QFile file(m_store->filePath(id));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<none>");
}

void TestDiskUploadStore::commitPutsBytesInTheFile()
{
    const auto made = make(10);
    QVERIFY(made && m_store->tryLock(made->id));
    QCOMPARE(m_store->filePath(made->id), m_dir->filePath(QStringLiteral("uploads/") + made->id));
    StoreFailure error;
    auto sink = m_store->openSink(*made, &error);
    QVERIFY(sink && sink->write("01234", 5));
    QVERIFY(sink->commit());
    QCOMPARE(fileOf(made->id), QByteArray("01234"));
    sink.reset();
    m_store->unlock(made->id);
}

void TestDiskUploadStore::rollBackCutsTheFileBack()
{
    const auto made = make(10);
    QVERIFY(made && m_store->tryLock(made->id));
    StoreFailure error;
    auto sink = m_store->openSink(*made, &error);
    QVERIFY(sink && sink->write("0123", 4));
    QVERIFY(sink->commit());
    QVERIFY(sink->write("abcdef", 6));
    QCOMPARE(QFileInfo(m_store->filePath(made->id)).size(), 10);
    sink->rollBack();
    QCOMPARE(fileOf(made->id), QByteArray("0123"));
    QVERIFY(sink->write("xy", 2));
    sink.reset(); // uncommitted: rolled back as well
    QCOMPARE(fileOf(made->id), QByteArray("0123"));
    m_store->unlock(made->id);
}

void TestDiskUploadStore::sourceHandsOverItsDescriptor()
{
    const auto made = make(3);
    QVERIFY(made && m_store->tryLock(made->id));
    StoreFailure error;
    auto sink = m_store->openSink(*made, &error);
    QVERIFY(sink && sink->write("abc", 3));
    const auto done = sink->commit();
    QVERIFY(done);
    sink.reset();
    m_store->unlock(made->id);
    auto source = m_store->openSource(*done);
    QVERIFY(source);
    const int fd = source->takeFileDescriptor();
    QVERIFY(fd >= 0);
    QCOMPARE(source->takeFileDescriptor(), -1); // handed over once
    source.reset();                             // does not close what it handed over
    char bytes[3];
    QCOMPARE(::pread(fd, bytes, 3, 0), ssize_t(3));
    ::close(fd);
    QCOMPARE(QByteArray(bytes, 3), QByteArray("abc"));
    // A file shorter than its record (the storage lost it) offers no source.
    QVERIFY(QFile::resize(m_store->filePath(made->id), 2));
    QVERIFY(!m_store->openSource(*done));
}

void TestDiskUploadStore::reopenedStoreKeepsWhatWasCommitted()
{
    const auto made = make(10);
    QVERIFY(made && m_store->tryLock(made->id));
    StoreFailure error;
    auto sink = m_store->openSink(*made, &error);
    QVERIFY(sink && sink->write("012345", 6));
    QVERIFY(sink->commit());
    sink.reset();
    m_store->unlock(made->id);
    open();
    UploadRecord found;
    QCOMPARE(m_store->find(made->id, &found), UploadStore::Lookup::Found);
    QCOMPARE(found.offset, 6);
    QVERIFY(m_store->repairs().isEmpty());
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    std::vector<std::unique_ptr<QTemporaryDir>> dirs; // each store's folder, to the end
    UploadStoreContract contract([&dirs](std::chrono::seconds expireAfter,
                                         std::chrono::seconds keepFinished) {
        dirs.push_back(std::make_unique<QTemporaryDir>());
        return std::make_unique<DiskUploadStore>(dirs.back()->path(), expireAfter, keepFinished);
    });
    int status = QTest::qExec(&contract, argc, argv);
    TestDiskUploadStore disk;
    status |= QTest::qExec(&disk, argc, argv);
    return status;
}

#include "tst_diskuploadstore.moc"
