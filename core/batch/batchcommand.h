#pragma once

#include "batchoutcome.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QString>

// Runs the person's command once a batch of uploads has ended: `/bin/sh -c COMMAND`, so that it
// may be a pipeline or name the variables below, with in its environment
//   HOIST_FINISHED_COUNT, HOIST_FAILED_COUNT  how many files arrived, how many failed;
//   HOIST_FINISHED_LIST, HOIST_FAILED_LIST    files listing them, one path a line, tabs, line
//                                             breaks and backslashes escaped as in the headless
//                                             result lines (\t, \n, \\);
// both lists exist (maybe empty) until the command ends. The lists are written off the calling
// thread and the command runs as a process of its own: nothing here waits for either. One run
// per object; it reports once through finished().
class BatchCommand final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BatchCommand)
public:
    explicit BatchCommand(QObject *parent = nullptr);
    ~BatchCommand() override;

    void start(const QString &command, const BatchOutcome &outcome);
    bool isRunning() const { return m_started && !m_ended; }
    // The process, once started (for a test to look at); null before.
    QProcess *process() const { return m_process; }

Q_SIGNALS:
    void started();
    // What the command wrote, stdout and stderr together, as it comes.
    void output(const QByteArray &bytes);
    // `problem` is empty when it exited with status 0, else a sentence saying how it ended,
    // with the last line it wrote.
    void finished(bool ok, const QString &problem);

private:
    void launch(const QString &command, const BatchOutcome &outcome, const QString &folder);
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void end(bool ok, const QString &problem);

    QPointer<QProcess> m_process;
    QString m_folder; // holds the two lists; removed when the command ended
    QByteArray m_tail;
    bool m_started = false;
    bool m_ended = false;
};
