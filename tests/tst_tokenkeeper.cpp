// TokenKeeper against a real UploadScheduler and an in-memory keyring: a token goes out as
// "Authorization: Bearer <token>" with its own endpoint's uploads only, is remembered only when
// asked (and read back by the next run), is forgotten with the header when cleared, and what a
// person types is cleaned or refused. While the keyring is being asked, that endpoint's uploads
// wait, for the answer or at most the lookup timeout; without a keyring tokens still work for
// the session. No tus server: the uploads' endpoint is a local port that never answers, since
// all that matters is whether (and with which headers) an upload starts.
#include "memorysecretstore.h"
#include "testfiles.h"
#include "waitfor.h"

#include "endpointheaders.h"
#include "secretstore.h"
#include "tokenkeeper.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QElapsedTimer>
#include <QHash>
#include <QNetworkAccessManager>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>
#include <utility>

namespace {
// A short lookup timeout (TokenKeeper::setLookupTimeout; the app keeps the 10 s default), so the
// case that waits for it takes a moment instead of 10 s.
constexpr int LookupTimeoutMs = 400;
// QTimer's default (coarse) timers may fire up to 5% early.
constexpr int LookupTimeoutEarliestMs = LookupTimeoutMs * 95 / 100 - 100;

// The values of the Authorization headers requests to `endpoint`'s uploads would carry.
QList<QByteArray> authorizations(const UploadScheduler &scheduler, const QUrl &endpoint)
{
    QList<QByteArray> values;
    for (const HttpHeader &header : scheduler.headersFor(endpoint)) {
        if (header.first.compare("Authorization", Qt::CaseInsensitive) == 0)
            values.append(header.second);
    }
    return values;
}

QList<QByteArray> bearer(const char *token)
{
    return {QByteArray("Bearer ") + token};
}
} // namespace

class tst_TokenKeeper : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void sessionTokenGoesToItsEndpointOnly();
    void rememberedTokenIsFoundByTheNextRun();
    void forgettingKeepsTheSessionToken();
    void cleaned_data();
    void cleaned();
    void unusableTokenIsIgnored();
    void clearRemovesHeaderAndKeyringEntry();
    void clearWhileWritingLeavesNothingRemembered();
    void lookupHoldsUploadsUntilAnswered();
    void typedTokenReleasesHoldAndWinsOverKeyring();
    void typedSessionTokenDuringLookupForgetsTheKeyringOne();
    void lookupTimeoutReleasesHold();
    void keyringUnavailable();
    void keyringRefusesWrite();
    void noKeyringAtAll();

private:
    // A new upload of a small file to `endpoint`; its id (0 if none came).
    TaskId add(const QUrl &endpoint);
    QUrl endpoint(const char *path) const;

    std::unique_ptr<QTcpServer> m_silent; // accepts, never answers
    QTemporaryDir m_files;
    int m_fileCount = 0;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
    std::unique_ptr<MemorySecretStore> m_store;
};

void tst_TokenKeeper::init()
{
    QVERIFY(m_files.isValid());
    m_silent = std::make_unique<QTcpServer>();
    QVERIFY(m_silent->listen(QHostAddress::LocalHost));
    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    // Straight to the first request when an upload starts: no OPTIONS probe, no hashing.
    m_scheduler->setHashPolicy(UploadScheduler::HashPolicy::Never);
    m_scheduler->setParallelParts(false);
    m_store = std::make_unique<MemorySecretStore>();
}

void tst_TokenKeeper::cleanup()
{
    // Keepers are the test functions' own and gone by now; the scheduler before what it uses.
    m_scheduler.reset();
    m_protocol.reset();
    m_network.reset();
    m_store.reset();
    m_silent.reset();
}

QUrl tst_TokenKeeper::endpoint(const char *path) const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1/%2/")
                    .arg(m_silent->serverPort())
                    .arg(QLatin1String(path)));
}

TaskId tst_TokenKeeper::add(const QUrl &endpoint)
{
    const QString path =
        makeTestFile(m_files.path(), QStringLiteral("f%1").arg(++m_fileCount), 1024);
    if (path.isEmpty())
        return 0;
    QSignalSpy added(m_scheduler.get(), &UploadScheduler::tasksAdded);
    m_scheduler->setEndpoint(endpoint);
    m_scheduler->addPaths({path});
    if (!added.wait(5000))
        return 0;
    const auto ids = added.first().first().value<QList<TaskId>>();
    return ids.size() == 1 ? ids.first() : 0;
}

void tst_TokenKeeper::sessionTokenGoesToItsEndpointOnly()
{
    const QUrl a = endpoint("a");
    const QUrl b = endpoint("b");
    m_scheduler->setHeaders({{"X-Common", "1"}});
    TokenKeeper keeper(m_scheduler.get(), m_store.get());
    QSignalSpy changed(&keeper, &TokenKeeper::tokenChanged);

    keeper.setToken(a, QStringLiteral("tok"), false);

    QCOMPARE(authorizations(*m_scheduler, a), bearer("tok"));
    QVERIFY(keeper.hasToken(a));
    QVERIFY(!keeper.isRemembered(a));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.first().first().toUrl(), a);
    // Another path on the same server is another endpoint: it never gets A's token.
    QVERIFY(authorizations(*m_scheduler, b).isEmpty());
    QVERIFY(!keeper.hasToken(b));
    // The same endpoint spelled differently (case, default port, no trailing slash) is A.
    QUrl sameAsA = a;
    sameAsA.setPath(QStringLiteral("/a"));
    sameAsA.setScheme(QStringLiteral("HTTP"));
    QCOMPARE(authorizations(*m_scheduler, sameAsA), bearer("tok"));
    // On top of the common headers, not instead of them.
    QVERIFY(m_scheduler->headersFor(a).contains(HttpHeader("X-Common", "1")));
    QCOMPARE(m_scheduler->headersFor(b), HttpHeaders({{"X-Common", "1"}}));
    // For this session only: the keyring is not touched (the calls are made synchronously).
    QCOMPARE(m_store->writes, 0);
    QVERIFY(m_store->secrets.isEmpty());

    // Replacing it leaves one Authorization header, the new one.
    keeper.setToken(a, QStringLiteral("tok2"), false);
    QCOMPARE(authorizations(*m_scheduler, a), bearer("tok2"));
    QCOMPARE(m_store->writes, 0);
}

void tst_TokenKeeper::rememberedTokenIsFoundByTheNextRun()
{
    const QUrl a = endpoint("a");
    const QUrl b = endpoint("b");
    const QString key = EndpointHeaders::keyOf(a);
    {
        TokenKeeper keeper(m_scheduler.get(), m_store.get());
        QSignalSpy written(m_store.get(), &SecretStore::writeFinished);
        keeper.setToken(a, QStringLiteral("  Bearer tok "), true);
        QCOMPARE(authorizations(*m_scheduler, a), bearer("tok"));
        // Remembered only once the keyring says it kept it.
        QVERIFY(!keeper.isRemembered(a));
        QCOMPARE(m_store->writes, 1);
        QVERIFY(written.wait(5000));
        QVERIFY(keeper.isRemembered(a));
        QCOMPARE(keeper.keyring(), TokenKeeper::Keyring::Available);
    }
    // Under the endpoint's key, the cleaned token, and nothing else.
    QCOMPARE(m_store->secrets, (QHash<QString, QString>{{key, QStringLiteral("tok")}}));

    // The next run: a new scheduler and keeper over the same keyring.
    UploadScheduler scheduler(m_protocol.get());
    TokenKeeper keeper(&scheduler, m_store.get());
    QVERIFY(!keeper.hasToken(a));
    QVERIFY(authorizations(scheduler, a).isEmpty());
    QSignalSpy changed(&keeper, &TokenKeeper::tokenChanged);
    keeper.lookUp(a);
    QVERIFY(keeper.isLookingUp(a));
    QCOMPARE(keeper.keyring(), TokenKeeper::Keyring::Unknown);
    QVERIFY(changed.wait(5000));
    QCOMPARE(changed.first().first().toUrl(), a);
    QVERIFY(!keeper.isLookingUp(a));
    QVERIFY(keeper.hasToken(a));
    QVERIFY(keeper.isRemembered(a));
    QCOMPARE(keeper.keyring(), TokenKeeper::Keyring::Available);
    QCOMPARE(authorizations(scheduler, a), bearer("tok"));
    // Looked up once: asking again does not read again.
    const int reads = m_store->reads;
    keeper.lookUp(a);
    QCOMPARE(m_store->reads, reads);

    // An endpoint the keyring holds nothing for stays without a token.
    changed.clear();
    keeper.lookUp(b);
    QVERIFY(changed.wait(5000));
    QVERIFY(!keeper.hasToken(b));
    QVERIFY(authorizations(scheduler, b).isEmpty());
    QCOMPARE(authorizations(scheduler, a), bearer("tok"));
}

void tst_TokenKeeper::forgettingKeepsTheSessionToken()
{
    const QUrl a = endpoint("a");
    const QString key = EndpointHeaders::keyOf(a);
    TokenKeeper keeper(m_scheduler.get(), m_store.get());
    QSignalSpy written(m_store.get(), &SecretStore::writeFinished);
    keeper.setToken(a, QStringLiteral("tok"), true);
    QVERIFY(written.wait(5000));
    QVERIFY(m_store->secrets.contains(key));

    QSignalSpy removed(m_store.get(), &SecretStore::removeFinished);
    keeper.setRemembered(a, false);
    QVERIFY(removed.wait(5000));
    QVERIFY(!m_store->secrets.contains(key));
    QVERIFY(!keeper.isRemembered(a));
    QCOMPARE(authorizations(*m_scheduler, a), bearer("tok"));

    // And back: remembered again, the same token.
    written.clear();
    keeper.setRemembered(a, true);
    QVERIFY(written.wait(5000));
    QCOMPARE(m_store->secrets.value(key), QStringLiteral("tok"));
    QVERIFY(keeper.isRemembered(a));
}

void tst_TokenKeeper::cleaned_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("token");

    const QString none;
    QTest::newRow("plain") << "abc.DEF-_~+/="
                           << "abc.DEF-_~+/=";
    QTest::newRow("trimmed") << "  tok \t"
                             << "tok";
    QTest::newRow("pasted with its line break") << "tok\r\n"
                                                << "tok";
    QTest::newRow("Bearer dropped") << "Bearer tok"
                                    << "tok";
    QTest::newRow("bearer, any case, spaces") << "  bEARER   tok  "
                                              << "tok";
    QTest::newRow("only the first Bearer") << "Bearer Bearer tok" << none;
    QTest::newRow("Bearer-prefixed token kept") << "Bearertok"
                                                << "Bearertok";
    QTest::newRow("header injection") << "tok\r\nX-Evil: 1" << none;
    QTest::newRow("line feed inside") << "to\nk" << none;
    QTest::newRow("carriage return inside") << "to\rk" << none;
    QTest::newRow("tab inside") << "to\tk" << none;
    QTest::newRow("space inside") << "to k" << none;
    QTest::newRow("NUL inside") << QString(QStringLiteral("to") + QChar(0) + QStringLiteral("k"))
                                << none;
    QTest::newRow("DEL inside") << QString(QStringLiteral("to") + QChar(0x7f) + QStringLiteral("k"))
                                << none;
    QTest::newRow("escape inside")
        << QString(QStringLiteral("to") + QChar(0x1b) + QStringLiteral("k")) << none;
    QTest::newRow("not ASCII") << QStringLiteral("t\u00f6k") << none;
    QTest::newRow("empty") << "" << none;
    QTest::newRow("blank") << " \t\n" << none;
    // Nothing left once the leading "Bearer " is dropped: no token, not the token "Bearer".
    QTest::newRow("Bearer and nothing") << "Bearer " << none;
    QTest::newRow("bearer alone") << "  bearer  " << none;
}

void tst_TokenKeeper::cleaned()
{
    QFETCH(QString, typed);
    QFETCH(QString, token);
    QCOMPARE(TokenKeeper::cleaned(typed), token);
}

void tst_TokenKeeper::unusableTokenIsIgnored()
{
    const QUrl a = endpoint("a");
    TokenKeeper keeper(m_scheduler.get(), m_store.get());
    keeper.setToken(a, QStringLiteral("good"), false);
    QSignalSpy changed(&keeper, &TokenKeeper::tokenChanged);

    // A line break would let the value add a header of its own: never sent, and the good token
    // stays.
    keeper.setToken(a, QStringLiteral("bad\r\nX-Evil: 1"), true);
    QCOMPARE(authorizations(*m_scheduler, a), bearer("good"));
    QCOMPARE(changed.size(), 0);
    QCOMPARE(m_store->writes, 0);
    for (const HttpHeader &header : m_scheduler->headersFor(a)) {
        QVERIFY(!header.second.contains('\n'));
        QVERIFY(!header.first.contains("Evil"));
    }
    // Nor for an endpoint without a host, which has no key.
    keeper.setToken(QUrl(QStringLiteral("relative/path")), QStringLiteral("tok"), true);
    QCOMPARE(changed.size(), 0);
    QCOMPARE(m_store->writes, 0);
}

void tst_TokenKeeper::clearRemovesHeaderAndKeyringEntry()
{
    const QUrl a = endpoint("a");
    const QUrl b = endpoint("b");
    const QString keyA = EndpointHeaders::keyOf(a);
    const QString keyB = EndpointHeaders::keyOf(b);
    TokenKeeper keeper(m_scheduler.get(), m_store.get());
    QSignalSpy written(m_store.get(), &SecretStore::writeFinished);
    keeper.setToken(a, QStringLiteral("tokA"), true);
    keeper.setToken(b, QStringLiteral("tokB"), true);
    QVERIFY(waitFor([&] { return written.size() == 2; }, 5000));
    QVERIFY(keeper.isRemembered(a));
    QCOMPARE(m_store->secrets.size(), 2);

    QSignalSpy changed(&keeper, &TokenKeeper::tokenChanged);
    QSignalSpy removed(m_store.get(), &SecretStore::removeFinished);
    keeper.clearToken(a);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.first().first().toUrl(), a);
    QVERIFY(authorizations(*m_scheduler, a).isEmpty());
    QVERIFY(!keeper.hasToken(a));
    QVERIFY(!keeper.isRemembered(a));
    QVERIFY(removed.wait(5000));
    QCOMPARE(removed.first().first().toString(), keyA);
    QVERIFY(!m_store->secrets.contains(keyA));
    // B's token and its keyring entry are not A's to clear.
    QCOMPARE(authorizations(*m_scheduler, b), bearer("tokB"));
    QCOMPARE(m_store->secrets.value(keyB), QStringLiteral("tokB"));

    // The next run finds nothing for A.
    UploadScheduler scheduler(m_protocol.get());
    TokenKeeper next(&scheduler, m_store.get());
    QSignalSpy found(&next, &TokenKeeper::tokenChanged);
    next.lookUp(a);
    QVERIFY(found.wait(5000));
    QVERIFY(!next.hasToken(a));
    QVERIFY(authorizations(scheduler, a).isEmpty());
}

void tst_TokenKeeper::clearWhileWritingLeavesNothingRemembered()
{
    // Cleared before the keyring answered the write: the write's answer must not make it look
    // remembered, and the keyring ends up without it.
    const QUrl a = endpoint("a");
    TokenKeeper keeper(m_scheduler.get(), m_store.get());
    QSignalSpy removed(m_store.get(), &SecretStore::removeFinished);
    QSignalSpy written(m_store.get(), &SecretStore::writeFinished);
    keeper.setToken(a, QStringLiteral("tok"), true);
    keeper.clearToken(a);
    QCOMPARE(m_store->removes, 1);
    QVERIFY(waitFor([&] { return written.size() == 1 && removed.size() == 1; }, 5000));
    QVERIFY(m_store->secrets.isEmpty());
    QVERIFY(!keeper.hasToken(a));
    QVERIFY(!keeper.isRemembered(a));
    QVERIFY(authorizations(*m_scheduler, a).isEmpty());
}

void tst_TokenKeeper::lookupHoldsUploadsUntilAnswered()
{
    const QUrl a = endpoint("a");
    const QUrl b = endpoint("b");
    m_store->secrets.insert(EndpointHeaders::keyOf(a), QStringLiteral("kept"));
    TokenKeeper keeper(m_scheduler.get(), m_store.get());
    // B is looked up already (nothing there), so its uploads never wait: the control.
    QSignalSpy changed(&keeper, &TokenKeeper::tokenChanged);
    keeper.lookUp(b);
    QVERIFY(changed.wait(5000));

    // What each upload would send the moment it starts.
    QList<TaskId> started;
    QHash<TaskId, QList<QByteArray>> sentWith;
    QObject context; // gone before the lists it writes to
    connect(m_scheduler.get(), &UploadScheduler::taskStarted, &context, [&](TaskId id) {
        started.append(id);
        sentWith.insert(id, authorizations(*m_scheduler, m_scheduler->task(id)->endpoint()));
    });

    m_store->deferred = true;
    const TaskId forA = add(a);
    QVERIFY(forA);
    // Adding the upload made the keeper ask the keyring about A.
    QVERIFY(keeper.isLookingUp(a));
    QCOMPARE(m_store->deferredAnswers(), 1);
    const TaskId forB = add(b);
    QVERIFY(forB);
    QVERIFY(waitFor([&] { return started.contains(forB); }, 5000));
    // The pass that started B, the newer one, would have started A first had it not been held.
    QCOMPARE(started, QList<TaskId>{forB});
    QCOMPARE(m_scheduler->task(forA)->state(), TaskState::Waiting);
    QVERIFY(sentWith.value(forB).isEmpty());

    m_store->flush();
    QVERIFY(waitFor([&] { return started.contains(forA); }, 5000));
    QVERIFY(!keeper.isLookingUp(a));
    // It started with the keyring's token, not without it.
    QCOMPARE(sentWith.value(forA), bearer("kept"));
    QVERIFY(keeper.isRemembered(a));
}

void tst_TokenKeeper::typedTokenReleasesHoldAndWinsOverKeyring()
{
    // A person's token arriving while the keyring is still being asked is the one to use: the
    // uploads go at once with it, and the keyring's (older) answer does not replace it.
    const QUrl a = endpoint("a");
    m_store->secrets.insert(EndpointHeaders::keyOf(a), QStringLiteral("old"));
    TokenKeeper keeper(m_scheduler.get(), m_store.get());
    QList<QList<QByteArray>> sentWith;
    QObject context; // gone before the list it writes to
    connect(m_scheduler.get(), &UploadScheduler::taskStarted, &context, [&](TaskId id) {
        sentWith.append(authorizations(*m_scheduler, m_scheduler->task(id)->endpoint()));
    });

    m_store->deferred = true;
    QVERIFY(add(a));
    QVERIFY(keeper.isLookingUp(a));
    keeper.setToken(a, QStringLiteral("new"), true);
    QVERIFY(waitFor([&] { return !sentWith.isEmpty(); }, 5000));
    QCOMPARE(sentWith.first(), bearer("new"));

    QSignalSpy written(m_store.get(), &SecretStore::writeFinished);
    m_store->flush();
    QVERIFY(written.wait(5000));
    QVERIFY(!keeper.isLookingUp(a));
    QCOMPARE(authorizations(*m_scheduler, a), bearer("new"));
    QCOMPARE(m_store->secrets.value(EndpointHeaders::keyOf(a)), QStringLiteral("new"));
    QVERIFY(keeper.isRemembered(a));
}

void tst_TokenKeeper::typedSessionTokenDuringLookupForgetsTheKeyringOne()
{
    // The keyring holds an old token; while it is being read the person gives a new one for
    // this session only ("remember" unticked). setToken's contract: not remembered means also
    // removed from the keyring, so the next run must not bring the old one back.
    const QUrl a = endpoint("a");
    const QString key = EndpointHeaders::keyOf(a);
    m_store->secrets.insert(key, QStringLiteral("old"));
    {
        TokenKeeper keeper(m_scheduler.get(), m_store.get());
        m_store->deferred = true;
        keeper.lookUp(a);
        keeper.setToken(a, QStringLiteral("new"), false);
        QSignalSpy changed(&keeper, &TokenKeeper::tokenChanged);
        m_store->flush();
        QVERIFY(changed.wait(5000)); // the read's answer
        QVERIFY(!keeper.isLookingUp(a));
        QCOMPARE(authorizations(*m_scheduler, a), bearer("new"));
        QVERIFY(!keeper.isRemembered(a));
    }
    QVERIFY2(!m_store->secrets.contains(key), "the keyring still holds the token replaced");

    UploadScheduler scheduler(m_protocol.get());
    TokenKeeper next(&scheduler, m_store.get());
    QSignalSpy changed(&next, &TokenKeeper::tokenChanged);
    next.lookUp(a);
    QVERIFY(changed.wait(5000));
    QVERIFY(!next.hasToken(a));
}

void tst_TokenKeeper::lookupTimeoutReleasesHold()
{
    // A keyring that never answers: uploads wait the lookup timeout, then go on without a token.
    const QUrl a = endpoint("a");
    m_store->mode = MemorySecretStore::Mode::Silent;
    TokenKeeper keeper(m_scheduler.get(), m_store.get());
    QCOMPARE(TokenKeeper::LookupTimeoutMs, 10000); // what the app waits
    keeper.setLookupTimeout(LookupTimeoutMs);
    QSignalSpy started(m_scheduler.get(), &UploadScheduler::taskStarted);
    QTest::ignoreMessage(QtWarningMsg,
                         QRegularExpression(QStringLiteral("keyring: no answer for .* in time")));

    QElapsedTimer elapsed;
    elapsed.start();
    const TaskId id = add(a);
    QVERIFY(id);
    QVERIFY(keeper.isLookingUp(a));
    QCOMPARE(m_store->reads, 1);
    QVERIFY(started.wait(LookupTimeoutMs + 5000));
    const qint64 waited = elapsed.elapsed();
    QVERIFY2(waited >= LookupTimeoutEarliestMs,
             qPrintable(QStringLiteral("started after %1 ms").arg(waited)));
    QCOMPARE(started.first().first().value<TaskId>(), id);
    QCOMPARE(m_scheduler->task(id)->state(), TaskState::Uploading);
    QVERIFY(authorizations(*m_scheduler, a).isEmpty());
    // Still unanswered; a later upload to A does not ask (or wait) again.
    QVERIFY(keeper.isLookingUp(a));
    started.clear();
    const TaskId later = add(a);
    QVERIFY(later);
    QVERIFY(started.wait(5000));
    QCOMPARE(m_store->reads, 1);
}

void tst_TokenKeeper::keyringUnavailable()
{
    const QUrl a = endpoint("a");
    const QUrl c = endpoint("c");
    m_store->mode = MemorySecretStore::Mode::Unavailable;
    TokenKeeper keeper(m_scheduler.get(), m_store.get());
    QSignalSpy keyringChanged(&keeper, &TokenKeeper::keyringChanged);
    QSignalSpy failed(&keeper, &TokenKeeper::rememberFailed);

    keeper.lookUp(a);
    QVERIFY(keeper.isLookingUp(a));
    QVERIFY(keyringChanged.wait(5000));
    QCOMPARE(keeper.keyring(), TokenKeeper::Keyring::Unavailable);
    QCOMPARE(keeper.keyringProblem(), m_store->problem);
    QVERIFY(!keeper.isLookingUp(a));

    // Known to be missing: a new endpoint's uploads neither ask nor wait.
    QList<TaskId> started;
    QObject context; // gone before the list it writes to
    connect(m_scheduler.get(), &UploadScheduler::taskStarted, &context,
            [&](TaskId id) { started.append(id); });
    const int reads = m_store->reads;
    const TaskId forC = add(c);
    QVERIFY(forC);
    QVERIFY(!keeper.isLookingUp(c));
    QCOMPARE(m_store->reads, reads);
    QVERIFY(waitFor([&] { return started.contains(forC); }, 5000));

    // The token still works for the session; asking to remember it fails, saying why.
    keeper.setToken(a, QStringLiteral("tok"), true);
    QCOMPARE(authorizations(*m_scheduler, a), bearer("tok"));
    QVERIFY(failed.wait(5000));
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed.first().at(0).toUrl(), a);
    QCOMPARE(failed.first().at(1).toString(), m_store->problem);
    QVERIFY(keeper.hasToken(a));
    QVERIFY(!keeper.isRemembered(a));
    QCOMPARE(authorizations(*m_scheduler, a), bearer("tok"));
    QCOMPARE(keeper.keyring(), TokenKeeper::Keyring::Unavailable);
}

void tst_TokenKeeper::keyringRefusesWrite()
{
    // Nothing asked yet, then the first write fails: that is how the keeper learns it has no
    // keyring.
    const QUrl a = endpoint("a");
    m_store->mode = MemorySecretStore::Mode::Unavailable;
    TokenKeeper keeper(m_scheduler.get(), m_store.get());
    QCOMPARE(keeper.keyring(), TokenKeeper::Keyring::Unknown);
    QSignalSpy failed(&keeper, &TokenKeeper::rememberFailed);
    keeper.setToken(a, QStringLiteral("tok"), true);
    QVERIFY(failed.wait(5000));
    QCOMPARE(failed.first().at(0).toUrl(), a);
    QCOMPARE(keeper.keyring(), TokenKeeper::Keyring::Unavailable);
    QCOMPARE(keeper.keyringProblem(), m_store->problem);
    QVERIFY(!keeper.isRemembered(a));
    QCOMPARE(authorizations(*m_scheduler, a), bearer("tok"));
}

void tst_TokenKeeper::noKeyringAtAll()
{
    const QUrl a = endpoint("a");
    TokenKeeper keeper(m_scheduler.get(), nullptr);
    QCOMPARE(keeper.keyring(), TokenKeeper::Keyring::Unavailable);
    QVERIFY(!keeper.keyringProblem().isEmpty());
    keeper.lookUp(a);
    QVERIFY(!keeper.isLookingUp(a));
    keeper.setToken(a, QStringLiteral("tok"), true);
    QCOMPARE(authorizations(*m_scheduler, a), bearer("tok"));
    QVERIFY(!keeper.isRemembered(a));
    keeper.clearToken(a);
    QVERIFY(authorizations(*m_scheduler, a).isEmpty());
}

QTEST_GUILESS_MAIN(tst_TokenKeeper)
#include "tst_tokenkeeper.moc"
