#include "endpointfield.h"

#include "endpointstatus.h"
#include "icons.h"
#include "s3target.h"
#include "s3targetdialog.h"
#include "sftptarget.h"
#include "sftptargetdialog.h"
#include "tokencontrol.h"
#include "uploadscheduler.h"
#include "webdavtarget.h"
#include "webdavtargetdialog.h"

#include <QAction>
#include <QCompleter>
#include <QEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QStringListModel>
#include <QStyle>
#include <QToolTip>

#include <optional>

namespace {
constexpr int endpointWidth = 220;
const char *const endpointKey = "endpoint";
constexpr QRgb problemColor = 0xc0392b;
} // namespace

EndpointField::EndpointField(UploadScheduler *scheduler, QWidget *window)
    : QObject(window)
    , m_scheduler(scheduler)
    , m_window(window)
    , m_label(new QLabel(tr("Server:"), window))
    , m_edit(new QLineEdit(window))
{
    Q_ASSERT(scheduler && window);
    // A remembered endpoint fills in only what the caller (command line) left unset.
    if (m_scheduler->endpoint().isEmpty()) {
        const QString saved = QSettings().value(QLatin1String(endpointKey)).toString();
        if (!saved.isEmpty() && endpointProblem(saved).isEmpty())
            m_scheduler->setEndpoint(QUrl(saved.trimmed()));
    }

    m_label->setContentsMargins(12, 0, 4, 0);
    m_label->setBuddy(m_edit);
    m_edit->setPlaceholderText(tr("https://example.com/files/"));
    m_edit->setMinimumWidth(endpointWidth);
    m_edit->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_edit->setClearButtonEnabled(true);
    // The style's clear button is a bitmap, blurred at 2x: the SVG instead.
    if (QAction *clear = m_edit->findChild<QAction *>(QStringLiteral("_q_qlineeditclearaction")))
        clear->setIcon(Icons::clearText());
    m_edit->setProperty("endpointValid", true);
    m_edit->installEventFilter(this);
    m_namedAction = m_edit->addAction(Icons::computer(), QLineEdit::LeadingPosition);
    m_namedAction->setVisible(false);
    connect(m_namedAction, &QAction::triggered, this, &EndpointField::chooseNamedEndpoint);
    m_warning = m_edit->addAction(Icons::warning(), QLineEdit::TrailingPosition);
    m_warning->setVisible(false);
    m_status = new EndpointStatus(m_edit, m_warning, this);
    m_status->setServerHealth(m_scheduler->serverHealth());
    connect(m_edit, &QLineEdit::editingFinished, this, &EndpointField::applyEndpoint);
    connect(m_edit, &QLineEdit::textEdited, this, [this] { showEndpointProblem({}); });
    showEndpoint();
}

bool EndpointField::eventFilter(QObject *watched, QEvent *event)
{
    // A button that shows or hides (the check, the warning, the named server) moves the others
    // and so where the text ends, but Qt repaints only where the buttons were and are: the text
    // painted before stayed in the gaps between them (QLineEditIconButton::actionEvent, 6.4).
    if (watched == m_edit && event->type() == QEvent::ActionChanged)
        m_edit->update();
    return QObject::eventFilter(watched, event);
}

TokenControl *EndpointField::setTokenKeeper(TokenKeeper *keeper, TargetSettings *targets)
{
    Q_ASSERT(keeper && !m_token);
    m_tokens = keeper;
    m_targets = targets;
    m_token = new TokenControl(m_scheduler, keeper, m_window);
    // In the server field itself, so that it never ends up in the toolbar's overflow menu.
    auto *s3 = m_edit->addAction(Icons::bucket(), QLineEdit::TrailingPosition);
    s3->setObjectName(QStringLiteral("s3TargetAction"));
    s3->setText(tr("S3 bucket…"));
    s3->setToolTip(tr("S3 bucket…: upload to a bucket (service, region, bucket, prefix, keys)"));
    connect(s3, &QAction::triggered, this, &EndpointField::chooseS3Target);
    if (m_targets) {
        auto *sftp = m_edit->addAction(Icons::sftpServer(), QLineEdit::TrailingPosition);
        sftp->setObjectName(QStringLiteral("sftpTargetAction"));
        sftp->setText(tr("SFTP…"));
        sftp->setToolTip(tr("SFTP…: upload to a folder on an SSH server (server, user, folder, "
                            "key)"));
        connect(sftp, &QAction::triggered, this, &EndpointField::chooseSftpTarget);
    }
    auto *webdav = m_edit->addAction(Icons::webDavFolder(), QLineEdit::TrailingPosition);
    webdav->setObjectName(QStringLiteral("webDavTargetAction"));
    webdav->setText(tr("WebDAV…"));
    webdav->setToolTip(tr("WebDAV…: upload to a WebDAV folder: Nextcloud, ownCloud, a NAS "
                          "(address, user, password)"));
    connect(webdav, &QAction::triggered, this, &EndpointField::chooseWebDavTarget);
    m_edit->addAction(m_token->action(), QLineEdit::TrailingPosition);
    connect(m_token, &TokenControl::notice, this, &EndpointField::notice);
    showEndpoint();
    return m_token;
}

void EndpointField::setNamedEndpoint(const NamedEndpoint &named)
{
    m_named = named;
    auto *completer = new QCompleter(new QStringListModel({named.name}, m_edit), m_edit);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    delete m_edit->completer();
    m_edit->setCompleter(completer);
    m_namedAction->setText(tr("Upload to %1").arg(named.name));
    m_namedAction->setToolTip(m_namedAction->text());
    showEndpoint();
}

bool EndpointField::usesNamedEndpoint() const
{
    const QUrl url = m_scheduler->endpoint();
    return !m_named.name.isEmpty() && !url.isEmpty() && url == m_named.url;
}

QString EndpointField::endpointToolTip() const
{
    if (S3Target::isS3(m_scheduler->endpoint()))
        return tr("The S3 bucket new uploads go to: %1")
            .arg(m_scheduler->endpoint().toDisplayString());
    if (WebDavTarget::isWebDav(m_scheduler->endpoint()))
        return tr("The WebDAV folder new uploads go to: %1")
            .arg(m_scheduler->endpoint().toDisplayString());
    if (SftpTarget::isSftp(m_scheduler->endpoint()))
        return tr("The SFTP folder new uploads go to: %1")
            .arg(m_scheduler->endpoint().toDisplayString());
    return usesNamedEndpoint() ? tr("%1: Hoist's own server, at %2")
                                     .arg(m_named.name, m_named.url.toDisplayString())
                               : tr("The tus endpoint new uploads go to");
}

QString EndpointField::shownEndpoint() const
{
    if (usesNamedEndpoint())
        return m_named.name;
    const std::optional<S3Target> s3 = S3Target::fromUrl(m_scheduler->endpoint());
    return s3 ? s3->displayName() : m_scheduler->endpoint().toString();
}

// The endpoint the scheduler uses, by name when it is the named server's or an S3 bucket.
void EndpointField::showEndpoint()
{
    const bool named = usesNamedEndpoint();
    m_edit->setText(shownEndpoint());
    m_edit->setCursorPosition(0); // the start says the most: the bucket, the host
    m_edit->setToolTip(endpointToolTip());
    m_namedAction->setVisible(!m_named.name.isEmpty() && !named);
    if (m_token)
        m_token->setEndpoint(m_scheduler->endpoint(), named);
    const QUrl endpoint = m_scheduler->endpoint();
    m_status->check(endpoint, m_scheduler->headersFor(endpoint));
}

void EndpointField::chooseNamedEndpoint()
{
    QString error;
    const QUrl url = m_named.start ? m_named.start(&error) : m_named.url;
    if (url.isEmpty()) {
        const QString problem = tr("%1 is not available: %2").arg(m_named.name, error);
        showEndpointProblem(problem);
        showProblemTip(problem);
        return;
    }
    m_named.url = url;
    m_scheduler->setEndpoint(url);
    // Its port may differ next time; the app finds it again when nothing is remembered.
    QSettings().remove(QLatin1String(endpointKey));
    showEndpointProblem({});
    showEndpoint();
}

QString EndpointField::endpointProblem(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return tr("Enter the upload server's address, e.g. https://example.com/files/");
    const QUrl url(trimmed, QUrl::StrictMode);
    if (!url.isValid())
        return tr("Not a valid address: %1").arg(url.errorString());
    const QString scheme = url.scheme().toLower();
    QString s3Problem;
    if (S3Target::isS3(url))
        return S3Target::fromUrl(url, &s3Problem) ? QString() : s3Problem;
    if (WebDavTarget::isWebDav(url))
        return WebDavTarget::fromUrl(url, &s3Problem) ? QString() : s3Problem;
    if (SftpTarget::isSftp(url))
        return SftpTarget::fromUrl(url, &s3Problem) ? QString() : s3Problem;
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        return tr("The address must start with http://, https://, dav://, davs:// or sftp://");
    if (url.host().isEmpty())
        return tr("The address has no server name");
    return {};
}

void EndpointField::applyEndpoint()
{
    const QString text = m_edit->text().trimmed();
    if (text == shownEndpoint())
        return; // left as shown (an S3 target shows its name)
    if (!m_named.name.isEmpty()
        && (text.isEmpty() || text.compare(m_named.name, Qt::CaseInsensitive) == 0
            || (!m_named.url.isEmpty() && QUrl(text) == m_named.url))) {
        chooseNamedEndpoint();
        return;
    }
    const QString problem = endpointProblem(text);
    showEndpointProblem(problem);
    if (!problem.isEmpty()) {
        showProblemTip(problem);
        return;
    }
    const std::optional<S3Target> s3 = S3Target::fromUrl(QUrl(text));
    useEndpoint(s3 ? s3->toUrl() : QUrl(text));
}

void EndpointField::useEndpoint(const QUrl &url)
{
    if (url == m_scheduler->endpoint()) { // asked again only when the field was edited
        m_status->check(url, m_scheduler->headersFor(url));
        return;
    }
    m_scheduler->setEndpoint(url);
    QSettings().setValue(QLatin1String(endpointKey), url.toString()); // never keys (S3Target)
    showEndpointProblem({});
    showEndpoint();
}

void EndpointField::chooseS3Target()
{
    auto *dialog = new S3TargetDialog(m_tokens, m_scheduler->endpoint(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &S3TargetDialog::chosen, this, &EndpointField::useEndpoint);
    dialog->open();
}

void EndpointField::chooseSftpTarget()
{
    auto *dialog = new SftpTargetDialog(m_targets, m_scheduler->endpoint(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SftpTargetDialog::chosen, this, &EndpointField::useEndpoint);
    dialog->open();
}

void EndpointField::chooseWebDavTarget()
{
    auto *dialog = new WebDavTargetDialog(m_tokens, m_scheduler->endpoint(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &WebDavTargetDialog::chosen, this, &EndpointField::useEndpoint);
    dialog->open();
}

void EndpointField::showEndpointProblem(const QString &problem)
{
    const bool valid = problem.isEmpty();
    m_edit->setProperty("endpointValid", valid);
    QPalette palette; // nothing set: inherits the window's
    if (!valid)
        palette.setColor(QPalette::Text, QColor(problemColor));
    m_edit->setPalette(palette);
    m_edit->setToolTip(valid ? endpointToolTip() : problem);
    m_warning->setToolTip(problem);
    m_warning->setVisible(!valid);
}

// Right under the field: the person is looking there, not at its tooltip.
void EndpointField::showProblemTip(const QString &problem)
{
    QToolTip::showText(m_edit->mapToGlobal(QPoint(0, m_edit->height())), problem, m_edit);
}
