// Why an upload failed reads in the language in use when it is shown, not the one it failed in:
// a task whose server went away (hoistd stopped: connection refused) failed under Chinese reads
// English once English is installed, and Chinese again after, also after a round trip through
// the task store.
#include "hoistdprocess.h"
#include "scriptedserver.h"
#include "testfiles.h"
#include "waitfor.h"

#include "languageloader.h"
#include "taskstore.h"
#include "trtext.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
// The text, or one of its arguments, made from `source` (a translatable source text).
const TrText *findSource(const TrText &text, const QByteArray &source)
{
    if (text.isTranslatable() && text.source().contains(source))
        return &text;
    for (const TrText &argument : text.arguments()) {
        if (const TrText *found = findSource(argument, source))
            return found;
    }
    return nullptr;
}

const QString English = QStringLiteral("Connection refused by 127.0.0.1:%1");
const QString Chinese = QString::fromUtf8("127.0.0.1:%1 拒绝连接");
} // namespace

class tst_TranslatedErrors : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void argumentsAreTranslatedAndFilledOnce();
    void jsonRoundTrip();
    void failedUnderChineseReadsEnglish();
    void answerThatIsNotTusIsTranslatable();

private:
    LanguageLoader m_language;
};

void tst_TranslatedErrors::init()
{
    QCOMPARE(m_language.install(QStringLiteral("en")), QStringLiteral("en"));
}

void tst_TranslatedErrors::cleanup()
{
    m_language.install(QStringLiteral("en"));
}

void tst_TranslatedErrors::argumentsAreTranslatedAndFilledOnce()
{
    // An argument holding "%2" stays as it is: the markers are filled in one pass.
    const TrText text = TrText("TusHttp", "Network error with %1: %2")
                            .arg(QStringLiteral("a%2b"), QStringLiteral("c"));
    QCOMPARE(text.toString(), QStringLiteral("Network error with a%2b: c"));
    const TrText nested =
        TrText("FailureHandler", "Gave up after %1 without progress: %2")
            .arg(QStringLiteral("2 s"),
                 TrText("TusHttp", "Connection refused by %1").arg(QStringLiteral("127.0.0.1:9")));
    QCOMPARE(
        nested.toString(),
        QStringLiteral("Gave up after 2 s without progress: Connection refused by 127.0.0.1:9"));
    QCOMPARE(m_language.install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    const QString chinese = nested.toString();
    QVERIFY2(chinese.contains(QString::fromUtf8("127.0.0.1:9 拒绝连接")), qPrintable(chinese));
    QVERIFY2(!chinese.contains(QLatin1String("Gave up")), qPrintable(chinese));
    // Plurals through %n, in the language in use.
    m_language.install(QStringLiteral("en"));
    const TrText tries = TrText("FailureHandler", " · %n tries", 3);
    QCOMPARE(tries.toString(), QStringLiteral(" · 3 tries"));
}

void tst_TranslatedErrors::jsonRoundTrip()
{
    const TrText text =
        TrText("S3Errors", "While %1 (%2): HTTP %3")
            .arg(TrText("S3Request", "completing the upload"), QStringLiteral("s3://b/k \"q\""))
            .arg(500)
            .followedBy(TrText("S3Errors", ", S3 error %1").arg(QStringLiteral("InternalError")));
    const QString json = text.toJson();
    QCOMPARE(TrText::fromJson(json), text);
    QCOMPARE(TrText::fromJson(json).toString(), text.toString());
    QCOMPARE(TrText::fromJson(QString()), TrText());
    // Not JSON (a cause stored as plain words): taken as they are.
    QCOMPARE(TrText::fromJson(QStringLiteral("plain words")).toString(),
             QStringLiteral("plain words"));
}

void tst_TranslatedErrors::failedUnderChineseReadsEnglish()
{
    // A server that was there and is gone: its port refuses connections.
    HoistdProcess server;
    QVERIFY(server.start());
    const QUrl endpoint = server.endpoint();
    QVERIFY(server.terminate());
    const QString english = English.arg(endpoint.port());
    const QString chinese = Chinese.arg(endpoint.port());
    QTemporaryDir files;
    const QString path = makeTestFile(files.path(), QStringLiteral("gone.bin"), 4000, 5);

    QCOMPARE(m_language.install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    scheduler.setEndpoint(endpoint);
    RetryPolicy once; // the first failure is the answer
    once.maxRetries = 0;
    scheduler.setRetryPolicy(once);
    QSignalSpy added(&scheduler, &UploadScheduler::tasksAdded);
    scheduler.addPaths({path}, Priority::Normal);
    QVERIFY(added.wait(10000));
    const TaskId id = added.first().first().value<QList<TaskId>>().first();
    QVERIFY(waitFor([&] { return scheduler.isIdle(); }, 60000));
    const UploadTask *task = scheduler.task(id);
    QCOMPARE(task->state(), TaskState::Error);
    QCOMPARE(task->errorKind(), TransferError::Kind::Network);
    QVERIFY2(task->errorMessage().startsWith(chinese), qPrintable(task->errorMessage()));

    // The window switched to English: the same failure now reads English, and back.
    QCOMPARE(m_language.install(QStringLiteral("en")), QStringLiteral("en"));
    QVERIFY2(task->errorMessage().startsWith(english), qPrintable(task->errorMessage()));
    // What was being done is Hoist's words too; the network library's stay as they are.
    QVERIFY2(task->errorDetail().startsWith(QLatin1String("While ")),
             qPrintable(task->errorDetail()));
    QCOMPARE(m_language.install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    QVERIFY2(task->errorMessage().startsWith(chinese), qPrintable(task->errorMessage()));

    // Stored under Chinese, read back under English after a restart.
    QTemporaryDir state;
    {
        TaskStore store(state.path());
        QVERIFY(store.open().ok);
        store.save(task->toRecord(1700000000000));
    }
    QCOMPARE(m_language.install(QStringLiteral("en")), QStringLiteral("en"));
    TaskStore store(state.path());
    const TaskStore::OpenResult reopened = store.open();
    QVERIFY2(reopened.ok, qPrintable(reopened.error));
    QCOMPARE(reopened.tasks.size(), 1);
    const TaskRecord record = reopened.tasks.first();
    QCOMPARE(record.errorText, task->errorText());
    const std::unique_ptr<UploadTask> restored = UploadTask::fromRecord(record);
    QVERIFY2(restored->errorMessage().startsWith(english), qPrintable(restored->errorMessage()));
    QCOMPARE(m_language.install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    QVERIFY2(restored->errorMessage().startsWith(chinese), qPrintable(restored->errorMessage()));
}

void tst_TranslatedErrors::answerThatIsNotTusIsTranslatable()
{
    // A server that creates the upload but does not say where it is: the cause is Hoist's words
    // (TusAnswer), kept as source text to translate when shown, also after a store round trip.
    ScriptedServer server([](const ScriptedServer::Request &request) {
        if (request.method == "OPTIONS")
            return ScriptedServer::Reply(204, {{"Tus-Resumable", "1.0.0"},
                                               {"Tus-Version", "1.0.0"},
                                               {"Tus-Extension", "creation"}});
        return ScriptedServer::Reply(201, {{"Tus-Resumable", "1.0.0"}});
    });
    QVERIFY(server.listen());
    QTemporaryDir files;
    const QString path = makeTestFile(files.path(), QStringLiteral("nowhere.bin"), 4000, 6);
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    scheduler.setEndpoint(server.url(QStringLiteral("/files/")));
    QSignalSpy added(&scheduler, &UploadScheduler::tasksAdded);
    scheduler.addPaths({path}, Priority::Normal);
    QVERIFY(added.wait(10000));
    const TaskId id = added.first().first().value<QList<TaskId>>().first();
    QVERIFY(waitFor([&] { return scheduler.isIdle(); }, 60000));
    const UploadTask *task = scheduler.task(id);
    QCOMPARE(task->state(), TaskState::Error);
    QCOMPARE(task->errorKind(), TransferError::Kind::BadResponse);
    QCOMPARE(server.count("POST"), 1);
    QVERIFY2(task->errorMessage().contains(QLatin1String("no Location in its HTTP 201 answer")),
             qPrintable(task->errorMessage()));

    QTemporaryDir state;
    {
        TaskStore store(state.path());
        QVERIFY(store.open().ok);
        store.save(task->toRecord(1700000000000));
    }
    TaskStore store(state.path());
    const TaskStore::OpenResult reopened = store.open();
    QVERIFY2(reopened.ok, qPrintable(reopened.error));
    QCOMPARE(reopened.tasks.size(), 1);
    const TrText stored = reopened.tasks.first().errorText;
    const TrText *cause = findSource(stored, "(no Location in its HTTP %1 answer)");
    QVERIFY2(cause, qPrintable(stored.toJson()));
    QCOMPARE(cause->context(), QByteArray("TusAnswer"));
    QCOMPARE(cause->arguments().size(), 1);
    QCOMPARE(cause->arguments().first().toString(), QStringLiteral("201"));
}

QTEST_GUILESS_MAIN(tst_TranslatedErrors)
#include "tst_translatederrors.moc"
