#include "fingerprint.h"
#include "testfiles.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr qint64 Window = 64 * 1024;

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

void flipByte(const QString &path, qint64 offset)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.seek(offset));
    char c = 0;
    QVERIFY(f.getChar(&c));
    QVERIFY(f.seek(offset));
    QVERIFY(f.putChar(char(c ^ 0x5a)));
}
} // namespace

class TstFingerprint final : public QObject {
    Q_OBJECT

private slots:
    void sameContentSamePrint();
    void seesChange_data();
    void seesChange();
    void middleOfLargeFileUnseen();
    void seesSize();
    void unreadableIsEmpty();

private:
    QTemporaryDir m_tmp;
};

void TstFingerprint::sameContentSamePrint()
{
    const QString dir = m_tmp.filePath(QStringLiteral("fp-same"));
    QVERIFY(QDir().mkpath(dir));
    const QString a = makeTestFile(dir, QStringLiteral("a.bin"), 1'000'000, 9);
    const QString b = makeTestFile(dir, QStringLiteral("ä 写真.bin"), 1'000'000, 9);
    const QByteArray print = quickFingerprint(a, 1'000'000);
    QCOMPARE(print.size(), 32);
    QCOMPARE(quickFingerprint(b, 1'000'000), print);
    QCOMPARE(quickFingerprint(a, 1'000'000), print);
    QVERIFY(quickFingerprint(makeTestFile(dir, QStringLiteral("c.bin"), 1'000'000, 10), 1'000'000)
            != print);
}

void TstFingerprint::seesChange_data()
{
    QTest::addColumn<qint64>("size");
    QTest::addColumn<qint64>("offset");
    for (const qint64 size : {qint64(1), Window, 2 * Window, 2 * Window + 1, qint64(3'000'000)}) {
        QTest::addRow("%lld, first byte", size) << size << qint64(0);
        QTest::addRow("%lld, last byte", size) << size << size - 1;
        if (size <= 2 * Window && size > 2)
            QTest::addRow("%lld, middle byte", size) << size << size / 2;
    }
}

void TstFingerprint::seesChange()
{
    QFETCH(qint64, size);
    QFETCH(qint64, offset);
    const QString dir = m_tmp.filePath(QStringLiteral("fp-change"));
    QVERIFY(QDir().mkpath(dir));
    const QString path = makeTestFile(dir, QStringLiteral("f.bin"), size);
    const QByteArray before = quickFingerprint(path, size);
    QCOMPARE(before.size(), 32);
    flipByte(path, offset);
    QVERIFY(quickFingerprint(path, size) != before);
}

void TstFingerprint::middleOfLargeFileUnseen()
{
    // By design: only the ends are read. Size and modification time are checked beside it.
    const QString dir = m_tmp.filePath(QStringLiteral("fp-middle"));
    QVERIFY(QDir().mkpath(dir));
    const qint64 size = 3'000'000;
    const QString path = makeTestFile(dir, QStringLiteral("f.bin"), size);
    const QByteArray before = quickFingerprint(path, size);
    flipByte(path, size / 2);
    QCOMPARE(quickFingerprint(path, size), before);
}

void TstFingerprint::seesSize()
{
    const QString dir = m_tmp.filePath(QStringLiteral("fp-size"));
    QVERIFY(QDir().mkpath(dir));
    const QString path = makeTestFile(dir, QStringLiteral("f.bin"), 500'000);
    const QByteArray before = quickFingerprint(path, 500'000);
    QFile f(path);
    QVERIFY(f.open(QIODevice::Append));
    QVERIFY(f.putChar('x'));
    f.close();
    QVERIFY(quickFingerprint(path, 500'001) != before);
    // The format, pinned: SHA-256 of the size (8 bytes LE) and then the bytes.
    const QString empty = makeTestFile(dir, QStringLiteral("empty.bin"), 0);
    QCOMPARE(quickFingerprint(empty, 0),
             QCryptographicHash::hash(QByteArray(8, '\0'), QCryptographicHash::Sha256));
    const QString abc = m_tmp.filePath(QStringLiteral("fp-size/abc.txt"));
    QVERIFY(writeBytes(abc, "abc"));
    QCOMPARE(quickFingerprint(abc, 3),
             QCryptographicHash::hash(QByteArray("\x03\0\0\0\0\0\0\0abc", 11),
                                      QCryptographicHash::Sha256));
}

void TstFingerprint::unreadableIsEmpty()
{
    const QString dir = m_tmp.filePath(QStringLiteral("fp-missing"));
    QVERIFY(quickFingerprint(QDir(dir).filePath(QStringLiteral("nope")), 10).isEmpty());
    QVERIFY(QDir().mkpath(dir));
    // Shorter than the size it was queued with: not a print of something else.
    const QString shortFile = makeTestFile(dir, QStringLiteral("short.bin"), 100);
    QVERIFY(quickFingerprint(shortFile, 1'000'000).isEmpty());
    QVERIFY(quickFingerprint(dir, 4096).isEmpty());
}

QTEST_GUILESS_MAIN(TstFingerprint)
#include "tst_fingerprint.moc"
