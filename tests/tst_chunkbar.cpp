// The chunk bar: downsampling a chunk map to a pixel width, the colours it renders, and the
// delegate's cache. Pure painting: no scheduler, no network.
#include "chunkbardelegate.h"
#include "chunkbarpainter.h"
#include "progressdelegate.h"
#include "uploadtablemodel.h"

#include <QApplication>
#include <QPainter>
#include <QStandardItemModel>
#include <QStyleOptionViewItem>
#include <QTableView>
#include <QTest>

using Pixel = ChunkBarPainter::Pixel;

namespace {
QVector<ChunkState> states(int count, ChunkState fill = ChunkState::Pending)
{
    return QVector<ChunkState>(count, fill);
}

double sum(const Pixel &p) { return p.pending + p.inFlight + p.sent + p.done + p.failed; }

bool near(double a, double b) { return std::abs(a - b) < 1e-9; }
} // namespace

class TestChunkBar : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void downsampleManyChunksIntoFewPixels();
    void downsampleFewChunksIntoManyPixels();
    void downsampleUneven_data();
    void downsampleUneven();
    void downsampleEmpty();
    void renderColours();
    void failedChunkStaysVisible();
    void coloursAreDistinct();
    void delegatePaintsAndCaches();
    void progressBarStaysInCell();
};

void TestChunkBar::downsampleManyChunksIntoFewPixels()
{
    // 1000 chunks into 100 px: 10 chunks per pixel.
    auto map = states(1000);
    for (int i = 0; i < 500; ++i)
        map[i] = ChunkState::Done;
    map[505] = ChunkState::Failed;          // 1 of the 10 chunks of pixel 50
    for (int i = 600; i < 604; ++i)         // 4 of the 10 chunks of pixel 60
        map[i] = ChunkState::InFlight;

    const QVector<Pixel> px = ChunkBarPainter::downsample(map, 0.5, 100);
    QCOMPARE(px.size(), 100);
    for (int p = 0; p < 50; ++p) {
        QVERIFY2(near(px[p].done, 1.0), qPrintable(QString::number(p)));
        QCOMPARE(px[p].pending, 0.0);
    }
    QVERIFY(near(px[50].failed, 0.1));
    QVERIFY(near(px[50].pending, 0.9));
    QVERIFY(near(px[60].sent, 0.2));     // half of each of 4 chunks
    QVERIFY(near(px[60].inFlight, 0.2));
    QVERIFY(near(px[60].pending, 0.6));
    for (int p = 51; p < 100; ++p) {
        if (p != 60)
            QVERIFY2(near(px[p].pending, 1.0), qPrintable(QString::number(p)));
    }
    for (const Pixel &p : px)
        QVERIFY(near(sum(p), 1.0));
}

void TestChunkBar::downsampleFewChunksIntoManyPixels()
{
    // 3 chunks into 300 px: 100 px per chunk; the in-flight one is 30% sent.
    const QVector<ChunkState> map{ChunkState::Done, ChunkState::InFlight, ChunkState::Pending};
    const QVector<Pixel> px = ChunkBarPainter::downsample(map, 0.3, 300);
    QCOMPARE(px.size(), 300);
    for (int p = 0; p < 100; ++p)
        QVERIFY2(near(px[p].done, 1.0), qPrintable(QString::number(p)));
    for (int p = 100; p < 130; ++p)
        QVERIFY2(near(px[p].sent, 1.0), qPrintable(QString::number(p)));
    for (int p = 130; p < 200; ++p)
        QVERIFY2(near(px[p].inFlight, 1.0), qPrintable(QString::number(p)));
    for (int p = 200; p < 300; ++p)
        QVERIFY2(near(px[p].pending, 1.0), qPrintable(QString::number(p)));
}

void TestChunkBar::downsampleUneven_data()
{
    QTest::addColumn<int>("chunks");
    QTest::addColumn<int>("width");
    QTest::newRow("1 chunk, 1 px") << 1 << 1;
    QTest::newRow("1 chunk, 157 px") << 1 << 157;
    QTest::newRow("3 chunks, 100 px") << 3 << 100;
    QTest::newRow("7 chunks, 3 px") << 7 << 3;
    QTest::newRow("4801 chunks, 173 px") << 4801 << 173;
    QTest::newRow("100 chunks, 100 px") << 100 << 100;
}

void TestChunkBar::downsampleUneven()
{
    QFETCH(int, chunks);
    QFETCH(int, width);
    // Every other chunk done: each pixel's shares sum to 1, and the done share over the whole
    // bar equals the done share of the chunks.
    auto map = states(chunks);
    int done = 0;
    for (int i = 0; i < chunks; i += 2, ++done)
        map[i] = ChunkState::Done;
    const QVector<Pixel> px = ChunkBarPainter::downsample(map, 0, width);
    QCOMPARE(px.size(), width);
    double doneTotal = 0;
    for (const Pixel &p : px) {
        QVERIFY(near(sum(p), 1.0));
        doneTotal += p.done;
    }
    QVERIFY2(std::abs(doneTotal / width - double(done) / chunks) < 1e-9,
             qPrintable(QString::number(doneTotal / width)));
}

void TestChunkBar::downsampleEmpty()
{
    QCOMPARE(ChunkBarPainter::downsample({}, 0, 50).size(), 50);
    QCOMPARE(sum(ChunkBarPainter::downsample({}, 0, 50).at(0)), 0.0);
    QVERIFY(ChunkBarPainter::downsample(states(10), 0, 0).isEmpty());
}

void TestChunkBar::renderColours()
{
    const auto colors = ChunkBarPainter::Colors::fromPalette(QApplication::palette());
    // 1000 chunks into 100 px: done | failed | in flight (half sent) | pending.
    auto map = states(1000);
    for (int i = 0; i < 250; ++i)
        map[i] = ChunkState::Done;
    for (int i = 250; i < 500; ++i)
        map[i] = ChunkState::Failed;
    for (int i = 500; i < 750; ++i)
        map[i] = ChunkState::InFlight;
    const QImage image =
        ChunkBarPainter::render(ChunkBarPainter::downsample(map, 0.5, 100), colors);
    QCOMPARE(image.width(), 100);
    QCOMPARE(image.pixelColor(0, 0), colors.done);
    QCOMPARE(image.pixelColor(24, 0), colors.done);
    QCOMPARE(image.pixelColor(25, 0), colors.failed);
    QCOMPARE(image.pixelColor(49, 0), colors.failed);
    QCOMPARE(image.pixelColor(75, 0), colors.pending);
    QCOMPARE(image.pixelColor(99, 0), colors.pending);
    // Half of every in-flight chunk sent, 10 chunks a pixel: the mix of the two.
    const QColor mixed = image.pixelColor(60, 0);
    QVERIFY(mixed != colors.sent && mixed != colors.inFlight && mixed != colors.pending);
    QVERIFY(std::abs(mixed.red() - (colors.sent.red() + colors.inFlight.red()) / 2) <= 1);

    // 3 chunks, 300 px: the in-flight chunk is filled exactly as far as it was sent.
    const QImage wide = ChunkBarPainter::render(
        ChunkBarPainter::downsample({ChunkState::Done, ChunkState::InFlight, ChunkState::Failed},
                                    0.25, 300),
        colors);
    QCOMPARE(wide.pixelColor(50, 0), colors.done);
    QCOMPARE(wide.pixelColor(110, 0), colors.sent);
    QCOMPARE(wide.pixelColor(124, 0), colors.sent);
    QCOMPARE(wide.pixelColor(126, 0), colors.inFlight);
    QCOMPARE(wide.pixelColor(199, 0), colors.inFlight);
    QCOMPARE(wide.pixelColor(200, 0), colors.failed);
}

void TestChunkBar::failedChunkStaysVisible()
{
    const auto colors = ChunkBarPainter::Colors::fromPalette(QApplication::palette());
    auto map = states(10000, ChunkState::Done);
    map[5003] = ChunkState::Failed; // 1 of 100 chunks in pixel 50
    const QImage image =
        ChunkBarPainter::render(ChunkBarPainter::downsample(map, 0, 100), colors);
    QCOMPARE(image.pixelColor(50, 0), colors.failed);
    QCOMPARE(image.pixelColor(49, 0), colors.done);
    QCOMPARE(image.pixelColor(51, 0), colors.done);

    // So does the one chunk in flight, and the done part next to it stays done.
    map[5003] = ChunkState::Done;
    map[7000] = ChunkState::InFlight;
    const QImage moving =
        ChunkBarPainter::render(ChunkBarPainter::downsample(map, 0.5, 100), colors);
    const QColor activity = moving.pixelColor(70, 0);
    QVERIFY(activity != colors.done && activity != colors.pending);
    QVERIFY(std::abs(activity.green() - (colors.sent.green() + colors.inFlight.green()) / 2) <= 1);
    QCOMPARE(moving.pixelColor(69, 0), colors.done);
    QCOMPARE(moving.pixelColor(50, 0), colors.done);
}

void TestChunkBar::coloursAreDistinct()
{
    for (const QPalette &palette : {QApplication::palette(), QPalette(Qt::black)}) {
        // The done colour must also stand out on a selected row, painted in the highlight.
        QVERIFY(ChunkBarPainter::Colors::fromPalette(palette).done
                != palette.color(QPalette::Highlight));
        const auto c = ChunkBarPainter::Colors::fromPalette(palette);
        const QList<QColor> all{c.pending, c.inFlight, c.sent, c.done, c.failed};
        for (int i = 0; i < all.size(); ++i) {
            for (int j = i + 1; j < all.size(); ++j)
                QVERIFY2(all[i] != all[j], qPrintable(QStringLiteral("%1 vs %2").arg(i).arg(j)));
        }
    }
}

void TestChunkBar::delegatePaintsAndCaches()
{
    QStandardItemModel model(1, 1);
    ChunkBarData data;
    data.taskId = 7;
    data.states = states(200);
    for (int i = 0; i < 100; ++i)
        data.states[i] = ChunkState::Done;
    data.revision = 1;
    model.setData(model.index(0, 0), QVariant::fromValue(data), UploadTableModel::ChunkMapRole);

    QTableView view; // the delegate paints with the style of option.widget
    ChunkBarDelegate delegate;
    const auto paintCell = [&](int width) {
        QImage image(width + 20, 30, QImage::Format_RGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        QStyleOptionViewItem option;
        option.initFrom(&view);
        option.widget = &view;
        option.rect = QRect(10, 0, width, 30);
        delegate.paint(&painter, option, model.index(0, 0));
        return image;
    };
    const auto colors = ChunkBarPainter::Colors::fromPalette(view.palette());

    QImage image = paintCell(208); // 200 px of bar inside the margins
    QCOMPARE(delegate.renderCount(), 1);
    QCOMPARE(image.pixelColor(30, 15), colors.done);
    QCOMPARE(image.pixelColor(180, 15), colors.pending);
    QCOMPARE(image.pixelColor(5, 15), QColor(Qt::white)); // nothing outside the cell

    paintCell(208);
    QCOMPARE(delegate.renderCount(), 1); // same task, width and revision: from the cache
    paintCell(300);
    QCOMPARE(delegate.renderCount(), 2); // new width
    data.states[150] = ChunkState::Failed;
    data.revision = 2;
    model.setData(model.index(0, 0), QVariant::fromValue(data), UploadTableModel::ChunkMapRole);
    image = paintCell(300);
    QCOMPARE(delegate.renderCount(), 3); // new revision
    const int failedX = 10 + 4 + 150 * 292 / 200 + 1;
    QCOMPARE(image.pixelColor(failedX, 15), colors.failed);
}

void TestChunkBar::progressBarStaysInCell()
{
    // Qt 6 draws a delegate's progress bar outside the cell unless it is marked horizontal.
    QStandardItemModel model(1, 1);
    model.setData(model.index(0, 0), 0.75, UploadTableModel::ProgressRole);
    model.setData(model.index(0, 0), QVariant::fromValue(TaskState::Uploading),
                  UploadTableModel::StateRole);
    model.setData(model.index(0, 0), QStringLiteral("75.0%"), Qt::DisplayRole);
    QTableView view;
    ProgressDelegate delegate;
    QImage image(400, 100, QImage::Format_RGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        QStyleOptionViewItem option;
        option.initFrom(&view);
        option.widget = &view;
        option.rect = QRect(100, 40, 150, 24);
        delegate.paint(&painter, option, model.index(0, 0));
    }
    int insideChanged = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const bool inside = QRect(100, 40, 150, 24).contains(x, y);
            const bool changed = image.pixel(x, y) != QColor(Qt::white).rgb();
            if (!inside)
                QVERIFY2(!changed, qPrintable(QStringLiteral("painted at %1,%2").arg(x).arg(y)));
            insideChanged += changed && inside;
        }
    }
    QVERIFY(insideChanged > 150 * 24 / 2); // the bar is there, three quarters filled
}

QTEST_MAIN(TestChunkBar)
#include "tst_chunkbar.moc"
