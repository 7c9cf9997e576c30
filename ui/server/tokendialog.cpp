#include "tokendialog.h"

#include "tokenkeeper.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
constexpr int tokenFieldWidth = 380;
constexpr QRgb problemColor = 0xc0392b;
} // namespace

TokenDialog::TokenDialog(TokenKeeper *keeper, const QUrl &endpoint, QWidget *parent)
    : QDialog(parent)
    , m_keeper(keeper)
    , m_endpoint(endpoint)
{
    Q_ASSERT(keeper);
    setWindowTitle(tr("Token for %1").arg(endpoint.host()));

    auto *heading =
        new QLabel(tr("Token for <b>%1</b>")
                       .arg(endpoint.toDisplayString(QUrl::RemoveUserInfo).toHtmlEscaped()),
                   this);
    heading->setTextFormat(Qt::RichText);
    auto *explanation =
        new QLabel(tr("Uploads to this server only send it, as “Authorization: Bearer …”."), this);
    explanation->setWordWrap(true);

    m_token = new QLineEdit(this);
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setMinimumWidth(tokenFieldWidth);
    m_token->setClearButtonEnabled(true);
    m_token->setAccessibleName(tr("Token"));
    heading->setBuddy(m_token);

    m_remember = new QCheckBox(tr("&Remember on this computer"), this);
    m_remember->setToolTip(tr("Kept in the system keyring, never in a plain file"));
    m_note = new QLabel(this);
    m_note->setWordWrap(true);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    m_save = m_buttons->button(QDialogButtonBox::Save);
    m_clear = m_buttons->addButton(tr("C&lear token"), QDialogButtonBox::ResetRole);
    m_clear->setToolTip(tr("Send no token to this server; the keyring forgets it"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &TokenDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_clear, &QPushButton::clicked, this, &TokenDialog::clearToken);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addWidget(explanation);
    layout->addWidget(m_token);
    layout->addWidget(m_remember);
    layout->addWidget(m_note);
    layout->addStretch(1);
    layout->addWidget(m_buttons);

    connect(m_token, &QLineEdit::textChanged, this, &TokenDialog::refresh);
    connect(m_remember, &QCheckBox::clicked, this, [this] {
        m_rememberTouched = true;
        refresh();
    });
    connect(m_keeper, &TokenKeeper::keyringChanged, this, &TokenDialog::refresh);
    connect(m_keeper, &TokenKeeper::tokenChanged, this, &TokenDialog::refresh);
    refresh();
}

void TokenDialog::refresh()
{
    const bool hasToken = m_keeper->hasToken(m_endpoint);
    const bool remembered = m_keeper->isRemembered(m_endpoint);
    const bool noKeyring = m_keeper->keyring() == TokenKeeper::Keyring::Unavailable;
    const QString typed = m_token->text();
    const bool typedValid = !TokenKeeper::cleaned(typed).isEmpty();

    m_token->setPlaceholderText(hasToken ? tr("A token is set; type a new one to replace it")
                                         : tr("Paste the token"));
    if (noKeyring) {
        m_remember->setChecked(false);
        m_remember->setEnabled(false);
    } else {
        m_remember->setEnabled(true);
        if (!m_rememberTouched)
            m_remember->setChecked(hasToken ? remembered : true);
    }

    QString note;
    bool problem = false;
    if (!typed.trimmed().isEmpty() && !typedValid) {
        note = tr("That is not a token: it holds spaces, line breaks or other characters a "
                  "request header cannot carry.");
        problem = true;
    } else if (noKeyring) {
        note = tr("Can't be remembered: no keyring. Hoist keeps the token until it quits.");
    } else if (m_keeper->isLookingUp(m_endpoint)) {
        note = tr("Looking in the keyring…");
    } else if (hasToken) {
        note = remembered ? tr("A token is set and remembered on this computer.")
                          : tr("A token is set for this session only.");
    } else {
        note = tr("No token set: uploads to this server send none.");
    }
    m_note->setText(note);
    m_note->setToolTip(noKeyring ? m_keeper->keyringProblem() : QString());
    QPalette palette;
    if (problem)
        palette.setColor(QPalette::WindowText, QColor(problemColor));
    m_note->setPalette(palette);

    const bool rememberChanged = hasToken && m_remember->isChecked() != remembered;
    m_save->setEnabled(typedValid || (typed.trimmed().isEmpty() && rememberChanged));
    m_clear->setEnabled(hasToken);
}

void TokenDialog::accept()
{
    const QString token = TokenKeeper::cleaned(m_token->text());
    if (!token.isEmpty())
        m_keeper->setToken(m_endpoint, token, m_remember->isChecked());
    else if (m_token->text().trimmed().isEmpty())
        m_keeper->setRemembered(m_endpoint, m_remember->isChecked());
    else
        return; // not a token: the note says why
    m_token->clear();
    QDialog::accept();
}

void TokenDialog::clearToken()
{
    m_keeper->clearToken(m_endpoint);
    m_token->clear();
    QDialog::accept();
}
