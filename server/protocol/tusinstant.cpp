#include "tusinstant.h"

#include "hoistdmetrics.h"
#include "instantupload.h"
#include "tuslog.h"
#include "tusservice.h"
#include "tuswire.h"
#include "uploadstore.h"
#include "uploadwriter.h"
#include "verifywire.h"

TusInstant::TusInstant(UploadStore &store, const TusLog &log, int maxAttempts,
                       HoistdMetrics *metrics)
    : m_store(store)
    , m_log(log)
    , m_uploads(std::make_unique<InstantUploads>(store, maxAttempts))
    , m_metrics(metrics)
{
}

TusInstant::~TusInstant() = default;

void TusInstant::offerChallenge(HttpResponse &created, const UploadRecord &record,
                                const QByteArray &digest)
{
    if (digest.isEmpty())
        return;
    bool limited = false;
    const auto challenge = m_uploads->challengeFor(record, digest, &limited);
    if (limited)
        m_log.line(QStringLiteral("POST %1: content held, but no proof asked: %2 has no instant-"
                                  "upload attempts left today")
                       .arg(record.id, record.owner.isEmpty() ? QStringLiteral("the anonymous user")
                                                              : record.owner));
    if (!challenge)
        return;
    created.set(InstantWire::ChallengeHeader, InstantWire::formatChallenge(*challenge));
    if (m_log.verbose())
        m_log.line(QStringLiteral("POST %1: content held, proof asked for %2 ranges, nonce %3")
                       .arg(record.id)
                       .arg(challenge->ranges.size())
                       .arg(QString::fromLatin1(challenge->nonce.toHex())));
}

std::optional<HttpResponse> TusInstant::answerProof(const HttpRequest &request,
                                                    const UploadRecord &r)
{
    // A PATCH with bytes is an ordinary one, Hoist-Proof or not, and leaves the challenge be:
    // only a proof answers it (or its expiry), so no request can trade it for a new one.
    if (!request.has("hoist-proof") || request.mayHaveBody())
        return std::nullopt;
    QString why;
    const auto done = m_uploads->prove(r, request.header("hoist-proof"), &why);
    const UploadRecord &now = done ? *done : r;
    HttpResponse out;
    out.status = 204;
    out.set("Tus-Resumable", TusWire::Version);
    out.set("Upload-Offset", QByteArray::number(now.offset));
    if (!now.isFinished() && now.expires.isValid())
        out.set("Upload-Expires", httpDate(now.expires));
    if (done)
        addContentHash(out, now.contentHash);
    if (m_log.verbose())
        m_log.line(
            QStringLiteral("PATCH %1 +0 bytes, offset %2, %3")
                .arg(r.id)
                .arg(now.offset)
                .arg(done ? QStringLiteral("instant") : QStringLiteral("proof refused: ") + why));
    if (done && m_metrics)
        m_metrics->instantCompleted();
    if (done)
        m_log.line(
            QStringLiteral("instant %1 %2 bytes \"%3\"%4")
                .arg(now.id)
                .arg(now.length)
                .arg(now.filename)
                .arg(now.owner.isEmpty() ? QString() : QStringLiteral(" owner ") + now.owner));
    return out;
}

void TusInstant::attachContentHasher(UploadWriter &writer)
{
    const UploadRecord &r = writer.record();
    writer.setContentHasher(m_uploads->takeHasher(r.id, r.offset));
}

void TusInstant::addContentHash(HttpResponse &response, const QByteArray &digest)
{
    if (digest.size() == VerifyWire::DigestBytes)
        response.set(VerifyWire::ContentHeader, digest.toHex());
}

void TusInstant::keepContentHasher(UploadWriter &writer)
{
    m_uploads->keepHasher(writer.record().id, writer.takeContentHasher(), writer.record().offset);
}

std::optional<HttpResponse> TusInstant::verifyFinished(const UploadRecord &r, QByteArray *stored)
{
    QString actual;
    QString expected;
    switch (m_uploads->verifyFinished(r, &actual, &expected, stored)) {
    case InstantUploads::Verdict::NotDeclared:
    case InstantUploads::Verdict::Verified:
        return std::nullopt;
    case InstantUploads::Verdict::Unreadable:
        // Kept as sent: the bytes are stored; the hash is simply never vouched for.
        m_log.line(QStringLiteral("cannot verify the content hash of %1; not used for instant "
                                  "upload")
                       .arg(r.id));
        return std::nullopt;
    case InstantUploads::Verdict::Mismatch:
        break;
    }
    m_store.remove(r.id);
    m_log.line(QStringLiteral("discarded %1: content SHA-256 %2, declared %3")
                   .arg(r.id, actual, expected));
    HttpResponse refused = tusError(400, QStringLiteral("The uploaded content's SHA-256 is %1, but "
                                                        "the upload declared sha256 %2; the upload "
                                                        "was discarded.")
                                             .arg(actual, expected));
    addContentHash(refused, *stored);
    return refused;
}

bool TusInstant::checkJoined(UploadSource &joined, const QByteArray &metadata, QByteArray *verified,
                             HttpResponse *refusal)
{
    QString actual;
    QString expected;
    switch (InstantUploads::checkContent(joined, metadata, verified, &actual, &expected)) {
    case InstantUploads::Verdict::NotDeclared:
    case InstantUploads::Verdict::Verified:
        return true;
    case InstantUploads::Verdict::Unreadable:
        m_log.line(QStringLiteral("cannot verify the content hash of a final upload; not used "
                                  "for instant upload"));
        return true;
    case InstantUploads::Verdict::Mismatch:
        break;
    }
    m_log.line(QStringLiteral("refused a final upload: content SHA-256 %1, declared %2; its parts "
                              "are kept")
                   .arg(actual, expected));
    *refusal = tusError(400, QStringLiteral("The joined content's SHA-256 is %1, but the final "
                                            "upload declared sha256 %2; nothing was made, and the "
                                            "partial uploads are kept.")
                                 .arg(actual, expected));
    return false;
}
