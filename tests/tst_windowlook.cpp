// The window's look and what it offers (issue 18.11): the column chooser tells what shows, the
// sort order is kept across restarts, failed rows offer what can act on them, the cancel
// question reads as English does, "Show in folder" says where when nothing opens it, and the
// chunk bar takes its colours from the palette, also the dark theme's. The Server field's text
// stops at its buttons also after they moved (18.6).
#include "cancelquestion.h"
#include "chunkbarpainter.h"
#include "columnchooser.h"
#include "endpointstatus.h"
#include "hoistdprocess.h"
#include "mainwindow.h"
#include "memorysecretstore.h"
#include "rowactions.h"
#include "storedfileactions.h"
#include "taskrecord.h"
#include "testsettings.h"
#include "theme.h"
#include "tokenkeeper.h"
#include "tusprotocol.h"
#include "uploadfilterproxy.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"
#include "uploadtableview.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStyle>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <memory>

namespace {
const QUrl Nowhere(QStringLiteral("http://127.0.0.1:9/files/"));
const QString Cause = QStringLiteral("The server refused the upload as too large (HTTP 413)");

TaskRecord record(TaskId id, const QString &name, TaskState state)
{
    TaskRecord r;
    r.id = id;
    r.sequence = id;
    r.path = QStringLiteral("/nonexistent/") + name;
    r.displayName = name;
    r.size = 1000 * id;
    r.chunkSize = 1 << 20;
    r.endpoint = Nowhere;
    r.state = state;
    r.confirmedBytes = state == TaskState::Success ? r.size : 0;
    if (state == TaskState::Error) {
        r.errorKind = TransferError::Kind::TooLarge;
        r.errorText = TrText("TusHttp", "The server refused the upload as too large (HTTP 413)%1")
                          .arg(QString());
    }
    return r;
}

// The menu's entries as a person reads them (sub-menus by their titles), without accelerators
// and shortcuts.
QStringList entries(const QMenu &menu)
{
    QStringList texts;
    for (const QAction *action : menu.actions()) {
        if (action->isSeparator())
            continue;
        texts << action->text().section(QLatin1Char('\t'), 0, 0);
    }
    return texts;
}

// The Server field's button that shows the action named `objectName`.
QToolButton *fieldButton(const QLineEdit *edit, const QString &objectName)
{
    for (QToolButton *button : edit->findChildren<QToolButton *>())
        if (button->defaultAction() && button->defaultAction()->objectName() == objectName)
            return button;
    return nullptr;
}

// The field's visible button next on the right of `button`.
QToolButton *buttonRightOf(const QLineEdit *edit, const QWidget *button)
{
    QToolButton *next = nullptr;
    for (QToolButton *other : edit->findChildren<QToolButton *>())
        if (other->isVisible() && other->x() > button->x() && (!next || other->x() < next->x()))
            next = other;
    return next;
}
} // namespace

class tst_WindowLook : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void columnsAndSortAreKept();
    void failedRowsOfferWhatActsOnThem();
    void cancelQuestionReads_data();
    void cancelQuestionReads();
    void folderNotShownSaysWhere();
    void chunkColoursComeFromThePalette();
    void themeAppliesAtOnce();
    void serverTextStopsAtTheButtons();

private:
    void makeWindow();

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
    std::unique_ptr<MainWindow> m_window;
};

void tst_WindowLook::initTestCase()
{
    useTestSettings(QStringLiteral("tst_windowlook"), m_settingsDir.path());
}

void tst_WindowLook::init()
{
    QSettings().clear();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_scheduler->setEndpoint(Nowhere);
    m_scheduler->restore({record(1, QStringLiteral("a.bin"), TaskState::Success),
                          record(2, QStringLiteral("b.bin"), TaskState::Error),
                          record(3, QStringLiteral("c.bin"), TaskState::Paused),
                          record(4, QStringLiteral("d.bin"), TaskState::Error)});
}

void tst_WindowLook::makeWindow()
{
    m_window = std::make_unique<MainWindow>(m_scheduler.get());
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void tst_WindowLook::cleanup()
{
    m_window.reset();
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
    Theme::apply(Theme::Choice::System);
}

void tst_WindowLook::columnsAndSortAreKept()
{
    makeWindow();
    QHeaderView *header = m_window->view()->horizontalHeader();
    // Added folds away first for room: off until asked for, and the chooser says so.
    QVERIFY(header->isSectionHidden(UploadTableModel::Added));
    QMenu menu;
    m_window->columnChooser()->fillMenu(&menu);
    // The menu lists the columns in order, but the name and the buttons: each checked one shows,
    // or says there is no room for it.
    QList<int> listed;
    for (int c = 0; c < header->count(); ++c) {
        if (c != UploadTableModel::Name && c != UploadTableModel::Actions
            && !m_window->proxy()->headerData(c, Qt::Horizontal).toString().isEmpty())
            listed << c;
    }
    const QList<QAction *> items = menu.actions();
    QCOMPARE(items.size(), listed.size());
    for (int i = 0; i < items.size(); ++i) {
        const bool shown = !header->isSectionHidden(listed.at(i));
        QVERIFY2(!items.at(i)->isChecked() || shown
                     || items.at(i)->text().contains(QLatin1String("no room")),
                 qPrintable(items.at(i)->text()));
        if (listed.at(i) == UploadTableModel::Added)
            QVERIFY(!items.at(i)->isChecked());
    }
    QCOMPARE(header->sortIndicatorSection(), -1); // the order they were added, at first

    header->setSortIndicator(UploadTableModel::Size, Qt::DescendingOrder);
    m_window->columnChooser()->setHidden(UploadTableModel::Speed, true);
    QCOMPARE(m_window->proxy()->index(0, UploadTableModel::Name).data().toString(),
             QStringLiteral("d.bin"));

    // A restart: the same columns, sorted the same way.
    m_window.reset();
    makeWindow();
    header = m_window->view()->horizontalHeader();
    QCOMPARE(header->sortIndicatorSection(), int(UploadTableModel::Size));
    QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
    QCOMPARE(m_window->proxy()->index(0, UploadTableModel::Name).data().toString(),
             QStringLiteral("d.bin"));
    QVERIFY(header->isSectionHidden(UploadTableModel::Speed));
    QVERIFY(header->isSectionHidden(UploadTableModel::Added));

    // Asked for, Added stays on after a restart too.
    m_window->columnChooser()->setHidden(UploadTableModel::Added, false);
    header->setSortIndicator(UploadTableModel::Name, Qt::AscendingOrder);
    m_window.reset();
    makeWindow();
    header = m_window->view()->horizontalHeader();
    QVERIFY(!m_window->columnChooser()->hidden().contains(UploadTableModel::Added));
    QCOMPARE(header->sortIndicatorSection(), int(UploadTableModel::Name));
    QCOMPARE(header->sortIndicatorOrder(), Qt::AscendingOrder);
    QCOMPARE(m_window->proxy()->index(0, UploadTableModel::Name).data().toString(),
             QStringLiteral("a.bin"));
}

void tst_WindowLook::failedRowsOfferWhatActsOnThem()
{
    makeWindow();
    RowActions *rows = m_window->rowActions();
    QMenu failed;
    rows->fillMenu(&failed, {TaskId(2), TaskId(4)});
    const QStringList offered = entries(failed);
    for (const QString &absent : {QStringLiteral("Pause"), QStringLiteral("Resume"),
                                  QStringLiteral("Priority"), QStringLiteral("Speed limit")})
        QVERIFY2(!offered.contains(absent), qPrintable(offered.join(QLatin1String(", "))));
    for (const QString &present : {QStringLiteral("Retry failed"), QStringLiteral("Copy cause"),
                                   QStringLiteral("Remove from list")})
        QVERIFY2(offered.contains(present), qPrintable(offered.join(QLatin1String(", "))));

    // An unfinished row still offers pausing, priority and a limit.
    QMenu paused;
    rows->fillMenu(&paused, {TaskId(3)});
    const QStringList pausedOffers = entries(paused);
    for (const QString &present : {QStringLiteral("Resume"), QStringLiteral("Priority"),
                                   QStringLiteral("Speed limit"), QStringLiteral("Cancel…")})
        QVERIFY2(pausedOffers.contains(present),
                 qPrintable(pausedOffers.join(QLatin1String(", "))));
    QVERIFY(!pausedOffers.contains(QStringLiteral("Copy cause")));

    // Copy cause: each failed one's name and why.
    QModelIndex index;
    for (int row = 0; row < m_window->proxy()->rowCount(); ++row) {
        if (m_window->proxy()->index(row, UploadTableModel::Name).data() == QStringLiteral("b.bin"))
            index = m_window->proxy()->index(row, UploadTableModel::Name);
    }
    QVERIFY(index.isValid());
    m_window->view()->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect
                                                          | QItemSelectionModel::Rows);
    QCOMPARE(rows->copyCauses(), 1);
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("b.bin: ") + Cause);
}

void tst_WindowLook::cancelQuestionReads_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("sent");
    QTest::addColumn<QString>("text");
    QTest::newRow("1, none sent") << 1 << 0
                                  << QStringLiteral("Cancel this upload?\nNothing of it has been "
                                                    "sent yet.");
    QTest::newRow("1, sent") << 1 << 1
                             << QStringLiteral("Cancel this upload?\nWhat it already sent is "
                                               "deleted from the server, where the server allows "
                                               "it.");
    QTest::newRow("8, none sent") << 8 << 0
                                  << QStringLiteral("Cancel 8 uploads?\nNone of them has sent "
                                                    "anything yet.");
    QTest::newRow("8, 1 sent") << 8 << 1
                               << QStringLiteral("Cancel 8 uploads?\n1 of them had already sent "
                                                 "part of their file: that part is deleted from "
                                                 "the server, where the server allows it.");
    QTest::newRow("8, 3 sent") << 8 << 3
                               << QStringLiteral("Cancel 8 uploads?\n3 of them had already sent "
                                                 "part of their file: that part is deleted from "
                                                 "the server, where the server allows it.");
    QTest::newRow("8, all sent") << 8 << 8
                                 << QStringLiteral("Cancel 8 uploads?\nWhat they already sent is "
                                                   "deleted from the server, where the server "
                                                   "allows it.");
}

void tst_WindowLook::cancelQuestionReads()
{
    QFETCH(int, count);
    QFETCH(int, sent);
    QFETCH(QString, text);
    QCOMPARE(CancelQuestion::text(count, sent), text);
}

void tst_WindowLook::folderNotShownSaysWhere()
{
    makeWindow();
    auto *actions = new StoredFileActions(m_window->rowActions(), {}, m_window.get());
    const QString folder = m_settingsDir.filePath(QStringLiteral("Hoist"));
    actions->sayNotShown(folder);
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = m_window->findChild<QMessageBox *>(QStringLiteral("folderNotShown"))));
    QTRY_VERIFY(box->isVisible());
    QVERIFY2(box->text().contains(folder), qPrintable(box->text()));
    box->close();
}

void tst_WindowLook::chunkColoursComeFromThePalette()
{
    const QPalette light = QApplication::style()->standardPalette();
    const QPalette dark = Theme::darkPalette();
    const auto l = ChunkBarPainter::Colors::fromPalette(light);
    const auto d = ChunkBarPainter::Colors::fromPalette(dark);
    QVERIFY(l.pending != d.pending);
    QVERIFY(l.done != d.done);
    // "Not sent" sits just off the base it is drawn on: dark on the dark theme.
    QVERIFY2(d.pending.lightness() < 80, qPrintable(d.pending.name()));
    QVERIFY2(l.pending.lightness() > 180, qPrintable(l.pending.name()));
    const auto near = [](const QColor &a, const QColor &b) {
        return std::abs(a.lightness() - b.lightness()) < 40;
    };
    QVERIFY(near(d.pending, dark.color(QPalette::Base)));
    QVERIFY(near(l.pending, light.color(QPalette::Base)));
    // Another base, another "not sent": taken from the palette, not a fixed colour.
    QPalette other = dark;
    other.setColor(QPalette::Base, QColor(60, 20, 20));
    QVERIFY(ChunkBarPainter::Colors::fromPalette(other).pending != d.pending);
    // A dark theme whose base is a mid grey is still dark.
    QPalette midGrey = dark;
    midGrey.setColor(QPalette::Base, QColor(140, 140, 140));
    midGrey.setColor(QPalette::Text, Qt::white);
    QCOMPARE(ChunkBarPainter::Colors::fromPalette(midGrey).done, d.done);
}

void tst_WindowLook::themeAppliesAtOnce()
{
    makeWindow();
    const QColor before = m_window->view()->palette().color(QPalette::Base);
    Theme::apply(Theme::Choice::Dark);
    QTRY_COMPARE(m_window->view()->palette().color(QPalette::Base),
                 Theme::darkPalette().color(QPalette::Base));
    QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
    Theme::apply(Theme::Choice::System);
    QTRY_COMPARE(m_window->view()->palette().color(QPalette::Base), before);
    QCOMPARE(Theme::fromName(Theme::name(Theme::Choice::Dark)), Theme::Choice::Dark);
    QCOMPARE(Theme::fromName(QStringLiteral("nonsense")), Theme::Choice::System);
}

// As at 800x500 with a long address: when the check's tick shows, the other buttons move left,
// and Qt repainted only where they were and are. The text painted before showed in the gap
// between the clear button and the token's. What is on the screen (the backing store, not a
// fresh grab()) must have the same background there as between two buttons that had no text.
void tst_WindowLook::serverTextStopsAtTheButtons()
{
    HoistdProcess hoistd;
    QVERIFY2(hoistd.start(), qPrintable(hoistd.errorString()));
    m_scheduler->setEndpoint(QUrl());
    MemorySecretStore store;
    TokenKeeper keeper(m_scheduler.get(), &store);
    m_window = std::make_unique<MainWindow>(m_scheduler.get());
    m_window->setTokenKeeper(&keeper);
    m_window->resize(800, 500);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));

    QLineEdit *edit = m_window->endpointEdit();
    QSignalSpy checked(m_window->endpointStatus(), &EndpointStatus::checked);
    edit->setFocus();
    QTest::keyClicks(edit, hoistd.endpoint().toString());
    QTest::keyClick(edit, Qt::Key_Return);
    QVERIFY(checked.wait(10000));
    QVERIFY(checked.last().at(0).value<EndpointCheck::Result>().ok);

    QToolButton *clear = fieldButton(edit, QStringLiteral("_q_qlineeditclearaction"));
    QVERIFY(clear && clear->isVisible());
    QToolButton *token = buttonRightOf(edit, clear);
    QVERIFY(token);
    QToolButton *s3 = buttonRightOf(edit, token);
    QVERIFY(s3);
    // The address is longer than the room left for it, so that its text reaches the buttons.
    QVERIFY(edit->fontMetrics().horizontalAdvance(edit->text()) > clear->x());
    const auto gapAfter = [&](const QWidget *left, const QWidget *right) {
        const QPoint topLeft = left->mapTo(m_window.get(), QPoint(left->width(), 0));
        return QRect(topLeft, QSize(right->x() - left->x() - left->width(), left->height()));
    };
    const QRect textGap = gapAfter(clear, token);
    const QRect emptyGap = gapAfter(token, s3);
    QVERIFY(!textGap.isEmpty());
    QCOMPARE(textGap.size(), emptyGap.size());
    const auto sameBackground = [&] {
        const QImage screen = m_window->screen()->grabWindow(m_window->winId()).toImage();
        const qreal dpr = screen.devicePixelRatio();
        const auto pixels = [&](const QRect &r) {
            return screen.copy(QRect(r.topLeft() * dpr, r.size() * dpr));
        };
        return !screen.isNull() && pixels(textGap) == pixels(emptyGap);
    };
    QTRY_VERIFY(sameBackground()); // once the paints the check asked for are done
}

QTEST_MAIN(tst_WindowLook)
#include "tst_windowlook.moc"
