#pragma once

#include <QString>

class QFontMetrics;

// A relative path ("Photos/2024/IMG_0001.JPG") shortened to `width` pixels the way a person
// reads it: the folders give way first ("Photos/20…/IMG_0001.JPG", then "…/IMG_0001.JPG"), the
// file's name stays whole; only when the name alone does not fit is it elided, in its middle
// (its extension and number stay).
QString elidePath(const QString &path, const QFontMetrics &metrics, int width);
