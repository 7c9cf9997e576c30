#include "sshanswers.h"

namespace {
QString hostKeyOf(const QString &host, const QString &fingerprint)
{
    return host + QLatin1Char(' ') + fingerprint;
}
} // namespace

void SshAnswers::setAsker(Asker asker)
{
    const QMutexLocker lock(&m_mutex);
    m_asker = std::move(asker);
}

bool SshAnswers::isAsking() const
{
    const QMutexLocker lock(&m_mutex);
    return bool(m_asker);
}

bool SshAnswers::ask(const SshQuestion &question, const TrText &cause) const
{
    const QMutexLocker lock(&m_mutex);
    if (!m_asker)
        return false;
    m_asker(question, cause); // posts only: never calls back into this object
    return true;
}

void SshAnswers::acceptHostKey(const QString &host, const QString &fingerprint)
{
    const QMutexLocker lock(&m_mutex);
    m_hostKeys.insert(hostKeyOf(host, fingerprint));
}

bool SshAnswers::isHostKeyAccepted(const QString &host, const QString &fingerprint) const
{
    const QMutexLocker lock(&m_mutex);
    return m_hostKeys.contains(hostKeyOf(host, fingerprint));
}

void SshAnswers::setSecret(const QString &key, const QStringList &values)
{
    const QMutexLocker lock(&m_mutex);
    m_secrets.insert(key, values);
}

std::optional<QStringList> SshAnswers::secret(const QString &key) const
{
    const QMutexLocker lock(&m_mutex);
    const auto it = m_secrets.constFind(key);
    if (it == m_secrets.cend())
        return std::nullopt;
    return *it;
}

bool SshAnswers::forgetSecret(const QString &key, const QStringList &used)
{
    const QMutexLocker lock(&m_mutex);
    const auto it = m_secrets.find(key);
    if (it == m_secrets.end())
        return true; // forgotten by another connection it was refused on
    if (*it != used)
        return false;
    m_secrets.erase(it);
    return true;
}

bool SshAnswers::hasAnswer(const SshQuestion &question) const
{
    switch (question.kind) {
    case SshQuestion::Kind::HostKey:
        return isHostKeyAccepted(question.host, question.fingerprint);
    case SshQuestion::Kind::ChangedHostKey:
        return false;
    case SshQuestion::Kind::Passphrase:
    case SshQuestion::Kind::Password:
    case SshQuestion::Kind::Prompts:
        return secret(question.secretKey()).has_value();
    }
    return false;
}
