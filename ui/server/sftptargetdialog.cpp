#include "sftptargetdialog.h"

#include "sftptarget.h"
#include "targetsettings.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
constexpr int FieldWidth = 380;
constexpr QRgb ProblemColor = 0xc0392b;
constexpr int MaxPort = 65535;
// What libssh's sign-in tries after ssh-agent when no key file is set (core/sftp/sshauth).
const char *const DefaultKeys[] = {"id_ed25519", "id_ecdsa", "id_rsa"};
const char *const ForbiddenInHost = " /\\@?#";
const char *const ForbiddenInUser = " /\\@:";

// "~/.ssh/id_rsa" for a path in the home folder: shorter, and what people write.
QString shown(const QString &path)
{
    const QString home = QDir::homePath();
    if (path.startsWith(home + QLatin1Char('/')))
        return QLatin1Char('~') + path.mid(home.size());
    return path;
}

bool holdsAnyOf(const QString &text, const char *characters)
{
    for (const char *c = characters; *c; ++c) {
        if (text.contains(QLatin1Char(*c)))
            return true;
    }
    return false;
}

// The remote folder as typed ("~/in", "in", "/srv/in", "") as an sftp:// path: relative folders
// are the home folder's, as sftp reads them ("/~/in"), and nothing is the home folder itself.
QString remotePath(const QString &typed)
{
    const QString folder = typed.trimmed();
    if (folder.isEmpty() || folder == QLatin1String("~"))
        return QStringLiteral("/~");
    if (folder.startsWith(QLatin1String("~/")))
        return QLatin1Char('/') + folder;
    if (folder.startsWith(QLatin1Char('/')))
        return folder;
    return QLatin1String("/~/") + folder;
}

// The other way round, for the field: "/~/in" is "~/in".
QString typedFolder(const QString &path)
{
    if (path == QLatin1String("/~") || path == QLatin1String("/~/"))
        return QStringLiteral("~");
    if (path.startsWith(QLatin1String("/~/")))
        return path.mid(1);
    return path.isEmpty() ? QStringLiteral("/") : path;
}
} // namespace

SftpTargetDialog::SftpTargetDialog(TargetSettings *settings, const QUrl &current, QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
{
    Q_ASSERT(settings);
    setWindowTitle(tr("SFTP server"));

    const auto field = [this](const QString &accessible, const QString &placeholder) {
        auto *edit = new QLineEdit(this);
        edit->setAccessibleName(accessible);
        edit->setPlaceholderText(placeholder);
        connect(edit, &QLineEdit::textChanged, this, &SftpTargetDialog::refresh);
        return edit;
    };
    m_host = field(tr("Server"), tr("example.com or 192.0.2.7"));
    m_host->setMinimumWidth(FieldWidth);
    m_port = field(tr("Port"), QString::number(SftpTarget::DefaultPort));
    m_port->setMaxLength(5);
    const QString localUser = qEnvironmentVariable("USER");
    m_user = field(tr("User"), localUser);
    m_folder = field(tr("Remote folder"), tr("~/uploads or /srv/uploads; empty: the home folder"));
    m_folder->setToolTip(tr("A folder not starting with / is under the user's home folder on "
                            "the server. Missing folders are created."));

    QStringList found;
    for (const QString &key : defaultKeyFiles()) {
        if (QFileInfo::exists(key))
            found << shown(key);
    }
    m_keyFile =
        field(tr("Key file"), found.isEmpty() ? tr("ssh-agent (no key in ~/.ssh)")
                                              : tr("ssh-agent, then %1").arg(found.join(tr(", "))));
    m_keyFile->setToolTip(tr("Empty: ssh-agent's keys, then ~/.ssh/id_ed25519, id_ecdsa and "
                             "id_rsa (as --ssh-identity). For every SFTP server."));
    m_knownHosts = field(tr("Known hosts file"), tr("~/.ssh/known_hosts"));
    m_knownHosts->setToolTip(tr("Where the servers' host keys are checked, and a newly accepted "
                                "one written (as --ssh-known-hosts). For every SFTP server."));
    const auto withButton = [this](QLineEdit *edit, QPushButton **button) {
        auto *row = new QHBoxLayout;
        row->addWidget(edit, 1);
        *button = new QPushButton(tr("Choose…"), this);
        row->addWidget(*button);
        return row;
    };
    QHBoxLayout *keyRow = withButton(m_keyFile, &m_chooseKey);
    m_chooseKey->setAccessibleName(tr("Choose a key file"));
    connect(m_chooseKey, &QPushButton::clicked, this, &SftpTargetDialog::chooseKeyFile);
    QHBoxLayout *knownHostsRow = withButton(m_knownHosts, &m_chooseKnownHosts);
    m_chooseKnownHosts->setAccessibleName(tr("Choose a known hosts file"));
    connect(m_chooseKnownHosts, &QPushButton::clicked, this, &SftpTargetDialog::chooseKnownHosts);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *form = new QFormLayout;
    form->addRow(tr("&Server:"), m_host);
    form->addRow(tr("P&ort:"), m_port);
    form->addRow(tr("&User:"), m_user);
    form->addRow(tr("Remote &folder:"), m_folder);
    // A label of its own: one QFormLayout makes for a row of a layout has no buddy, so no "&".
    const auto buddyLabel = [this](const QString &text, QWidget *buddy) {
        auto *label = new QLabel(text, this);
        label->setBuddy(buddy);
        return label;
    };
    form->addRow(buddyLabel(tr("&Key file:"), m_keyFile), keyRow);
    form->addRow(buddyLabel(tr("Known &hosts:"), m_knownHosts), knownHostsRow);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    m_save = buttons->button(QDialogButtonBox::Save);
    connect(buttons, &QDialogButtonBox::accepted, this, &SftpTargetDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    auto *explanation =
        new QLabel(tr("Files go to the folder on the server by the path the table shows: a "
                      "dropped folder keeps its structure. Hoist signs in with ssh-agent's keys or "
                      "a key file; the key and the known hosts serve every SFTP server."),
                   this);
    explanation->setWordWrap(true);
    layout->addWidget(explanation);
    layout->addLayout(form);
    layout->addWidget(m_note);
    layout->addStretch(1);
    layout->addWidget(buttons);

    if (const std::optional<SftpTarget> given = SftpTarget::fromUrl(current)) {
        m_host->setText(given->host());
        if (given->port() != SftpTarget::DefaultPort)
            m_port->setText(QString::number(given->port()));
        m_user->setText(given->user());
        m_folder->setText(typedFolder(current.path()));
    }
    m_keyFile->setText(shown(m_settings->identityFile()));
    m_knownHosts->setText(shown(m_settings->knownHostsFile()));
    refresh();
}

QStringList SftpTargetDialog::defaultKeyFiles()
{
    QStringList files;
    for (const char *name : DefaultKeys)
        files << QDir::homePath() + QLatin1String("/.ssh/") + QLatin1String(name);
    return files;
}

QString SftpTargetDialog::expanded(const QString &path)
{
    const QString trimmed = path.trimmed();
    if (trimmed == QLatin1String("~") || trimmed.startsWith(QLatin1String("~/")))
        return QDir::homePath() + trimmed.mid(1);
    return trimmed;
}

QUrl SftpTargetDialog::endpoint(QString *problem) const
{
    const auto fail = [problem](const QString &why) {
        if (problem)
            *problem = why;
        return QUrl();
    };
    const QString host = m_host->text().trimmed();
    if (host.isEmpty())
        return fail(tr("Enter the server's name or address."));
    if (holdsAnyOf(host, ForbiddenInHost))
        return fail(tr("“%1” is not a server name: type the name or address alone "
                       "(example.com, 192.0.2.7).")
                        .arg(host));
    QUrl url;
    url.setScheme(QString::fromLatin1(SftpTarget::Scheme));
    url.setHost(host, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty())
        return fail(tr("“%1” is not a server name or address.").arg(host));

    const QString portText = m_port->text().trimmed();
    if (!portText.isEmpty()) {
        bool number = false;
        const int port = portText.toInt(&number);
        if (!number || port < 1 || port > MaxPort)
            return fail(tr("The port is a number from 1 to 65535 (empty: %1).")
                            .arg(SftpTarget::DefaultPort));
        if (port != SftpTarget::DefaultPort)
            url.setPort(port);
    }

    const QString user =
        m_user->text().trimmed().isEmpty() ? m_user->placeholderText() : m_user->text().trimmed();
    if (user.isEmpty())
        return fail(tr("Enter the user to sign in as."));
    if (holdsAnyOf(user, ForbiddenInUser))
        return fail(tr("A user name holds no blank, /, \\, @ or :."));
    url.setUserName(user, QUrl::DecodedMode);

    const QString path = remotePath(m_folder->text());
    if (path.split(QLatin1Char('/')).contains(QLatin1String("..")))
        return fail(tr("The remote folder must not contain “..”: name the folder itself."));
    if (path.contains(QLatin1String("//")))
        return fail(tr("The remote folder has an empty name in it (“//”)."));
    url.setPath(path, QUrl::DecodedMode);

    QString targetProblem;
    if (!SftpTarget::fromUrl(url, &targetProblem))
        return fail(targetProblem);
    if (const QString files = fileProblem(); !files.isEmpty())
        return fail(files);
    return url;
}

QString SftpTargetDialog::fileProblem() const
{
    const QString key = expanded(m_keyFile->text());
    if (!key.isEmpty()) {
        const QFileInfo info(key);
        if (!info.exists())
            return tr("There is no key file %1.").arg(shown(key));
        if (!info.isFile() || !info.isReadable())
            return tr("%1 is not a file Hoist can read.").arg(shown(key));
        if (key.endsWith(QLatin1String(".pub")))
            return tr("%1 is the public key: choose the private key beside it (without .pub).")
                .arg(shown(key));
    }
    const QString knownHosts = expanded(m_knownHosts->text());
    if (!knownHosts.isEmpty()) {
        const QFileInfo info(knownHosts);
        if (info.isDir())
            return tr("%1 is a folder: name the known hosts file in it.").arg(shown(knownHosts));
        if (!info.absoluteDir().exists())
            return tr("The folder of %1 does not exist.").arg(shown(knownHosts));
    }
    return {};
}

void SftpTargetDialog::refresh()
{
    QString problem;
    const QUrl url = endpoint(&problem);
    m_note->setText(problem.isEmpty() ? tr("Uploads go to %1").arg(url.toDisplayString())
                                      : problem);
    QPalette palette;
    if (!problem.isEmpty())
        palette.setColor(QPalette::WindowText, QColor(ProblemColor));
    m_note->setPalette(palette);
    m_save->setEnabled(problem.isEmpty());
}

void SftpTargetDialog::chooseKeyFile()
{
    const QString start = m_keyFile->text().trimmed().isEmpty()
                              ? QDir::homePath() + QLatin1String("/.ssh")
                              : expanded(m_keyFile->text());
    const QString file = QFileDialog::getOpenFileName(this, tr("Key file"), start);
    if (!file.isEmpty())
        m_keyFile->setText(shown(file));
}

void SftpTargetDialog::chooseKnownHosts()
{
    const QString start = m_knownHosts->text().trimmed().isEmpty()
                              ? QDir::homePath() + QLatin1String("/.ssh/known_hosts")
                              : expanded(m_knownHosts->text());
    // It may not exist yet: the first host key accepted makes it.
    const QString file = QFileDialog::getSaveFileName(
        this, tr("Known hosts file"), start, QString(), nullptr, QFileDialog::DontConfirmOverwrite);
    if (!file.isEmpty())
        m_knownHosts->setText(shown(file));
}

void SftpTargetDialog::accept()
{
    const QUrl url = endpoint();
    if (url.isEmpty() || !m_save->isEnabled())
        return;
    // Only what changed: a command line's key stays in force until one is chosen here.
    const QString key = expanded(m_keyFile->text());
    if (key != m_settings->identityFile())
        m_settings->setIdentityFile(key);
    const QString knownHosts = expanded(m_knownHosts->text());
    if (knownHosts != m_settings->knownHostsFile())
        m_settings->setKnownHostsFile(knownHosts);
    Q_EMIT chosen(url);
    QDialog::accept();
}
