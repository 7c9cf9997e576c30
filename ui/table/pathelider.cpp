#include "pathelider.h"

#include <QFontMetrics>

namespace {
const QChar ellipsis(0x2026);

// QFontMetrics::elidedText can come out a pixel or two wider than asked (it measures the
// pieces apart): asked again for less until it fits.
QString elided(const QFontMetrics &metrics, const QString &text, Qt::TextElideMode mode, int width)
{
    for (int room = width; room >= 0; --room) {
        const QString shown = metrics.elidedText(text, mode, room);
        if (metrics.horizontalAdvance(shown) <= width)
            return shown;
    }
    return {};
}
} // namespace

QString elidePath(const QString &path, const QFontMetrics &metrics, int width)
{
    if (metrics.horizontalAdvance(path) <= width)
        return path;
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    const QString name = path.mid(slash + 1);
    if (slash < 0 || metrics.horizontalAdvance(name) > width)
        return elided(metrics, name, Qt::ElideMiddle, width);
    const QString tail = path.mid(slash); // "/IMG_0001.JPG"
    const int folderRoom = width - metrics.horizontalAdvance(tail);
    const QString folder = elided(metrics, path.left(slash), Qt::ElideRight, folderRoom);
    // Nothing of the folder left but the ellipsis (or not even that): "…/name", or the name.
    if (!folder.isEmpty() && folder != QString(ellipsis))
        return folder + tail;
    const QString shortest = ellipsis + tail;
    return metrics.horizontalAdvance(shortest) <= width ? shortest : name;
}
