#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QSslCertificate>
#include <QSslError>
#include <QString>

#include <optional>

class QNetworkAccessManager;
class QNetworkReply;
class QSettings;
class QUrl;

// HTTPS certificates a person chose to trust, each for one server (host:port) only, and what a
// certificate Hoist refused looked like. Never "ignore all errors": a reply's SSL errors are
// ignored only when the server's certificate has the SHA-256 fingerprint trusted for exactly that
// host and port, and each error is one of those the person saw when they trusted it (a trusted
// self-signed certificate that later expires is refused again). Otherwise the reply fails, and
// the refusal is kept per server so the window can show the certificate and offer to trust it.
//
// Protocol-neutral: whatever sends requests through a QNetworkAccessManager (tus, S3) has the
// manager watch()ed; its error messages take problemOf(reply).
class CertificateTrust final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CertificateTrust)
public:
    // A certificate refused by a server.
    struct Refusal {
        QString server;              // "host:port", as serverOf() writes it
        QSslCertificate certificate; // the server's own
        QList<QSslError> errors;
        // Cause first, naming the server: "The certificate of example.org:8443 is self-signed".
        QString problem() const;
        // Whether a person may trust it at all (not revoked, not blacklisted, not unreadable).
        bool trustable() const;
    };

    // Trust is kept in `settings` (null: for this run only); the fingerprints are not secrets.
    explicit CertificateTrust(QSettings *settings = nullptr, QObject *parent = nullptr);

    // "host:port" for `url` (IPv6 in brackets, the scheme's port when none is written).
    static QString serverOf(const QUrl &url);
    // SHA-256 of the DER certificate, lower-case hex.
    static QByteArray fingerprint(const QSslCertificate &certificate);

    // Every reply of `manager` has its SSL errors decided by check(), before it fails on them.
    void watch(QNetworkAccessManager *manager);
    // Ignores exactly `errors` on `reply` when the person trusted its certificate for its
    // server with those errors; otherwise keeps the refusal and marks the reply with it.
    void check(QNetworkReply *reply, const QList<QSslError> &errors);
    // For a reply that failed on its certificate: Refusal::problem(); empty for any other.
    static QString problemOf(const QNetworkReply *reply);

    // The certificate last refused on `server`, until it is trusted.
    std::optional<Refusal> refusal(const QString &server) const;
    // Trusts `refusal.certificate` on `refusal.server` (and nowhere else) despite
    // `refusal.errors`, replacing what was trusted there before. False when not trustable().
    bool trust(const Refusal &refusal);
    // Whether `certificate` is trusted on `server` despite every one of `errors`.
    bool isTrusted(const QString &server, const QSslCertificate &certificate,
                   const QList<QSslError> &errors) const;
    void forget(const QString &server);

Q_SIGNALS:
    void refused(const QString &server);
    void trusted(const QString &server);

private:
    struct Trusted {
        QByteArray fingerprint;
        QList<int> errors; // QSslError::SslError values accepted for it
    };
    void load();

    QSettings *m_settings;
    QHash<QString, Trusted> m_trusted;
    QHash<QString, Refusal> m_refusals;
};
