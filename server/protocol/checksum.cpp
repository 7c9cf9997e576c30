#include "checksum.h"

#include "crc32c.h"
#include "opensslruntime.h"

#include <openssl/evp.h>

namespace {
const EVP_MD *digestFor(const QByteArray &name)
{
    if (name == "md5")
        return EVP_md5();
    if (name == "sha1")
        return EVP_sha1();
    if (name == "sha256")
        return EVP_sha256();
    return nullptr;
}
} // namespace

struct ChecksumHasher::Context {
    EVP_MD_CTX *ctx = nullptr;  // a libcrypto digest's; null for CRC-32C
    std::optional<quint32> crc; // CRC-32C's running value
    ~Context() { EVP_MD_CTX_free(ctx); }
};

QByteArrayList ChecksumHasher::algorithms()
{
    return {QByteArray(Crc32c::Name), QByteArrayLiteral("sha256"), QByteArrayLiteral("sha1"),
            QByteArrayLiteral("md5")};
}

std::unique_ptr<ChecksumHasher> ChecksumHasher::create(const QByteArray &name)
{
    if (name == Crc32c::Name) {
        auto context = std::make_unique<Context>();
        context->crc = 0;
        return std::unique_ptr<ChecksumHasher>(new ChecksumHasher(name, std::move(context)));
    }
    const EVP_MD *md = digestFor(name);
    if (!md)
        return nullptr;
    auto context = std::make_unique<Context>();
    context->ctx = EVP_MD_CTX_new();
    if (!context->ctx || EVP_DigestInit_ex(context->ctx, md, nullptr) != 1)
        return nullptr;
    return std::unique_ptr<ChecksumHasher>(new ChecksumHasher(name, std::move(context)));
}

ChecksumHasher::ChecksumHasher(const QByteArray &name, std::unique_ptr<Context> context)
    : m_name(name)
    , m_context(std::move(context))
{
}

ChecksumHasher::~ChecksumHasher() = default;

int ChecksumHasher::digestSize() const
{
    return m_context->crc ? Crc32c::DigestBytes : EVP_MD_CTX_get_size(m_context->ctx);
}

void ChecksumHasher::update(const char *data, size_t size)
{
    if (m_context->crc)
        m_context->crc = Crc32c::update(*m_context->crc, data, size);
    else
        EVP_DigestUpdate(m_context->ctx, data, size);
}

QByteArray ChecksumHasher::finish()
{
    if (m_context->crc)
        return Crc32c::digest(*m_context->crc);
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (EVP_DigestFinal_ex(m_context->ctx, digest, &size) != 1)
        return {};
    return QByteArray(reinterpret_cast<const char *>(digest), int(size));
}

std::optional<UploadChecksum> parseUploadChecksum(const QByteArray &header)
{
    const QByteArray trimmed = header.trimmed();
    const int space = trimmed.indexOf(' ');
    if (space <= 0)
        return std::nullopt;
    UploadChecksum out;
    out.algorithm = trimmed.left(space);
    for (char c : out.algorithm) {
        if (c <= 0x20 || c >= 0x7f || (c >= 'A' && c <= 'Z'))
            return std::nullopt;
    }
    const auto decoded = QByteArray::fromBase64Encoding(
        trimmed.mid(space + 1).trimmed(),
        QByteArray::Base64Encoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.isEmpty())
        return std::nullopt;
    out.digest = decoded.decoded;
    return out;
}
