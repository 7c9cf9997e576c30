// AnswerWaits through the whole scheduler, apart from any network: an attempt that fails on a
// question put to a person (TransferError::question) makes its upload wait rather than fail, its
// lane starts nothing more while the question is open, the rows say what they wait for; answered,
// they go on by themselves; declined, they all fail with the refusal. A question never asked
// through here fails as before, and another lane is not held.
#include "answerwaits.h"
#include "testfiles.h"
#include "uploadscheduler.h"

#include <QHash>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

namespace {
constexpr int TimeoutMs = 20000;
const QString Question = QStringLiteral("hostkey [h.test]:22 SHA256:abc");
const QString Note = QStringLiteral("Waiting for your answer: the host key of [h.test]:22");
const QUrl Asking(QStringLiteral("sftp://u@h.test/up"));
const QUrl Other(QStringLiteral("sftp://u@other.test/up"));

class FakeProtocol;

// Fails on the protocol's question while it asks one for its endpoint, else stores the file.
class FakeTransfer final : public Transfer {
public:
    FakeTransfer(FakeProtocol *protocol, TransferJob job)
        : m_protocol(protocol)
        , m_job(std::move(job))
    {
    }
    void start() override;
    void abort() override { m_aborted = true; }
    void continueAfterCreated() override {}

private:
    FakeProtocol *m_protocol;
    TransferJob m_job;
    bool m_aborted = false;
};

class FakeProtocol final : public TransferProtocol {
public:
    std::unique_ptr<Transfer> createTransfer(const TransferJob &job) override
    {
        return std::make_unique<FakeTransfer>(this, job);
    }
    void terminate(const QUrl &, const HttpHeaders &) override {}

    QHash<QUrl, QString> asking;  // endpoint -> the question its attempts fail on
    int firstAttemptsAsk = 0;     // each file's first attempt fails on `asking` only
    QHash<QString, int> attempts; // by file
    int started = 0;
};

void FakeTransfer::start()
{
    const QString question = m_protocol->asking.value(m_job.endpoint);
    const int attempt = ++m_protocol->attempts[m_job.filePath];
    ++m_protocol->started;
    const bool asks = !question.isEmpty() && (m_protocol->firstAttemptsAsk == 0 || attempt == 1);
    QMetaObject::invokeMethod(
        this,
        [this, question, asks] {
            if (m_aborted)
                return;
            if (asks) {
                TransferError error =
                    TransferError::make(TransferError::Kind::Rejected,
                                        QStringLiteral("The host key of [h.test]:22 is not known"));
                error.question = question;
                Q_EMIT failed(error);
                return;
            }
            Q_EMIT offsetConfirmed(m_job.fileSize);
            Q_EMIT completed();
        },
        Qt::QueuedConnection);
}
} // namespace

class TestAnswerWaits : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    FakeProtocol *m_protocol = nullptr;
    UploadScheduler *m_scheduler = nullptr;

    AnswerWaits *waits() const { return m_scheduler->answerWaits(); }
    int count(TaskState state) const { return m_scheduler->totals().count(state); }
    QStringList files(const QString &prefix, int n) const
    {
        QStringList paths;
        for (int i = 0; i < n; ++i)
            paths << makeTestFile(m_dir.path(), QStringLiteral("%1-%2").arg(prefix).arg(i), 1000);
        return paths;
    }
    QList<TaskId> idsTo(const QUrl &endpoint) const
    {
        QList<TaskId> ids;
        for (const TaskId id : m_scheduler->taskIds()) {
            if (m_scheduler->task(id)->endpoint() == endpoint)
                ids << id;
        }
        return ids;
    }
    // Every upload to `endpoint` waits for the answer, saying so; none runs or failed.
    bool allWait(const QUrl &endpoint) const
    {
        const QList<TaskId> ids = idsTo(endpoint);
        return !ids.isEmpty() && count(TaskState::Error) == 0
               && std::all_of(ids.cbegin(), ids.cend(), [this](TaskId id) {
                      const UploadTask *task = m_scheduler->task(id);
                      return task->waitingForAnswer() && task->statusNote() == Note;
                  });
    }
    void add(const QStringList &paths, const QUrl &endpoint)
    {
        m_scheduler->setEndpoint(endpoint);
        m_scheduler->addPaths(paths);
    }

private Q_SLOTS:
    void init()
    {
        m_protocol = new FakeProtocol;
        m_scheduler = new UploadScheduler(m_protocol);
        m_scheduler->setHashPolicy(UploadScheduler::HashPolicy::Never);
        m_scheduler->setAutoConcurrency(false);
        m_scheduler->setConcurrency(2);
    }
    void cleanup()
    {
        delete m_scheduler;
        delete m_protocol;
    }

    void waitsThenGoesOnWhenAnswered();
    void declinedFailsEveryWaitingUpload();
    void answeredBeforeTheFailureGoesAgain();
    void unaskedQuestionFailsAsBefore();
};

// Six uploads, two at a time: the first two meet the question and the lane starts no more; all
// six wait, saying what for. Answered, all six go on by themselves.
void TestAnswerWaits::waitsThenGoesOnWhenAnswered()
{
    m_protocol->asking.insert(Asking, Question);
    waits()->asked(Question, Note);
    add(files(QStringLiteral("a"), 6), Asking);
    QTRY_VERIFY_WITH_TIMEOUT(allWait(Asking) && m_scheduler->runningCount() == 0, TimeoutMs);
    QCOMPARE(m_protocol->started, 2);
    QCOMPARE(count(TaskState::Waiting), 6);
    QVERIFY(!m_scheduler->isIdle()); // waiting, not finished
    // Another lane is not held: its uploads go meanwhile.
    add(files(QStringLiteral("b"), 3), Other);
    QTRY_COMPARE_WITH_TIMEOUT(count(TaskState::Success), 3, TimeoutMs);
    QVERIFY(allWait(Asking));
    QCOMPARE(m_protocol->started, 2 + 3);

    m_protocol->asking.clear();
    waits()->answered(Question);
    QTRY_COMPARE_WITH_TIMEOUT(count(TaskState::Success), 9, TimeoutMs);
    QCOMPARE(m_protocol->started, 2 + 3 + 6);
    QCOMPARE(count(TaskState::Error), 0);
}

// Declined: every upload waiting in the held lane fails at once with the refusal, permanently.
void TestAnswerWaits::declinedFailsEveryWaitingUpload()
{
    m_protocol->asking.insert(Asking, Question);
    waits()->asked(Question, Note);
    add(files(QStringLiteral("c"), 5), Asking);
    QTRY_VERIFY_WITH_TIMEOUT(allWait(Asking) && m_scheduler->runningCount() == 0, TimeoutMs);
    const TrText refusal(QStringLiteral("You refused the host key of [h.test]:22"));
    waits()->declined(Question, refusal);
    QCOMPARE(count(TaskState::Error), 5);
    for (const TaskId id : m_scheduler->taskIds()) {
        QCOMPARE(m_scheduler->task(id)->errorMessage(), refusal.toString());
        QCOMPARE(m_scheduler->task(id)->errorKind(), TransferError::Kind::Rejected);
    }
    QCOMPARE(m_protocol->started, 2);
    // A straggler that met it before the refusal fails with the refusal too.
    QVERIFY(!waits()->met(0, Question).waits);
    QCOMPARE(waits()->met(0, Question).refusal.toString(), refusal.toString());
    // Asked again (Retry): they wait again.
    waits()->asked(Question, Note);
    QCOMPARE(m_scheduler->retryAllFailed(), 5);
    QTRY_VERIFY_WITH_TIMEOUT(allWait(Asking) && m_scheduler->runningCount() == 0, TimeoutMs);
}

// The answer came between an attempt's look and its failure: it starts again at once, and nothing
// waits.
void TestAnswerWaits::answeredBeforeTheFailureGoesAgain()
{
    m_protocol->asking.insert(Asking, Question);
    m_protocol->firstAttemptsAsk = 1;
    waits()->asked(Question, Note);
    waits()->answered(Question);
    add(files(QStringLiteral("d"), 4), Asking);
    QTRY_COMPARE_WITH_TIMEOUT(count(TaskState::Success), 4, TimeoutMs);
    QCOMPARE(m_protocol->started, 8); // each: the attempt that met it, and the one after
}

// No one asked it here (no window): the upload fails with its cause, as it always did.
void TestAnswerWaits::unaskedQuestionFailsAsBefore()
{
    m_protocol->asking.insert(Asking, Question);
    add(files(QStringLiteral("e"), 3), Asking);
    QTRY_COMPARE_WITH_TIMEOUT(count(TaskState::Error), 3, TimeoutMs);
    for (const TaskId id : m_scheduler->taskIds())
        QVERIFY(m_scheduler->task(id)->errorMessage().contains(QStringLiteral("is not known")));
}

QTEST_GUILESS_MAIN(TestAnswerWaits)
#include "tst_answerwaits.moc"
