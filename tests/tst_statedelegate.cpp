// The State column at the window's default width: a wait's sentence ("Server's disk is full ·
// next try in 2 min") keeps when the next try comes and a start of why, and its tooltip has it
// whole. Before, the column (150 px) cut it to "Server's disk is full · n…".
#include "clock.h"
#include "mainwindow.h"
#include "statedelegate.h"
#include "testsettings.h"
#include "tusprotocol.h"
#include "uploadcelltext.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"
#include "uploadtableview.h"
#include "uploadtask.h"

#include <QApplication>
#include <QHeaderView>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QTest>

namespace {
const QString Full = QStringLiteral("Server's disk is full \u00b7 next try in 2 min");
const QString Tail = QStringLiteral(" \u00b7 next try in 2 min");
} // namespace

class tst_StateDelegate : public QObject {
    Q_OBJECT

    QTemporaryDir m_settingsDir;

private Q_SLOTS:
    void initTestCase()
    {
        useTestSettings(QStringLiteral("tst_statedelegate"), m_settingsDir.path());
    }
    void keepsTheLastPartWhole();
    void defaultWidthSaysWhenAndWhy();
    void tooltipHasTheWholeSentence();
};

void tst_StateDelegate::keepsTheLastPartWhole()
{
    const QFontMetrics metrics(QApplication::font());
    const int whole = metrics.horizontalAdvance(Full);
    QCOMPARE(StateDelegate::fitted(Full, metrics, whole), Full);
    // A little short: the why elides, the when stays.
    const QString shorter = StateDelegate::fitted(Full, metrics, whole - 20);
    QVERIFY2(shorter.endsWith(Tail) && shorter.startsWith(QStringLiteral("Server's"))
                 && shorter.contains(QChar(0x2026)),
             qPrintable(shorter));
    QVERIFY(metrics.horizontalAdvance(shorter) <= whole - 20);
    // No room for the when and a start of the why: the sentence elides at its end.
    const int tiny = metrics.horizontalAdvance(Tail);
    const QString elided = StateDelegate::fitted(Full, metrics, tiny);
    QVERIFY2(!elided.endsWith(Tail) && elided.endsWith(QChar(0x2026)), qPrintable(elided));
    QVERIFY(metrics.horizontalAdvance(elided) <= tiny);
    // One part only: elided at its end as before.
    const QString word = QStringLiteral("Reconnecting (try 12)");
    QCOMPARE(StateDelegate::fitted(word, metrics, metrics.horizontalAdvance(word) - 10),
             metrics.elidedText(word, Qt::ElideRight, metrics.horizontalAdvance(word) - 10));
}

void tst_StateDelegate::defaultWidthSaysWhenAndWhy()
{
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    MainWindow window(&scheduler);
    window.resize(1180, 640); // the app's first size
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    UploadTableView *view = window.view();
    QVERIFY(qobject_cast<StateDelegate *>(view->itemDelegateForColumn(UploadTableModel::State)));
    const int column = view->horizontalHeader()->sectionSize(UploadTableModel::State);
    const int margin = view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
    const QString shown = StateDelegate::fitted(Full, view->fontMetrics(), column - 2 * margin);
    // "Server's disk is f… · next try in 2 min": when, and enough of why.
    QVERIFY2(shown.endsWith(Tail) && shown.startsWith(QStringLiteral("Server's disk")),
             qPrintable(QStringLiteral("%1 px: %2").arg(column).arg(shown)));
}

void tst_StateDelegate::tooltipHasTheWholeSentence()
{
    UploadTask task(1, QStringLiteral("/data/big.iso"), QStringLiteral("big.iso"), 1000, 0,
                    QUrl(QStringLiteral("http://127.0.0.1:1/files/")), Priority::Normal, 100);
    task.waitForRetry(SystemClock::nowMs() + 120 * 1000,
                      QStringLiteral("Server's disk is full \u00b7 next try"));
    QCOMPARE(task.state(), TaskState::Waiting);
    const QString tip = UploadCellText().toolTip(task, UploadTableModel::State);
    // "… next try in 2 min" (or "1 min 59 s", by the time it is asked)
    const QString state = UploadCellText::stateText(task, SystemClock::nowMs());
    QVERIFY2(state.startsWith(QStringLiteral("Server's disk is full \u00b7 next try in ")),
             qPrintable(state));
    QVERIFY2(tip.startsWith(QStringLiteral("/data/big.iso\n"))
                 && tip.contains(QStringLiteral("Server's disk is full \u00b7 next try in ")),
             qPrintable(tip));
}

QTEST_MAIN(tst_StateDelegate)
#include "tst_statedelegate.moc"
