#include "certificatetrust.h"

#include <QCryptographicHash>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSettings>
#include <QSslConfiguration>
#include <QUrl>

#include <algorithm>

namespace {
const char *const Group = "trustedCertificates";
// The reply property that carries a refusal's sentence to the protocol's error message.
const char *const ProblemProperty = "hoistCertificateProblem";

// The errors a sentence can be about, most telling first.
const QList<QSslError::SslError> &byWeight()
{
    static const QList<QSslError::SslError> order{
        QSslError::CertificateRevoked,
        QSslError::CertificateBlacklisted,
        QSslError::SelfSignedCertificate,
        QSslError::SelfSignedCertificateInChain,
        QSslError::UnableToGetLocalIssuerCertificate,
        QSslError::UnableToGetIssuerCertificate,
        QSslError::UnableToVerifyFirstCertificate,
        QSslError::CertificateUntrusted,
        QSslError::CertificateExpired,
        QSslError::CertificateNotYetValid,
        QSslError::HostNameMismatch,
    };
    return order;
}

QString date(const QDateTime &when)
{
    return QLocale().toString(when.toLocalTime().date(), QLocale::ShortFormat);
}

// The certificate the server presented for itself.
QSslCertificate leafOf(const QNetworkReply *reply, const QList<QSslError> &errors)
{
    const QSslCertificate peer = reply->sslConfiguration().peerCertificate();
    if (!peer.isNull())
        return peer;
    for (const QSslError &error : errors) {
        if (!error.certificate().isNull())
            return error.certificate();
    }
    return QSslCertificate();
}
} // namespace

QString CertificateTrust::Refusal::problem() const
{
    const auto has = [this](QSslError::SslError kind) {
        return std::any_of(errors.cbegin(), errors.cend(),
                           [kind](const QSslError &e) { return e.error() == kind; });
    };
    QSslError::SslError main = QSslError::UnspecifiedError;
    for (const QSslError::SslError kind : byWeight()) {
        if (has(kind)) {
            main = kind;
            break;
        }
    }
    const QString names = certificate.subjectAlternativeNames().values().join(QLatin1String(", "));
    const QString forNames =
        names.isEmpty()
            ? certificate.subjectInfo(QSslCertificate::CommonName).join(QLatin1String(", "))
            : names;
    QString sentence;
    switch (main) {
    case QSslError::CertificateRevoked:
        sentence = tr("The certificate of %1 was revoked by its issuer").arg(server);
        break;
    case QSslError::CertificateBlacklisted:
        sentence =
            tr("The certificate of %1 is on the list of certificates never to trust").arg(server);
        break;
    case QSslError::SelfSignedCertificate:
        sentence = tr("The certificate of %1 is self-signed").arg(server);
        break;
    case QSslError::SelfSignedCertificateInChain:
    case QSslError::UnableToGetLocalIssuerCertificate:
    case QSslError::UnableToGetIssuerCertificate:
    case QSslError::UnableToVerifyFirstCertificate:
    case QSslError::CertificateUntrusted:
        sentence = tr("The certificate of %1 is issued by an authority this computer does not "
                      "trust")
                       .arg(server);
        break;
    case QSslError::CertificateExpired:
        sentence =
            tr("The certificate of %1 expired on %2").arg(server, date(certificate.expiryDate()));
        break;
    case QSslError::CertificateNotYetValid:
        sentence = tr("The certificate of %1 is not valid before %2")
                       .arg(server, date(certificate.effectiveDate()));
        break;
    case QSslError::HostNameMismatch:
        sentence = tr("The certificate of %1 is for another name (%2)").arg(server, forNames);
        break;
    default:
        sentence = tr("The certificate of %1 was refused: %2")
                       .arg(server, errors.isEmpty() ? QString() : errors.first().errorString());
        break;
    }
    // The rest, briefly: a self-signed certificate for another name is both.
    QStringList also;
    if (main != QSslError::HostNameMismatch && has(QSslError::HostNameMismatch))
        also << tr("it is for %1").arg(forNames);
    if (main != QSslError::CertificateExpired && has(QSslError::CertificateExpired))
        also << tr("it expired on %1").arg(date(certificate.expiryDate()));
    return also.isEmpty() ? sentence : tr("%1; also, %2").arg(sentence, also.join(tr("; ")));
}

bool CertificateTrust::Refusal::trustable() const
{
    if (certificate.isNull() || server.isEmpty() || errors.isEmpty())
        return false;
    return std::none_of(errors.cbegin(), errors.cend(), [](const QSslError &e) {
        return e.error() == QSslError::CertificateRevoked
               || e.error() == QSslError::CertificateBlacklisted
               || e.error() == QSslError::CertificateSignatureFailed
               || e.error() == QSslError::UnableToDecryptCertificateSignature;
    });
}

CertificateTrust::CertificateTrust(QSettings *settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
{
    load();
}

QString CertificateTrust::serverOf(const QUrl &url)
{
    const int port =
        url.port(url.scheme().compare(QLatin1String("https"), Qt::CaseInsensitive) == 0 ? 443 : 80);
    const QString host = url.host().toLower();
    return (host.contains(QLatin1Char(':')) ? QStringLiteral("[%1]").arg(host) : host)
           + QLatin1Char(':') + QString::number(port);
}

QByteArray CertificateTrust::fingerprint(const QSslCertificate &certificate)
{
    return certificate.digest(QCryptographicHash::Sha256).toHex();
}

void CertificateTrust::watch(QNetworkAccessManager *manager)
{
    connect(manager, &QNetworkAccessManager::sslErrors, this, &CertificateTrust::check,
            Qt::UniqueConnection);
}

void CertificateTrust::check(QNetworkReply *reply, const QList<QSslError> &errors)
{
    const QString server = serverOf(reply->url());
    const QSslCertificate leaf = leafOf(reply, errors);
    if (isTrusted(server, leaf, errors)) {
        // Errors about other certificates of the chain than the ones seen would not match.
        const QList<QSslCertificate> chain = reply->sslConfiguration().peerCertificateChain();
        const bool ofThisChain =
            std::all_of(errors.cbegin(), errors.cend(), [&](const QSslError &e) {
                return e.certificate().isNull() || e.certificate() == leaf
                       || chain.contains(e.certificate());
            });
        if (ofThisChain) {
            reply->ignoreSslErrors(errors);
            return;
        }
    }
    Refusal refusal{server, leaf, errors};
    reply->setProperty(ProblemProperty, refusal.problem());
    m_refusals.insert(server, refusal);
    Q_EMIT refused(server);
}

QString CertificateTrust::problemOf(const QNetworkReply *reply)
{
    return reply->property(ProblemProperty).toString();
}

std::optional<CertificateTrust::Refusal> CertificateTrust::refusal(const QString &server) const
{
    const auto found = m_refusals.constFind(server);
    if (found == m_refusals.constEnd())
        return std::nullopt;
    return *found;
}

bool CertificateTrust::trust(const Refusal &refusal)
{
    if (!refusal.trustable())
        return false;
    Trusted entry{fingerprint(refusal.certificate), {}};
    QStringList stored{QString::fromLatin1(entry.fingerprint)};
    for (const QSslError &e : refusal.errors) {
        if (!entry.errors.contains(int(e.error()))) {
            entry.errors << int(e.error());
            stored << QString::number(int(e.error()));
        }
    }
    m_trusted.insert(refusal.server, entry);
    m_refusals.remove(refusal.server);
    if (m_settings) {
        m_settings->beginGroup(QLatin1String(Group));
        m_settings->setValue(refusal.server, stored);
        m_settings->endGroup();
        m_settings->sync();
    }
    Q_EMIT trusted(refusal.server);
    return true;
}

bool CertificateTrust::isTrusted(const QString &server, const QSslCertificate &certificate,
                                 const QList<QSslError> &errors) const
{
    const auto found = m_trusted.constFind(server);
    if (found == m_trusted.constEnd() || certificate.isNull()
        || fingerprint(certificate) != found->fingerprint)
        return false;
    return std::all_of(errors.cbegin(), errors.cend(), [&found](const QSslError &e) {
        return found->errors.contains(int(e.error()));
    });
}

void CertificateTrust::forget(const QString &server)
{
    m_trusted.remove(server);
    if (m_settings) {
        m_settings->beginGroup(QLatin1String(Group));
        m_settings->remove(server);
        m_settings->endGroup();
    }
}

void CertificateTrust::load()
{
    if (!m_settings)
        return;
    m_settings->beginGroup(QLatin1String(Group));
    const QStringList servers = m_settings->childKeys();
    for (const QString &server : servers) {
        const QStringList stored = m_settings->value(server).toStringList();
        if (stored.size() < 2)
            continue;
        Trusted entry{stored.first().toLatin1(), {}};
        for (qsizetype i = 1; i < stored.size(); ++i)
            entry.errors << stored.at(i).toInt();
        m_trusted.insert(server, entry);
    }
    m_settings->endGroup();
}
