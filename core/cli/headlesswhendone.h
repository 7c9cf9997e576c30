#pragma once

#include "batchcommand.h"
#include "batchoutcome.h"
#include "powercontrol.h"
#include "powercountdown.h"
#include "whendoneoptions.h"

#include <QObject>
#include <QPointer>

class TerminationSignals;
class QTextStream;
class UploadScheduler;

// What a headless run does after its last file (--when-done): nothing; the person's command
// with the finished and failed files (BatchCommand; what it writes goes to stderr, since stdout
// holds the result lines); or a countdown on stderr, then one request to suspend or power off
// (PowerControl), which SIGINT or SIGTERM cancels meanwhile. Then finished() with the run's own
// exit code: a command that failed or a refused request is said on stderr, and changes it not.
class HeadlessWhenDone final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HeadlessWhenDone)
public:
    // `power` may be null when the action needs none.
    HeadlessWhenDone(const WhenDone &whenDone, UploadScheduler *scheduler, QTextStream &err,
                     PowerControl *power, QObject *parent = nullptr);
    ~HeadlessWhenDone() override;

    void setTerminal(bool terminal) { m_terminal = terminal; }
    void setCountdownSeconds(int seconds) { m_countdownSeconds = seconds; }

    // HeadlessRunner::finished goes here.
    void run(int exitCode);

    // The files of the queue as they ended: what the command is given.
    static BatchOutcome outcomeOf(const UploadScheduler &scheduler);

Q_SIGNALS:
    void countdownStarted(int seconds);
    void finished(int exitCode);

private:
    void runCommand();
    void startCountdown(PowerControl::Action action);
    void printLeft(int secondsLeft);
    void done();

    WhenDone m_whenDone;
    UploadScheduler *m_scheduler;
    QTextStream &m_err;
    PowerControl *m_power;
    bool m_terminal = false;
    int m_countdownSeconds;
    int m_exitCode = 0;
    bool m_done = false;
    QPointer<BatchCommand> m_command;
    QPointer<PowerCountdown> m_countdown;
    TerminationSignals *m_signals = nullptr;
};
