#pragma once

#include "certificatetrust.h"

#include <QDialog>

class QPushButton;

// A refused HTTPS certificate in detail: the problem, the server, subject, issuer, validity,
// the names it is for and its SHA-256 fingerprint (to compare with what the server's owner
// says), with "Trust this certificate for host:port" when it may be trusted. Accepted means
// the person chose to trust it.
class CertificateDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CertificateDialog)
public:
    explicit CertificateDialog(const CertificateTrust::Refusal &refusal, QWidget *parent = nullptr);

    // "AB:CD:..." in pairs, as browsers show it.
    static QString spacedFingerprint(const QSslCertificate &certificate);
    QPushButton *trustButton() const { return m_trust; }

private:
    QPushButton *m_trust = nullptr;
};
