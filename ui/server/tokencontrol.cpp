#include "tokencontrol.h"

#include "endpointheaders.h"
#include "icons.h"
#include "s3target.h"
#include "tokendialog.h"
#include "tokenkeeper.h"
#include "uploadscheduler.h"

#include <QAction>
#include <QDialog>
#include <QWidget>

namespace {
// How long the status bar shows that a server refused its token.
constexpr int NoticeMs = 30000;
} // namespace

TokenControl::TokenControl(UploadScheduler *scheduler, TokenKeeper *keeper, QWidget *window)
    : QObject(window)
    , m_scheduler(scheduler)
    , m_keeper(keeper)
    , m_window(window)
    , m_action(new QAction(Icons::token(), tr("Token…"), this))
{
    m_action->setObjectName(QStringLiteral("tokenAction"));
    m_action->setShortcut(shortcut());
    // Checked shows "a token is set"; a click only opens the dialog.
    m_action->setCheckable(true);
    connect(m_action, &QAction::triggered, this, [this] {
        refresh(); // undo the toggle the click made
        openDialog();
    });
    connect(m_keeper, &TokenKeeper::tokenChanged, this, &TokenControl::refresh);
    connect(m_keeper, &TokenKeeper::keyringChanged, this, &TokenControl::refresh);
    connect(m_keeper, &TokenKeeper::rememberFailed, this,
            [this](const QUrl &endpoint, const QString &problem) {
                Q_EMIT notice(tr("The keyring did not keep the token for %1 (%2); Hoist keeps "
                                 "it until it quits.")
                                  .arg(endpoint.host(), problem),
                              NoticeMs);
            });
    connect(m_scheduler, &UploadScheduler::taskFinished, this, &TokenControl::onFinished);
    refresh();
}

void TokenControl::setEndpoint(const QUrl &endpoint, bool local)
{
    m_endpoint = endpoint;
    m_local = local;
    if (!local)
        m_keeper->lookUp(endpoint);
    if (m_dialog
        && EndpointHeaders::keyOf(m_dialog->endpoint()) != EndpointHeaders::keyOf(endpoint))
        m_dialog->reject(); // it was about the other server
    refresh();
}

void TokenControl::refresh()
{
    const bool s3 = S3Target::isS3(m_endpoint); // signs with keys instead (S3TargetDialog)
    const bool usable = !m_local && !s3 && !EndpointHeaders::keyOf(m_endpoint).isEmpty();
    const bool has = usable && m_keeper->hasToken(m_endpoint);
    m_action->setEnabled(usable);
    m_action->setChecked(has);
    QString tip;
    if (m_local)
        tip = tr("Hoist's own server on this computer needs no token");
    else if (s3)
        tip = tr("An S3 bucket takes keys, not a token: see “S3 bucket…”");
    else if (!usable)
        tip = tr("Set a server address first");
    else if (!has)
        tip = tr("No token set for this server. Click to give one.");
    else if (m_keeper->isRemembered(m_endpoint))
        tip = tr("A token is set for this server and remembered on this computer.");
    else
        tip = tr("A token is set for this server, for this session only.");
    m_action->setStatusTip(tip);
    m_action->setToolTip(
        tr("Token… (%1): %2").arg(shortcut().toString(QKeySequence::NativeText), tip));
}

QKeySequence TokenControl::shortcut()
{
    return QKeySequence(Qt::CTRL | Qt::Key_T);
}

TokenDialog *TokenControl::dialog() const
{
    return m_dialog.data();
}

TokenDialog *TokenControl::openDialog()
{
    if (m_dialog) {
        m_dialog->raise();
        m_dialog->activateWindow();
        return m_dialog;
    }
    if (!m_action->isEnabled())
        return nullptr;
    m_dialog = new TokenDialog(m_keeper, m_endpoint, m_window);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    // Saved (not cleared): what the server refused for want of it goes again, with it.
    connect(m_dialog, &QDialog::accepted, this, [this, endpoint = m_endpoint] {
        if (!m_keeper->hasToken(endpoint))
            return;
        if (const int n = retryRefused(endpoint))
            Q_EMIT notice(tr("Retrying %n upload(s) to %1 with the new token.", nullptr, n)
                              .arg(endpoint.host()),
                          NoticeMs);
    });
    m_dialog->open(); // window-modal, returns at once
    return m_dialog;
}

bool TokenControl::refusedToken(const UploadTask &task)
{
    // The task keeps the status of the answer that failed it, also across a restart (a row
    // failed before schema 10 has it from its words, TaskStore's migration). An S3 bucket signs
    // with keys, not a token.
    return task.state() == TaskState::Error && task.httpStatus() == 401
           && !S3Target::isS3(task.endpoint());
}

int TokenControl::retryRefused(const QUrl &endpoint)
{
    const QString key = EndpointHeaders::keyOf(endpoint);
    QList<TaskId> refused;
    const QList<TaskId> ids = m_scheduler->taskIds();
    for (const TaskId id : ids) {
        const UploadTask *task = m_scheduler->task(id);
        if (task && refusedToken(*task) && EndpointHeaders::keyOf(task->endpoint()) == key)
            refused << id;
    }
    return refused.isEmpty() ? 0 : m_scheduler->retryFailed(refused);
}

void TokenControl::onFinished(TaskId id)
{
    const UploadTask *task = m_scheduler->task(id);
    if (!task || !refusedToken(*task))
        return;
    const QString server = task->endpoint().host();
    const bool here =
        EndpointHeaders::keyOf(task->endpoint()) == EndpointHeaders::keyOf(m_endpoint);
    const bool has = m_keeper->hasToken(task->endpoint());
    QString text = has ? tr("%1 refused the token (HTTP 401).").arg(server)
                       : tr("%1 wants a token (HTTP 401).").arg(server);
    const QString keys = shortcut().toString(QKeySequence::NativeText);
    text += QLatin1Char(' ')
            + (here ? tr("Set it with the key button in the Server field (%1); its refused "
                         "uploads start again.")
                          .arg(keys)
                    : tr("Choose that server, then set its token with the key button in the "
                         "Server field (%1).")
                          .arg(keys));
    Q_EMIT notice(text, NoticeMs);
}
