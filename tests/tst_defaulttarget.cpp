// The window with nothing configured: the object graph main() builds (EndpointChoice, then the
// scheduler, then MainWindow), uploading to Hoist's own server on this computer. The bytes are
// checked where that server stored them; switching to another server and back goes through the
// endpoint field as a person would use it.
#include "rawhttp.h"
#include "taskrecord.h"
#include "testfiles.h"
#include "testsettings.h"

#include "endpointchoice.h"
#include "mainwindow.h"
#include "tusprotocol.h"
#include "uploadrecord.h"
#include "uploadscheduler.h"
#include "uploadstore.h"

#include <QAction>
#include <QApplication>
#include <QFileInfo>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QSettings>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

namespace {
constexpr int UploadTimeoutMs = 60000;
constexpr qint64 ChunkSize = 64 * 1024;
constexpr qint64 FileSize = 3 * ChunkSize + 17; // several PATCHes, the last one short

// Everything runWindow() builds for the endpoint, in its order.
struct Graph {
    explicit Graph(const QString &stateDir)
        : choice(stateDir + QStringLiteral("/server"))
    {
        endpoint = choice.initial(QUrl(), &problem);
        scheduler.setEndpoint(endpoint);
        scheduler.setChunkSize(ChunkSize);
        window = std::make_unique<MainWindow>(&scheduler);
        choice.offerTo(window.get());
    }
    ~Graph() { window.reset(); } // the window before the scheduler it watches

    EndpointChoice choice;
    QString problem;
    QUrl endpoint;
    QNetworkAccessManager network;
    TusProtocol protocol{&network};
    UploadScheduler scheduler{&protocol};
    std::unique_ptr<MainWindow> window;
};

QString idOf(const QUrl &uploadUrl)
{
    return uploadUrl.path().section(QLatin1Char('/'), -1);
}
} // namespace

class TestDefaultTarget : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();

    void noEndpointUploadsToThisComputer();
    void switchesAwayAndBack_data();
    void switchesAwayAndBack();
    void startsItsOwnServerWhenChosen();
    void restoredUploadsFollowItToANewPort();

private:
    // Uploads a fresh file through `graph`'s scheduler; the finished task's upload URL.
    QUrl upload(Graph &graph, quint32 seed);
    // True when `store` holds the complete upload at `uploadUrl`, byte for byte `seed`'s content.
    bool holds(DiskUploadStore *store, const QUrl &uploadUrl, quint32 seed);
    void typeInto(QLineEdit *edit, const QString &text);

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestDefaultTarget::initTestCase()
{
    useTestSettings(QStringLiteral("tst_defaulttarget"), m_settingsDir.path());
}

void TestDefaultTarget::init()
{
    QSettings().clear();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QUrl TestDefaultTarget::upload(Graph &graph, quint32 seed)
{
    const QString path =
        makeTestFile(m_dir->path(), QStringLiteral("file%1.bin").arg(seed), FileSize, seed);
    QSignalSpy finished(&graph.scheduler, &UploadScheduler::taskFinished);
    graph.scheduler.addPaths({path});
    if (!finished.wait(UploadTimeoutMs))
        return {};
    const UploadTask *task = graph.scheduler.task(graph.scheduler.taskIds().constLast());
    return task && task->state() == TaskState::Success ? task->uploadUrl() : QUrl();
}

bool TestDefaultTarget::holds(DiskUploadStore *store, const QUrl &uploadUrl, quint32 seed)
{
    UploadRecord record;
    if (!store || store->find(idOf(uploadUrl), &record) != UploadStore::Lookup::Found) {
        qWarning() << "not on that server:" << uploadUrl;
        return false;
    }
    if (record.offset != FileSize || record.length != FileSize) {
        qWarning() << "incomplete:" << record.offset << "of" << record.length;
        return false;
    }
    return fileMatches(store->filePath(record.id), FileSize, seed);
}

void TestDefaultTarget::typeInto(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    if (text.isEmpty())
        QTest::keyClick(edit, Qt::Key_Backspace);
    else
        QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

void TestDefaultTarget::noEndpointUploadsToThisComputer()
{
    quint16 port = 0;
    {
        Graph graph(m_dir->path());
        QVERIFY2(graph.problem.isEmpty(), qPrintable(graph.problem));
        QVERIFY(graph.choice.server().isRunning());
        port = graph.choice.server().port();
        QVERIFY(port != 0);
        QCOMPARE(graph.endpoint, QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(port)));
        QVERIFY(graph.choice.server().dataDir().startsWith(m_dir->path()));

        QLineEdit *edit = graph.window->endpointEdit();
        QCOMPARE(edit->text(), QStringLiteral("This computer"));
        QVERIFY2(edit->toolTip().contains(graph.endpoint.toString()), qPrintable(edit->toolTip()));
        graph.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(graph.window.get()));

        const QUrl uploaded = upload(graph, 7);
        QVERIFY(uploaded.toString().startsWith(graph.endpoint.toString()));
        QVERIFY(holds(graph.choice.server().store(), uploaded, 7));
        // Nothing typed, nothing remembered but the local server's port.
        QVERIFY(!QSettings().contains(QStringLiteral("endpoint")));
        QCOMPARE(QSettings().value(QStringLiteral("localServerPort")).toUInt(), uint(port));
    }
    // Next start: the same port while it is free, so URLs of unfinished uploads still work;
    // and the same storage.
    Graph again(m_dir->path());
    QCOMPARE(again.choice.server().port(), port);
    QCOMPARE(again.choice.server().store()->count(), 1);
}

void TestDefaultTarget::switchesAwayAndBack_data()
{
    QTest::addColumn<QString>("how");
    QTest::newRow("typing its name") << QStringLiteral("this computer");
    QTest::newRow("clearing the field") << QString();
    QTest::newRow("the computer button") << QStringLiteral("button");
}

void TestDefaultTarget::switchesAwayAndBack()
{
    QFETCH(QString, how);
    // "Another tus server": a second hoistd, so that which one holds the bytes is checkable.
    EmbeddedServer other(m_dir->filePath(QStringLiteral("other")));
    QString error;
    QVERIFY2(other.start(&error), qPrintable(error));

    Graph graph(m_dir->path());
    MainWindow *window = graph.window.get();
    QLineEdit *edit = window->endpointEdit();
    window->show();
    QApplication::setActiveWindow(window);
    QVERIFY(QTest::qWaitForWindowActive(window));
    const QUrl local = graph.endpoint;

    // Away: typed, used, remembered.
    typeInto(edit, other.endpoint().toString());
    QCOMPARE(graph.scheduler.endpoint(), other.endpoint());
    QCOMPARE(edit->text(), other.endpoint().toString());
    QCOMPARE(QSettings().value(QStringLiteral("endpoint")).toString(), other.endpoint().toString());
    const QUrl there = upload(graph, 11);
    QVERIFY(holds(other.store(), there, 11));
    {
        // Remembered: a new start goes there and leaves its own server stopped.
        QTemporaryDir otherState;
        Graph next(otherState.path());
        QCOMPARE(next.endpoint, other.endpoint());
        QVERIFY(!next.choice.server().isRunning());
        QCOMPARE(next.window->endpointEdit()->text(), other.endpoint().toString());
        const QList<QAction *> actions = next.window->endpointEdit()->actions();
        QVERIFY(std::any_of(actions.cbegin(), actions.cend(), [](QAction *a) {
            return a->isVisible() && a->text() == QStringLiteral("Upload to This computer");
        }));
    }

    // Back.
    if (how == QLatin1String("button")) {
        const QList<QAction *> actions = edit->actions();
        auto button = std::find_if(actions.cbegin(), actions.cend(), [](QAction *a) {
            return a->text() == QStringLiteral("Upload to This computer");
        });
        QVERIFY(button != actions.cend());
        QVERIFY((*button)->isVisible());
        (*button)->trigger();
    } else {
        typeInto(edit, how);
    }
    QCOMPARE(graph.scheduler.endpoint(), local);
    QCOMPARE(edit->text(), QStringLiteral("This computer"));
    QVERIFY(!QSettings().contains(QStringLiteral("endpoint")));
    QCOMPARE(edit->property("endpointValid").toBool(), true);
    const QUrl here = upload(graph, 13);
    QVERIFY(holds(graph.choice.server().store(), here, 13));
    UploadRecord record;
    QCOMPARE(other.store()->find(idOf(here), &record), UploadStore::Lookup::Missing);
}

void TestDefaultTarget::startsItsOwnServerWhenChosen()
{
    EmbeddedServer other(m_dir->filePath(QStringLiteral("other")));
    QString error;
    QVERIFY2(other.start(&error), qPrintable(error));
    QSettings().setValue(QStringLiteral("endpoint"), other.endpoint().toString());

    Graph graph(m_dir->path());
    QCOMPARE(graph.endpoint, other.endpoint());
    QVERIFY(!graph.choice.server().isRunning()); // not needed yet
    QLineEdit *edit = graph.window->endpointEdit();
    graph.window->show();
    QApplication::setActiveWindow(graph.window.get());
    QVERIFY(QTest::qWaitForWindowActive(graph.window.get()));

    typeInto(edit, QStringLiteral("This computer"));
    QVERIFY(graph.choice.server().isRunning());
    QCOMPARE(graph.scheduler.endpoint(), graph.choice.server().endpoint());
    QCOMPARE(edit->text(), QStringLiteral("This computer"));
    QVERIFY(!QSettings().contains(QStringLiteral("endpoint")));
    const QUrl here = upload(graph, 17);
    QVERIFY(holds(graph.choice.server().store(), here, 17));
}

// Last run's half-finished upload to this computer, when the port its server had is taken now:
// the task moves to the port the server got instead, and sends only the bytes it lacks.
void TestDefaultTarget::restoredUploadsFollowItToANewPort()
{
    const QString path = makeTestFile(m_dir->path(), QStringLiteral("half.bin"), FileSize, 23);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray content = file.readAll();
    const QByteArray tus = QByteArrayLiteral("Tus-Resumable");
    quint16 oldPort = 0;
    QUrl oldUpload;
    {
        Graph last(m_dir->path());
        QVERIFY2(last.problem.isEmpty(), qPrintable(last.problem));
        oldPort = last.choice.server().port();
        const RawResponse created =
            rawRequest(oldPort, "POST", "/files/",
                       {{tus, "1.0.0"}, {"Upload-Length", QByteArray::number(FileSize)}});
        QCOMPARE(created.status, 201);
        oldUpload =
            QUrl(last.endpoint).resolved(QUrl(QString::fromLatin1(created.header("Location"))));
        const RawResponse patched =
            rawRequest(oldPort, "PATCH", oldUpload.path().toLatin1(),
                       {{tus, "1.0.0"},
                        {"Upload-Offset", "0"},
                        {"Content-Type", "application/offset+octet-stream"}},
                       content.left(ChunkSize));
        QCOMPARE(patched.status, 204);
    }
    QCOMPARE(oldUpload.port(), int(oldPort));
    QTcpServer squatter; // someone else took the port meanwhile
    QVERIFY2(squatter.listen(QHostAddress::LocalHost, oldPort), qPrintable(squatter.errorString()));

    TaskRecord record;
    record.id = 1;
    record.path = path;
    record.displayName = QStringLiteral("half.bin");
    record.size = FileSize;
    record.modifiedMs = QFileInfo(path).lastModified().toMSecsSinceEpoch();
    record.endpoint = QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(oldPort));
    record.uploadUrl = oldUpload;
    record.state = TaskState::Uploading; // Hoist stopped while it went up
    record.confirmedBytes = ChunkSize;
    record.chunkSize = ChunkSize;
    TaskRecord remote = record; // and one to another server, which stays as it was
    remote.id = 2;
    remote.endpoint = QUrl(QStringLiteral("http://127.0.0.1:%1/files/").arg(oldPort + 1));
    remote.uploadUrl = QUrl(QStringLiteral("http://127.0.0.1:%1/files/x").arg(oldPort + 1));
    remote.state = TaskState::Paused;
    QList<TaskRecord> records{record, remote};

    Graph graph(m_dir->path());
    QVERIFY2(graph.problem.isEmpty(), qPrintable(graph.problem));
    const quint16 newPort = graph.choice.server().port();
    QVERIFY(newPort != 0 && newPort != oldPort);
    QString problem;
    QCOMPARE(graph.choice.adoptRestored(&records, &problem), 1);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(records[0].endpoint.port(), int(newPort));
    QCOMPARE(records[0].uploadUrl.port(), int(newPort));
    QCOMPARE(records[0].uploadUrl.path(), oldUpload.path()); // the same upload, not a new one
    QCOMPARE(records[1].endpoint, remote.endpoint);
    QCOMPARE(records[1].uploadUrl, remote.uploadUrl);

    QSignalSpy finished(&graph.scheduler, &UploadScheduler::taskFinished);
    graph.scheduler.restore({records[0]});
    QVERIFY(finished.wait(UploadTimeoutMs));
    const UploadTask *task = graph.scheduler.task(1);
    QVERIFY(task);
    QCOMPARE(task->state(), TaskState::Success);
    QCOMPARE(task->uploadUrl().path(), oldUpload.path());
    QVERIFY(holds(graph.choice.server().store(), task->uploadUrl(), 23));
    QCOMPARE(graph.choice.server().store()->count(), 1); // resumed, not uploaded afresh
}

QTEST_MAIN(TestDefaultTarget)
#include "tst_defaulttarget.moc"
