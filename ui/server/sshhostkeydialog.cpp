#include "sshhostkeydialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
constexpr int TextWidth = 460;

QLabel *selectable(const QString &text, QWidget *parent, bool fixed = false)
{
    auto *label = new QLabel(text, parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (fixed)
        label->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return label;
}
} // namespace

SshHostKeyDialog::SshHostKeyDialog(const SshQuestion &question, QWidget *parent)
    : QDialog(parent)
    , m_question(question)
{
    const bool changed = question.kind == SshQuestion::Kind::ChangedHostKey;
    setWindowTitle(changed ? tr("SSH host key changed") : tr("Unknown SSH server"));
    setObjectName(QStringLiteral("sshHostKeyDialog"));

    auto *heading = new QLabel(
        changed ? tr("<b>The host key of %1 has changed</b>").arg(question.host.toHtmlEscaped())
                : tr("<b>Hoist has not connected to %1 before</b>")
                      .arg(question.hostName.toHtmlEscaped()),
        this);
    heading->setTextFormat(Qt::RichText);
    heading->setWordWrap(true);

    auto *form = new QFormLayout;
    form->addRow(tr("Server:"), selectable(question.hostName, this));
    form->addRow(tr("Port:"), selectable(QString::number(question.port), this));
    form->addRow(tr("Key type:"), selectable(question.keyType, this));
    form->addRow(changed ? tr("Key shown now:") : tr("Fingerprint:"),
                 selectable(question.fingerprint, this, true));
    if (changed)
        form->addRow(tr("Key known before:"),
                     selectable(question.knownFingerprint.isEmpty() ? tr("another key")
                                                                    : question.knownFingerprint,
                                this, true));

    auto *explanation = new QLabel(this);
    explanation->setWordWrap(true);
    explanation->setMinimumWidth(TextWidth);
    explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (changed)
        explanation->setText(
            tr("Hoist does not connect: someone may be intercepting the connection. Ask the "
               "server's owner for its key's fingerprint. Only if the key was replaced on purpose, "
               "remove the old one and upload again:\n\nssh-keygen -R '%1' -f %2")
                .arg(question.host, question.knownHostsFile));
    else
        explanation->setText(
            tr("Compare the fingerprint with the one the server's owner gives you (on the "
               "server: ssh-keygen -lf on its host key). If they match, Hoist remembers the key "
               "in %1 and connects; the uploads waiting for it go on.")
                .arg(question.knownHostsFile));

    QDialogButtonBox *buttons = nullptr;
    if (changed) {
        buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    } else {
        buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
        m_connect = buttons->addButton(tr("Connect and &remember"), QDialogButtonBox::AcceptRole);
        m_connect->setObjectName(QStringLiteral("connectAndRemember"));
        m_connect->setAutoDefault(false);
        // Enter must not trust a key: Cancel is the default.
        buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    }
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addLayout(form);
    layout->addWidget(explanation);
    layout->addStretch(1);
    layout->addWidget(buttons);
}
