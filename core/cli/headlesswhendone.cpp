#include "headlesswhendone.h"

#include "batchcommand.h"
#include "powercountdown.h"
#include "terminationsignals.h"
#include "uploadscheduler.h"

#include <QTextStream>

#include <utility>

namespace {
// Not on a terminal (a log): a line now and then is enough.
constexpr int PlainLineEverySeconds = 10;
} // namespace

HeadlessWhenDone::HeadlessWhenDone(const WhenDone &whenDone, UploadScheduler *scheduler,
                                   QTextStream &err, PowerControl *power, QObject *parent)
    : QObject(parent)
    , m_whenDone(whenDone)
    , m_scheduler(scheduler)
    , m_err(err)
    , m_power(power)
    , m_countdownSeconds(PowerCountdown::DefaultSeconds)
{
}

HeadlessWhenDone::~HeadlessWhenDone() = default;

BatchOutcome HeadlessWhenDone::outcomeOf(const UploadScheduler &scheduler)
{
    BatchOutcome outcome;
    const QList<TaskId> ids = scheduler.taskIds();
    for (const TaskId id : ids) {
        const UploadTask *task = scheduler.task(id);
        if (task && task->state() == TaskState::Success)
            outcome.finished << task->path();
        else if (task && task->state() == TaskState::Error)
            outcome.failed << task->path();
    }
    return outcome;
}

void HeadlessWhenDone::run(int exitCode)
{
    m_exitCode = exitCode;
    switch (m_whenDone.action) {
    case WhenDone::Action::Nothing:
        done();
        return;
    case WhenDone::Action::Command:
        runCommand();
        return;
    case WhenDone::Action::Suspend:
        startCountdown(PowerControl::Action::Suspend);
        return;
    case WhenDone::Action::Shutdown:
        startCountdown(PowerControl::Action::PowerOff);
        return;
    }
}

void HeadlessWhenDone::runCommand()
{
    m_command = new BatchCommand(this);
    connect(m_command, &BatchCommand::output, this, [this](const QByteArray &bytes) {
        m_err << QString::fromLocal8Bit(bytes);
        m_err.flush();
    });
    connect(m_command, &BatchCommand::finished, this, [this](bool ok, const QString &problem) {
        if (!ok)
            m_err << "hoist: " << problem << '\n';
        done();
    });
    m_command->start(m_whenDone.command, outcomeOf(*m_scheduler));
}

void HeadlessWhenDone::startCountdown(PowerControl::Action action)
{
    m_countdown = new PowerCountdown(m_power, this);
    m_signals = new TerminationSignals(this);
    connect(m_signals, &TerminationSignals::received, m_countdown, &PowerCountdown::cancel);
    connect(m_countdown, &PowerCountdown::ticked, this, &HeadlessWhenDone::printLeft);
    connect(m_countdown, &PowerCountdown::cancelled, this, [this] {
        if (m_terminal)
            m_err << '\n';
        m_err << tr("hoist: cancelled; the computer stays on") << '\n';
        done();
    });
    connect(m_countdown, &PowerCountdown::requested, this, [this](PowerControl::Action what) {
        if (m_terminal)
            m_err << '\n';
        m_err << (what == PowerControl::Action::Suspend ? tr("hoist: suspending now")
                                                        : tr("hoist: shutting down now"))
              << '\n';
        m_err.flush();
        delete std::exchange(m_signals, nullptr); // too late to cancel: signals end Hoist again
    });
    connect(m_countdown, &PowerCountdown::answered, this,
            [this](PowerControl::Action, const QString &error) {
                if (!error.isEmpty())
                    m_err << tr("hoist: the system refused: %1").arg(error) << '\n';
                done();
            });
    Q_EMIT countdownStarted(m_countdownSeconds);
    m_countdown->start(action, m_countdownSeconds);
}

void HeadlessWhenDone::printLeft(int secondsLeft)
{
    const bool suspend = m_countdown->action() == PowerControl::Action::Suspend;
    const QString line =
        (suspend ? tr("hoist: suspending this computer in %1 s (Ctrl+C cancels)")
                 : tr("hoist: shutting down this computer in %1 s (Ctrl+C cancels)"))
            .arg(secondsLeft);
    if (m_terminal) {
        m_err << '\r' << line << "  ";
    } else if (secondsLeft == m_countdownSeconds || secondsLeft % PlainLineEverySeconds == 0) {
        m_err << line << '\n';
    }
    m_err.flush();
}

void HeadlessWhenDone::done()
{
    if (m_done)
        return;
    m_done = true;
    delete std::exchange(m_signals, nullptr);
    m_err.flush();
    Q_EMIT finished(m_exitCode);
}
