#pragma once

#include "appsettings.h"
#include "batchcommand.h"
#include "batchoutcome.h"
#include "countdowndialog.h"
#include "powercountdown.h"

#include <QObject>
#include <QPointer>

#include <functional>

class QWidget;

// Does what AppSettings::batchAction() asks once a batch has ended (BatchWatcher::batchEnded):
// - Nothing;
// - Notify: a notification, unless the person is looking at the window;
// - Command: the person's command with the finished and failed files (BatchCommand); a command
//   that cannot start or fails is told as a notification;
// - Suspend, Shutdown: a countdown (CountdownDialog, 60 s, Cancel), then one request to the
//   system (PowerControl: logind unless set otherwise); a refusal is told;
// - Quit: only when nothing failed; with failures Hoist stays and notifies, so that they can be
//   seen.
// A batch made only of a watched folder's uploads (BatchOutcome::onlyWatched) never suspends,
// shuts down or quits: watching goes on for ever, and would otherwise take the computer down
// after each file saved there. Notify and the command run after it as after any batch.
// Nothing here waits: the command is a process of its own, the countdown a timer.
class BatchActionRunner final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BatchActionRunner)
public:
    using Notify = std::function<void(const QString &title, const QString &text, bool problem)>;
    using Watched = std::function<bool()>;

    // `window` parents the countdown dialog; `notify` tells the person; `watched` says whether
    // they look at the window now.
    BatchActionRunner(AppSettings *settings, QWidget *window, Notify notify, Watched watched,
                      QObject *parent = nullptr);
    ~BatchActionRunner() override;

    // Not owned; the default is logind on the system bus (Login1Power).
    void setPowerControl(PowerControl *power);
    void setCountdownSeconds(int seconds) { m_countdownSeconds = seconds; }

    void run(const BatchOutcome &outcome);

    // While a countdown runs; null otherwise.
    CountdownDialog *countdownDialog() const { return m_dialog; }
    PowerCountdown *countdown() const { return m_countdown; }
    // The last command started, while it exists.
    BatchCommand *command() const { return m_command; }

Q_SIGNALS:
    void quitRequested();
    void commandFinished(bool ok, const QString &problem);

private:
    void notifyBatch(const BatchOutcome &outcome);
    void runCommand(const BatchOutcome &outcome);
    void startCountdown(AppSettings::BatchAction action, const BatchOutcome &outcome);

    AppSettings *m_settings;
    QWidget *m_window;
    Notify m_notify;
    Watched m_watched;
    PowerControl *m_power = nullptr;
    PowerControl *m_ownPower = nullptr; // made on first use when none was set
    int m_countdownSeconds;
    QPointer<BatchCommand> m_command;
    QPointer<PowerCountdown> m_countdown;
    QPointer<CountdownDialog> m_dialog;
};
