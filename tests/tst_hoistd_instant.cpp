// hoistd's instant upload (server/INSTANT-UPLOAD.md) with raw requests: the challenge only for
// content held and verified, a right proof completes the upload without a byte of body, a wrong,
// replayed or missing one changes nothing, a declared hash that does not match is rejected at
// completion, also when hoistd restarted mid-upload.
#include "hoistdprocess.h"
#include "instantwire.h"
#include "rawhttp.h"
#include "testfiles.h"
#include "tuswire.h"
#include "waitfor.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

namespace {
const QByteArray AliceToken = "alice-instant-token-0123456789";
const QByteArray BobToken = "bob-instant-token-abcdefghijkl";
constexpr qint64 BigSize = 300 * 1024 + 7; // several challenge ranges
constexpr qint64 SmallSize = 1000;         // one range covering it all

QByteArray sha256Hex(const QByteArray &bytes) {
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

QByteArray metadataFor(const QByteArray &hex) {
    return TusWire::encodeMetadata({{"filename", "f.bin"}, {"sha256", hex}});
}

QByteArray proofFor(const QByteArray &content, const InstantWire::Challenge &challenge) {
    QBuffer buffer;
    buffer.setData(content);
    buffer.open(QIODevice::ReadOnly);
    return InstantWire::computeProof(buffer, challenge).value_or(QByteArray()).toHex();
}
} // namespace

class TestHoistdInstant : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void optionsOffersInstantUpload();
    void badSha256MetadataIs400_data();
    void badSha256MetadataIs400();
    void noChallengeWhenContentNotHeld();
    void rightProofCompletesWithoutBody_data();
    void rightProofCompletesWithoutBody();
    void wrongProofThenNormalUpload();
    void replayedProofFails();
    void patchWithBodyDropsChallenge();
    void unverifiedContentIsNeverInstant();
    void hashMismatchAtCompletionDiscards_data();
    void hashMismatchAtCompletionDiscards();
    void restartMidUploadStillVerifies_data();
    void restartMidUploadStillVerifies();

private:
    quint16 port() const { return m_server->port(); }
    RawHeaders as(const QByteArray &token) const;
    RawResponse create(const QByteArray &token, qint64 length, const QByteArray &metadata,
                       const QByteArray &body = {});
    RawResponse patch(const QByteArray &token, const QByteArray &path, qint64 offset,
                      const QByteArray &body, const RawHeaders &extra = {});
    qint64 offsetOf(const QByteArray &token, const QByteArray &path);
    // A whole upload as `token`, declaring the content's right hash: its path, verified at the end.
    QByteArray uploadVerified(const QByteArray &token, const QByteArray &content);
    // Lines "PATCH <id> +N bytes" with N > 0 in hoistd's verbose log.
    qint64 bodyBytesLogged(const QByteArray &path) const;

    std::unique_ptr<HoistdProcess> m_server;
};

void TestHoistdInstant::init() {
    m_server = std::make_unique<HoistdProcess>();
    const QString config = m_server->rootDir() + QStringLiteral("/users.json");
    QFile file(config);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"users\": [{\"name\": \"alice\", \"token\": \"" + AliceToken +
               "\", \"quota\": 100000000}, {\"name\": \"bob\", \"token\": \"" + BobToken +
               "\", \"quota\": 100000000}]}\n");
    file.close();
    QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::WriteOwner));
    QVERIFY2(m_server->start({QStringLiteral("--config"), config, QStringLiteral("--verbose")}),
             qPrintable(m_server->errorString()));
}

void TestHoistdInstant::cleanup() {
    if (QTest::currentTestFailed() && m_server)
        qWarning("hoistd said:\n%s", qPrintable(m_server->serverLog()));
    m_server.reset();
}

RawHeaders TestHoistdInstant::as(const QByteArray &token) const {
    return {{"Tus-Resumable", "1.0.0"}, {"Authorization", "Bearer " + token}};
}

RawResponse TestHoistdInstant::create(const QByteArray &token, qint64 length,
                                      const QByteArray &metadata, const QByteArray &body) {
    RawHeaders headers = as(token);
    headers.append(qMakePair(QByteArray("Upload-Length"), QByteArray::number(length)));
    if (!metadata.isEmpty())
        headers.append(qMakePair(QByteArray("Upload-Metadata"), metadata));
    if (!body.isEmpty())
        headers.append(
            qMakePair(QByteArray("Content-Type"), QByteArray(TusWire::OffsetContentType)));
    return rawRequest(port(), "POST", "/files/", headers, body);
}

RawResponse TestHoistdInstant::patch(const QByteArray &token, const QByteArray &path, qint64 offset,
                                     const QByteArray &body, const RawHeaders &extra) {
    RawHeaders headers = as(token) + extra;
    headers.append(qMakePair(QByteArray("Upload-Offset"), QByteArray::number(offset)));
    headers.append(qMakePair(QByteArray("Content-Type"), QByteArray(TusWire::OffsetContentType)));
    return rawRequest(port(), "PATCH", path, headers, body);
}

qint64 TestHoistdInstant::offsetOf(const QByteArray &token, const QByteArray &path) {
    const RawResponse r = rawRequest(port(), "HEAD", path, as(token));
    return r.status == 200 ? r.header("Upload-Offset").toLongLong() : -r.status;
}

QByteArray TestHoistdInstant::uploadVerified(const QByteArray &token, const QByteArray &content) {
    const RawResponse created = create(token, content.size(), metadataFor(sha256Hex(content)));
    if (created.status != 201)
        return {};
    const QByteArray path = created.header("Location");
    const qint64 half = content.size() / 2;
    if (patch(token, path, 0, content.left(half)).status != 204 ||
        patch(token, path, half, content.mid(half)).header("Upload-Offset") !=
            QByteArray::number(content.size()))
        return {};
    return path;
}

qint64 TestHoistdInstant::bodyBytesLogged(const QByteArray &path) const {
    const QString id = QString::fromLatin1(path.mid(path.lastIndexOf('/') + 1));
    static const QRegularExpression line(
        QStringLiteral("(PATCH|POST) ([0-9a-f]{32}) \\+(\\d+) bytes"));
    qint64 total = 0;
    auto it = line.globalMatch(m_server->serverLog());
    while (it.hasNext()) {
        const auto m = it.next();
        if (m.captured(2) == id)
            total += m.captured(3).toLongLong();
    }
    return total;
}

void TestHoistdInstant::optionsOffersInstantUpload() {
    const RawResponse r = rawRequest(port(), "OPTIONS", "/files/", {});
    QCOMPARE(r.status, 204);
    QCOMPARE(r.header(InstantWire::OfferHeader), QByteArray("sha256"));
}

void TestHoistdInstant::badSha256MetadataIs400_data() {
    QTest::addColumn<QByteArray>("value");
    const QByteArray good = sha256Hex("x");
    QTest::newRow("upper-case") << good.toUpper();
    QTest::newRow("63 digits") << good.left(63);
    QTest::newRow("65 digits") << good + 'a';
    QTest::newRow("not hex") << QByteArray(good.left(63) + 'g');
    QTest::newRow("raw digest") << QCryptographicHash::hash("x", QCryptographicHash::Sha256);
    QTest::newRow("empty") << QByteArray();
}

void TestHoistdInstant::badSha256MetadataIs400() {
    QFETCH(QByteArray, value);
    const QByteArray metadata =
        value.isEmpty() ? QByteArray("sha256") : TusWire::encodeMetadata({{"sha256", value}});
    const RawResponse r = create(AliceToken, 10, metadata);
    QCOMPARE(r.status, 400);
    QVERIFY(r.body.contains("sha256"));
    QVERIFY(m_server->storedFiles().isEmpty());
}

void TestHoistdInstant::noChallengeWhenContentNotHeld() {
    const QByteArray content = testContent(BigSize, 3);
    const RawResponse r = create(AliceToken, content.size(), metadataFor(sha256Hex(content)));
    QCOMPARE(r.status, 201);
    QVERIFY(!r.has(InstantWire::ChallengeHeader));
    // Declaring the right hash and uploading normally works, of course.
    QCOMPARE(patch(AliceToken, r.header("Location"), 0, content).header("Upload-Offset"),
             QByteArray::number(content.size()));
    QCOMPARE(m_server->storedBytes(QUrl::fromEncoded(r.header("Location"))), content);
}

void TestHoistdInstant::rightProofCompletesWithoutBody_data() {
    QTest::addColumn<qint64>("size");
    QTest::newRow("one byte") << qint64(1);
    QTest::newRow("small: one range, all of it") << SmallSize;
    QTest::newRow("64 KiB + 1") << InstantWire::MaxRangeBytes + 1;
    QTest::newRow("several ranges") << BigSize;
}

void TestHoistdInstant::rightProofCompletesWithoutBody() {
    QFETCH(qint64, size);
    const QByteArray content = testContent(size, 5);
    const QByteArray alices = uploadVerified(AliceToken, content);
    QVERIFY(!alices.isEmpty());

    // Bob, another user, uploads the same content: he is asked for a proof.
    const RawResponse created = create(BobToken, size, metadataFor(sha256Hex(content)));
    QCOMPARE(created.status, 201);
    QCOMPARE(created.header("Upload-Offset"), QByteArray("0"));
    const QByteArray bobs = created.header("Location");
    QVERIFY(bobs != alices);
    const auto challenge =
        InstantWire::parseChallenge(created.header(InstantWire::ChallengeHeader), size);
    QVERIFY2(challenge, created.header(InstantWire::ChallengeHeader).constData());
    QVERIFY(!challenge->ranges.isEmpty() && challenge->ranges.size() <= InstantWire::MaxRanges);
    if (size <= InstantWire::MaxRangeBytes) {
        QCOMPARE(challenge->ranges.size(), 1);
        QCOMPARE(challenge->ranges.first(), (InstantWire::Range{0, size - 1}));
    }

    const RawResponse proved =
        patch(BobToken, bobs, 0, {}, {{InstantWire::ProofHeader, proofFor(content, *challenge)}});
    QCOMPARE(proved.status, 204);
    QCOMPARE(proved.header("Upload-Offset"), QByteArray::number(size));
    QCOMPARE(offsetOf(BobToken, bobs), size);
    QCOMPARE(m_server->storedBytes(QUrl::fromEncoded(bobs)), content);
    // The log may lag behind the answers: wait for the line of the proof, then count.
    const QString instantLine =
        QStringLiteral("instant %1 %2 bytes").arg(QString::fromLatin1(bobs.mid(7))).arg(size);
    QVERIFY(waitFor([&] { return m_server->serverLog().contains(instantLine); }, 5000));
    QCOMPARE(bodyBytesLogged(bobs), 0);
    // Alice's upload is untouched, and each user can only see their own.
    QCOMPARE(m_server->storedBytes(QUrl::fromEncoded(alices)), content);
    QCOMPARE(offsetOf(AliceToken, bobs), -404);

    // Deleting Alice's upload leaves Bob's content whole (they may share an inode).
    QCOMPARE(rawRequest(port(), "DELETE", alices, as(AliceToken)).status, 204);
    QCOMPARE(m_server->storedBytes(QUrl::fromEncoded(bobs)), content);
    // ...and Bob's, now verified too, can answer for the content after a restart.
    QVERIFY(m_server->restart());
    const RawResponse again = create(AliceToken, size, metadataFor(sha256Hex(content)));
    QVERIFY(again.has(InstantWire::ChallengeHeader));
}

void TestHoistdInstant::wrongProofThenNormalUpload() {
    const QByteArray content = testContent(BigSize, 7);
    QVERIFY(!uploadVerified(AliceToken, content).isEmpty());
    const RawResponse created = create(BobToken, content.size(), metadataFor(sha256Hex(content)));
    const auto challenge =
        InstantWire::parseChallenge(created.header(InstantWire::ChallengeHeader), content.size());
    QVERIFY(challenge);
    const QByteArray path = created.header("Location");
    // Knowing the hash is not enough: the proof over other bytes (one flipped) is refused.
    QByteArray almost = content;
    const InstantWire::Range first = challenge->ranges.first();
    almost[first.first] = char(almost.at(first.first) ^ 1);
    const RawResponse refused =
        patch(BobToken, path, 0, {}, {{InstantWire::ProofHeader, proofFor(almost, *challenge)}});
    QCOMPARE(refused.status, 204);
    QCOMPARE(refused.header("Upload-Offset"), QByteArray("0"));
    QCOMPARE(offsetOf(BobToken, path), 0);
    QCOMPARE(QFile(m_server->storedPath(QUrl::fromEncoded(path))).size(), 0);
    // Then Bob uploads normally, and it is verified at the end.
    QCOMPARE(patch(BobToken, path, 0, content).header("Upload-Offset"),
             QByteArray::number(content.size()));
    QCOMPARE(m_server->storedBytes(QUrl::fromEncoded(path)), content);
    waitFor([&] { return bodyBytesLogged(path) == content.size(); }, 5000);
    QCOMPARE(bodyBytesLogged(path), content.size());
}

void TestHoistdInstant::replayedProofFails() {
    const QByteArray content = testContent(BigSize, 9);
    QVERIFY(!uploadVerified(AliceToken, content).isEmpty());
    const QByteArray metadata = metadataFor(sha256Hex(content));

    // A proof computed right, but after the challenge was spent by a wrong one.
    const RawResponse first = create(BobToken, content.size(), metadata);
    const auto c1 =
        InstantWire::parseChallenge(first.header(InstantWire::ChallengeHeader), content.size());
    QVERIFY(c1);
    const QByteArray p1 = proofFor(content, *c1);
    const QByteArray path1 = first.header("Location");
    QCOMPARE(patch(BobToken, path1, 0, {}, {{InstantWire::ProofHeader, QByteArray(64, '0')}})
                 .header("Upload-Offset"),
             QByteArray("0"));
    QCOMPARE(
        patch(BobToken, path1, 0, {}, {{InstantWire::ProofHeader, p1}}).header("Upload-Offset"),
        QByteArray("0"));
    // A missing proof spends it too.
    const RawResponse second = create(BobToken, content.size(), metadata);
    const auto c2 =
        InstantWire::parseChallenge(second.header(InstantWire::ChallengeHeader), content.size());
    QVERIFY(c2);
    QVERIFY(c2->nonce != c1->nonce);
    const QByteArray path2 = second.header("Location");
    QCOMPARE(patch(BobToken, path2, 0, {}).header("Upload-Offset"), QByteArray("0"));
    QCOMPARE(patch(BobToken, path2, 0, {}, {{InstantWire::ProofHeader, proofFor(content, *c2)}})
                 .header("Upload-Offset"),
             QByteArray("0"));
    // The first proof does not answer another upload's challenge.
    const RawResponse third = create(BobToken, content.size(), metadata);
    QVERIFY(third.has(InstantWire::ChallengeHeader));
    const QByteArray path3 = third.header("Location");
    QCOMPARE(
        patch(BobToken, path3, 0, {}, {{InstantWire::ProofHeader, p1}}).header("Upload-Offset"),
        QByteArray("0"));
    // Nor can another user spend or answer Bob's challenge.
    const RawResponse fourth = create(BobToken, content.size(), metadata);
    const auto c4 =
        InstantWire::parseChallenge(fourth.header(InstantWire::ChallengeHeader), content.size());
    QVERIFY(c4);
    const QByteArray path4 = fourth.header("Location");
    const QByteArray p4 = proofFor(content, *c4);
    QCOMPARE(patch(AliceToken, path4, 0, {}, {{InstantWire::ProofHeader, p4}}).status, 404);
    QCOMPARE(
        patch(BobToken, path4, 0, {}, {{InstantWire::ProofHeader, p4}}).header("Upload-Offset"),
        QByteArray::number(content.size()));
    // Once complete, the same proof again is an offset conflict, nothing more.
    QCOMPARE(patch(BobToken, path4, 0, {}, {{InstantWire::ProofHeader, p4}}).status, 409);
    for (const QByteArray &path : {path1, path2, path3})
        QCOMPARE(offsetOf(BobToken, path), 0);
    QCOMPARE(m_server->storedBytes(QUrl::fromEncoded(path4)), content);
}

void TestHoistdInstant::patchWithBodyDropsChallenge() {
    const QByteArray content = testContent(BigSize, 11);
    QVERIFY(!uploadVerified(AliceToken, content).isEmpty());
    const RawResponse created = create(BobToken, content.size(), metadataFor(sha256Hex(content)));
    const auto challenge =
        InstantWire::parseChallenge(created.header(InstantWire::ChallengeHeader), content.size());
    QVERIFY(challenge);
    const QByteArray path = created.header("Location");
    const QByteArray proof = proofFor(content, *challenge);
    // With a body the proof header means nothing: the bytes are taken as in any PATCH.
    const RawResponse withBody =
        patch(BobToken, path, 0, content.left(10), {{InstantWire::ProofHeader, proof}});
    QCOMPARE(withBody.status, 204);
    QCOMPARE(withBody.header("Upload-Offset"), QByteArray("10"));
    QCOMPARE(patch(BobToken, path, 10, content.mid(10)).header("Upload-Offset"),
             QByteArray::number(content.size()));
    QCOMPARE(m_server->storedBytes(QUrl::fromEncoded(path)), content);

    // Creation-with-upload is never challenged: it is sending its bytes already.
    const RawResponse withUpload =
        create(BobToken, content.size(), metadataFor(sha256Hex(content)), content.left(100));
    QCOMPARE(withUpload.status, 201);
    QCOMPARE(withUpload.header("Upload-Offset"), QByteArray("100"));
    QVERIFY(!withUpload.has(InstantWire::ChallengeHeader));
}

void TestHoistdInstant::unverifiedContentIsNeverInstant() {
    const QByteArray content = testContent(BigSize, 13);
    // Alice uploads it without declaring a hash: nothing vouches for it.
    const RawResponse plain = create(AliceToken, content.size(), {});
    QCOMPARE(patch(AliceToken, plain.header("Location"), 0, content).header("Upload-Offset"),
             QByteArray::number(content.size()));
    QVERIFY(!create(BobToken, content.size(), metadataFor(sha256Hex(content)))
                 .has(InstantWire::ChallengeHeader));
    // An unfinished upload declaring the hash does not count either.
    const RawResponse half = create(AliceToken, content.size(), metadataFor(sha256Hex(content)));
    QCOMPARE(patch(AliceToken, half.header("Location"), 0, content.left(100)).status, 204);
    QVERIFY(!create(BobToken, content.size(), metadataFor(sha256Hex(content)))
                 .has(InstantWire::ChallengeHeader));
    // Once verified, the same hash with another length is not a match.
    QVERIFY(!uploadVerified(AliceToken, content).isEmpty());
    QVERIFY(!create(BobToken, content.size() + 1, metadataFor(sha256Hex(content)))
                 .has(InstantWire::ChallengeHeader));
    QVERIFY(create(BobToken, content.size(), metadataFor(sha256Hex(content)))
                .has(InstantWire::ChallengeHeader));
}

void TestHoistdInstant::hashMismatchAtCompletionDiscards_data() {
    QTest::addColumn<bool>("withUpload");
    QTest::newRow("PATCH") << false;
    QTest::newRow("creation-with-upload") << true;
}

void TestHoistdInstant::hashMismatchAtCompletionDiscards() {
    QFETCH(bool, withUpload);
    const QByteArray content = testContent(BigSize, 15);
    const QByteArray claimed = sha256Hex(testContent(BigSize, 16)); // another file's
    QByteArray path;
    RawResponse last;
    if (withUpload) {
        last = create(AliceToken, content.size(), metadataFor(claimed), content);
    } else {
        const RawResponse created = create(AliceToken, content.size(), metadataFor(claimed));
        QCOMPARE(created.status, 201);
        path = created.header("Location");
        QCOMPARE(patch(AliceToken, path, 0, content.left(1000)).status, 204);
        last = patch(AliceToken, path, 1000, content.mid(1000));
    }
    QCOMPARE(last.status, 400);
    QVERIFY2(last.body.contains(sha256Hex(content)) && last.body.contains(claimed),
             last.body.constData());
    if (!path.isEmpty())
        QCOMPARE(offsetOf(AliceToken, path), -410);
    QVERIFY(m_server->storedFiles().isEmpty());
    // Nothing was verified: the claimed content is not instant.
    QVERIFY(
        !create(BobToken, content.size(), metadataFor(claimed)).has(InstantWire::ChallengeHeader));
}

void TestHoistdInstant::restartMidUploadStillVerifies_data() {
    QTest::addColumn<bool>("rightHash");
    QTest::newRow("right hash") << true;
    QTest::newRow("wrong hash") << false;
}

void TestHoistdInstant::restartMidUploadStillVerifies() {
    QFETCH(bool, rightHash);
    const QByteArray content = testContent(BigSize, 17);
    const QByteArray claimed = rightHash ? sha256Hex(content) : sha256Hex(content.left(1000));
    const RawResponse created = create(AliceToken, content.size(), metadataFor(claimed));
    const QByteArray path = created.header("Location");
    QCOMPARE(patch(AliceToken, path, 0, content.left(BigSize / 3)).status, 204);
    m_server->kill(); // the running hash is lost with the process: the end reads the file again
    QVERIFY(m_server->restart());
    const RawResponse last = patch(AliceToken, path, BigSize / 3, content.mid(BigSize / 3));
    if (!rightHash) {
        QCOMPARE(last.status, 400);
        QVERIFY(last.body.contains(sha256Hex(content)));
        QCOMPARE(offsetOf(AliceToken, path), -410);
        return;
    }
    QCOMPARE(last.status, 204);
    QCOMPARE(last.header("Upload-Offset"), QByteArray::number(content.size()));
    QCOMPARE(m_server->storedBytes(QUrl::fromEncoded(path)), content);
    QVERIFY(
        create(BobToken, content.size(), metadataFor(claimed)).has(InstantWire::ChallengeHeader));
}

QTEST_GUILESS_MAIN(TestHoistdInstant)
#include "tst_hoistd_instant.moc"
