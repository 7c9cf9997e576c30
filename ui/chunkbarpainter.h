#pragma once

#include "uploadtypes.h"

#include <QColor>
#include <QImage>
#include <QVector>

class QPalette;

// The chunk map of one upload as a strip of pixels, like a torrent client's pieces bar: each
// pixel column covers a stretch of chunks and is coloured by what share of it is in which state.
// Pure functions, so the downsampling can be tested without a view.
class ChunkBarPainter final {
public:
    // Shares of one pixel column (they sum to 1 when the column covers any chunk).
    struct Pixel {
        double pending = 0;
        double inFlight = 0; // the part of an in-flight chunk not sent yet
        double sent = 0;     // the part of an in-flight chunk that has left this machine
        double done = 0;
        double failed = 0;
    };

    struct Colors {
        QColor pending;
        QColor inFlight;
        QColor sent;
        QColor done;
        QColor failed;
        // Derived from the palette's Base and Highlight, so the bar fits light and dark themes.
        static Colors fromPalette(const QPalette &palette);
    };

    // Spreads `states` (each in-flight chunk sent up to `inFlightFraction`) over `width` pixels.
    static QVector<Pixel> downsample(const QVector<ChunkState> &states, double inFlightFraction,
                                     int width);
    // A failed chunk wins its pixel (one failure among thousands must stay visible), then an
    // in-flight one (where the activity is); otherwise done and pending are mixed by share.
    static QColor colorOf(const Pixel &pixel, const Colors &colors);
    // One row of pixels, width == pixels.size(); stretch it vertically when drawing.
    static QImage render(const QVector<Pixel> &pixels, const Colors &colors);
};
