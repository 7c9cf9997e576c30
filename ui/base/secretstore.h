#pragma once

#include <QObject>
#include <QString>

// Secrets kept on this computer by key: the system keyring, or nothing at all. Asynchronous:
// each call answers once, later, through its signal, and never blocks the caller. Answers to
// calls on one key come in the order of the calls.
class SecretStore : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SecretStore)
public:
    enum class Outcome {
        Done,       // read found it, write kept it, remove removed it (or there was none)
        NotFound,   // read only: nothing kept under that key
        Unavailable // no keyring, or it refused; `problem` says what happened
    };
    Q_ENUM(Outcome)

    using QObject::QObject;
    ~SecretStore() override = default;

    virtual void read(const QString &key) = 0;
    virtual void write(const QString &key, const QString &secret) = 0;
    virtual void remove(const QString &key) = 0;

Q_SIGNALS:
    void readFinished(const QString &key, SecretStore::Outcome outcome, const QString &secret,
                      const QString &problem);
    void writeFinished(const QString &key, SecretStore::Outcome outcome, const QString &problem);
    void removeFinished(const QString &key, SecretStore::Outcome outcome, const QString &problem);
};
