// sha256File: known digests, against OpenSSL's own command-line tool, progress, cancellation and
// the files it must refuse.
#include "crc32coracle.h"
#include "testfiles.h"

#include "crc32c.h"
#include "filehasher.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFutureWatcher>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

#include <sys/stat.h>
#include <unistd.h>

namespace {
constexpr qint64 MiB = 1024 * 1024;

QString writeFile(const QString &dir, const QString &name, const QByteArray &bytes)
{
    QFile f(dir + QLatin1Char('/') + name);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return f.fileName();
}

// What `openssl dgst -sha256 -r FILE` prints (lower-case hex), or empty if it could not run.
QByteArray opensslDigest(const QString &path)
{
    QProcess p;
    p.start(QStringLiteral("openssl"),
            {QStringLiteral("dgst"), QStringLiteral("-sha256"), QStringLiteral("-r"), path});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return {};
    return p.readAllStandardOutput().split(' ').value(0).trimmed();
}
} // namespace

class tst_FileHasher : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void knownVectors_data();
    void knownVectors();
    void sizes_data();
    void sizes();
    void matchesOpensslTool();
    void progressIsMonotonicAndEndsAtSize();
    void cancelStopsEarly();
    void missingFile();
    void unreadableFile();
    void directoryIsRefused();
    void wrongExpectedSizeIsChanged();
    void truncatedWhileHashing();
    void severalDigestsOfARangeInOneRead();
    void crc32cKnownVectors();
    void crc32cCodePathsAgree();

private:
    QTemporaryDir m_dir;
};

void tst_FileHasher::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void tst_FileHasher::knownVectors_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QByteArray>("hex");
    // FIPS 180-2 examples.
    QTest::newRow("empty")
        << QByteArray()
        << QByteArray("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    QTest::newRow("abc") << QByteArray(
        "abc") << QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    QTest::newRow("448 bits")
        << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        << QByteArray("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    QTest::newRow("a million a") << QByteArray(
        1000000,
        'a') << QByteArray("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

void tst_FileHasher::knownVectors()
{
    QFETCH(QByteArray, content);
    QFETCH(QByteArray, hex);
    const QString path =
        writeFile(m_dir.path(), QString::fromLatin1(QTest::currentDataTag()), content);
    QVERIFY(!path.isEmpty());
    const FileHash h = sha256File(path, content.size());
    QVERIFY2(h.ok(), qPrintable(h.error));
    QCOMPARE(h.hex(), hex);
    QCOMPARE(h.digest.size(), 32);
    QCOMPARE(h.bytes, qint64(content.size()));
    // Without an expected size too.
    QCOMPARE(sha256File(path).hex(), hex);
}

void tst_FileHasher::sizes_data()
{
    // Around the 1 MiB block the hasher reads in.
    QTest::addColumn<qint64>("size");
    for (qint64 size : {qint64(1), MiB - 1, MiB, MiB + 1, MiB + 7, 3 * MiB + 12345})
        QTest::newRow(qPrintable(QString::number(size))) << size;
}

void tst_FileHasher::sizes()
{
    QFETCH(qint64, size);
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("s%1").arg(size), size, 3);
    QVERIFY(!path.isEmpty());
    const FileHash h = sha256File(path, size);
    QVERIFY2(h.ok(), qPrintable(h.error));
    QCOMPARE(h.digest, QCryptographicHash::hash(testContent(size, 3), QCryptographicHash::Sha256));
}

void tst_FileHasher::matchesOpensslTool()
{
    if (QStandardPaths::findExecutable(QStringLiteral("openssl")).isEmpty())
        QSKIP("no openssl tool");
    const qint64 size = MiB + 7;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("tool.bin"), size, 9);
    const QByteArray expected = opensslDigest(path);
    QCOMPARE(expected.size(), 64);
    QCOMPARE(sha256File(path, size).hex(), expected);
}

void tst_FileHasher::progressIsMonotonicAndEndsAtSize()
{
    const qint64 size = 24 * MiB + 5;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("progress.bin"), size, 4);
    FileHashControl control;
    auto future = QtConcurrent::run([&] { return sha256File(path, size, &control); });
    QList<qint64> seen;
    while (!future.isFinished()) {
        seen.append(control.hashed.load());
        QThread::yieldCurrentThread();
    }
    seen.append(control.hashed.load());
    const FileHash h = future.result();
    QVERIFY2(h.ok(), qPrintable(h.error));
    QVERIFY(std::is_sorted(seen.cbegin(), seen.cend()));
    QCOMPARE(seen.last(), size);
    QVERIFY(seen.first() <= size);
}

void tst_FileHasher::cancelStopsEarly()
{
    const qint64 size = 64 * MiB;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("cancel.bin"), size, 5);
    // Set before the start: not one block is hashed.
    FileHashControl before;
    before.cancel = true;
    FileHash h = sha256File(path, size, &before);
    QCOMPARE(h.status, FileHash::Status::Cancelled);
    QVERIFY(h.digest.isEmpty());
    QCOMPARE(before.hashed.load(), 0);

    // Set once it is under way: it stops within a block or so, far short of the end.
    FileHashControl during;
    auto future = QtConcurrent::run([&] { return sha256File(path, size, &during); });
    while (during.hashed.load() == 0 && !future.isFinished())
        QThread::yieldCurrentThread();
    during.cancel = true;
    h = future.result();
    QCOMPARE(h.status, FileHash::Status::Cancelled);
    QVERIFY2(during.hashed.load() < size, qPrintable(QString::number(during.hashed.load())));
}

void tst_FileHasher::missingFile()
{
    const FileHash h = sha256File(m_dir.filePath(QStringLiteral("nothing here")), 10);
    QCOMPARE(h.status, FileHash::Status::Unreadable);
    QVERIFY(h.digest.isEmpty());
    QVERIFY2(h.error.contains(QLatin1String("nothing here")), qPrintable(h.error));
}

void tst_FileHasher::unreadableFile()
{
    if (::geteuid() == 0)
        QSKIP("root reads files whatever their mode");
    const QString path = writeFile(m_dir.path(), QStringLiteral("secret"), "abc");
    QVERIFY(::chmod(QFile::encodeName(path).constData(), 0) == 0);
    const FileHash h = sha256File(path, 3);
    ::chmod(QFile::encodeName(path).constData(), 0644);
    QCOMPARE(h.status, FileHash::Status::Unreadable);
    QVERIFY2(h.error.contains(QLatin1String("secret")), qPrintable(h.error));
}

void tst_FileHasher::directoryIsRefused()
{
    const FileHash h = sha256File(m_dir.path());
    QCOMPARE(h.status, FileHash::Status::Unreadable);
    QVERIFY(!h.error.isEmpty());
}

void tst_FileHasher::wrongExpectedSizeIsChanged()
{
    const QString path = writeFile(m_dir.path(), QStringLiteral("grew"), "abcdef");
    const FileHash h = sha256File(path, 3);
    QCOMPARE(h.status, FileHash::Status::Changed);
    QVERIFY2(h.error.contains(QLatin1String("6 bytes")), qPrintable(h.error));
}

void tst_FileHasher::truncatedWhileHashing()
{
    const qint64 size = 128 * MiB;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("shrinks.bin"), size, 6);
    FileHashControl control;
    auto future = QtConcurrent::run([&] { return sha256File(path, size, &control); });
    while (control.hashed.load() == 0 && !future.isFinished())
        QThread::yieldCurrentThread();
    QVERIFY(QFile::resize(path, MiB));
    const FileHash h = future.result();
    if (h.ok())
        QSKIP("the hash finished before the file could be cut short");
    QCOMPARE(h.status, FileHash::Status::Changed);
    QVERIFY2(h.error.contains(QLatin1String("shrinks.bin")), qPrintable(h.error));
    QVERIFY(h.digest.isEmpty());
}

void tst_FileHasher::severalDigestsOfARangeInOneRead()
{
    // S3 sends each part with its MD5 and SHA-256, both from one read of the part's bytes.
    const qint64 size = 3 * 1024 * 1024 + 17;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("range.bin"), size, 5);
    const QByteArray bytes = testContent(size, 5).mid(1000, 2 * 1024 * 1024 + 3);
    const auto digests = digestsOfRange(path, 1000, 1000 + bytes.size(),
                                        {DigestAlgorithm::Md5, DigestAlgorithm::Sha256});
    QVERIFY(digests);
    QCOMPARE(digests->size(), 2);
    QCOMPARE(digests->at(0), QCryptographicHash::hash(bytes, QCryptographicHash::Md5));
    QCOMPARE(digests->at(1), QCryptographicHash::hash(bytes, QCryptographicHash::Sha256));
    QCOMPARE(digestRange(path, 1000, 1000 + bytes.size(), DigestAlgorithm::Sha1),
             QCryptographicHash::hash(bytes, QCryptographicHash::Sha1));
    // An empty range has the empty input's digests; one past the end has none.
    QCOMPARE(digestsOfRange(path, 0, 0, {DigestAlgorithm::Md5})->first(),
             QCryptographicHash::hash(QByteArray(), QCryptographicHash::Md5));
    QVERIFY(!digestsOfRange(path, size - 1, size + 1, {DigestAlgorithm::Md5}));
}

void tst_FileHasher::crc32cKnownVectors()
{
    // RFC 3720, B.4 (iSCSI's CRC32C), and the usual check value.
    const QByteArray zeros(32, '\0');
    const QByteArray ones(32, '\xff');
    QByteArray ascending;
    QByteArray descending;
    for (int i = 0; i < 32; ++i) {
        ascending.append(char(i));
        descending.append(char(31 - i));
    }
    const QByteArray check("123456789");
    const QList<QPair<QByteArray, quint32>> vectors = {
        {zeros, 0x8A9136AAu},      {ones, 0x62A8AB43u},  {ascending, 0x46DD794Eu},
        {descending, 0x113FDB5Cu}, {check, 0xE3069283u}, {QByteArray(), 0u}};
    for (const auto &[bytes, crc] : vectors) {
        QCOMPARE(crc32cBitwise(bytes), crc);
        QCOMPARE(Crc32c::update(0, bytes.constData(), size_t(bytes.size())), crc);
        QCOMPARE(Crc32c::update(0, bytes.constData(), size_t(bytes.size()), false), crc);
    }
    QCOMPARE(Crc32c::digest(0xE3069283u), QByteArray("\xe3\x06\x92\x83", 4));
    // A file range, as a request's checksum reads it.
    const qint64 size = 2 * MiB + 13;
    const QString path = makeTestFile(m_dir.path(), QStringLiteral("crc.bin"), size, 8);
    const QByteArray bytes = testContent(size, 8).mid(77, MiB + 5);
    QCOMPARE(digestRange(path, 77, 77 + bytes.size(), DigestAlgorithm::Crc32c),
             crc32cBitwiseDigest(bytes));
    const auto both = digestsOfRange(path, 77, 77 + bytes.size(),
                                     {DigestAlgorithm::Sha1, DigestAlgorithm::Crc32c});
    QVERIFY(both);
    QCOMPARE(both->at(0), QCryptographicHash::hash(bytes, QCryptographicHash::Sha1));
    QCOMPARE(both->at(1), crc32cBitwiseDigest(bytes));
}

void tst_FileHasher::crc32cCodePathsAgree()
{
    // The instruction path and the table path, at every length and alignment around their
    // 8-byte steps, and continued in pieces.
    const QByteArray bytes = testContent(4096 + 64, 21);
    for (int start = 0; start < 9; ++start) {
        for (int length = 0; length < 300; ++length) {
            const QByteArray piece = bytes.mid(start, length);
            const quint32 expected = crc32cBitwise(piece);
            QCOMPARE(Crc32c::update(0, piece.constData(), size_t(length)), expected);
            QCOMPARE(Crc32c::update(0, bytes.constData() + start, size_t(length), false), expected);
        }
    }
    quint32 pieces = 0;
    for (int at = 0; at < bytes.size(); at += 37)
        pieces = Crc32c::update(pieces, bytes.constData() + at,
                                size_t(qMin(37, int(bytes.size()) - at)));
    QCOMPARE(pieces, crc32cBitwise(bytes));
}

QTEST_GUILESS_MAIN(tst_FileHasher)
#include "tst_filehasher.moc"
