// Saving a token in the window starts again the uploads its server refused with HTTP 401, and
// only that server's: two real hoistd with users configured, the window's Token… button in the
// Server field, its dialog typed into as a person would.
#include "hoistdprocess.h"
#include "memorysecretstore.h"
#include "testfiles.h"
#include "testsettings.h"

#include "mainwindow.h"
#include "menubar.h"
#include "taskstore.h"
#include "tokencontrol.h"
#include "tokendialog.h"
#include "tokenkeeper.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QAction>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

#include <memory>

namespace {
constexpr int TimeoutMs = 60000;
constexpr qint64 FileSize = 300 * 1024;
const QByteArray AliceToken = "alice-secret-token-0123456789";

bool startWithUsers(HoistdProcess &server)
{
    const QString config = server.rootDir() + QStringLiteral("/users.json");
    QFile file(config);
    const QByteArray json =
        R"({"users": [{"name": "alice", "token": ")" + AliceToken + R"(", "quota": 100000000}]})";
    if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size())
        return false;
    file.close();
    QFile::setPermissions(config, QFile::ReadOwner | QFile::WriteOwner);
    return server.start({QStringLiteral("--config"), config});
}
} // namespace

class tst_TokenRetry : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void tokenButtonIsInTheServerField();
    void savedTokenRetriesThatServersRefusedUploads();
    void savedTokenRetriesRefusalsRestoredFromTheStore();

private:
    QTemporaryDir m_settingsDir;
};

void tst_TokenRetry::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    useTestSettings(QStringLiteral("tst_tokenretry"), m_settingsDir.path());
}

// In the field like S3 bucket…, never in the toolbar (whose overflow hid it), with its shortcut
// in the tooltip and in the Edit menu.
void tst_TokenRetry::tokenButtonIsInTheServerField()
{
    QSettings().clear();
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    scheduler.setEndpoint(QUrl(QStringLiteral("http://127.0.0.1:9/files/")));
    MemorySecretStore store;
    TokenKeeper keeper(&scheduler, &store);
    MainWindow window(&scheduler);
    window.setTokenKeeper(&keeper);
    QAction *token = window.tokenControl()->action();
    QVERIFY(window.endpointEdit()->actions().contains(token));
    for (const QToolBar *bar : window.findChildren<QToolBar *>())
        QVERIFY(!bar->actions().contains(token));
    QVERIFY(window.menus()->editMenu()->actions().contains(token));
    QCOMPARE(token->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_T));
    QVERIFY2(token->toolTip().contains(
                 QKeySequence(Qt::CTRL | Qt::Key_T).toString(QKeySequence::NativeText)),
             qPrintable(token->toolTip()));
    QVERIFY(token->isEnabled());

    // Ctrl+T opens the dialog for the field's server.
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_T, Qt::ControlModifier);
    QTRY_VERIFY(window.tokenControl()->dialog());
    QCOMPARE(window.tokenControl()->dialog()->endpoint(), scheduler.endpoint());
    window.tokenControl()->dialog()->reject();
}

void tst_TokenRetry::savedTokenRetriesThatServersRefusedUploads()
{
    QSettings().clear();
    HoistdProcess here;
    HoistdProcess other;
    QVERIFY2(startWithUsers(here), qPrintable(here.errorString()));
    QVERIFY2(startWithUsers(other), qPrintable(other.errorString()));
    QTemporaryDir files;
    QStringList paths;
    for (int i = 0; i < 3; ++i)
        paths << makeTestFile(files.path(), QStringLiteral("f%1.bin").arg(i), FileSize, 7 + i);

    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    UploadScheduler scheduler(&protocol);
    scheduler.setHashPolicy(UploadScheduler::HashPolicy::Never);
    scheduler.setEndpoint(here.endpoint());
    MemorySecretStore store;
    TokenKeeper keeper(&scheduler, &store);
    MainWindow window(&scheduler);
    window.setTokenKeeper(&keeper);
    QSignalSpy notices(window.tokenControl(), &TokenControl::notice);

    // Without a token both servers refuse: two uploads here, one to the other server.
    QSignalSpy added(&scheduler, &UploadScheduler::tasksAdded);
    scheduler.addPaths(paths.mid(0, 2));
    scheduler.addFiles({{paths.at(2), QStringLiteral("f2.bin")}}, other.endpoint());
    QTRY_COMPARE_WITH_TIMEOUT(scheduler.totals().count(TaskState::Error), 3, TimeoutMs);
    QList<TaskId> ids; // this server's first
    TaskId elsewhere = 0;
    for (const TaskId id : scheduler.taskIds()) {
        if (scheduler.task(id)->endpoint() == here.endpoint())
            ids << id;
        else
            elsewhere = id;
    }
    QCOMPARE(ids.size(), 2);
    QVERIFY(elsewhere);
    for (const TaskId id : scheduler.taskIds())
        QVERIFY2(TokenControl::refusedToken(*scheduler.task(id)),
                 qPrintable(scheduler.task(id)->errorMessage()));
    // The notice says where the button is.
    QVERIFY(!notices.isEmpty());
    const QString said = notices.first().first().toString();
    QVERIFY2(said.contains(QLatin1String("Server field")), qPrintable(said));
    QVERIFY2(!said.contains(QLatin1String("beside")), qPrintable(said));

    // The person gives this server its token.
    TokenDialog *dialog = window.tokenControl()->openDialog();
    QVERIFY(dialog);
    QCOMPARE(dialog->endpoint(), here.endpoint());
    dialog->tokenEdit()->setText(QString::fromLatin1(AliceToken));
    QTest::mouseClick(dialog->saveButton(), Qt::LeftButton);

    // Its two refused uploads go again, with the token, and reach the server whole.
    QTRY_COMPARE_WITH_TIMEOUT(scheduler.totals().count(TaskState::Success), 2, TimeoutMs);
    for (int i = 0; i < 2; ++i) {
        const UploadTask *task = scheduler.task(ids.at(i));
        QCOMPARE(task->state(), TaskState::Success);
        const int seed = paths.indexOf(task->path());
        QVERIFY(seed >= 0);
        QCOMPARE(here.storedBytes(task->uploadUrl()), testContent(FileSize, 7 + seed));
    }
    QVERIFY(std::any_of(notices.cbegin(), notices.cend(), [](const QList<QVariant> &args) {
        return args.first().toString().startsWith(QLatin1String("Retrying 2 upload"));
    }));
    // The other server's stays failed: its token is not this one.
    QCOMPARE(scheduler.task(elsewhere)->state(), TaskState::Error);
    QVERIFY(TokenControl::refusedToken(*scheduler.task(elsewhere)));
}

// A 401 kept in the task store (schema 10's http_status) is known after a restart: saving the
// token retries it as it would one refused in this run.
void tst_TokenRetry::savedTokenRetriesRefusalsRestoredFromTheStore()
{
    QSettings().clear();
    HoistdProcess server;
    QVERIFY2(startWithUsers(server), qPrintable(server.errorString()));
    QTemporaryDir files;
    QTemporaryDir state;
    const QString path = makeTestFile(files.path(), QStringLiteral("later.bin"), FileSize, 11);
    QNetworkAccessManager network;
    TusProtocol protocol(&network);
    {
        // The run before: refused without a token, and kept so.
        UploadScheduler before(&protocol);
        before.setHashPolicy(UploadScheduler::HashPolicy::Never);
        before.setEndpoint(server.endpoint());
        before.addPaths({path});
        QTRY_COMPARE_WITH_TIMEOUT(before.totals().count(TaskState::Error), 1, TimeoutMs);
        const UploadTask *refused = before.task(before.taskIds().first());
        QCOMPARE(refused->httpStatus(), 401);
        TaskStore store(state.path());
        QVERIFY(store.open().ok);
        store.save(refused->toRecord(1700000000000));
    }
    TaskStore store(state.path());
    const TaskStore::OpenResult opened = store.open();
    QVERIFY2(opened.ok, qPrintable(opened.error));
    QCOMPARE(opened.tasks.size(), 1);

    UploadScheduler scheduler(&protocol);
    scheduler.setHashPolicy(UploadScheduler::HashPolicy::Never);
    scheduler.setEndpoint(server.endpoint());
    scheduler.restore(opened.tasks);
    const TaskId id = scheduler.taskIds().value(0);
    QVERIFY(id);
    QCOMPARE(scheduler.task(id)->state(), TaskState::Error);
    QVERIFY2(TokenControl::refusedToken(*scheduler.task(id)),
             qPrintable(scheduler.task(id)->errorMessage()));
    MemorySecretStore secrets;
    TokenKeeper keeper(&scheduler, &secrets);
    MainWindow window(&scheduler);
    window.setTokenKeeper(&keeper);
    TokenDialog *dialog = window.tokenControl()->openDialog();
    QVERIFY(dialog);
    dialog->tokenEdit()->setText(QString::fromLatin1(AliceToken));
    QTest::mouseClick(dialog->saveButton(), Qt::LeftButton);

    QTRY_COMPARE_WITH_TIMEOUT(scheduler.task(id)->state(), TaskState::Success, TimeoutMs);
    QCOMPARE(server.storedBytes(scheduler.task(id)->uploadUrl()), testContent(FileSize, 11));
}

QTEST_MAIN(tst_TokenRetry)
#include "tst_tokenretry.moc"
