#pragma once

#include "sshquestion.h"
#include "uploadtypes.h"

#include <QObject>
#include <QSet>

class SshQuestions;
class UploadScheduler;

// Starts again, at once, the uploads that failed on an SSH question once it is answered: those
// failed already with one of its causes, and those failing with one just after (they looked for
// the answer before it came: started again once until the question is asked again, so an answer
// that does not help cannot make them loop).
class SshRetry final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SshRetry)
public:
    SshRetry(SshQuestions *questions, UploadScheduler *scheduler, QObject *parent = nullptr);

private:
    void answered(const SshQuestion &question, const QStringList &causes);
    void finished(TaskId id);
    // Retries `id` if it failed with one of `causes`.
    bool retryIfWaiting(TaskId id, const QSet<QString> &causes);

    UploadScheduler *m_scheduler;
    QSet<QString> m_causes; // of answered questions
    QSet<TaskId> m_retried; // since the last question was asked
};
