#include "loadaverage.h"

#include <QFile>

QByteArray loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? file.readLine().left(14) : QByteArray("?");
}
