#include "sshsecretdialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
constexpr int FieldWidth = 320;
constexpr QRgb ProblemColor = 0xc0392b;
} // namespace

SshSecretDialog::SshSecretDialog(const SshQuestion &question, const QString &keyringProblem,
                                 QWidget *parent)
    : QDialog(parent)
    , m_question(question)
{
    setObjectName(QStringLiteral("sshSecretDialog"));
    const QString account = question.account().toHtmlEscaped();
    QString heading;
    QStringList labels;
    switch (question.kind) {
    case SshQuestion::Kind::Passphrase:
        setWindowTitle(tr("Key passphrase"));
        heading = tr("The key file <b>%1</b> is locked with a passphrase. Hoist needs it to sign "
                     "in to %2.")
                      .arg(question.keyFile.toHtmlEscaped(), account);
        labels << tr("Passphrase:");
        break;
    case SshQuestion::Kind::Password:
        setWindowTitle(tr("SSH password"));
        heading = tr("Password for <b>%1</b>").arg(account);
        labels << tr("Password:");
        break;
    default:
        setWindowTitle(tr("SSH sign-in"));
        heading = (question.name.isEmpty()
                       ? tr("<b>%1</b> asks:").arg(account)
                       : tr("<b>%1</b> asks (%2):").arg(account, question.name.toHtmlEscaped()));
        labels = question.prompts;
        break;
    }
    auto *headingLabel = new QLabel(heading, this);
    headingLabel->setTextFormat(Qt::RichText);
    headingLabel->setWordWrap(true);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(headingLabel);
    if (!question.instruction.isEmpty()) {
        auto *instruction = new QLabel(question.instruction, this); // the server's words
        instruction->setTextFormat(Qt::PlainText);
        instruction->setWordWrap(true);
        layout->addWidget(instruction);
    }
    if (question.again) {
        auto *refused = new QLabel(tr("The last answer given was refused; try again."), this);
        QPalette palette;
        palette.setColor(QPalette::WindowText, QColor(ProblemColor));
        refused->setPalette(palette);
        layout->addWidget(refused);
    }
    auto *form = new QFormLayout;
    for (qsizetype i = 0; i < labels.size(); ++i) {
        auto *field = new QLineEdit(this);
        const bool shown =
            question.kind == SshQuestion::Kind::Prompts && question.echo.value(i, false);
        field->setEchoMode(shown ? QLineEdit::Normal : QLineEdit::Password);
        field->setMinimumWidth(FieldWidth);
        field->setAccessibleName(labels.at(i).trimmed());
        form->addRow(labels.at(i).trimmed(), field);
        m_fields << field;
    }
    layout->addLayout(form);

    m_remember = new QCheckBox(tr("Remember in the &keyring"), this);
    m_remember->setChecked(false);
    m_remember->setToolTip(tr("Kept in the system keyring, never in a plain file"));
    if (!keyringProblem.isEmpty()) {
        m_remember->setEnabled(false);
        m_remember->setToolTip(
            tr("Can't be remembered: %1. Hoist keeps it until it quits.").arg(keyringProblem));
    }
    layout->addWidget(m_remember);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_signIn = buttons->addButton(tr("&Sign in"), QDialogButtonBox::AcceptRole);
    m_signIn->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addStretch(1);
    layout->addWidget(buttons);
    if (!m_fields.isEmpty())
        m_fields.constFirst()->setFocus();
}

QStringList SshSecretDialog::values() const
{
    QStringList typed;
    for (const QLineEdit *field : m_fields)
        typed << field->text();
    return typed;
}

bool SshSecretDialog::remember() const
{
    return m_remember->isEnabled() && m_remember->isChecked();
}
