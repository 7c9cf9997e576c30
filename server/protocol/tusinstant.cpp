// The instant-upload half of TusService (INSTANT-UPLOAD.md): the challenge at creation, the proof
// PATCH, and the check of a declared content hash when an upload finishes.
#include "tusservice.h"

#include "hoistdmetrics.h"
#include "instantupload.h"
#include "tuswire.h"
#include "uploadstore.h"
#include "uploadwriter.h"

TusService::~TusService() = default;

void TusService::offerChallenge(HttpResponse &created, const UploadRecord &record,
                                const QByteArray &digest) {
    if (digest.isEmpty())
        return;
    const auto challenge = m_instant->challengeFor(record, digest);
    if (!challenge)
        return;
    created.set(InstantWire::ChallengeHeader, InstantWire::formatChallenge(*challenge));
    if (m_config.verbose)
        log(QStringLiteral("POST %1: content held, proof asked for %2 ranges")
                .arg(record.id)
                .arg(challenge->ranges.size()));
}

bool TusService::answerProof(TusExchange &exchange, const UploadRecord &r) {
    const HttpRequest &request = exchange.m_request;
    if (!request.has("hoist-proof") || request.mayHaveBody()) {
        m_instant->dropChallenge(r.id); // a normal PATCH: the offer is over
        return false;
    }
    QString why;
    const auto done = m_instant->prove(r, request.header("hoist-proof"), &why);
    const UploadRecord &now = done ? *done : r;
    HttpResponse out;
    out.status = 204;
    out.set("Tus-Resumable", TusWire::Version);
    out.set("Upload-Offset", QByteArray::number(now.offset));
    if (!now.isFinished() && now.expires.isValid())
        out.set("Upload-Expires", httpDate(now.expires));
    exchange.early = out;
    if (m_config.verbose)
        log(QStringLiteral("PATCH %1 +0 bytes, offset %2, %3")
                .arg(r.id)
                .arg(now.offset)
                .arg(done ? QStringLiteral("instant") : QStringLiteral("proof refused: ") + why));
    if (done && m_config.metrics)
        m_config.metrics->instantCompleted();
    if (done)
        log(QStringLiteral("instant %1 %2 bytes \"%3\"%4")
                .arg(now.id)
                .arg(now.length)
                .arg(now.filename)
                .arg(now.owner.isEmpty() ? QString() : QStringLiteral(" owner ") + now.owner));
    return true;
}

void TusService::attachContentHasher(UploadWriter &writer) {
    const UploadRecord &r = writer.record();
    if (!InstantUploads::declaredDigest(r.metadata).isEmpty())
        writer.setContentHasher(m_instant->takeHasher(r.id, r.offset));
}

void TusService::keepContentHasher(UploadWriter &writer) {
    m_instant->keepHasher(writer.record().id, writer.takeContentHasher(), writer.record().offset);
}

std::optional<HttpResponse> TusService::verifyFinished(const UploadRecord &r) {
    QString actual;
    QString expected;
    switch (m_instant->verifyFinished(r, &actual, &expected)) {
    case InstantUploads::Verdict::NotDeclared:
    case InstantUploads::Verdict::Verified:
        return std::nullopt;
    case InstantUploads::Verdict::Unreadable:
        // Kept as sent: the bytes are stored; the hash is simply never vouched for.
        log(QStringLiteral("cannot verify the content hash of %1; not used for instant upload")
                .arg(r.id));
        return std::nullopt;
    case InstantUploads::Verdict::Mismatch:
        break;
    }
    m_store.remove(r.id);
    log(QStringLiteral("discarded %1: content SHA-256 %2, declared %3")
            .arg(r.id, actual, expected));
    return tusError(400, QStringLiteral("The uploaded content's SHA-256 is %1, but the upload "
                                        "declared sha256 %2; the upload was discarded.")
                             .arg(actual, expected));
}
