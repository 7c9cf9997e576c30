#include "chunkbarpainter.h"

#include <QPalette>

#include <algorithm>
#include <cmath>

namespace {
// Hues for the states the palette has no role for, at the highlight's saturation and value.
constexpr int inFlightHue = 38; // amber
constexpr int failedHue = 0;    // red
constexpr int minSaturation = 150;
constexpr int minValue = 170;

QColor mix(const QColor &a, const QColor &b, double t)
{
    const auto lerp = [t](int x, int y) { return int(std::lround(x + (y - x) * t)); };
    return QColor(lerp(a.red(), b.red()), lerp(a.green(), b.green()), lerp(a.blue(), b.blue()));
}

QColor withHue(const QColor &like, int hue)
{
    // Through QRgb: 8 bits per channel, as the rendered image holds it.
    const QColor hsv = QColor::fromHsv(hue, std::max(like.hsvSaturation(), minSaturation),
                                       std::max(like.value(), minValue));
    return QColor(hsv.rgb());
}
} // namespace

ChunkBarPainter::Colors ChunkBarPainter::Colors::fromPalette(const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    const QColor highlight = palette.color(QPalette::Highlight);
    Colors c;
    c.pending = mix(base, text, 0.10);
    // Not the highlight itself: a selected row is painted in it, and the bar must stay visible.
    const bool dark = base.value() < 128;
    c.done = QColor((dark ? highlight.lighter(125) : highlight.darker(125)).rgb());
    c.sent = withHue(highlight, inFlightHue);
    c.inFlight = mix(c.sent, c.pending, 0.5);
    c.failed = withHue(highlight, failedHue);
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
            case ChunkState::Pending: px.pending += share; break;
            case ChunkState::Done: px.done += share; break;
            case ChunkState::Failed: px.failed += share; break;
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
        const auto channel = [&](int x, int y) { return int(std::lround((x * shareA + y * shareB) / total)); };
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
