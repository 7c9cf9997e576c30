// The window's side of a refused HTTPS certificate: a failed upload to hoistd behind a TLS front
// with a self-signed certificate shows the problem as its error, the context menu offers to view
// and trust that server's certificate, the dialog shows its details, and trusting (after the
// question) retries the upload, which then stores its bytes.
#include "hoistdprocess.h"
#include "testfiles.h"
#include "tlsfront.h"
#include "waitfor.h"

#include "certificateactions.h"
#include "certificatedialog.h"
#include "certificatetrust.h"
#include "mainwindow.h"
#include "rowactions.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QLabel>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSettings>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr int UploadTimeoutMs = 60000;
constexpr qint64 FileSize = 150 * 1024 + 1;
} // namespace

class TestCertificateActions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void failedUploadOffersTheCertificateAndTrustRetries();
    void dialogShowsTheDetails();
    void declinedTrustChangesNothing();

private:
    HoistdProcess m_server;
    QTemporaryDir m_dir;
    QSslCertificate m_cert;
    QSslKey m_key;
};

void TestCertificateActions::initTestCase()
{
    if (!QSslSocket::supportsSsl())
        QSKIP("Qt has no TLS backend here");
    QVERIFY2(m_server.start(), qPrintable(m_server.errorString()));
    QString error;
    QVERIFY2(makeSelfSignedCertificate(m_dir.path(), QStringLiteral("ui"), &m_cert, &m_key, &error),
             qPrintable(error));
}

void TestCertificateActions::failedUploadOffersTheCertificateAndTrustRetries()
{
    TlsFront front(m_cert, m_key, m_server.port());
    QVERIFY(front.start());
    const QString server = QStringLiteral("127.0.0.1:%1").arg(front.port());
    QSettings settings(m_dir.filePath(QStringLiteral("a.ini")), QSettings::IniFormat);
    CertificateTrust trust(&settings);
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    protocol.setCertificateTrust(&trust);
    UploadScheduler scheduler(&protocol);
    scheduler.setEndpoint(QUrl(QStringLiteral("https://%1/files/").arg(server)));
    MainWindow window(&scheduler);
    auto *actions = new CertificateActions(&trust, window.rowActions(), &window);

    scheduler.addPaths({makeTestFile(m_dir.path(), QStringLiteral("tls.bin"), FileSize, 8)});
    QVERIFY(waitFor(
        [&] {
            return !scheduler.taskIds().isEmpty()
                   && scheduler.task(scheduler.taskIds().first())->state() == TaskState::Error;
        },
        UploadTimeoutMs));
    const TaskId id = scheduler.taskIds().first();
    QCOMPARE(scheduler.task(id)->errorMessage(),
             QStringLiteral("The certificate of %1 is self-signed").arg(server));
    QCOMPARE(actions->refusedServers({id}), QStringList{server});

    QString askedServer, askedFingerprint;
    actions->setConfirm([&](const QString &s, const QString &, const QString &fingerprint) {
        askedServer = s;
        askedFingerprint = fingerprint;
        return true;
    });
    QVERIFY(actions->trust(server));
    QCOMPARE(askedServer, server);
    QCOMPARE(askedFingerprint, CertificateDialog::spacedFingerprint(m_cert));
    QVERIFY(waitFor([&] { return scheduler.task(id)->state() == TaskState::Success; },
                    UploadTimeoutMs));
    QCOMPARE(m_server.storedBytes(scheduler.task(id)->uploadUrl()), testContent(FileSize, 8));
    QVERIFY(actions->refusedServers({id}).isEmpty());
    settings.sync();
    QVERIFY(settings.childGroups().contains(QStringLiteral("trustedCertificates")));
}

void TestCertificateActions::dialogShowsTheDetails()
{
    const QString server = QStringLiteral("files.example.org:8443");
    const CertificateTrust::Refusal refusal{
        server, m_cert, {QSslError(QSslError::SelfSignedCertificate, m_cert)}};
    CertificateDialog dialog(refusal);
    QCOMPARE(dialog.windowTitle(), QStringLiteral("Certificate of %1").arg(server));
    const auto *fingerprint = dialog.findChild<QLabel *>(QStringLiteral("fingerprint"));
    QVERIFY(fingerprint);
    QCOMPARE(fingerprint->text(), CertificateDialog::spacedFingerprint(m_cert));
    QCOMPARE(fingerprint->text().count(QLatin1Char(':')), 30); // 32 bytes, two lines of 16
    QVERIFY(dialog.trustButton());
    QCOMPARE(dialog.trustButton()->text(),
             QStringLiteral("Trust this certificate for %1").arg(server));
    QStringList texts;
    for (const QLabel *label : dialog.findChildren<QLabel *>())
        texts << label->text();
    const QString all = texts.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QLatin1String("is self-signed")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("hoist-test-ui")), qPrintable(all)); // subject and issuer
    QVERIFY2(all.contains(QLatin1String("127.0.0.1")), qPrintable(all));     // its names

    const CertificateTrust::Refusal revoked{
        server, m_cert, {QSslError(QSslError::CertificateRevoked, m_cert)}};
    CertificateDialog refused(revoked);
    QVERIFY(!refused.trustButton()); // nothing to trust
}

void TestCertificateActions::declinedTrustChangesNothing()
{
    CertificateTrust trust;
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    protocol.setCertificateTrust(&trust);
    UploadScheduler scheduler(&protocol);
    MainWindow window(&scheduler);
    auto *actions = new CertificateActions(&trust, window.rowActions(), &window);
    // Nothing refused yet: nothing to trust.
    QVERIFY(!actions->trust(QStringLiteral("127.0.0.1:1")));
    TlsFront front(m_cert, m_key, m_server.port());
    QVERIFY(front.start());
    scheduler.setEndpoint(QUrl(QStringLiteral("https://127.0.0.1:%1/files/").arg(front.port())));
    scheduler.addPaths({makeTestFile(m_dir.path(), QStringLiteral("no.bin"), FileSize, 9)});
    QVERIFY(waitFor(
        [&] {
            return !scheduler.taskIds().isEmpty()
                   && scheduler.task(scheduler.taskIds().first())->state() == TaskState::Error;
        },
        UploadTimeoutMs));
    const QString server = QStringLiteral("127.0.0.1:%1").arg(front.port());
    actions->setConfirm([](const QString &, const QString &, const QString &) { return false; });
    QVERIFY(!actions->trust(server));
    QVERIFY(trust.refusal(server)); // still refused, still offered
    QVERIFY(
        !trust.isTrusted(server, m_cert, {QSslError(QSslError::SelfSignedCertificate, m_cert)}));
    QCOMPARE(scheduler.task(scheduler.taskIds().first())->state(), TaskState::Error);
}

QTEST_MAIN(TestCertificateActions)
#include "tst_certificateactions.moc"
