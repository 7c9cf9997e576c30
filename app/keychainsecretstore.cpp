#include "keychainsecretstore.h"

#include <qt6keychain/keychain.h>

namespace {
SecretStore::Outcome outcomeOf(const QKeychain::Job *job)
{
    switch (job->error()) {
    case QKeychain::NoError:
        return SecretStore::Outcome::Done;
    case QKeychain::EntryNotFound:
        return SecretStore::Outcome::NotFound;
    default:
        return SecretStore::Outcome::Unavailable;
    }
}

template <typename Job>
Job *prepared(Job *job, const QString &key)
{
    job->setKey(key);
    job->setAutoDelete(true);
    // Its "insecure fallback" writes the secret into a QSettings file: never.
    job->setInsecureFallback(false);
    return job;
}
} // namespace

KeychainSecretStore::KeychainSecretStore(QString service, QObject *parent)
    : SecretStore(parent)
    , m_service(std::move(service))
{
}

void KeychainSecretStore::read(const QString &key)
{
    auto *job = prepared(new QKeychain::ReadPasswordJob(m_service, this), key);
    connect(job, &QKeychain::Job::finished, this, [this, key](QKeychain::Job *done) {
        const auto *reader = static_cast<QKeychain::ReadPasswordJob *>(done);
        const Outcome outcome = outcomeOf(done);
        Q_EMIT readFinished(key, outcome, outcome == Outcome::Done ? reader->textData() : QString(),
                            outcome == Outcome::Unavailable ? done->errorString() : QString());
    });
    job->start();
}

void KeychainSecretStore::write(const QString &key, const QString &secret)
{
    auto *job = prepared(new QKeychain::WritePasswordJob(m_service, this), key);
    job->setTextData(secret);
    connect(job, &QKeychain::Job::finished, this, [this, key](QKeychain::Job *done) {
        const Outcome outcome = outcomeOf(done);
        Q_EMIT writeFinished(key, outcome == Outcome::Done ? outcome : Outcome::Unavailable,
                             outcome == Outcome::Done ? QString() : done->errorString());
    });
    job->start();
}

void KeychainSecretStore::remove(const QString &key)
{
    auto *job = prepared(new QKeychain::DeletePasswordJob(m_service, this), key);
    connect(job, &QKeychain::Job::finished, this, [this, key](QKeychain::Job *done) {
        // Nothing there to delete is as good as deleted.
        const Outcome outcome = outcomeOf(done);
        const bool gone = outcome != Outcome::Unavailable;
        Q_EMIT removeFinished(key, gone ? Outcome::Done : Outcome::Unavailable,
                              gone ? QString() : done->errorString());
    });
    job->start();
}
