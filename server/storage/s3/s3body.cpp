#include "s3body.h"

#include "opensslruntime.h"

#include <openssl/evp.h>

#include <memory>

namespace {
// Reading a file range to hash it: the memory it takes.
constexpr qint64 HashChunkBytes = 256 * 1024;

// A libcrypto digest: SHA-256 there is about 8x QCryptographicHash's on this kind of machine
// (its SHA instructions), and every byte hoistd sends to S3 over HTTP is hashed once.
class Digest final {
public:
    explicit Digest(const EVP_MD *md)
        : m_ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free)
    {
        m_ok = m_ctx && EVP_DigestInit_ex(m_ctx.get(), md, nullptr) == 1;
    }
    void add(const char *data, qint64 size)
    {
        m_ok = m_ok && EVP_DigestUpdate(m_ctx.get(), data, size_t(size)) == 1;
    }
    // Empty when libcrypto failed.
    QByteArray result()
    {
        unsigned char out[EVP_MAX_MD_SIZE];
        unsigned int size = 0;
        if (!m_ok || EVP_DigestFinal_ex(m_ctx.get(), out, &size) != 1)
            return {};
        return QByteArray(reinterpret_cast<const char *>(out), int(size));
    }

private:
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> m_ctx;
    bool m_ok = false;
};
} // namespace

S3Body S3Body::fromBytes(QByteArray bytes)
{
    S3Body body;
    body.m_length = bytes.size();
    body.m_bytes = std::move(bytes);
    return body;
}

S3Body S3Body::fromFile(QString path, qint64 offset, qint64 length)
{
    S3Body body;
    body.m_path = std::move(path);
    body.m_offset = qMax<qint64>(0, offset);
    body.m_length = qMax<qint64>(0, length);
    return body;
}

bool S3Body::computeDigests(Digests which, QString *problem)
{
    QByteArray &out = which == Digests::Md5 ? m_md5 : m_sha256;
    if (!out.isEmpty())
        return true;
    Digest digest(which == Digests::Md5 ? EVP_md5() : EVP_sha256());
    if (!isFile()) {
        digest.add(m_bytes.constData(), m_bytes.size());
    } else {
        Reader reader(*this);
        if (!reader.open(problem))
            return false;
        QByteArray chunk(int(qMin(HashChunkBytes, qMax<qint64>(1, m_length))), Qt::Uninitialized);
        for (;;) {
            const qint64 got = reader.read(chunk.data(), chunk.size());
            if (got < 0) {
                if (problem)
                    *problem = reader.problem();
                return false;
            }
            if (got == 0)
                break;
            digest.add(chunk.constData(), got);
        }
    }
    out = digest.result();
    if (out.isEmpty()) {
        if (problem)
            *problem = QStringLiteral("cannot compute the body's digest (libcrypto)");
        return false;
    }
    return true;
}

S3Body::Reader::Reader(const S3Body &body)
    : m_body(body)
{
}

bool S3Body::Reader::open(QString *problem)
{
    m_position = 0;
    if (!m_body.isFile())
        return true;
    m_file = std::make_unique<QFile>(m_body.m_path);
    if (!m_file->open(QIODevice::ReadOnly) || !m_file->seek(m_body.m_offset)) {
        m_problem = QStringLiteral("cannot read %1: %2").arg(m_body.m_path, m_file->errorString());
        if (problem)
            *problem = m_problem;
        m_file.reset();
        return false;
    }
    return true;
}

qint64 S3Body::Reader::read(char *data, qint64 max)
{
    const qint64 want = qMin(max, m_body.m_length - m_position);
    if (want <= 0)
        return 0;
    if (!m_body.isFile()) {
        memcpy(data, m_body.m_bytes.constData() + m_position, size_t(want));
        m_position += want;
        return want;
    }
    if (!m_file)
        return -1;
    const qint64 got = m_file->read(data, want);
    if (got <= 0) {
        m_problem =
            got == 0
                ? QStringLiteral("%1 ended %2 bytes early")
                      .arg(m_body.m_path)
                      .arg(m_body.m_length - m_position)
                : QStringLiteral("cannot read %1: %2").arg(m_body.m_path, m_file->errorString());
        return -1;
    }
    m_position += got;
    return got;
}

bool S3Body::Reader::rewind()
{
    m_position = 0;
    return !m_body.isFile() || (m_file && m_file->seek(m_body.m_offset));
}
