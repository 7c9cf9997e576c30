#include "chunkbarpainter.h"

#include <QBuffer>
#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace {
// Hues chosen to be told apart with any colour vision (after Okabe and Ito), and by more than
// hue: done is dark, in flight light and striped, failed hatched.
constexpr int doneHue = 207;      // blue
constexpr int inFlightHue = 38;   // amber
constexpr int failedHue = 4;      // red
constexpr int stripeSpacing = 4;  // logical pixels between stripes and hatch lines
constexpr int swatchFraction = 2; // a legend's in-flight sample is sent 1/2

QColor mix(const QColor &a, const QColor &b, double t)
{
    const auto lerp = [t](int x, int y) { return int(std::lround(x + (y - x) * t)); };
    return QColor(lerp(a.red(), b.red()), lerp(a.green(), b.green()), lerp(a.blue(), b.blue()));
}

QColor hsv(int hue, int saturation, int value)
{
    // Through QRgb: 8 bits per channel, as the rendered image holds it.
    return QColor(QColor::fromHsv(hue, saturation, value).rgb());
}

// Parallel lines at 45 degrees over `rect`, `spacing` apart; both diagonals when `cross`.
void drawLines(QPainter *painter, const QRectF &rect, const QColor &color, bool cross)
{
    painter->save();
    painter->setClipRect(rect, Qt::IntersectClip);
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setPen(QPen(color, 1));
    const double h = rect.height();
    for (double d = -h; d < rect.width() + h; d += stripeSpacing) {
        painter->drawLine(QPointF(rect.left() + d, rect.bottom()),
                          QPointF(rect.left() + d + h, rect.top()));
        if (cross)
            painter->drawLine(QPointF(rect.left() + d, rect.top()),
                              QPointF(rect.left() + d + h, rect.bottom()));
    }
    painter->restore();
}
} // namespace

ChunkBarPainter::Colors ChunkBarPainter::Colors::fromPalette(const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    // Dark when the text is lighter than what it is written on, whatever the base's own value (a
    // dark theme's base can be a mid grey).
    const bool dark = text.lightness() > base.lightness();
    Colors c;
    c.pending = mix(base, text, dark ? 0.16 : 0.12);
    // Dark on a light theme and light on a dark one: done differs from pending in lightness.
    c.done = dark ? hsv(doneHue, 120, 235) : hsv(doneHue, 220, 150);
    c.sent = hsv(inFlightHue, 230, 240);
    c.inFlight = mix(c.sent, c.pending, 0.55);
    c.failed = dark ? hsv(failedHue, 190, 235) : hsv(failedHue, 220, 205);
    c.stripe = QColor(c.sent.darker(175).rgb());
    c.hatch = mix(c.failed, dark ? QColor(Qt::black) : QColor(Qt::white), 0.8);
    return c;
}

QVector<ChunkBarPainter::Pixel> ChunkBarPainter::downsample(const QVector<ChunkState> &states,
                                                            double inFlightFraction, int width)
{
    QVector<Pixel> pixels(std::max(0, width));
    const int n = int(states.size());
    if (n == 0 || width <= 0)
        return pixels;
    const double fraction = std::clamp(inFlightFraction, 0.0, 1.0);
    const double scale = double(n) / width; // chunks per pixel
    for (int p = 0; p < width; ++p) {
        const double a = p * scale;
        const double b = (p + 1) * scale;
        const int first = std::clamp(int(std::floor(a)), 0, n - 1);
        const int last = std::clamp(int(std::ceil(b)) - 1, first, n - 1);
        Pixel &px = pixels[p];
        for (int i = first; i <= last; ++i) {
            const double lo = std::max(a, double(i));
            const double hi = std::min(b, double(i + 1));
            if (hi <= lo)
                continue;
            const double share = hi - lo;
            switch (states.at(i)) {
            case ChunkState::Pending:
                px.pending += share;
                break;
            case ChunkState::Done:
                px.done += share;
                break;
            case ChunkState::Failed:
                px.failed += share;
                break;
            case ChunkState::InFlight: {
                const double sent = std::clamp(i + fraction - lo, 0.0, share);
                px.sent += sent;
                px.inFlight += share - sent;
                break;
            }
            }
        }
        const double span = b - a;
        px.pending /= span;
        px.inFlight /= span;
        px.sent /= span;
        px.done /= span;
        px.failed /= span;
    }
    return pixels;
}

QColor ChunkBarPainter::colorOf(const Pixel &px, const Colors &colors)
{
    const auto blend = [](const QColor &a, double shareA, const QColor &b, double shareB) {
        const double total = shareA + shareB;
        const auto channel = [&](int x, int y) {
            return int(std::lround((x * shareA + y * shareB) / total));
        };
        return QColor(channel(a.red(), b.red()), channel(a.green(), b.green()),
                      channel(a.blue(), b.blue()));
    };
    if (px.failed > 0)
        return colors.failed;
    // Likewise a chunk on its way: it is where the activity is.
    if (px.inFlight + px.sent > 0)
        return blend(colors.sent, px.sent, colors.inFlight, px.inFlight);
    if (px.pending + px.done <= 0)
        return colors.pending;
    return blend(colors.done, px.done, colors.pending, px.pending);
}

QImage ChunkBarPainter::render(const QVector<Pixel> &pixels, const Colors &colors)
{
    QImage image(std::max(1, int(pixels.size())), 1, QImage::Format_RGB32);
    image.fill(colors.pending);
    auto *line = reinterpret_cast<QRgb *>(image.scanLine(0));
    for (int x = 0; x < pixels.size(); ++x)
        line[x] = colorOf(pixels.at(x), colors).rgb();
    return image;
}

QVector<ChunkBarPainter::Mark> ChunkBarPainter::marks(const QVector<ChunkState> &states,
                                                      const QVector<int> &partStarts, int width,
                                                      int minWidth)
{
    QVector<Mark> out;
    const int n = int(states.size());
    if (n == 0 || width <= 0)
        return out;
    QVector<int> starts = partStarts;
    std::sort(starts.begin(), starts.end());
    const double scale = double(width) / n; // pixels per chunk
    for (const ChunkState kind : {ChunkState::Failed, ChunkState::InFlight}) {
        // Runs of `kind`, in chunks [first, end).
        QVector<QPair<int, int>> runs;
        int first = -1;
        auto nextStart = starts.cbegin();
        for (int i = 0; i <= n; ++i) {
            bool partBegins = false;
            while (nextStart != starts.cend() && *nextStart <= i)
                partBegins |= *nextStart++ == i;
            const bool in = i < n && states.at(i) == kind;
            if (first >= 0 && (!in || partBegins)) {
                runs.append({first, i});
                first = -1;
            }
            if (in && first < 0)
                first = i;
        }
        if (runs.isEmpty())
            continue;
        // As wide as lets every mark fit with a pixel between neighbours.
        const int fit = std::clamp((width + 1) / int(runs.size()) - 1, 1, std::max(1, minWidth));
        QVector<Mark> placed;
        placed.reserve(runs.size());
        for (const auto &run : std::as_const(runs)) {
            const double a = run.first * scale;
            const double b = run.second * scale;
            Mark m;
            m.state = kind;
            m.x = int(std::floor(a));
            m.width = std::max(1, int(std::ceil(b)) - m.x);
            if (m.width < fit) {
                m.width = fit;
                m.x = int(std::lround((a + b) / 2 - fit / 2.0));
                m.widened = true;
            }
            m.width = std::min(m.width, width);
            m.x = std::clamp(m.x, 0, width - m.width);
            placed.append(m);
        }
        // Apart: push each right of its left neighbour (a wide run gives up its first pixels
        // instead), then pull back the ones pushed past the end.
        for (int k = 1; k < placed.size(); ++k) {
            Mark &m = placed[k];
            int need = placed.at(k - 1).x + placed.at(k - 1).width + 1 - m.x;
            if (need <= 0)
                continue;
            if (!m.widened) {
                const int give = std::min(need, m.width - fit);
                if (give > 0) {
                    m.x += give;
                    m.width -= give;
                    need -= give;
                }
            }
            m.x += need;
        }
        for (int k = int(placed.size()) - 1; k >= 0; --k) {
            Mark &m = placed[k];
            const int limit = k + 1 < placed.size() ? placed.at(k + 1).x - 1 : width;
            if (m.x + m.width > limit)
                m.x = std::max(0, limit - m.width);
        }
        out += placed;
    }
    return out;
}

void ChunkBarPainter::paint(QPainter *painter, const QRectF &bar, const QImage &strip,
                            const QVector<Mark> &marks, const Colors &colors)
{
    if (strip.isNull() || bar.isEmpty())
        return;
    painter->save();
    painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter->drawImage(bar, strip, QRectF(0, 0, strip.width(), 1));
    const double scale = bar.width() / strip.width();
    for (const Mark &m : marks) {
        const QRectF r(bar.left() + m.x * scale, bar.top(), m.width * scale, bar.height());
        if (m.state == ChunkState::Failed) {
            painter->fillRect(r, colors.failed);
            drawLines(painter, r, colors.hatch, true);
        } else {
            // Downsampled to a sliver: its sent share would not show; amber says "moving".
            if (m.widened)
                painter->fillRect(r, colors.sent);
            drawLines(painter, r, colors.stripe, false);
        }
    }
    painter->restore();
}

QImage ChunkBarPainter::renderBar(const QVector<ChunkState> &states, double inFlightFraction,
                                  const QVector<int> &partStarts, QSize size, const Colors &colors)
{
    QImage image(size.expandedTo(QSize(1, 1)), QImage::Format_RGB32);
    image.fill(colors.pending);
    const QImage strip = render(downsample(states, inFlightFraction, image.width()), colors);
    QPainter painter(&image);
    paint(&painter, QRectF(image.rect()), strip, marks(states, partStarts, image.width()), colors);
    return image;
}

QImage ChunkBarPainter::swatch(ChunkState state, QSize size, const Colors &colors)
{
    return renderBar({state}, 1.0 / swatchFraction, {}, size, colors);
}

QString ChunkBarPainter::stateLabel(ChunkState state)
{
    switch (state) {
    case ChunkState::Done:
        return tr("Sent");
    case ChunkState::InFlight:
        return tr("On its way");
    case ChunkState::Failed:
        return tr("Failed, sent again");
    case ChunkState::Pending:
        return tr("Not sent yet");
    }
    return {};
}

QString ChunkBarPainter::legendHtml(const Colors &colors)
{
    QString html = QStringLiteral("<table cellspacing=\"2\">");
    for (const ChunkState state :
         {ChunkState::Done, ChunkState::InFlight, ChunkState::Failed, ChunkState::Pending}) {
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        swatch(state, QSize(24, 12), colors).save(&buffer, "PNG");
        html += QStringLiteral("<tr><td><img src=\"data:image/png;base64,%1\" width=\"24\" "
                               "height=\"12\"></td><td>%2</td></tr>")
                    .arg(QString::fromLatin1(png.toBase64()), stateLabel(state).toHtmlEscaped());
    }
    return html + QStringLiteral("</table>");
}
