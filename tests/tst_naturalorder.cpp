// naturalCompare: the order of numbered names in the table and in a walked folder.
#include "naturalorder.h"

#include <QTest>

#include <algorithm>

class tst_NaturalOrder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pairs_data();
    void pairs();
    void sortsAList();
};

void tst_NaturalOrder::pairs_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("sign"); // of naturalCompare(a, b)
    QTest::newRow("numbers by value") << "f2"
                                      << "f10" << -1;
    QTest::newRow("longer run is larger") << "f100"
                                          << "f99" << 1;
    QTest::newRow("leading zeros") << "f007"
                                   << "f7" << -1; // equal as numbers: the text decides
    QTest::newRow("zeros vs value") << "f010"
                                    << "f9" << 1;
    QTest::newRow("case folded") << "Apple"
                                 << "banana" << -1;
    QTest::newRow("case tie broken") << "a"
                                     << "A" << 1;
    QTest::newRow("prefix first") << "img"
                                  << "img_1" << -1;
    QTest::newRow("digits inside") << "v1.2.10"
                                   << "v1.2.9" << 1;
    QTest::newRow("equal") << "same 1"
                           << "same 1" << 0;
    QTest::newRow("huge numbers") << "x123456789012345678901234567890"
                                  << "x99" << 1;
    QTest::newRow("empty") << ""
                           << "a" << -1;
}

void tst_NaturalOrder::pairs()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, sign);
    const int forward = naturalCompare(a, b);
    const int backward = naturalCompare(b, a);
    QCOMPARE((forward > 0) - (forward < 0), sign);
    QCOMPARE((backward > 0) - (backward < 0), -sign);
}

void tst_NaturalOrder::sortsAList()
{
    QStringList names{"f100", "f10", "F2", "f1", "f20", "f02", "g", "f"};
    std::sort(names.begin(), names.end(),
              [](const QString &a, const QString &b) { return naturalCompare(a, b) < 0; });
    // "F2" and "f02" are equal as a person reads them; the plain text breaks the tie.
    QCOMPARE(names, (QStringList{"f", "f1", "F2", "f02", "f10", "f20", "f100", "g"}));
}

QTEST_GUILESS_MAIN(tst_NaturalOrder)
#include "tst_naturalorder.moc"
