#pragma once

#include "s3credentials.h"
#include "secretstore.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>

class UploadScheduler;

// The tokens a person gave the window, one per endpoint. Each goes out as
// "Authorization: Bearer <token>" with the requests of uploads to its own endpoint only
// (UploadScheduler::setEndpointHeaders), from the next upload that starts or retries. When asked,
// it is also remembered in the system keyring (a SecretStore), under the endpoint's origin and
// path; it is never written anywhere else, so without a keyring it lasts until Hoist quits.
//
// Keyring calls are asynchronous. The token of every endpoint an upload is added for (restored
// ones included) is looked up once; meanwhile uploads to it wait (UploadScheduler::holdEndpoint),
// for at most LookupTimeoutMs, so that they do not start without it and fail with a 401.
//
// An S3 target's access key (an s3:// endpoint, core/s3/s3target.h) is kept the same way, under
// the target, as "ID:SECRET": looked up, held for and remembered like a token, but handed to the
// S3 client (setS3KeysSink) instead of going out as a header.
class TokenKeeper final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenKeeper)
public:
    enum class Keyring {
        Unknown,    // not asked yet, or no answer yet
        Available,  // answered
        Unavailable // none, or it failed: keyringProblem() says why
    };

    // `secrets` may be null: then nothing is remembered.
    TokenKeeper(UploadScheduler *scheduler, SecretStore *secrets, QObject *parent = nullptr);
    ~TokenKeeper() override;

    // How long uploads wait for a keyring that does not answer (default LookupTimeoutMs), for
    // lookups started from now on.
    static constexpr int LookupTimeoutMs = 10000;
    void setLookupTimeout(int ms) { m_lookupTimeoutMs = qMax(0, ms); }

    // Reads `endpoint`'s token from the keyring unless that was done already.
    void lookUp(const QUrl &endpoint);
    bool isLookingUp(const QUrl &endpoint) const;

    bool hasToken(const QUrl &endpoint) const;
    bool isRemembered(const QUrl &endpoint) const;
    // `token` as cleaned() returns it (an unusable one is ignored). `remember`: kept in the
    // keyring too; otherwise also removed from it.
    void setToken(const QUrl &endpoint, const QString &token, bool remember);
    // Keeps the token set, remembered in the keyring or for this session only.
    void setRemembered(const QUrl &endpoint, bool remember);
    // Uploads to `endpoint` that start from now on send no token; the keyring forgets it.
    void clearToken(const QUrl &endpoint);

    // Where an S3 target's keys go when set, found in the keyring or cleared (empty keys).
    using S3KeysSink = std::function<void(const QUrl &target, const S3Credentials &keys)>;
    void setS3KeysSink(S3KeysSink sink) { m_s3Sink = std::move(sink); }
    // Incomplete keys, or ones a header could not carry, are ignored (as an unusable token).
    void setS3Keys(const QUrl &target, const S3Credentials &keys, bool remember);
    // The access key id set for `target`, never its secret; empty when none.
    QString s3AccessKeyId(const QUrl &target) const;

    Keyring keyring() const { return m_keyring; }
    QString keyringProblem() const { return m_keyringProblem; }

    // What a person typed or pasted, as a token: trimmed, a leading "Bearer " dropped. Empty
    // when it cannot be one (nothing left, or characters an HTTP header cannot carry).
    static QString cleaned(const QString &typed);

Q_SIGNALS:
    // Set, cleared, found in the keyring, or remembered / no longer.
    void tokenChanged(const QUrl &endpoint);
    void keyringChanged();
    // The keyring did not keep `endpoint`'s token as asked; it lasts for this session.
    void rememberFailed(const QUrl &endpoint, const QString &problem);

private:
    struct Entry {
        QUrl endpoint;
        QString token;
        bool remembered = false;
        bool lookedUp = false;
        bool lookingUp = false;
        bool held = false;            // its uploads wait for the lookup
        bool setDuringLookup = false; // a person's choice arrived first: the keyring's is stale
        bool wantRemembered = false;
        int writing = 0; // keyring writes not answered yet
    };

    Entry &entry(const QUrl &endpoint, const QString &key);
    void apply(const Entry &e);
    void release(const QString &key);
    void setKeyring(Keyring state, const QString &problem = {});
    void onRead(const QString &key, SecretStore::Outcome outcome, const QString &secret,
                const QString &problem);
    void onWritten(const QString &key, SecretStore::Outcome outcome, const QString &problem);
    void onRemoved(const QString &key, SecretStore::Outcome outcome, const QString &problem);

    UploadScheduler *m_scheduler;
    SecretStore *m_secrets;
    S3KeysSink m_s3Sink;
    QHash<QString, Entry> m_entries; // by EndpointHeaders::keyOf
    Keyring m_keyring = Keyring::Unknown;
    int m_lookupTimeoutMs = LookupTimeoutMs;
    QString m_keyringProblem;
};
