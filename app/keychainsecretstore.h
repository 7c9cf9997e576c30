#pragma once

#include "secretstore.h"

// The system keyring through QtKeychain (the Secret Service on Linux: GNOME Keyring, KWallet).
// Never falls back to a plain file: when no keyring answers, calls end with Unavailable.
// QtKeychain's jobs are asynchronous and run one after another, so answers keep the calls' order.
class KeychainSecretStore final : public SecretStore {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeychainSecretStore)
public:
    // `service`: what the entries are filed under in the keyring.
    explicit KeychainSecretStore(QString service = QStringLiteral("Hoist"),
                                 QObject *parent = nullptr);

    void read(const QString &key) override;
    void write(const QString &key, const QString &secret) override;
    void remove(const QString &key) override;

private:
    QString m_service;
};
