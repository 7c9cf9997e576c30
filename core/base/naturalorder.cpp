#include "naturalorder.h"

int naturalCompare(const QString &a, const QString &b)
{
    const qsizetype na = a.size();
    const qsizetype nb = b.size();
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < na && j < nb) {
        const QChar ca = a.at(i);
        const QChar cb = b.at(j);
        if (ca.isDigit() && cb.isDigit()) {
            // Whole runs of digits, as numbers: skip leading zeros, then the longer run is larger,
            // then the first differing digit decides.
            qsizetype ei = i;
            qsizetype ej = j;
            while (ei < na && a.at(ei).isDigit())
                ++ei;
            while (ej < nb && b.at(ej).isDigit())
                ++ej;
            qsizetype si = i;
            qsizetype sj = j;
            while (si < ei - 1 && a.at(si) == QLatin1Char('0'))
                ++si;
            while (sj < ej - 1 && b.at(sj) == QLatin1Char('0'))
                ++sj;
            if (ei - si != ej - sj)
                return ei - si < ej - sj ? -1 : 1;
            for (; si < ei; ++si, ++sj) {
                if (a.at(si) != b.at(sj))
                    return a.at(si) < b.at(sj) ? -1 : 1;
            }
            i = ei;
            j = ej;
            continue;
        }
        const QChar la = ca.toCaseFolded();
        const QChar lb = cb.toCaseFolded();
        if (la != lb)
            return la < lb ? -1 : 1;
        ++i;
        ++j;
    }
    if (i < na || j < nb)
        return i < na ? 1 : -1;
    return QString::compare(a, b);
}
