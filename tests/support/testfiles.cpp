#include "testfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace {
constexpr qint64 BlockSize = 1 << 20;

// xorshift keyed by the absolute offset of each 8-byte word, so any block can be made alone.
void fill(char *out, qint64 offset, qint64 length, quint32 seed)
{
    for (qint64 i = 0; i < length; ++i) {
        const quint64 word = quint64(offset + i) / 8;
        quint64 x = word * 0x9E3779B97F4A7C15ull ^ (quint64(seed) << 32 | seed);
        x ^= x >> 33;
        x *= 0xff51afd7ed558ccdull;
        x ^= x >> 33;
        out[i] = char(x >> (8 * ((offset + i) % 8)));
    }
}
} // namespace

QByteArray testContent(qint64 size, quint32 seed)
{
    QByteArray data(int(size), Qt::Uninitialized);
    fill(data.data(), 0, size, seed);
    return data;
}

QString makeTestFile(const QString &dir, const QString &name, qint64 size, quint32 seed)
{
    const QString path = QDir(dir).absoluteFilePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    QByteArray block(int(qMin(size, BlockSize)), Qt::Uninitialized);
    for (qint64 offset = 0; offset < size; offset += BlockSize) {
        const qint64 length = qMin(BlockSize, size - offset);
        fill(block.data(), offset, length, seed);
        if (file.write(block.constData(), length) != length)
            return {};
    }
    return file.flush() ? path : QString();
}

QString fileMismatch(const QString &path, qint64 size, quint32 seed)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("%1 cannot be read: %2").arg(path, file.errorString());
    if (file.size() != size)
        return QStringLiteral("%1 holds %2 bytes, not %3").arg(path).arg(file.size()).arg(size);
    QByteArray expected(int(qMin(size, BlockSize)), Qt::Uninitialized);
    for (qint64 offset = 0; offset < size; offset += BlockSize) {
        const qint64 length = qMin(BlockSize, size - offset);
        fill(expected.data(), offset, length, seed);
        const QByteArray read = file.read(length);
        if (read != QByteArray::fromRawData(expected.constData(), int(length))) {
            qint64 at = 0;
            while (at < read.size() && read[at] == expected[at])
                ++at;
            return QStringLiteral("%1 differs from byte %2 on").arg(path).arg(offset + at);
        }
    }
    return {};
}

bool fileMatches(const QString &path, qint64 size, quint32 seed)
{
    return fileMismatch(path, size, seed).isEmpty();
}

bool filesEqual(const QString &a, const QString &b)
{
    QFile fa(a), fb(b);
    if (!fa.open(QIODevice::ReadOnly) || !fb.open(QIODevice::ReadOnly) || fa.size() != fb.size())
        return false;
    while (!fa.atEnd()) {
        if (fa.read(BlockSize) != fb.read(BlockSize))
            return false;
    }
    return true;
}
