#include "awkwardfolder.h"

#include "testfiles.h"

#include <QDir>
#include <QFileInfo>

namespace {
constexpr qint64 Part = 8 * 1024 * 1024; // S3MultipartTransfer::partSizeFor() for these sizes
} // namespace

qint64 awkwardSize(int i)
{
    if (QByteArray(AwkwardNames[i]).endsWith("empty.bin"))
        return 0;
    if (QByteArray(AwkwardNames[i]).endsWith("big part.bin"))
        return 2 * Part + 12345; // three parts: multipart
    return 1000 + 977 * i;
}

QStringList makeAwkwardFolder(const QString &root, const QString &name)
{
    QStringList paths;
    for (int i = 0; i < AwkwardCount; ++i) {
        const QString relative = QString::fromUtf8(AwkwardNames[i]);
        const QString path = root + QLatin1Char('/') + name + QLatin1Char('/') + relative;
        QDir().mkpath(QFileInfo(path).absolutePath());
        if (makeTestFile(QFileInfo(path).absolutePath(), QFileInfo(path).fileName(), awkwardSize(i),
                         40 + i)
                .isEmpty())
            return {};
        paths << name + QLatin1Char('/') + relative;
    }
    return paths;
}
