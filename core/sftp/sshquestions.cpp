#include "sshquestions.h"

#include <QLoggingCategory>
#include <QPointer>

namespace {
Q_LOGGING_CATEGORY(lcQuestions, "hoist.sftp.questions", QtInfoMsg)
} // namespace

SshQuestions::SshQuestions(QObject *parent)
    : QObject(parent)
    , m_answers(std::make_shared<SshAnswers>())
{
    QPointer<SshQuestions> self(this);
    m_answers->setAsker([self, this](const SshQuestion &question, const TrText &cause) {
        // On a worker's thread, under SshAnswers' lock, which ~SshQuestions takes before this
        // object goes: posting to it is safe.
        QMetaObject::invokeMethod(
            this,
            [self, question, cause] {
                if (self)
                    self->reported(question, cause);
            },
            Qt::QueuedConnection);
    });
}

SshQuestions::~SshQuestions()
{
    m_answers->setAsker({}); // workers still running report to no one from now on
}

QList<SshQuestion> SshQuestions::pending() const
{
    QList<SshQuestion> questions;
    for (const QString &id : m_order)
        questions << m_pending.value(id).question;
    return questions;
}

void SshQuestions::reported(const SshQuestion &question, const TrText &cause)
{
    const QString id = question.id();
    const QString text = cause.toString();
    auto it = m_pending.find(id);
    if (it != m_pending.end()) {
        if (!it->causes.contains(text))
            it->causes << text;
        return;
    }
    if (m_answers->hasAnswer(question)) {
        // Answered after this connection looked: it goes again with the answer.
        Q_EMIT answered(question, {text});
        return;
    }
    m_pending.insert(id, {question, {text}});
    m_order << id;
    qCDebug(lcQuestions) << "asking" << id;
    Q_EMIT asked(question);
}

void SshQuestions::answer(const QString &id, const QStringList &values)
{
    const auto it = m_pending.constFind(id);
    if (it == m_pending.cend())
        return;
    const Pending p = *it;
    if (p.question.kind == SshQuestion::Kind::ChangedHostKey)
        return decline(id);
    m_pending.remove(id);
    m_order.removeAll(id);
    if (p.question.kind == SshQuestion::Kind::HostKey)
        m_answers->acceptHostKey(p.question.host, p.question.fingerprint);
    else
        m_answers->setSecret(p.question.secretKey(), values);
    qCInfo(lcQuestions) << "answered" << (p.question.isSecret() ? p.question.secretKey() : id)
                        << "for" << p.causes.size() << "cause(s)";
    Q_EMIT answered(p.question, p.causes);
}

void SshQuestions::decline(const QString &id)
{
    const auto it = m_pending.constFind(id);
    if (it == m_pending.cend())
        return;
    const Pending p = *it;
    m_pending.remove(id);
    m_order.removeAll(id);
    Q_EMIT declined(p.question, p.causes);
}
