#include "instantupload.h"

#include "opensslruntime.h"
#include "uploadsourcedevice.h"
#include "uploadstore.h"

#include <openssl/crypto.h>

namespace {
constexpr qint64 ReadBlock = 1 << 20;
// Running hashes are looked over for leftovers (uploads gone) beyond this many.
constexpr int PurgeAbove = 64;
} // namespace

InstantUploads::InstantUploads(UploadStore &store, int maxAttempts)
    : m_store(store)
    , m_challenges(maxAttempts)
{
}

InstantUploads::~InstantUploads() = default;

ChallengeBook &InstantUploads::challenges()
{
    ChallengeBook *shared = m_store.sharedChallenges();
    return shared ? *shared : m_challenges;
}

InstantUploads::Declared InstantUploads::declared(const TusWire::Metadata &metadata,
                                                  QByteArray *digest)
{
    for (const auto &[key, value] : metadata) {
        if (key != InstantWire::MetadataKey)
            continue;
        const auto parsed = InstantWire::parseSha256Hex(value);
        if (!parsed)
            return Declared::Invalid;
        *digest = *parsed;
        return Declared::Valid;
    }
    return Declared::None;
}

QByteArray InstantUploads::declaredDigest(const QByteArray &rawMetadata)
{
    QByteArray digest;
    const auto metadata = TusWire::parseMetadata(rawMetadata);
    if (!metadata || declared(*metadata, &digest) != Declared::Valid)
        return {};
    return digest;
}

void InstantUploads::purgeLocked()
{
    if (qsizetype(m_hashers.size()) <= PurgeAbove)
        return;
    UploadRecord r;
    for (auto it = m_hashers.begin(); it != m_hashers.end();) {
        const bool live = m_store.find(it->first, &r) == UploadStore::Lookup::Found
                          && !r.isFinished() && r.offset == it->second.offset;
        it = live ? std::next(it) : m_hashers.erase(it);
    }
}

std::optional<InstantWire::Challenge>
InstantUploads::challengeFor(const UploadRecord &record, const QByteArray &digest, bool *limited)
{
    *limited = false;
    if (record.length <= 0 || digest.size() != InstantWire::DigestBytes)
        return std::nullopt; // an empty upload is complete at once; a deferred one has no match
    if (!m_store.findVerified(digest, record.length, record.id))
        return std::nullopt;
    auto challenge = challenges().issue(record.owner, digest, record.length);
    *limited = !challenge;
    return challenge;
}

std::optional<UploadRecord> InstantUploads::prove(const UploadRecord &record,
                                                  const QByteArray &proofHex, QString *why)
{
    const QByteArray digest = declaredDigest(record.metadata);
    if (digest.isEmpty() || record.offset != 0 || record.length <= 0) {
        *why = QStringLiteral("no challenge (the upload declared no sha256, or has bytes)");
        return std::nullopt;
    }
    // Spent from here on, right or wrong: a proof is never checked twice against one challenge.
    const auto challenge = challenges().take(record.owner, digest, record.length, why);
    if (!challenge)
        return std::nullopt;
    const auto proof = InstantWire::parseSha256Hex(proofHex.trimmed());
    if (!proof) {
        challenges().failed(record.owner);
        *why = QStringLiteral("the proof is not 64 lower-case hex digits");
        return std::nullopt;
    }
    // Any finished upload with this verified content will do: they hold the same bytes.
    const auto source = m_store.findVerified(digest, record.length, record.id);
    if (!source) {
        *why = QStringLiteral("the content asked about is no longer held");
        return std::nullopt;
    }
    const auto content = m_store.openSource(*source);
    std::optional<QByteArray> expected;
    if (content) {
        UploadSourceDevice device(*content);
        expected = InstantWire::computeProof(device, *challenge);
    }
    if (!expected) {
        *why = QStringLiteral("the held content could not be read");
        return std::nullopt;
    }
    if (CRYPTO_memcmp(expected->constData(), proof->constData(), size_t(expected->size())) != 0) {
        challenges().failed(record.owner);
        *why = QStringLiteral("wrong proof");
        return std::nullopt;
    }
    StoreFailure failure;
    const auto done = m_store.completeFrom(record.id, source->id, digest, &failure);
    if (!done)
        *why = QStringLiteral("could not store the content: %1").arg(failure.text);
    return done;
}

std::unique_ptr<ChecksumHasher> InstantUploads::takeHasher(const QString &id, qint64 offset)
{
    QMutexLocker locker(&m_mutex);
    if (offset == 0) {
        m_hashers.erase(id);
        purgeLocked();
        return ChecksumHasher::create(InstantWire::Algorithm);
    }
    const auto it = m_hashers.find(id);
    if (it == m_hashers.end())
        return nullptr;
    Running running = std::move(it->second);
    m_hashers.erase(it);
    return running.offset == offset ? std::move(running.hasher) : nullptr;
}

void InstantUploads::keepHasher(const QString &id, std::unique_ptr<ChecksumHasher> hasher,
                                qint64 offset)
{
    if (!hasher)
        return;
    QMutexLocker locker(&m_mutex);
    m_hashers[id] = Running{std::move(hasher), offset};
}

InstantUploads::Verdict InstantUploads::verifyFinished(const UploadRecord &record, QString *actual,
                                                       QString *expected, QByteArray *stored)
{
    if (!record.isFinished())
        return Verdict::NotDeclared;
    const QByteArray declared = declaredDigest(record.metadata);
    if (!declared.isEmpty() && record.contentHash == declared) {
        *stored = record.contentHash; // done before (an instant upload, or a repeated request)
        return Verdict::Verified;
    }
    const Verdict unreadable = declared.isEmpty() ? Verdict::NotDeclared : Verdict::Unreadable;
    QByteArray digest;
    if (auto hasher = takeHasher(record.id, record.length)) {
        digest = hasher->finish();
    } else {
        // No running state (hoistd restarted mid-upload, bytes out of order): read it again.
        const auto content = m_store.openSource(record);
        const auto read = content ? hashContent(*content, record.length) : std::nullopt;
        if (!read)
            return unreadable;
        digest = *read;
    }
    if (!declared.isEmpty()) {
        *actual = QString::fromLatin1(digest.toHex());
        *expected = QString::fromLatin1(declared.toHex());
        if (digest != declared) {
            *stored = digest;
            return Verdict::Mismatch;
        }
    }
    if (declared.isEmpty()) {
        // Told to the client, not recorded: only a hash the client declared and the content
        // matched makes content available for instant upload (INSTANT-UPLOAD.md).
        *stored = digest;
        return Verdict::NotDeclared;
    }
    if (!m_store.setContentHash(record.id, digest))
        return unreadable; // stays unverified: never offered for instant upload
    *stored = digest;
    // Every byte came: a challenge for this content is answered, and costs its user nothing.
    challenges().settle(record.owner, digest, record.length);
    return Verdict::Verified;
}

InstantUploads::Verdict InstantUploads::checkContent(UploadSource &content,
                                                     const QByteArray &rawMetadata,
                                                     QByteArray *digest, QString *actual,
                                                     QString *expected)
{
    const QByteArray declared = declaredDigest(rawMetadata);
    if (declared.isEmpty())
        return Verdict::NotDeclared;
    const auto read = hashContent(content, content.length());
    if (!read)
        return Verdict::Unreadable;
    *actual = QString::fromLatin1(read->toHex());
    *expected = QString::fromLatin1(declared.toHex());
    if (*read != declared)
        return Verdict::Mismatch;
    *digest = *read;
    return Verdict::Verified;
}

std::optional<QByteArray> InstantUploads::hashContent(UploadSource &content, qint64 length)
{
    auto sha256 = ChecksumHasher::create(InstantWire::Algorithm);
    if (!sha256)
        return std::nullopt;
    QByteArray block(int(qMin<qint64>(ReadBlock, qMax<qint64>(1, length))), Qt::Uninitialized);
    qint64 done = 0;
    while (done < length) {
        const qint64 got =
            content.read(done, block.data(), qMin<qint64>(block.size(), length - done));
        if (got <= 0)
            return std::nullopt;
        sha256->update(block.constData(), size_t(got));
        done += got;
    }
    return sha256->finish();
}
