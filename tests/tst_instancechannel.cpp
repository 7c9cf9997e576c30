// One window per queue: a second launch hands its paths to the window already open
// (app/instancechannel.h), in-process and with the real `hoist` binary.
#include "hoistdprocess.h"
#include "instancechannel.h"
#include "testfiles.h"

#include <QDir>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtConcurrent>
#include <QtTest>

class TestInstanceChannel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handsPathsToTheListener();
    void otherQueuesStayApart();
    void nobodyListening();
    void secondLaunchUploadsThroughTheOpenWindow();
};

void TestInstanceChannel::handsPathsToTheListener()
{
    QTemporaryDir state;
    InstanceChannel window(state.path());
    QString error;
    QVERIFY2(window.listen(&error), qPrintable(error));
    QSignalSpy received(&window, &InstanceChannel::pathsReceived);
    // A name with a line break and one relative to the current folder.
    const QStringList sent = {QStringLiteral("/tmp/two\nlines.txt"), QStringLiteral("rel/a b.bin")};
    QFuture<bool> second =
        QtConcurrent::run([&state, sent] { return InstanceChannel(state.path()).handOver(sent); });
    QTRY_VERIFY(second.isFinished());
    QVERIFY(second.result());
    QCOMPARE(received.size(), 1);
    const QStringList expected = {sent.at(0), QDir::current().absoluteFilePath(sent.at(1))};
    QCOMPARE(received.at(0).at(0).toStringList(), expected);

    // No paths: the window is only asked to show itself.
    QFuture<bool> bare =
        QtConcurrent::run([&state] { return InstanceChannel(state.path()).handOver({}); });
    QTRY_VERIFY(bare.isFinished());
    QVERIFY(bare.result());
    QCOMPARE(received.size(), 2);
    QVERIFY(received.at(1).at(0).toStringList().isEmpty());
}

void TestInstanceChannel::otherQueuesStayApart()
{
    QTemporaryDir one, two;
    QVERIFY(InstanceChannel::nameFor(one.path()) != InstanceChannel::nameFor(two.path()));
    QCOMPARE(InstanceChannel::nameFor(one.path()), InstanceChannel::nameFor(one.path() + "/."));
    InstanceChannel window(one.path());
    QString error;
    QVERIFY2(window.listen(&error), qPrintable(error));
    QVERIFY(!InstanceChannel(two.path()).handOver({QStringLiteral("/x")}, 500));
}

void TestInstanceChannel::nobodyListening()
{
    QTemporaryDir state;
    {
        InstanceChannel gone(state.path());
        QString error;
        QVERIFY(gone.listen(&error));
    }
    // The window closed: nobody takes the paths, and the next window listens again.
    QVERIFY(!InstanceChannel(state.path()).handOver({QStringLiteral("/x")}, 500));
    InstanceChannel next(state.path());
    QString error;
    QVERIFY2(next.listen(&error), qPrintable(error));
}

void TestInstanceChannel::secondLaunchUploadsThroughTheOpenWindow()
{
    HoistdProcess server;
    QVERIFY2(server.start(), qPrintable(server.errorString()));
    QTemporaryDir state, files;
    const QString first = makeTestFile(files.path(), QStringLiteral("first.bin"), 40000, 1);
    const QString second = makeTestFile(files.path(), QStringLiteral("second.bin"), 50000, 2);
    const QString hoist = qEnvironmentVariable("HOIST_BINARY");
    QVERIFY(!hoist.isEmpty());

    QProcess window;
    window.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    window.start(hoist, {QStringLiteral("--state-dir"), state.path(), QStringLiteral("-e"),
                         server.endpoint().toString(), first});
    QVERIFY(window.waitForStarted());
    // The window's own file arrives first: it is up and listening by then.
    QTRY_COMPARE_WITH_TIMEOUT(server.storedFiles().size(), 1, 30000);

    QProcess later;
    later.start(hoist, {QStringLiteral("--state-dir"), state.path(), second});
    QVERIFY(later.waitForFinished(20000));
    const QString said = QString::fromLocal8Bit(later.readAllStandardError());
    QCOMPARE(later.exitCode(), 0);
    QVERIFY2(said.contains(QStringLiteral("handed 1 path")), qPrintable(said));

    // The open window uploads it, to its own server; both files arrive whole.
    const auto sha256Of = [](const QString &path) {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(
                   QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex())
                                              : QString();
    };
    const auto storedHashes = [&] {
        QStringList out;
        for (const QString &name : server.storedFiles())
            out << sha256Of(server.dataDir() + QStringLiteral("/uploads/") + name);
        out.sort();
        return out;
    };
    QStringList expected = {sha256Of(first), sha256Of(second)};
    expected.sort();
    QTRY_COMPARE_WITH_TIMEOUT(storedHashes(), expected, 30000);
    window.terminate();
    QVERIFY(window.waitForFinished(10000));
}

QTEST_GUILESS_MAIN(TestInstanceChannel)
#include "tst_instancechannel.moc"
