#pragma once

#include "sshquestion.h"
#include "trtext.h"

#include <QObject>
#include <QPointer>

class SshQuestions;
class UploadScheduler;

// Tells the scheduler's AnswerWaits what became of each SSH question, so that the uploads that
// met one wait for the person rather than fail: asked (they wait, saying "Waiting for your answer:
// the host key of HOST", and their lane starts nothing more), answered (they go on at once by
// themselves), declined (they fail, saying the person refused it; Retry asks again). A changed
// host key is no question to wait for: it is refused everywhere, and only shown.
class SshRetry final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SshRetry)
public:
    SshRetry(SshQuestions *questions, UploadScheduler *scheduler, QObject *parent = nullptr);

    // What a row waiting for `question` says, and what an upload fails with when it is declined.
    static QString waitingNote(const SshQuestion &question);
    static TrText refusal(const SshQuestion &question);

private:
    void asked(const SshQuestion &question);
    void answered(const SshQuestion &question);
    void declined(const SshQuestion &question);

    SshQuestions *m_questions;
    QPointer<UploadScheduler> m_scheduler;
};
