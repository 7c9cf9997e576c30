#include "sshretry.h"

#include "answerwaits.h"
#include "sshquestions.h"
#include "uploadscheduler.h"

SshRetry::SshRetry(SshQuestions *questions, UploadScheduler *scheduler, QObject *parent)
    : QObject(parent)
    , m_questions(questions)
    , m_scheduler(scheduler)
{
    // Queued by SshQuestions from the reporting connection: each question is heard here before
    // the failure of the attempt that met it reaches the scheduler.
    connect(questions, &SshQuestions::asked, this, &SshRetry::asked);
    connect(questions, &SshQuestions::answered, this, &SshRetry::answered);
    connect(questions, &SshQuestions::declined, this, &SshRetry::declined);
}

QString SshRetry::waitingNote(const SshQuestion &question)
{
    switch (question.kind) {
    case SshQuestion::Kind::HostKey:
    case SshQuestion::Kind::ChangedHostKey:
        return tr("Waiting for your answer: the host key of %1").arg(question.host);
    case SshQuestion::Kind::Passphrase:
        return tr("Waiting for your answer: the passphrase of %1").arg(question.keyFile);
    case SshQuestion::Kind::Password:
        return tr("Waiting for your answer: the password of %1").arg(question.account());
    case SshQuestion::Kind::Prompts:
        return tr("Waiting for your answer: the sign-in prompts of %1").arg(question.account());
    }
    return {};
}

TrText SshRetry::refusal(const SshQuestion &question)
{
    switch (question.kind) {
    case SshQuestion::Kind::HostKey:
    case SshQuestion::Kind::ChangedHostKey:
        return TrText::of(staticMetaObject,
                          QT_TR_NOOP("You refused the host key of %1 (%2): Retry asks again"))
            .arg(question.host, question.fingerprint);
    case SshQuestion::Kind::Passphrase:
        return TrText::of(staticMetaObject,
                          QT_TR_NOOP("You gave no passphrase for %1: Retry asks again"))
            .arg(question.keyFile);
    case SshQuestion::Kind::Password:
        return TrText::of(staticMetaObject,
                          QT_TR_NOOP("You gave no password for %1: Retry asks again"))
            .arg(question.account());
    case SshQuestion::Kind::Prompts:
        return TrText::of(staticMetaObject,
                          QT_TR_NOOP("You did not answer the sign-in prompts of %1: Retry asks "
                                     "again"))
            .arg(question.account());
    }
    return {};
}

void SshRetry::asked(const SshQuestion &question)
{
    // Answered already by a listener heard before this one (a keyring): answered() said so.
    if (m_scheduler && question.kind != SshQuestion::Kind::ChangedHostKey
        && m_questions->isPending(question.id()))
        m_scheduler->answerWaits()->asked(question.id(), waitingNote(question));
}

void SshRetry::answered(const SshQuestion &question)
{
    if (m_scheduler)
        m_scheduler->answerWaits()->answered(question.id());
}

void SshRetry::declined(const SshQuestion &question)
{
    if (m_scheduler)
        m_scheduler->answerWaits()->declined(question.id(), refusal(question));
}
