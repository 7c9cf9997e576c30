#pragma once

#include <QByteArray>
#include <QByteArrayList>

#include <memory>
#include <optional>

// The tus checksum extension on the server side: the Upload-Checksum header and incremental
// digests: CRC-32C (crc32c.h, offered first: what a request checksum is for, damage in transit,
// at a tenth of SHA-256's cost) and through OpenSSL's libcrypto the rest (several times faster
// here than QCryptographicHash).
class ChecksumHasher final {
    Q_DISABLE_COPY_MOVE(ChecksumHasher)
public:
    // The names hoistd advertises in Tus-Checksum-Algorithm, in that order.
    static QByteArrayList algorithms();
    // nullptr when `name` is not one of algorithms().
    static std::unique_ptr<ChecksumHasher> create(const QByteArray &name);
    ~ChecksumHasher();

    QByteArray name() const { return m_name; }
    int digestSize() const;
    void update(const char *data, size_t size);
    // The raw digest; the hasher is spent afterwards.
    QByteArray finish();

private:
    struct Context;
    ChecksumHasher(const QByteArray &name, std::unique_ptr<Context> context);

    QByteArray m_name;
    std::unique_ptr<Context> m_context;
};

// "Upload-Checksum: <algorithm> <base64 digest>".
struct UploadChecksum {
    QByteArray algorithm;
    QByteArray digest; // raw bytes
};

// nullopt when the header is not "<name> <base64>" with a lower-case ASCII name and strict base64.
std::optional<UploadChecksum> parseUploadChecksum(const QByteArray &header);
