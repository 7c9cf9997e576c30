#include "checksum.h"

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
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    ~Context() { EVP_MD_CTX_free(ctx); }
};

QByteArrayList ChecksumHasher::algorithms()
{
    return {QByteArrayLiteral("sha256"), QByteArrayLiteral("sha1"), QByteArrayLiteral("md5")};
}

std::unique_ptr<ChecksumHasher> ChecksumHasher::create(const QByteArray &name)
{
    const EVP_MD *md = digestFor(name);
    if (!md)
        return nullptr;
    auto context = std::make_unique<Context>();
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
    return EVP_MD_CTX_get_size(m_context->ctx);
}

void ChecksumHasher::update(const char *data, size_t size)
{
    EVP_DigestUpdate(m_context->ctx, data, size);
}

QByteArray ChecksumHasher::finish()
{
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
