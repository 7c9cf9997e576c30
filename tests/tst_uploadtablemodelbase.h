#pragma once

#include "schedulerfixture.h"
#include "testfiles.h"
#include "testpeer.h"

#include "uploadscheduler.h"
#include "uploadtablemodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

// What UploadTableModel's two test programs share: one real tus server for all the cases (as
// HOIST_TEST_PEER says), and per case a real UploadScheduler (SchedulerFixture) with the model on
// it under QAbstractItemModelTester. tst_uploadtablemodel looks at the rows and their texts,
// tst_uploadtablemodelupdates at how changes are announced.
namespace UploadTableModelTest {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr int UploadTimeoutMs = 60000;

// dataChanged emissions that touch `row`, with the roles of each.
inline QList<QList<int>> changesOfRow(const QSignalSpy &spy, int row)
{
    QList<QList<int>> out;
    for (const QList<QVariant> &args : spy) {
        const auto topLeft = args.at(0).value<QModelIndex>();
        const auto bottomRight = args.at(1).value<QModelIndex>();
        if (topLeft.row() <= row && row <= bottomRight.row())
            out << args.at(2).value<QList<int>>();
    }
    return out;
}

// A port nothing listens on: uploads there fail with a transient network error and retry.
inline quint16 deadPort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort(); // closed when probe goes out of scope
}
} // namespace UploadTableModelTest

class UploadTableModelTestBase : public QObject {
protected:
    // For the derived test's initTestCase(), init() and cleanup().
    void startServer() { QVERIFY2(m_server->start(), qPrintable(m_server->errorString())); }
    void startCase()
    {
        m_fixture = std::make_unique<SchedulerFixture>();
        QVERIFY2(m_fixture->start(m_server->endpoint()), qPrintable(m_fixture->errorString()));
        m_dir = &m_fixture->files();
        m_scheduler = m_fixture->scheduler();
        m_model = std::make_unique<UploadTableModel>(m_scheduler);
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }
    void endCase()
    {
        m_tester.reset();
        m_model.reset();
        m_fixture.reset();
    }

    QStringList makeFiles(const QList<qint64> &sizes)
    {
        // Content never seen before by the server all the cases share: hoistd would otherwise
        // complete a repeated file at once (instant upload), with no upload to watch.
        static quint32 nextSeed = 1;
        QStringList paths;
        for (int i = 0; i < sizes.size(); ++i) {
            const QString path = makeTestFile(m_dir->path(), QStringLiteral("file%1.bin").arg(i),
                                              sizes.at(i), nextSeed++);
            if (path.isEmpty())
                return {};
            paths << path;
        }
        return paths;
    }
    void addAndWait(const QStringList &paths) { QVERIFY(!m_fixture->add(paths).isEmpty()); }
    // A finished row: hoistd's copies are verified (its SHA-256), @tus/server's cannot be.
    QString doneText() const
    {
        return m_server->kind() == TestPeer::Kind::Hoistd ? QStringLiteral("Done · verified")
                                                          : QStringLiteral("Done");
    }

    std::unique_ptr<TestPeer> m_server = TestPeer::create(); // one for all the cases
    std::unique_ptr<SchedulerFixture> m_fixture;             // one per case
    // The fixture's parts, by the names the cases use.
    const QTemporaryDir *m_dir = nullptr;
    UploadScheduler *m_scheduler = nullptr;
    std::unique_ptr<UploadTableModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

#define ADD_AND_WAIT(paths)                                                                        \
    do {                                                                                           \
        addAndWait(paths);                                                                         \
        if (QTest::currentTestFailed())                                                            \
            return;                                                                                \
    } while (false)
