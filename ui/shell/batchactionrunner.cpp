#include "batchactionrunner.h"

#include "batchcommand.h"
#include "batchwatcher.h"
#include "countdowndialog.h"
#include "login1power.h"
#include "powercountdown.h"

#include <QApplication>
#include <QWidget>

BatchActionRunner::BatchActionRunner(AppSettings *settings, QWidget *window, Notify notify,
                                     Watched watched, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_window(window)
    , m_notify(std::move(notify))
    , m_watched(std::move(watched))
    , m_countdownSeconds(PowerCountdown::DefaultSeconds)
{
    Q_ASSERT(settings && m_notify && m_watched);
}

BatchActionRunner::~BatchActionRunner()
{
    delete m_dialog;
}

void BatchActionRunner::setPowerControl(PowerControl *power)
{
    m_power = power;
}

void BatchActionRunner::run(const BatchOutcome &outcome)
{
    using Action = AppSettings::BatchAction;
    const Action action = m_settings->batchAction();
    switch (action) {
    case Action::Nothing:
        return;
    case Action::Notify:
        notifyBatch(outcome);
        return;
    case Action::Command:
        runCommand(outcome);
        return;
    case Action::Suspend:
    case Action::Shutdown:
        // A watched folder never finishes: its uploads alone never take the computer down.
        if (!outcome.onlyWatched())
            startCountdown(action, outcome);
        return;
    case Action::Quit:
        if (outcome.onlyWatched())
            return; // nor do they end the watching
        // Quitting would hide failures: with any, Hoist stays and says so.
        if (outcome.failed.isEmpty())
            Q_EMIT quitRequested();
        else
            notifyBatch(outcome);
        return;
    }
}

void BatchActionRunner::notifyBatch(const BatchOutcome &outcome)
{
    // Whoever looks at the window sees it already; a notification would only interrupt.
    if (m_watched())
        return;
    const int failed = int(outcome.failed.size());
    m_notify(failed == 0 ? tr("Uploads finished") : tr("Uploads failed"),
             BatchWatcher::describe(int(outcome.finished.size()), failed), failed > 0);
}

void BatchActionRunner::runCommand(const BatchOutcome &outcome)
{
    const QString line = m_settings->batchCommand().trimmed();
    if (line.isEmpty()) {
        m_notify(tr("No command to run"),
                 tr("The uploads have ended, but no command is set (Settings, “When a batch "
                    "finishes”)."),
                 true);
        return;
    }
    // Batches that end while an earlier command still runs get a process each.
    auto *command = new BatchCommand(this);
    m_command = command;
    connect(command, &BatchCommand::finished, this,
            [this, command](bool ok, const QString &problem) {
                command->deleteLater();
                if (!ok)
                    m_notify(tr("The command after the uploads failed"), problem, true);
                Q_EMIT commandFinished(ok, problem);
            });
    command->start(line, outcome);
}

void BatchActionRunner::startCountdown(AppSettings::BatchAction action, const BatchOutcome &outcome)
{
    if (m_countdown && m_countdown->isRunning())
        return; // one countdown at a time; the one shown stands
    if (!m_power) {
        if (!m_ownPower)
            m_ownPower = new Login1Power(QString(), this);
        m_power = m_ownPower;
    }
    delete m_dialog;
    delete m_countdown;
    m_countdown = new PowerCountdown(m_power, this);
    connect(m_countdown, &PowerCountdown::answered, this,
            [this](PowerControl::Action what, const QString &error) {
                if (error.isEmpty())
                    return;
                m_notify(what == PowerControl::Action::Suspend
                             ? tr("The computer could not be suspended")
                             : tr("The computer could not be shut down"),
                         error, true);
            });
    const PowerControl::Action power = action == AppSettings::BatchAction::Suspend
                                           ? PowerControl::Action::Suspend
                                           : PowerControl::Action::PowerOff;
    m_countdown->start(power, m_countdownSeconds);
    if (!m_countdown->isRunning())
        return; // no wait asked for: already requested
    m_dialog = new CountdownDialog(
        m_countdown,
        BatchWatcher::describe(int(outcome.finished.size()), int(outcome.failed.size())), m_window);
    m_dialog->show();
    m_dialog->raise();
    m_dialog->activateWindow();
    QApplication::alert(m_dialog);
}
