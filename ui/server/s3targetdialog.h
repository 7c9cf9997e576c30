#pragma once

#include <QDialog>
#include <QUrl>

#include <optional>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class S3Target;
class TokenKeeper;

// Chooses an S3 bucket to upload to: the service's address, region, bucket, key prefix and
// addressing style, and the access key (id and secret, typed hidden). On Save the keys go to the
// TokenKeeper (the keyring when remembered, never a plain file) and chosen() gives the target's
// s3:// URL for the endpoint. Opened on a target, it starts from it; its secret is never shown:
// left empty, the keys already set for that same target and id stay.
class S3TargetDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(S3TargetDialog)
public:
    // `current`: the endpoint in use (its fields are filled in when it is an s3:// target).
    S3TargetDialog(TokenKeeper *keeper, const QUrl &current, QWidget *parent = nullptr);

    QLineEdit *serviceEdit() const { return m_service; }
    QLineEdit *regionEdit() const { return m_region; }
    QLineEdit *bucketEdit() const { return m_bucket; }
    QLineEdit *prefixEdit() const { return m_prefix; }
    QCheckBox *virtualHostedBox() const { return m_virtualHosted; }
    QLineEdit *keyIdEdit() const { return m_keyId; }
    QLineEdit *secretEdit() const { return m_secret; }
    QCheckBox *rememberBox() const { return m_remember; }
    QLabel *noteLabel() const { return m_note; }
    QPushButton *saveButton() const { return m_save; }

    // The target the fields describe; nullopt with the reason in `problem` while they do not.
    std::optional<S3Target> target(QString *problem = nullptr) const;

    void accept() override;

Q_SIGNALS:
    // Saved: uploads queued from now on go to `target` (its canonical s3:// URL).
    void chosen(const QUrl &target);

private:
    void refresh();
    // The keys already set for the target the fields describe, when the typed id is theirs.
    bool keepsKnownSecret() const;

    TokenKeeper *m_keeper;
    QLineEdit *m_service = nullptr;
    QLineEdit *m_region = nullptr;
    QLineEdit *m_bucket = nullptr;
    QLineEdit *m_prefix = nullptr;
    QCheckBox *m_virtualHosted = nullptr;
    QLineEdit *m_keyId = nullptr;
    QLineEdit *m_secret = nullptr;
    QCheckBox *m_remember = nullptr;
    QLabel *m_note = nullptr;
    QPushButton *m_save = nullptr;
};
