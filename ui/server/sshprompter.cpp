#include "sshprompter.h"

#include "sshhostkeydialog.h"
#include "sshquestions.h"
#include "sshsecretdialog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QTimer>
#include <QWidget>

namespace {
Q_LOGGING_CATEGORY(lcPrompter, "hoist.sftp.prompter", QtWarningMsg)

// A keyring that does not answer in this time is not waited for: the person is asked.
constexpr int LookupTimeoutMs = 5000;
} // namespace

SshPrompter::SshPrompter(SshQuestions *questions, SecretStore *secrets, QWidget *window)
    : QObject(window)
    , m_questions(questions)
    , m_secrets(secrets)
    , m_window(window)
{
    if (!m_secrets)
        m_keyringProblem = tr("no keyring");
    else
        connect(m_secrets, &SecretStore::readFinished, this, &SshPrompter::onRead);
    connect(m_questions, &SshQuestions::asked, this, &SshPrompter::asked);
}

QString SshPrompter::encoded(const QStringList &values)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(values)).toJson(QJsonDocument::Compact));
}

QStringList SshPrompter::decoded(const QString &secret)
{
    QStringList values;
    const QJsonArray array = QJsonDocument::fromJson(secret.toUtf8()).array();
    for (const QJsonValue &value : array)
        values << value.toString();
    return values;
}

void SshPrompter::asked(const SshQuestion &question)
{
    const QString key = question.secretKey();
    if (m_secrets && question.isSecret()) {
        if (question.again) {
            // What was there (if it came from there) was refused: the person is asked instead.
            m_secrets->remove(key);
        } else if (!m_lookingUp.contains(key)) {
            m_lookingUp.insert(key, question);
            m_secrets->read(key);
            QTimer::singleShot(LookupTimeoutMs, this, [this, key] {
                if (!m_lookingUp.contains(key))
                    return;
                qCWarning(lcPrompter) << "keyring: no answer in time; asking";
                m_toShow << m_lookingUp.take(key);
                showNext();
            });
            return;
        }
    }
    m_toShow << question;
    showNext();
}

void SshPrompter::onRead(const QString &key, SecretStore::Outcome outcome, const QString &secret,
                         const QString &problem)
{
    const auto it = m_lookingUp.constFind(key);
    if (it == m_lookingUp.cend())
        return; // a token's, or asked meanwhile
    const SshQuestion question = *it;
    m_lookingUp.erase(it);
    if (outcome == SecretStore::Outcome::Unavailable)
        m_keyringProblem = problem;
    const QStringList values = decoded(secret);
    if (outcome == SecretStore::Outcome::Done && !values.isEmpty()
        && m_questions->isPending(question.id())) {
        qCDebug(lcPrompter) << "answered from the keyring:" << key;
        m_questions->answer(question.id(), values);
        return;
    }
    m_toShow << question;
    showNext();
}

void SshPrompter::showNext()
{
    if (m_dialog)
        return;
    while (!m_toShow.isEmpty()) {
        const SshQuestion question = m_toShow.takeFirst();
        if (!m_questions->isPending(question.id()))
            continue;
        QDialog *dialog = nullptr;
        if (question.isSecret())
            dialog = new SshSecretDialog(question, m_keyringProblem, m_window);
        else
            dialog = new SshHostKeyDialog(question, m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QDialog::finished, this, [this, question, dialog](int result) {
            closed(question, dialog, result == QDialog::Accepted);
        });
        m_dialog = dialog;
        dialog->open(); // window-modal, never a nested event loop
        Q_EMIT dialogShown(dialog);
        return;
    }
}

void SshPrompter::closed(const SshQuestion &question, QDialog *dialog, bool accepted)
{
    m_dialog.clear();
    const QString id = question.id();
    if (!accepted || question.kind == SshQuestion::Kind::ChangedHostKey) {
        m_questions->decline(id);
    } else if (auto *secret = qobject_cast<SshSecretDialog *>(dialog)) {
        const QStringList values = secret->values();
        if (secret->remember() && m_secrets)
            m_secrets->write(question.secretKey(), encoded(values));
        m_questions->answer(id, values);
    } else {
        m_questions->answer(id);
    }
    showNext();
}
