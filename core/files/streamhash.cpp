#include "streamhash.h"

#include "opensslruntime.h"

#include <openssl/evp.h>

struct StreamHash::Context {
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    bool ok = ctx && EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr) == 1;
    ~Context() { EVP_MD_CTX_free(ctx); }
};

StreamHash::StreamHash()
    : m_context(std::make_unique<Context>())
{
}

StreamHash::~StreamHash() = default;

void StreamHash::feed(qint64 fileOffset, const char *data, qint64 size)
{
    if (m_finished || !m_context->ok || size <= 0)
        return;
    const qint64 end = fileOffset + size;
    if (fileOffset > m_position || end <= m_position)
        return; // a gap (a resumed upload) or bytes hashed already
    const qint64 skip = m_position - fileOffset;
    if (EVP_DigestUpdate(m_context->ctx, data + skip, size_t(size - skip)) != 1) {
        m_context->ok = false;
        return;
    }
    m_position = end;
}

QByteArray StreamHash::finish(qint64 length)
{
    if (m_finished || !m_context->ok || m_position != length)
        return {};
    m_finished = true;
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (EVP_DigestFinal_ex(m_context->ctx, digest, &size) != 1)
        return {};
    return QByteArray(reinterpret_cast<const char *>(digest), int(size));
}
