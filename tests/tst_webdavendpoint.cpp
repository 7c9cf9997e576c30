// The window's side of WebDAV: the Server field takes dav:// and davs:// addresses (and refuses a
// password written into one), and the token a person gives for a dav://USER@HOST endpoint (kept
// like every token: TokenKeeper, the keyring) goes out as USER's password in basic auth.
#include "endpointfield.h"
#include "tokenkeeper.h"
#include "uploadscheduler.h"
#include "webdavprotocol.h"
#include "webdavtarget.h"

#include <QNetworkAccessManager>
#include <QTest>

class tst_WebDavEndpoint : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fieldTakesWebDavAddresses_data();
    void fieldTakesWebDavAddresses();
    void tokenIsTheUsersPassword();
};

void tst_WebDavEndpoint::fieldTakesWebDavAddresses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("dav") << "dav://alice@files.example:8080/dav/in" << true;
    QTest::newRow("davs") << "davs://cloud.example/remote.php/dav/files/alice/" << true;
    QTest::newRow("password in it") << "dav://alice:secret@h/dav" << false;
    QTest::newRow("no host") << "davs:///x" << false;
    QTest::newRow("ftp") << "ftp://h/x" << false;
    QTest::newRow("https still") << "https://h/files/" << true;
}

void tst_WebDavEndpoint::fieldTakesWebDavAddresses()
{
    QFETCH(QString, text);
    QFETCH(bool, accepted);
    const QString problem = EndpointField::endpointProblem(text);
    QVERIFY2(problem.isEmpty() == accepted, qPrintable(problem));
    if (!accepted)
        QVERIFY(!problem.contains(QLatin1String("secret")));
}

void tst_WebDavEndpoint::tokenIsTheUsersPassword()
{
    QNetworkAccessManager network;
    WebDavProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    TokenKeeper tokens(&scheduler, nullptr);
    const QUrl endpoint(QStringLiteral("dav://alice@127.0.0.1:1/dav/"));
    tokens.setToken(endpoint, QStringLiteral("wonder-land"), false);
    const auto target = WebDavTarget::fromUrl(endpoint);
    QVERIFY(target);
    const HttpHeaders headers = protocol.headersFor(*target, scheduler.headersFor(endpoint));
    QVERIFY(headers.contains(
        HttpHeader("Authorization", "Basic " + QByteArray("alice:wonder-land").toBase64())));
    QVERIFY(!headers.contains(HttpHeader("Authorization", "Bearer wonder-land")));
}

QTEST_MAIN(tst_WebDavEndpoint)
#include "tst_webdavendpoint.moc"
