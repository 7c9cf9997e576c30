#pragma once

#include "uploadtypes.h"

#include <QColor>
#include <QCoreApplication>
#include <QImage>
#include <QVector>

class QPainter;
class QPalette;
class QRectF;

// The chunk map of one upload as a strip of pixels, like a torrent client's pieces bar: each
// pixel column covers a stretch of chunks and is coloured by what share of it is in which state.
// On top of the strip go marks for what must never vanish into a pixel: each run of chunks in
// flight (one per parallel part) and each run of failed chunks, at least a few pixels wide and
// kept apart, in flight striped and failed hatched, so that no state is told by hue alone.
// Pure functions, so the downsampling and the marks can be tested without a view.
class ChunkBarPainter final {
    Q_DECLARE_TR_FUNCTIONS(ChunkBarPainter)
public:
    // Shares of one pixel column (they sum to 1 when the column covers any chunk).
    struct Pixel {
        double pending = 0;
        double inFlight = 0; // the part of an in-flight chunk not sent yet
        double sent = 0;     // the part of an in-flight chunk that has left this machine
        double done = 0;
        double failed = 0;
    };

    // A run of chunks in one state drawn over the strip: pixels [x, x + width).
    struct Mark {
        int x = 0;
        int width = 0;
        ChunkState state = ChunkState::InFlight; // InFlight or Failed
        bool widened = false;                    // narrower than the minimum as downsampled
    };

    struct Colors {
        QColor pending; // light grey (dark grey on a dark theme)
        QColor inFlight;
        QColor sent;   // amber
        QColor done;   // dark blue (light blue on a dark theme)
        QColor failed; // red
        QColor stripe; // the stripes over chunks in flight
        QColor hatch;  // the hatch over failed chunks
        // From the palette's Base and Text, so the bar fits light and dark themes.
        static Colors fromPalette(const QPalette &palette);
    };

    // The smallest mark, in device pixels: a part in flight is never a 1-pixel sliver.
    static constexpr int MinMarkWidth = 5;

    // Spreads `states` (each in-flight chunk sent up to `inFlightFraction`) over `width` pixels.
    static QVector<Pixel> downsample(const QVector<ChunkState> &states, double inFlightFraction,
                                     int width);
    // A failed chunk wins its pixel (one failure among thousands must stay visible), then an
    // in-flight one (where the activity is); otherwise done and pending are mixed by share.
    static QColor colorOf(const Pixel &pixel, const Colors &colors);
    // One row of pixels, width == pixels.size(); stretch it vertically when drawing.
    static QImage render(const QVector<Pixel> &pixels, const Colors &colors);

    // The runs of in-flight and of failed chunks over `width` pixels (failed first). A run ends
    // where the state changes or a part begins (`partStarts`: chunk indices). Runs narrower than
    // `minWidth` widen about their middle, and marks of one state keep a pixel between them,
    // narrowing below `minWidth` only when there are too many to fit.
    static QVector<Mark> marks(const QVector<ChunkState> &states, const QVector<int> &partStarts,
                               int width, int minWidth = MinMarkWidth);
    // Draws `strip` (from render()) stretched over `bar`, then `marks` (in the strip's pixels).
    static void paint(QPainter *painter, const QRectF &bar, const QImage &strip,
                      const QVector<Mark> &marks, const Colors &colors);
    // Everything above, into an image of `size` device pixels (tests, the legend).
    static QImage renderBar(const QVector<ChunkState> &states, double inFlightFraction,
                            const QVector<int> &partStarts, QSize size, const Colors &colors);
    // A sample of `state` as the bar draws it, for a legend.
    static QImage swatch(ChunkState state, QSize size, const Colors &colors);
    // What each colour means, as rich text with swatches (a tooltip's).
    static QString legendHtml(const Colors &colors);
    static QString stateLabel(ChunkState state);
};
