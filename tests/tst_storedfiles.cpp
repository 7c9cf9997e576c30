// The window's own server ("This computer") keeps finished uploads under their names, and the
// table's context menu shows them in their folder and removes them: the object graph main()
// builds (EndpointChoice with a named folder, the scheduler, MainWindow), uploads through it, and
// the files checked on disk.
#include "testfiles.h"
#include "testsettings.h"

#include "endpointchoice.h"
#include "mainwindow.h"
#include "rowactions.h"
#include "storedfileactions.h"
#include "tusprotocol.h"
#include "uploadrecord.h"
#include "uploadscheduler.h"
#include "uploadstore.h"
#include "uploadtablemodel.h"
#include "uploadtableview.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include <sys/stat.h>

namespace {
constexpr int UploadTimeoutMs = 60000;
constexpr qint64 FileSize = 200 * 1024 + 9;

struct Graph {
    explicit Graph(const QString &stateDir)
        : choice(stateDir + QStringLiteral("/server"), EndpointChoice::namedFolderFor(stateDir))
    {
        endpoint = choice.initial(QUrl(), &problem);
        scheduler.setEndpoint(endpoint);
        window = std::make_unique<MainWindow>(&scheduler);
        choice.offerTo(window.get());
        actions = window->findChild<StoredFileActions *>();
    }
    ~Graph() { window.reset(); }

    EndpointChoice choice;
    QString problem;
    QUrl endpoint;
    QNetworkAccessManager network;
    TusProtocol protocol{&network};
    UploadScheduler scheduler{&protocol};
    std::unique_ptr<MainWindow> window;
    StoredFileActions *actions = nullptr;
};
} // namespace

class TestStoredFiles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();

    void namedFolderIsFindable();
    void finishedUploadAppearsUnderItsName();
    void sameNameTwice();
    void showInFolderNamesTheFile();
    void removeAsksThenRemovesBoth();
    void otherServersUploadsAreNotOffered();
    void copyLinkGivesThePathAndCopyUrlTheUrl();
    void otherHoistdsLinkOpens();
    void sameFolderAgainIsNotNamedAgain();

private:
    // Uploads `dir`/`name` (made of `seed`'s content) and waits for it; its task.
    const UploadTask *upload(Graph &graph, const QString &dir, const QString &name, quint32 seed);
    void select(Graph &graph, const QList<TaskId> &ids);
    QString namedDir() const { return EndpointChoice::namedFolderFor(m_dir->path()); }
    // GET `url` through Qt's client, as a browser would open a copied link; the body, or the
    // status in `status`.
    QByteArray fetch(const QUrl &url, int *status);

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestStoredFiles::initTestCase()
{
    useTestSettings(QStringLiteral("tst_storedfiles"), m_settingsDir.path());
}

void TestStoredFiles::init()
{
    QSettings().clear();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

const UploadTask *TestStoredFiles::upload(Graph &graph, const QString &dir, const QString &name,
                                          quint32 seed)
{
    QDir().mkpath(dir);
    const QString path = makeTestFile(dir, name, FileSize, seed);
    QSignalSpy finished(&graph.scheduler, &UploadScheduler::taskFinished);
    graph.scheduler.addPaths({path});
    if (!finished.wait(UploadTimeoutMs))
        return nullptr;
    const UploadTask *task = graph.scheduler.task(graph.scheduler.taskIds().constLast());
    return task && task->state() == TaskState::Success ? task : nullptr;
}

void TestStoredFiles::select(Graph &graph, const QList<TaskId> &ids)
{
    QItemSelectionModel *selection = graph.window->view()->selectionModel();
    selection->clearSelection();
    QAbstractItemModel *model = graph.window->view()->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, 0);
        if (ids.contains(TaskId(index.data(UploadTableModel::TaskIdRole).toULongLong())))
            selection->select(index, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
}

void TestStoredFiles::namedFolderIsFindable()
{
    // With --state-dir: inside it (never the person's home); without: ~/Hoist.
    QCOMPARE(EndpointChoice::namedFolderFor(QStringLiteral("/tmp/q")),
             QStringLiteral("/tmp/q/files"));
    QCOMPARE(EndpointChoice::namedFolderFor(QString()),
             QDir::homePath() + QStringLiteral("/Hoist"));
}

void TestStoredFiles::finishedUploadAppearsUnderItsName()
{
    Graph graph(m_dir->path());
    QVERIFY2(graph.problem.isEmpty(), qPrintable(graph.problem));
    const UploadTask *task = upload(graph, m_dir->filePath(QStringLiteral("src")),
                                    QStringLiteral("Quarterly report.pdf"), 21);
    QVERIFY(task);
    const QString named = namedDir() + QStringLiteral("/Quarterly report.pdf");
    QVERIFY(fileMatches(named, FileSize, 21));
    QVERIFY(filesEqual(named, task->path()));
    QCOMPARE(graph.choice.storedFile(task->uploadUrl()), named);
}

void TestStoredFiles::sameNameTwice()
{
    Graph graph(m_dir->path());
    const UploadTask *first =
        upload(graph, m_dir->filePath(QStringLiteral("a")), QStringLiteral("photo.jpg"), 31);
    QVERIFY(first);
    const QUrl firstUrl = first->uploadUrl();
    const UploadTask *second =
        upload(graph, m_dir->filePath(QStringLiteral("b")), QStringLiteral("photo.jpg"), 32);
    QVERIFY(second);
    QVERIFY(fileMatches(namedDir() + QStringLiteral("/photo.jpg"), FileSize, 31));
    QVERIFY(fileMatches(namedDir() + QStringLiteral("/photo (2).jpg"), FileSize, 32));
    QCOMPARE(graph.choice.storedFile(firstUrl), namedDir() + QStringLiteral("/photo.jpg"));
    QCOMPARE(graph.choice.storedFile(second->uploadUrl()),
             namedDir() + QStringLiteral("/photo (2).jpg"));
}

void TestStoredFiles::showInFolderNamesTheFile()
{
    Graph graph(m_dir->path());
    QVERIFY(graph.actions);
    const UploadTask *task =
        upload(graph, m_dir->filePath(QStringLiteral("src")), QStringLiteral("notes.txt"), 41);
    QVERIFY(task);
    QStringList shown;
    graph.actions->setShow([&shown](const QString &file) { shown << file; });
    select(graph, {task->id()});
    QVERIFY(graph.actions->showSelected());
    QCOMPARE(shown, QStringList{namedDir() + QStringLiteral("/notes.txt")});
}

void TestStoredFiles::removeAsksThenRemovesBoth()
{
    Graph graph(m_dir->path());
    const UploadTask *task =
        upload(graph, m_dir->filePath(QStringLiteral("src")), QStringLiteral("old.bin"), 51);
    QVERIFY(task);
    const TaskId id = task->id();
    const QString named = namedDir() + QStringLiteral("/old.bin");
    DiskUploadStore *store = graph.choice.server().store();
    const QString stored = store->filePath(task->uploadUrl().path().section(QLatin1Char('/'), -1));
    QVERIFY(QFileInfo::exists(named));
    QVERIFY(QFileInfo::exists(stored));
    select(graph, {id});

    QStringList asked;
    graph.actions->setConfirm([&asked](const QStringList &names) {
        asked = names;
        return false;
    });
    QCOMPARE(graph.actions->removeSelected(), 0);
    QCOMPARE(asked, QStringList{QStringLiteral("old.bin")});
    QVERIFY(QFileInfo::exists(named));
    QVERIFY(QFileInfo::exists(stored));

    graph.actions->setConfirm([](const QStringList &) { return true; });
    QCOMPARE(graph.actions->removeSelected(), 1);
    QVERIFY(!QFileInfo::exists(named));
    QVERIFY(!QFileInfo::exists(stored));
    QCOMPARE(store->count(), 0);
    QVERIFY(!graph.scheduler.task(id)); // the row went with the file
    QVERIFY(
        QFileInfo::exists(m_dir->filePath(QStringLiteral("src/old.bin")))); // the original stays
}

void TestStoredFiles::otherServersUploadsAreNotOffered()
{
    // Another hoistd, on another port: its uploads are not this computer's to show or remove.
    EmbeddedServer other(m_dir->filePath(QStringLiteral("other")),
                         m_dir->filePath(QStringLiteral("other-named")));
    QString error;
    QVERIFY2(other.start(&error), qPrintable(error));
    Graph graph(m_dir->path());
    graph.scheduler.setEndpoint(other.endpoint());
    const UploadTask *task =
        upload(graph, m_dir->filePath(QStringLiteral("src")), QStringLiteral("theirs.bin"), 61);
    QVERIFY(task);
    QVERIFY(graph.choice.localId(task->uploadUrl()).isEmpty());
    select(graph, {task->id()});
    graph.actions->setConfirm([](const QStringList &) { return true; });
    QCOMPARE(graph.actions->removeSelected(), 0);
    QCOMPARE(other.store()->count(), 1);
}

QByteArray TestStoredFiles::fetch(const QUrl &url, int *status)
{
    QNetworkAccessManager network;
    std::unique_ptr<QNetworkReply> reply(network.get(QNetworkRequest(url)));
    QSignalSpy done(reply.get(), &QNetworkReply::finished);
    if (!done.wait(UploadTimeoutMs))
        return {};
    *status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    return reply->readAll();
}

// Issue 18.2: for "This computer" the link worth copying is the file it made, which any program
// opens; the loopback URL (which now opens too) only when asked for. The Server column names
// the server rather than showing 127.0.0.1:PORT.
void TestStoredFiles::copyLinkGivesThePathAndCopyUrlTheUrl()
{
    Graph graph(m_dir->path());
    QVERIFY(graph.actions);
    const UploadTask *task = upload(graph, m_dir->filePath(QStringLiteral("src")),
                                    QStringLiteral("Quarterly report.pdf"), 71);
    QVERIFY(task);
    const QUrl url = task->uploadUrl();
    select(graph, {task->id()});
    QGuiApplication::clipboard()->clear();
    QCOMPARE(graph.window->rowActions()->copyLinks(), 1);
    const QString named = namedDir() + QStringLiteral("/Quarterly report.pdf");
    QCOMPARE(QGuiApplication::clipboard()->text(), named);
    QVERIFY(filesEqual(QGuiApplication::clipboard()->text(), task->path()));

    QCOMPARE(graph.actions->copyUrls(), 1);
    QCOMPARE(QGuiApplication::clipboard()->text(), url.toString());
    int status = 0;
    const QByteArray body = fetch(url, &status);
    QCOMPARE(status, 200);
    QCOMPARE(body, testContent(FileSize, 71));

    const int row = graph.window->model()->rowOf(task->id());
    QCOMPARE(graph.window->model()->index(row, UploadTableModel::Server).data().toString(),
             EndpointChoice::localName());
    QCOMPARE(graph.window->model()->index(row, UploadTableModel::Server).data().toString(),
             QStringLiteral("This computer"));
}

// Another hoistd: "Copy link" copies the upload's URL, and it opens.
void TestStoredFiles::otherHoistdsLinkOpens()
{
    EmbeddedServer other(m_dir->filePath(QStringLiteral("other")));
    QString error;
    QVERIFY2(other.start(&error), qPrintable(error));
    Graph graph(m_dir->path());
    graph.scheduler.setEndpoint(other.endpoint());
    const UploadTask *task =
        upload(graph, m_dir->filePath(QStringLiteral("src")), QStringLiteral("theirs.bin"), 72);
    QVERIFY(task);
    select(graph, {task->id()});
    QCOMPARE(graph.window->rowActions()->copyLinks(), 1);
    QCOMPARE(QGuiApplication::clipboard()->text(), task->uploadUrl().toString());
    int status = 0;
    QCOMPARE(fetch(task->uploadUrl(), &status), testContent(FileSize, 72));
    QCOMPARE(status, 200);
    const int row = graph.window->model()->rowOf(task->id());
    QCOMPARE(graph.window->model()->index(row, UploadTableModel::Server).data().toString(),
             UploadCellText::serverText(other.endpoint()));
}

// Issue 18.3: the same folder added again after its rows were cleared names nothing again; the
// named files keep the originals' modification times and ordinary permissions.
void TestStoredFiles::sameFolderAgainIsNotNamedAgain()
{
    Graph graph(m_dir->path());
    const QString folder = m_dir->filePath(QStringLiteral("Photos"));
    QDir().mkpath(folder);
    QStringList paths;
    for (int i = 1; i <= 3; ++i)
        paths << makeTestFile(folder, QStringLiteral("IMG_000%1.JPG").arg(i), FileSize,
                              quint32(80 + i));
    const QDateTime taken = QDateTime::fromMSecsSinceEpoch(1500000000000);
    for (const QString &path : std::as_const(paths)) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(taken, QFileDevice::FileModificationTime));
    }
    for (int round = 0; round < 2; ++round) {
        QSignalSpy finished(&graph.scheduler, &UploadScheduler::taskFinished);
        graph.scheduler.addPaths({folder});
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, UploadTimeoutMs);
        for (const TaskId id : graph.scheduler.taskIds())
            QCOMPARE(graph.scheduler.task(id)->state(), TaskState::Success);
        graph.scheduler.cancelTasks(graph.scheduler.taskIds()); // "Clear finished"
        QTRY_VERIFY(graph.scheduler.taskIds().isEmpty());
    }
    QDir named(namedDir());
    QStringList found = named.entryList(QDir::Files | QDir::NoDotAndDotDot);
    QStringList inFolder =
        QDir(namedDir() + QStringLiteral("/Photos")).entryList(QDir::Files | QDir::NoDotAndDotDot);
    QCOMPARE(found + inFolder,
             (QStringList{QStringLiteral("IMG_0001.JPG"), QStringLiteral("IMG_0002.JPG"),
                          QStringLiteral("IMG_0003.JPG")}));
    const QString one = namedDir() + QStringLiteral("/Photos/IMG_0001.JPG");
    QVERIFY(fileMatches(one, FileSize, 81));
    QCOMPARE(QFileInfo(one).lastModified(), taken);
    struct stat st {};
    QCOMPARE(::stat(QFile::encodeName(one).constData(), &st), 0);
    const mode_t mask = ::umask(0);
    ::umask(mask);
    QCOMPARE(st.st_mode & 07777, mode_t(0666 & ~mask));
    QCOMPARE(graph.choice.server().store()->count(), 6); // both rounds are stored uploads
}

QTEST_MAIN(TestStoredFiles)
#include "tst_storedfiles.moc"
