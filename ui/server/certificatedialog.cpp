#include "certificatedialog.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
constexpr int MinimumWidthChars = 72; // the fingerprint's lines and the advice without cramping

QString joined(const QStringList &parts)
{
    return parts.join(QLatin1String(", "));
}

// "CN=..., O=..." for a person: the common name first, then the organisation.
QString nameOf(const QSslCertificate &certificate, bool issuer)
{
    const auto info = [&](QSslCertificate::SubjectInfo what) {
        return joined(issuer ? certificate.issuerInfo(what) : certificate.subjectInfo(what));
    };
    QStringList parts;
    for (const auto what :
         {QSslCertificate::CommonName, QSslCertificate::Organization,
          QSslCertificate::OrganizationalUnitName, QSslCertificate::CountryName}) {
        const QString value = info(what);
        if (!value.isEmpty())
            parts << value;
    }
    return parts.isEmpty() ? QCoreApplication::translate("CertificateDialog", "(none)")
                           : parts.join(QStringLiteral(" \u00b7 "));
}

QLabel *selectable(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    label->setWordWrap(true);
    return label;
}
} // namespace

CertificateDialog::CertificateDialog(const CertificateTrust::Refusal &refusal, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Certificate of %1").arg(refusal.server));
    const QSslCertificate &cert = refusal.certificate;
    auto *layout = new QVBoxLayout(this);
    auto *problem =
        new QLabel(QStringLiteral("<b>%1</b>").arg(refusal.problem().toHtmlEscaped()), this);
    problem->setWordWrap(true);
    layout->addWidget(problem);

    auto *form = new QFormLayout;
    const QLocale locale;
    form->addRow(tr("Server:"), selectable(refusal.server, this));
    form->addRow(tr("Issued to:"), selectable(nameOf(cert, false), this));
    form->addRow(tr("Issued by:"), selectable(nameOf(cert, true), this));
    const QStringList names = cert.subjectAlternativeNames().values();
    form->addRow(tr("Names:"), selectable(names.isEmpty() ? tr("(none)") : joined(names), this));
    form->addRow(
        tr("Valid from:"),
        selectable(locale.toString(cert.effectiveDate().toLocalTime(), QLocale::LongFormat), this));
    form->addRow(
        tr("Valid until:"),
        selectable(locale.toString(cert.expiryDate().toLocalTime(), QLocale::LongFormat), this));
    QLabel *fingerprint = selectable(spacedFingerprint(cert), this);
    fingerprint->setObjectName(QStringLiteral("fingerprint"));
    fingerprint->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    fingerprint->setWordWrap(false); // its two lines as they are, to compare pair by pair
    form->addRow(tr("SHA-256 fingerprint:"), fingerprint);
    layout->addLayout(form);

    auto *advice = new QLabel(tr("Trust it only if the server's owner confirms this fingerprint. "
                                 "It will be trusted for %1 alone, and only while it stays this "
                                 "certificate with these problems.")
                                  .arg(refusal.server),
                              this);
    advice->setWordWrap(true);
    layout->addWidget(advice);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    if (refusal.trustable()) {
        m_trust = buttons->addButton(tr("Trust this certificate for %1").arg(refusal.server),
                                     QDialogButtonBox::AcceptRole);
        m_trust->setObjectName(QStringLiteral("trustCertificate"));
        m_trust->setAutoDefault(false);
    }
    buttons->button(QDialogButtonBox::Close)->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    setMinimumWidth(fontMetrics().averageCharWidth() * MinimumWidthChars);
}

QString CertificateDialog::spacedFingerprint(const QSslCertificate &certificate)
{
    const QByteArray hex = CertificateTrust::fingerprint(certificate).toUpper();
    QStringList pairs;
    for (qsizetype i = 0; i + 1 < hex.size(); i += 2)
        pairs << QString::fromLatin1(hex.mid(i, 2));
    // Two lines of sixteen: readable, and short enough for the dialog.
    return pairs.mid(0, 16).join(QLatin1Char(':')) + QLatin1Char('\n')
           + pairs.mid(16).join(QLatin1Char(':'));
}
