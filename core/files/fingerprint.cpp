#include "fingerprint.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QtEndian>

namespace {
// Bytes read at each end of the file. 128 KiB in all: QCryptographicHash is quick enough that
// OpenSSL would buy nothing.
constexpr qint64 WindowBytes = 64 * 1024;

// Adds exactly `length` bytes from `offset`; false if the file is shorter or unreadable.
bool addRange(QCryptographicHash &hash, QFile &file, qint64 offset, qint64 length) {
    if (!file.seek(offset))
        return false;
    const QByteArray bytes = file.read(length);
    if (bytes.size() != length)
        return false;
    hash.addData(bytes);
    return true;
}
} // namespace

QByteArray quickFingerprint(const QString &path, qint64 size) {
    if (size < 0)
        return {};
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};

    QCryptographicHash hash(QCryptographicHash::Sha256);
    char sizeBytes[8];
    qToLittleEndian<quint64>(quint64(size), sizeBytes);
    hash.addData(QByteArrayView(sizeBytes, sizeof sizeBytes));

    const bool read = size <= 2 * WindowBytes
                          ? addRange(hash, file, 0, size)
                          : addRange(hash, file, 0, WindowBytes) &&
                                addRange(hash, file, size - WindowBytes, WindowBytes);
    return read ? hash.result() : QByteArray();
}

FileIdentity FileIdentity::of(const QString &path) {
    FileIdentity identity;
    const QFileInfo info(path);
    identity.exists = info.isFile();
    if (!identity.exists)
        return identity;
    identity.size = info.size();
    identity.modifiedMs = info.lastModified().toMSecsSinceEpoch();
    identity.fingerprint = quickFingerprint(path, identity.size);
    return identity;
}
