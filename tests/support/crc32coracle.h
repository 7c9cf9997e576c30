#pragma once

#include <QByteArray>

// CRC-32C one bit at a time, straight from its definition (reflected polynomial 0x82F63B78,
// initial value and final xor all ones): the tests' independent oracle for crc32c.h's table and
// instruction code. Slow; for test inputs only.
inline quint32 crc32cBitwise(const QByteArray &bytes)
{
    quint32 crc = 0xFFFFFFFFu;
    for (const char c : bytes) {
        crc ^= quint8(c);
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc & 1u) ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
    }
    return ~crc;
}

// As Upload-Checksum carries it before base64: big-endian.
inline QByteArray crc32cBitwiseDigest(const QByteArray &bytes)
{
    const quint32 crc = crc32cBitwise(bytes);
    const char out[] = {char(crc >> 24), char(crc >> 16), char(crc >> 8), char(crc)};
    return QByteArray(out, int(sizeof out));
}
