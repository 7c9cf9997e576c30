// Trusting one HTTPS certificate on one server only (CertificateTrust), against a real TLS
// server on loopback: hoistd behind a TLS-terminating front (tests/support/tlsfront) with
// self-signed certificates `openssl req` makes here. Untrusted, the upload fails at once with a
// sentence naming the server and the problem; trusted, the bytes arrive; another certificate on
// the same host:port, or the trusted one on another port, fails again. Uploads go through the
// scheduler, so every manager of the pool (not only the first) is covered.
#include "hoistdprocess.h"
#include "testfiles.h"
#include "tlsfront.h"
#include "waitfor.h"

#include "certificatetrust.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QNetworkAccessManager>
#include <QSettings>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr int UploadTimeoutMs = 60000;
constexpr qint64 ChunkSize = 64 * 1024;
constexpr qint64 FileSize = 3 * ChunkSize + 11;

QUrl httpsEndpoint(quint16 port)
{
    return QUrl(QStringLiteral("https://127.0.0.1:%1/files/").arg(port));
}

struct Outcome {
    TaskState state = TaskState::Waiting;
    QString message;
    QUrl uploadUrl;
};
} // namespace

class TestCertificateTrust : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();

    void untrustedFailsWithAClearMessage();
    void trustedCertificateUploads();
    void anotherCertificateOnTheSameServerFails();
    void trustedCertificateOnAnotherPortFails();
    void trustIsRememberedInSettings();
    void newErrorsAreNotCovered();

private:
    Outcome upload(CertificateTrust &trust, quint16 port, quint32 seed);
    // Fails an upload to `port` and trusts what was refused there.
    void trustWhatIsRefused(CertificateTrust &trust, quint16 port);

    HoistdProcess m_server;
    QTemporaryDir m_dir;
    QSslCertificate m_certA, m_certB;
    QSslKey m_keyA, m_keyB;
    std::unique_ptr<QSettings> m_settings;
};

void TestCertificateTrust::initTestCase()
{
    if (!QSslSocket::supportsSsl())
        QSKIP("Qt has no TLS backend here");
    QVERIFY2(m_server.start(), qPrintable(m_server.errorString()));
    QString error;
    QVERIFY2(
        makeSelfSignedCertificate(m_dir.path(), QStringLiteral("a"), &m_certA, &m_keyA, &error),
        qPrintable(error));
    QVERIFY2(
        makeSelfSignedCertificate(m_dir.path(), QStringLiteral("b"), &m_certB, &m_keyB, &error),
        qPrintable(error));
    QVERIFY(CertificateTrust::fingerprint(m_certA) != CertificateTrust::fingerprint(m_certB));
}

void TestCertificateTrust::init()
{
    const QString path =
        m_dir.filePath(QStringLiteral("trust-%1.ini").arg(QTest::currentTestFunction()));
    QFile::remove(path);
    m_settings = std::make_unique<QSettings>(path, QSettings::IniFormat);
}

Outcome TestCertificateTrust::upload(CertificateTrust &trust, quint16 port, quint32 seed)
{
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    protocol.setCertificateTrust(&trust);
    UploadScheduler scheduler(&protocol);
    scheduler.setEndpoint(httpsEndpoint(port));
    scheduler.setChunkSize(ChunkSize);
    scheduler.addPaths(
        {makeTestFile(m_dir.path(), QStringLiteral("f%1.bin").arg(seed), FileSize, seed)});
    const auto settled = [&scheduler] {
        const QList<TaskId> ids = scheduler.taskIds();
        if (ids.isEmpty())
            return false;
        const TaskState s = scheduler.task(ids.first())->state();
        return s == TaskState::Success || s == TaskState::Error;
    };
    Outcome outcome;
    if (!waitFor(settled, UploadTimeoutMs))
        return outcome;
    const UploadTask *task = scheduler.task(scheduler.taskIds().first());
    outcome.state = task->state();
    outcome.message = task->errorMessage();
    outcome.uploadUrl = task->uploadUrl();
    return outcome;
}

void TestCertificateTrust::trustWhatIsRefused(CertificateTrust &trust, quint16 port)
{
    QCOMPARE(upload(trust, port, 90).state, TaskState::Error);
    const auto refusal = trust.refusal(QStringLiteral("127.0.0.1:%1").arg(port));
    QVERIFY(refusal);
    QVERIFY(trust.trust(*refusal));
}

void TestCertificateTrust::untrustedFailsWithAClearMessage()
{
    TlsFront front(m_certA, m_keyA, m_server.port());
    QVERIFY(front.start());
    CertificateTrust trust(m_settings.get());
    QElapsedTimer timer;
    timer.start();
    const Outcome outcome = upload(trust, front.port(), 1);
    QCOMPARE(outcome.state, TaskState::Error);
    // Cause first, naming the server; no retries for a certificate.
    QCOMPARE(outcome.message,
             QStringLiteral("The certificate of 127.0.0.1:%1 is self-signed").arg(front.port()));
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    const auto refusal = trust.refusal(QStringLiteral("127.0.0.1:%1").arg(front.port()));
    QVERIFY(refusal);
    QCOMPARE(refusal->certificate, m_certA);
    QVERIFY(refusal->trustable());
    QCOMPARE(m_server.storedFiles(), QStringList()); // nothing reached hoistd
}

void TestCertificateTrust::trustedCertificateUploads()
{
    TlsFront front(m_certA, m_keyA, m_server.port());
    QVERIFY(front.start());
    CertificateTrust trust(m_settings.get());
    trustWhatIsRefused(trust, front.port());
    const Outcome outcome = upload(trust, front.port(), 2);
    QCOMPARE(outcome.state, TaskState::Success);
    QCOMPARE(m_server.storedBytes(outcome.uploadUrl), testContent(FileSize, 2));
    QVERIFY(front.handshakes >= 2);
    QVERIFY(!trust.refusal(QStringLiteral("127.0.0.1:%1").arg(front.port())));
}

void TestCertificateTrust::anotherCertificateOnTheSameServerFails()
{
    quint16 port = 0;
    CertificateTrust trust(m_settings.get());
    {
        TlsFront front(m_certA, m_keyA, m_server.port());
        QVERIFY(front.start());
        port = front.port();
        trustWhatIsRefused(trust, port);
        QCOMPARE(upload(trust, port, 3).state, TaskState::Success);
    }
    // The same host:port now shows certificate B.
    TlsFront impostor(m_certB, m_keyB, m_server.port());
    QVERIFY(impostor.start(port));
    const Outcome outcome = upload(trust, port, 4);
    QCOMPARE(outcome.state, TaskState::Error);
    QVERIFY2(outcome.message.contains(QLatin1String("self-signed")), qPrintable(outcome.message));
    QCOMPARE(trust.refusal(QStringLiteral("127.0.0.1:%1").arg(port))->certificate, m_certB);
}

void TestCertificateTrust::trustedCertificateOnAnotherPortFails()
{
    TlsFront trustedFront(m_certA, m_keyA, m_server.port());
    TlsFront otherFront(m_certA, m_keyA, m_server.port());
    QVERIFY(trustedFront.start());
    QVERIFY(otherFront.start());
    CertificateTrust trust(m_settings.get());
    trustWhatIsRefused(trust, trustedFront.port());
    QCOMPARE(upload(trust, trustedFront.port(), 5).state, TaskState::Success);
    const Outcome other = upload(trust, otherFront.port(), 6);
    QCOMPARE(other.state, TaskState::Error);
    QCOMPARE(
        other.message,
        QStringLiteral("The certificate of 127.0.0.1:%1 is self-signed").arg(otherFront.port()));
}

void TestCertificateTrust::trustIsRememberedInSettings()
{
    TlsFront front(m_certA, m_keyA, m_server.port());
    QVERIFY(front.start());
    {
        CertificateTrust trust(m_settings.get());
        trustWhatIsRefused(trust, front.port());
    }
    // Read back: the fingerprint, for that server only.
    const QString path = m_settings->fileName();
    m_settings.reset();
    QSettings readBack(path, QSettings::IniFormat);
    CertificateTrust again(&readBack);
    const QString server = QStringLiteral("127.0.0.1:%1").arg(front.port());
    QVERIFY(
        again.isTrusted(server, m_certA, {QSslError(QSslError::SelfSignedCertificate, m_certA)}));
    QVERIFY(
        !again.isTrusted(server, m_certB, {QSslError(QSslError::SelfSignedCertificate, m_certB)}));
    QVERIFY(!again.isTrusted(QStringLiteral("localhost:%1").arg(front.port()), m_certA,
                             {QSslError(QSslError::SelfSignedCertificate, m_certA)}));
    const Outcome outcome = upload(again, front.port(), 7);
    QCOMPARE(outcome.state, TaskState::Success);
    QCOMPARE(m_server.storedBytes(outcome.uploadUrl), testContent(FileSize, 7));
}

void TestCertificateTrust::newErrorsAreNotCovered()
{
    // Trusted while self-signed; the same certificate with another error (its name does not
    // match, or it expired) is refused again.
    CertificateTrust trust;
    const QString server = QStringLiteral("example.org:8443");
    CertificateTrust::Refusal refusal{
        server, m_certA, {QSslError(QSslError::SelfSignedCertificate, m_certA)}};
    QVERIFY(trust.trust(refusal));
    QVERIFY(trust.isTrusted(server, m_certA, refusal.errors));
    QVERIFY(!trust.isTrusted(server, m_certA,
                             {QSslError(QSslError::SelfSignedCertificate, m_certA),
                              QSslError(QSslError::HostNameMismatch, m_certA)}));
    // And a sentence for each, cause first.
    CertificateTrust::Refusal mismatch{
        server, m_certA, {QSslError(QSslError::HostNameMismatch, m_certA)}};
    QVERIFY2(mismatch.problem().startsWith(
                 QLatin1String("The certificate of example.org:8443 is for another name (")),
             qPrintable(mismatch.problem()));
    QVERIFY(mismatch.problem().contains(QLatin1String("localhost")));
    CertificateTrust::Refusal revoked{
        server, m_certA, {QSslError(QSslError::CertificateRevoked, m_certA)}};
    QVERIFY(!revoked.trustable());
    QVERIFY(!trust.trust(revoked));
}

QTEST_GUILESS_MAIN(TestCertificateTrust)
#include "tst_certificatetrust.moc"
