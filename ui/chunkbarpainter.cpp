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
    c.done = QColor(highlight.rgb());
    c.sent = withHue(highlight, inFlightHue);
    c.inFlight = mix(c.sent, c.pending, 0.65);
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
    if (px.failed > 0)
        return colors.failed;
    const double total = px.pending + px.inFlight + px.sent + px.done;
    if (total <= 0)
        return colors.pending;
    double r = 0, g = 0, b = 0;
    const auto add = [&](const QColor &c, double share) {
        r += c.red() * share;
        g += c.green() * share;
        b += c.blue() * share;
    };
    add(colors.pending, px.pending);
    add(colors.inFlight, px.inFlight);
    add(colors.sent, px.sent);
    add(colors.done, px.done);
    return QColor(int(std::lround(r / total)), int(std::lround(g / total)),
                  int(std::lround(b / total)));
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
