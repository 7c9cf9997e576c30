// elidePath(): the Name column's shortening. The folders give way first, the file's name stays
// whole; only a name that alone does not fit loses its middle. Measured with the font the test
// runs with, so widths are taken from the same metrics.
#include "pathelider.h"

#include <QApplication>
#include <QFontMetrics>
#include <QTest>

namespace {
const QChar Ellipsis(0x2026);
}

class tst_PathElider : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fitsUntouched();
    void folderGivesWayFirst();
    void onlyTheNameLeft();
    void nameAloneTooLongLosesItsMiddle();
    void neverWiderThanAsked_data();
    void neverWiderThanAsked();

private:
    QFontMetrics m_metrics{QApplication::font()};
    int w(const QString &text) const { return m_metrics.horizontalAdvance(text); }
};

void tst_PathElider::fitsUntouched()
{
    const QString path = QStringLiteral("Photos/2024/IMG_0001.JPG");
    QCOMPARE(elidePath(path, m_metrics, w(path)), path);
    QCOMPARE(elidePath(path, m_metrics, w(path) + 100), path);
    QCOMPARE(elidePath(QStringLiteral("notes.txt"), m_metrics, 1000), QStringLiteral("notes.txt"));
}

void tst_PathElider::folderGivesWayFirst()
{
    const QString path = QStringLiteral("Photos/2024-summer-holiday/IMG_0001.JPG");
    // Room for "Photos/2024" and the name: the folder's start stays, then "…/IMG_0001.JPG".
    const int width = w(QStringLiteral("Photos/2024") + Ellipsis + QStringLiteral("/IMG_0001.JPG"));
    const QString shown = elidePath(path, m_metrics, width);
    QVERIFY2(shown.endsWith(QStringLiteral("/IMG_0001.JPG")), qPrintable(shown));
    QVERIFY2(shown.startsWith(QStringLiteral("Photos/")), qPrintable(shown));
    QVERIFY2(shown.contains(Ellipsis), qPrintable(shown));
    QVERIFY(w(shown) <= width);
    // The middle elision of before would have cut into the name: "Photos/202…G_0001.JPG".
    QVERIFY(!shown.contains(Ellipsis + QStringLiteral("G_0001")));
}

void tst_PathElider::onlyTheNameLeft()
{
    const QString path = QStringLiteral("Photos/2024/IMG_0001.JPG");
    const QString marked = Ellipsis + QStringLiteral("/IMG_0001.JPG");
    QCOMPARE(elidePath(path, m_metrics, w(marked)), marked);
    // Not even "…/" fits beside it: the name alone, whole.
    QCOMPARE(elidePath(path, m_metrics, w(QStringLiteral("IMG_0001.JPG"))),
             QStringLiteral("IMG_0001.JPG"));
}

void tst_PathElider::nameAloneTooLongLosesItsMiddle()
{
    const QString name = QStringLiteral("a-very-long-file-name-from-a-camera-0001.JPG");
    const QString path = QStringLiteral("Photos/") + name;
    const int width = w(name) / 2;
    const QString shown = elidePath(path, m_metrics, width);
    QVERIFY2(shown.startsWith(QLatin1Char('a')), qPrintable(shown));     // its start
    QVERIFY2(shown.endsWith(QStringLiteral(".JPG")), qPrintable(shown)); // its extension
    QVERIFY2(shown.contains(Ellipsis), qPrintable(shown));
    QVERIFY(!shown.contains(QStringLiteral("Photos")));
    QVERIFY(w(shown) <= width);
}

void tst_PathElider::neverWiderThanAsked_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("deep") << QStringLiteral("a/b/c/d/e/f/g/h/file-name.tar.gz");
    QTest::newRow("no folder") << QStringLiteral("just-a-rather-long-file-name.bin");
    QTest::newRow("long folders") << QStringLiteral("Documents/Projects/2026/Reports/q3.pdf");
    QTest::newRow("trailing slash") << QStringLiteral("folder/");
}

void tst_PathElider::neverWiderThanAsked()
{
    QFETCH(QString, path);
    for (int width = 0; width <= w(path) + 10; width += 3) {
        const QString shown = elidePath(path, m_metrics, width);
        QVERIFY2(w(shown) <= qMax(width, 0) || shown.isEmpty(),
                 qPrintable(QStringLiteral("%1 at %2: %3").arg(path).arg(width).arg(shown)));
    }
}

QTEST_MAIN(tst_PathElider)
#include "tst_pathelider.moc"
