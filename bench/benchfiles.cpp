#include "benchfiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <random>

namespace BenchFiles {
namespace {
// splitmix64: a fixed, well-spread function of the index, so sizes need no stored list.
quint64 mix(quint64 x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

QByteArray contentOf(int index)
{
    QByteArray bytes(sizeOf(index), Qt::Uninitialized);
    std::mt19937_64 random(mix(quint64(index) + 1));
    auto *words = reinterpret_cast<unsigned char *>(bytes.data());
    for (qsizetype i = 0; i < bytes.size(); i += 8) {
        const quint64 word = random();
        for (qsizetype b = 0; b < 8 && i + b < bytes.size(); ++b)
            words[i + b] = uchar(word >> (8 * b));
    }
    // The index first: no two files can be equal, whatever the generator does.
    for (int b = 0; b < 8; ++b)
        words[b] = uchar(quint64(index) >> (8 * b));
    return bytes;
}
} // namespace

QString relativePath(int index)
{
    return QStringLiteral("d%1/f%2.bin")
        .arg(index / FilesPerFolder, 4, 10, QLatin1Char('0'))
        .arg(index, 7, 10, QLatin1Char('0'));
}

qint64 sizeOf(int index)
{
    return MinSize + qint64(mix(quint64(index)) % quint64(MaxSize - MinSize + 1));
}

bool prepare(const QString &dir, int count, int *made, QString *problem)
{
    *made = 0;
    const QDir root(dir);
    if (!QDir().mkpath(dir)) {
        *problem = QStringLiteral("cannot create %1").arg(dir);
        return false;
    }
    QHash<QString, qint64> found; // relative path -> size
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        found.insert(root.relativeFilePath(it.filePath()), it.fileInfo().size());
    }
    QList<int> missing;
    for (int i = 0; i < count; ++i) {
        const auto hit = found.constFind(relativePath(i));
        if (hit == found.constEnd() || hit.value() != sizeOf(i))
            missing.append(i);
        if (hit != found.constEnd())
            found.erase(hit);
    }
    if (!found.isEmpty()) {
        *problem = QStringLiteral("%1 holds %2 other files (e.g. %3): give an empty or new folder")
                       .arg(dir)
                       .arg(found.size())
                       .arg(found.constBegin().key());
        return false;
    }
    int folder = -1;
    for (int i : std::as_const(missing)) {
        if (i / FilesPerFolder != folder) {
            folder = i / FilesPerFolder;
            root.mkpath(QFileInfo(relativePath(i)).path());
        }
        QFile file(root.filePath(relativePath(i)));
        const QByteArray bytes = contentOf(i);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
            || file.write(bytes) != bytes.size()) {
            *problem =
                QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString());
            return false;
        }
        ++*made;
    }
    return true;
}
} // namespace BenchFiles
