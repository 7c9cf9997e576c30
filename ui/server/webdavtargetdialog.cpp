#include "webdavtargetdialog.h"

#include "tokenkeeper.h"
#include "webdavtarget.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
constexpr int FieldWidth = 380;
constexpr QRgb ProblemColor = 0xc0392b;
const char *const NextcloudFiles = "/remote.php/dav/files/";
const char *const NextcloudOld = "/remote.php/webdav";

// The address as a person knows it: https:// for davs://, without the user.
QString typedAddress(const QUrl &endpoint)
{
    const std::optional<WebDavTarget> target = WebDavTarget::fromUrl(endpoint);
    return target ? target->collectionUrl().toString() : QString();
}
} // namespace

WebDavTargetDialog::WebDavTargetDialog(TokenKeeper *keeper, const QUrl &current, QWidget *parent)
    : QDialog(parent)
    , m_keeper(keeper)
    , m_opened(current)
{
    Q_ASSERT(keeper);
    setWindowTitle(tr("WebDAV folder"));

    const auto field = [this](const QString &accessible, const QString &placeholder) {
        auto *edit = new QLineEdit(this);
        edit->setAccessibleName(accessible);
        edit->setPlaceholderText(placeholder);
        edit->setMinimumWidth(FieldWidth);
        connect(edit, &QLineEdit::textChanged, this, &WebDavTargetDialog::refresh);
        return edit;
    };
    m_address = field(tr("Address"), tr("https://cloud.example.com/remote.php/dav/files/USER/"));
    m_address->setToolTip(tr("The folder's address: https:// or http:// (davs:// and dav:// "
                             "too). Missing folders below it are created."));
    m_user = field(tr("User"), tr("empty: a bearer token, or no sign-in"));
    m_password = field(tr("Password"), QString());
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setClearButtonEnabled(true);
    m_passwordLabel = new QLabel(tr("&Password:"), this);
    m_passwordLabel->setBuddy(m_password);
    m_remember = new QCheckBox(tr("&Remember it on this computer"), this);
    m_remember->setToolTip(tr("Kept in the system keyring, never in a plain file"));
    m_remember->setChecked(m_keeper->keyring() != TokenKeeper::Keyring::Unavailable);
    m_remember->setEnabled(m_keeper->keyring() != TokenKeeper::Keyring::Unavailable);
    connect(m_remember, &QCheckBox::toggled, this, &WebDavTargetDialog::refresh);
    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *form = new QFormLayout;
    form->addRow(tr("&Address:"), m_address);
    form->addRow(tr("&User:"), m_user);
    form->addRow(m_passwordLabel, m_password);
    form->addRow(QString(), m_remember);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    m_save = buttons->button(QDialogButtonBox::Save);
    connect(buttons, &QDialogButtonBox::accepted, this, &WebDavTargetDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    auto *explanation = new QLabel(
        tr("Files go into the folder by the path the table shows: a dropped folder keeps its "
           "structure. Plain WebDAV cannot resume: an interrupted file is sent again."),
        this);
    explanation->setWordWrap(true);
    layout->addWidget(explanation);
    layout->addLayout(form);
    layout->addWidget(m_hint);
    layout->addWidget(m_note);
    layout->addStretch(1);
    layout->addWidget(buttons);

    if (const std::optional<WebDavTarget> given = WebDavTarget::fromUrl(current)) {
        m_address->setText(typedAddress(current));
        m_user->setText(given->userName());
        m_remember->setChecked(m_keeper->isRemembered(current)
                               || (m_remember->isEnabled() && !m_keeper->hasToken(current)));
    }
    refresh();
}

QUrl WebDavTargetDialog::endpoint(QString *problem) const
{
    const auto fail = [problem](const QString &why) {
        if (problem)
            *problem = why;
        return QUrl();
    };
    QString text = m_address->text().trimmed();
    if (text.isEmpty())
        return fail(tr("Enter the WebDAV folder's address."));
    if (!text.contains(QLatin1String("://")))
        text.prepend(QLatin1String("https://")); // "cloud.example.com/dav" as a browser reads it
    QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return fail(tr("Not a valid address: %1").arg(url.errorString()));
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("https") || scheme == QLatin1String("davs"))
        url.setScheme(QString::fromLatin1(WebDavTarget::SecureScheme));
    else if (scheme == QLatin1String("http") || scheme == QLatin1String("dav"))
        url.setScheme(QString::fromLatin1(WebDavTarget::Scheme));
    else
        return fail(tr("The address must start with https:// or http://."));
    if (!url.password().isEmpty())
        return fail(tr("Type the password in its own field, not in the address."));
    // The user field says who signs in; one written in the address fills it when empty.
    const QString user =
        m_user->text().trimmed().isEmpty() ? url.userName() : m_user->text().trimmed();
    if (user.contains(QLatin1Char(':')))
        return fail(tr("A user name holds no “:”."));
    url.setUserInfo(QString());
    if (!user.isEmpty())
        url.setUserName(user, QUrl::DecodedMode);
    QString targetProblem;
    if (!WebDavTarget::fromUrl(url, &targetProblem))
        return fail(targetProblem);
    return url;
}

QString WebDavTargetDialog::passwordProblem(const QString &password)
{
    for (const QChar c : password) {
        if (c == QLatin1Char(' '))
            return tr("The password holds a blank, which Hoist cannot keep: it keeps passwords "
                      "of visible ASCII characters only (letters, digits, punctuation). Choose "
                      "another one, or an app password the server makes.");
        if (c.unicode() < 0x21 || c.unicode() > 0x7e)
            return tr("The password holds a character outside visible ASCII (an accent, a "
                      "symbol, a tab), which Hoist cannot keep: it keeps letters, digits and "
                      "punctuation only. Choose another one, or an app password the server "
                      "makes.");
    }
    if (TokenKeeper::cleaned(password) != password)
        return tr("A password of just that word cannot be kept: Hoist reads it as a token's "
                  "prefix.");
    return {};
}

QString WebDavTargetDialog::serverHint(const QUrl &endpoint)
{
    const QString path = endpoint.path();
    if (path.contains(QLatin1String(NextcloudOld)))
        return tr("Nextcloud or ownCloud: its newer address, …/remote.php/dav/files/USER/, lets "
                  "large files go in chunks that resume after an interruption.");
    const qsizetype at = path.indexOf(QLatin1String(NextcloudFiles));
    if (at < 0)
        return {};
    const QString owner =
        path.mid(at + qsizetype(qstrlen(NextcloudFiles))).section(QLatin1Char('/'), 0, 0);
    QString hint = tr("Nextcloud or ownCloud: files over 10 MiB go in chunks that resume after "
                      "an interruption. With two-factor sign-in, use an app password "
                      "(Settings → Security).");
    if (!owner.isEmpty() && !endpoint.userName().isEmpty() && owner != endpoint.userName())
        hint += QLatin1Char(' ')
                + tr("The address is %1's files, but %2 signs in.").arg(owner, endpoint.userName());
    return hint;
}

bool WebDavTargetDialog::keepsKnownPassword(const QUrl &endpoint) const
{
    // Tokens are kept per folder, whoever signs in: the one set is the opened endpoint user's.
    const auto same = [](const QUrl &url) {
        return url.adjusted(QUrl::StripTrailingSlash | QUrl::NormalizePathSegments);
    };
    return !endpoint.isEmpty() && same(endpoint) == same(m_opened) && m_keeper->hasToken(endpoint);
}

void WebDavTargetDialog::refresh()
{
    QString problem;
    const QUrl url = endpoint(&problem);
    const bool user = !url.isEmpty() && !url.userName().isEmpty();
    const bool keeping = m_password->text().isEmpty() && keepsKnownPassword(url);
    m_passwordLabel->setText(user ? tr("&Password:") : tr("&Token:"));
    m_password->setAccessibleName(user ? tr("Password") : tr("Bearer token"));
    m_password->setPlaceholderText(keeping ? tr("Set; type a new one to replace it")
                                   : user  ? tr("%1's password").arg(url.userName())
                                           : tr("optional: sent as “Authorization: Bearer”"));
    const QString typed = m_password->text();
    if (problem.isEmpty() && user && typed.isEmpty() && !keeping)
        problem = tr("Enter %1's password.").arg(url.userName());
    else if (problem.isEmpty() && user)
        problem = passwordProblem(typed);
    else if (problem.isEmpty() && !typed.isEmpty() && TokenKeeper::cleaned(typed).isEmpty())
        problem = tr("A token holds visible ASCII characters only (no blanks, no line breaks).");
    m_hint->setText(url.isEmpty() ? QString() : serverHint(url));
    m_hint->setVisible(!m_hint->text().isEmpty());
    QString note = problem;
    if (note.isEmpty()) {
        note = tr("Uploads go to %1").arg(url.toDisplayString());
        if (!m_remember->isEnabled())
            note += QLatin1Char(' ')
                    + tr("Can't remember the password: no keyring. Hoist keeps it until it "
                         "quits.");
    }
    m_note->setText(note);
    QPalette palette;
    if (!problem.isEmpty())
        palette.setColor(QPalette::WindowText, QColor(ProblemColor));
    m_note->setPalette(palette);
    m_save->setEnabled(problem.isEmpty());
}

void WebDavTargetDialog::accept()
{
    const QUrl url = endpoint();
    if (url.isEmpty() || !m_save->isEnabled())
        return;
    if (!m_password->text().isEmpty())
        m_keeper->setToken(url, m_password->text(), m_remember->isChecked());
    else if (m_keeper->hasToken(url))
        m_keeper->setRemembered(url, m_remember->isChecked());
    m_password->clear();
    Q_EMIT chosen(url);
    QDialog::accept();
}
