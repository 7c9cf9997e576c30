// The chunk bar: downsampling a chunk map to a pixel width, the colours it renders, and the
// delegate's cache. Pure painting: no scheduler, no network.
#include "chunkbardelegate.h"
#include "chunkbarpainter.h"
#include "progressdelegate.h"
#include "uploadtablemodel.h"

#include <QApplication>
#include <QPainter>
#include <QSet>
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

double sum(const Pixel &p)
{
    return p.pending + p.inFlight + p.sent + p.done + p.failed;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-9;
}

// Columns of `image` painted as a chunk in flight (amber or its stripes) at some height.
QVector<int> markedColumns(const QImage &image, const ChunkBarPainter::Colors &c)
{
    QVector<int> columns;
    for (int x = 0; x < image.width(); ++x) {
        bool marked = false;
        for (int y = 0; y < image.height() && !marked; ++y) {
            const QColor color = image.pixelColor(x, y);
            marked = color == c.sent || color == c.stripe;
        }
        if (marked)
            columns.append(x);
    }
    return columns;
}

// Runs of consecutive columns: [first, last] pairs.
QVector<QPair<int, int>> runsOf(const QVector<int> &columns)
{
    QVector<QPair<int, int>> runs;
    for (const int x : columns) {
        if (!runs.isEmpty() && runs.last().second == x - 1)
            runs.last().second = x;
        else
            runs.append({x, x});
    }
    return runs;
}

// Mean grey (0..255) over columns [from, to) of `image`, as a monochrome view would see it.
double meanGrey(const QImage &image, int from, int to)
{
    double sum = 0;
    int n = 0;
    for (int x = from; x < to; ++x) {
        for (int y = 0; y < image.height(); ++y, ++n)
            sum += qGray(image.pixel(x, y));
    }
    return n ? sum / n : 0;
}
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
    void inFlightPartsVisibleAtAnyWidth();
    void marksKeepPartsApart();
    void marksNarrowWhenTooMany();
    void failedDiffersByMoreThanHue();
    void legendShowsEveryState();
    void delegatePaintsAndCaches();
    void progressBarStaysInCell();
};

void TestChunkBar::downsampleManyChunksIntoFewPixels()
{
    // 1000 chunks into 100 px: 10 chunks per pixel.
    auto map = states(1000);
    for (int i = 0; i < 500; ++i)
        map[i] = ChunkState::Done;
    map[505] = ChunkState::Failed;  // 1 of the 10 chunks of pixel 50
    for (int i = 600; i < 604; ++i) // 4 of the 10 chunks of pixel 60
        map[i] = ChunkState::InFlight;

    const QVector<Pixel> px = ChunkBarPainter::downsample(map, 0.5, 100);
    QCOMPARE(px.size(), 100);
    for (int p = 0; p < 50; ++p) {
        QVERIFY2(near(px[p].done, 1.0), qPrintable(QString::number(p)));
        QCOMPARE(px[p].pending, 0.0);
    }
    QVERIFY(near(px[50].failed, 0.1));
    QVERIFY(near(px[50].pending, 0.9));
    QVERIFY(near(px[60].sent, 0.2)); // half of each of 4 chunks
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
    const QImage image = ChunkBarPainter::render(ChunkBarPainter::downsample(map, 0, 100), colors);
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

void TestChunkBar::inFlightPartsVisibleAtAnyWidth()
{
    // 1 GiB in 8 MiB chunks sent as 4 parallel parts, each with one chunk on its way, the rest
    // half done: at 100 px a chunk is 0.78 px, yet each part in flight is a mark of its own.
    const auto c = ChunkBarPainter::Colors::fromPalette(QApplication::palette());
    constexpr int chunks = 1024 / 8;
    auto map = states(chunks, ChunkState::Pending);
    const QVector<int> partStarts{32, 64, 96};
    for (int part = 0; part < 4; ++part) {
        for (int i = part * 32; i < part * 32 + 10; ++i)
            map[i] = ChunkState::Done;
        map[part * 32 + 10] = ChunkState::InFlight;
    }
    for (const int width : {100, 60, 400}) {
        const QImage image = ChunkBarPainter::renderBar(map, 0.3, partStarts, QSize(width, 12), c);
        const auto runs = runsOf(markedColumns(image, c));
        QCOMPARE(runs.size(), 4);
        for (const auto &run : runs)
            QVERIFY2(run.second - run.first + 1 >= ChunkBarPainter::MinMarkWidth,
                     qPrintable(QStringLiteral("%1 px wide at %2 px")
                                    .arg(run.second - run.first + 1)
                                    .arg(width)));
        // Each where its chunk is, give or take the widening.
        for (int part = 0; part < 4; ++part) {
            const double centre = (part * 32 + 10.5) * width / chunks;
            const auto &run = runs.at(part);
            QVERIFY(std::abs((run.first + run.second) / 2.0 - centre)
                    <= ChunkBarPainter::MinMarkWidth);
        }
    }
}

void TestChunkBar::marksKeepPartsApart()
{
    // Two parts whose chunks in flight touch (the end of one, the start of the next), and a
    // single request carrying three chunks: two marks, a pixel apart, not one.
    auto map = states(1000);
    map[499] = ChunkState::InFlight;
    map[500] = ChunkState::InFlight;
    map[800] = map[801] = map[802] = ChunkState::InFlight;
    const auto marks = ChunkBarPainter::marks(map, {500}, 100);
    QCOMPARE(marks.size(), 3);
    QVERIFY(marks.at(0).x + marks.at(0).width < marks.at(1).x);
    for (const auto &m : marks) {
        QCOMPARE(m.state, ChunkState::InFlight);
        QVERIFY(m.width >= ChunkBarPainter::MinMarkWidth);
        QVERIFY(m.x >= 0 && m.x + m.width <= 100);
    }
    // Without the part boundary the two touching chunks are one run.
    QCOMPARE(ChunkBarPainter::marks(map, {}, 100).size(), 2);
    // Wide pixels: a run keeps its downsampled extent, no widening.
    const auto wide = ChunkBarPainter::marks(
        {ChunkState::Done, ChunkState::InFlight, ChunkState::Pending}, {}, 300);
    QCOMPARE(wide.size(), 1);
    QCOMPARE(wide.at(0).x, 100);
    QCOMPARE(wide.at(0).width, 100);
    QVERIFY(!wide.at(0).widened);
}

void TestChunkBar::marksNarrowWhenTooMany()
{
    // Many parts in flight cannot all be MinMarkWidth with gaps: they narrow, and stay apart
    // while a pixel each and a pixel between fit; beyond that they still stay inside the bar.
    struct Case {
        int parts;
        int width;
        bool apart;
    };
    for (const Case &c : {Case{40, 100, true}, Case{64, 200, true}, Case{64, 100, false}}) {
        auto map = states(c.parts * 16);
        QVector<int> starts;
        for (int part = 0; part < c.parts; ++part) {
            map[part * 16 + 3] = ChunkState::InFlight;
            if (part)
                starts.append(part * 16);
        }
        const auto marks = ChunkBarPainter::marks(map, starts, c.width);
        QCOMPARE(marks.size(), c.parts);
        for (int i = 0; i < marks.size(); ++i) {
            const QString where =
                QStringLiteral("%1 parts in %2 px, mark %3").arg(c.parts).arg(c.width).arg(i);
            QVERIFY2(marks.at(i).width >= 1, qPrintable(where));
            QVERIFY2(marks.at(i).x >= 0 && marks.at(i).x + marks.at(i).width <= c.width,
                     qPrintable(where));
            if (i && c.apart)
                QVERIFY2(marks.at(i - 1).x + marks.at(i - 1).width < marks.at(i).x,
                         qPrintable(where));
        }
    }
}

void TestChunkBar::failedDiffersByMoreThanHue()
{
    // Half done, half failed: someone who cannot tell red from blue still sees two things, by
    // the hatch (more than one colour) and by lightness.
    for (const QPalette &palette : {QApplication::palette(), QPalette(Qt::black)}) {
        const auto c = ChunkBarPainter::Colors::fromPalette(palette);
        auto map = states(100, ChunkState::Done);
        for (int i = 50; i < 100; ++i)
            map[i] = ChunkState::Failed;
        const QImage image = ChunkBarPainter::renderBar(map, 0, {}, QSize(200, 16), c);
        QSet<QRgb> doneColours;
        QSet<QRgb> failedColours;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < 100; ++x)
                doneColours.insert(image.pixel(x, y));
            for (int x = 100; x < 200; ++x)
                failedColours.insert(image.pixel(x, y));
        }
        QCOMPARE(doneColours.size(), 1);
        QVERIFY2(failedColours.size() >= 2, "failed chunks carry a pattern");
        const double difference = std::abs(meanGrey(image, 0, 100) - meanGrey(image, 100, 200));
        QVERIFY2(difference >= 30, qPrintable(QString::number(difference)));
        // And in flight is striped, done and pending plain and apart in lightness.
        const QImage moving = ChunkBarPainter::swatch(ChunkState::InFlight, QSize(24, 12), c);
        QSet<QRgb> movingColours;
        for (int y = 0; y < moving.height(); ++y) {
            for (int x = 0; x < moving.width(); ++x)
                movingColours.insert(moving.pixel(x, y));
        }
        QVERIFY(movingColours.size() >= 2);
        QVERIFY(std::abs(qGray(c.done.rgb()) - qGray(c.pending.rgb())) >= 60);
    }
}

void TestChunkBar::legendShowsEveryState()
{
    const QString html =
        ChunkBarPainter::legendHtml(ChunkBarPainter::Colors::fromPalette(QApplication::palette()));
    QCOMPARE(html.count(QStringLiteral("<img src=\"data:image/png;base64,")), 4);
    for (const ChunkState state :
         {ChunkState::Done, ChunkState::InFlight, ChunkState::Failed, ChunkState::Pending})
        QVERIFY(html.contains(ChunkBarPainter::stateLabel(state)));
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
    // The failed chunk is a hatched mark of at least MinMarkWidth around its place.
    const int failedX = 10 + 4 + 150 * 292 / 200 + 1;
    int failedPixels = 0;
    for (int x = failedX - 6; x <= failedX + 6; ++x) {
        const QColor color = image.pixelColor(x, 15);
        failedPixels += color == colors.failed || color == colors.hatch;
    }
    QVERIFY2(failedPixels >= ChunkBarPainter::MinMarkWidth,
             qPrintable(QString::number(failedPixels)));
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
