#include "certificateactions.h"

#include "certificatedialog.h"
#include "certificatetrust.h"
#include "rowactions.h"
#include "uploadscheduler.h"

#include <QAction>
#include <QMenu>
#include <QMessageBox>

CertificateActions::CertificateActions(CertificateTrust *trust, RowActions *rows, QWidget *window)
    : QObject(window)
    , m_trust(trust)
    , m_rows(rows)
    , m_window(window)
{
    m_confirm = [this](const QString &server, const QString &problem, const QString &fingerprint) {
        return QMessageBox::question(
                   m_window, tr("Trust this certificate?"),
                   tr("%1.\n\nTrust this certificate for %2 only, from now on? Its SHA-256 "
                      "fingerprint is:\n\n%3")
                       .arg(problem, server, fingerprint),
                   QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
               == QMessageBox::Yes;
    };
    m_rows->addMenuSection([this](QMenu *menu, const QList<TaskId> &ids) { addTo(menu, ids); });
}

bool CertificateActions::failedAt(const UploadTask &task, const QString &server) const
{
    if (task.state() != TaskState::Error)
        return false;
    return CertificateTrust::serverOf(task.endpoint()) == server
           || (!task.uploadUrl().isEmpty()
               && CertificateTrust::serverOf(task.uploadUrl()) == server);
}

QStringList CertificateActions::refusedServers(const QList<TaskId> &ids) const
{
    QStringList servers;
    for (const TaskId id : ids) {
        const UploadTask *task = m_rows->scheduler()->task(id);
        if (!task || task->state() != TaskState::Error)
            continue;
        for (const QUrl &url : {task->endpoint(), task->uploadUrl()}) {
            const QString server = url.isEmpty() ? QString() : CertificateTrust::serverOf(url);
            if (!server.isEmpty() && !servers.contains(server) && m_trust->refusal(server))
                servers << server;
        }
    }
    return servers;
}

void CertificateActions::addTo(QMenu *menu, const QList<TaskId> &ids)
{
    const QStringList servers = refusedServers(ids);
    if (servers.isEmpty())
        return;
    menu->addSeparator();
    for (const QString &server : servers) {
        QAction *view =
            menu->addAction(servers.size() > 1 ? tr("View certificate of %1…").arg(server)
                                               : tr("View certificate…"));
        view->setObjectName(QStringLiteral("viewCertificate"));
        connect(view, &QAction::triggered, this, [this, server] { this->view(server); });
        QAction *trustAction = menu->addAction(tr("Trust this certificate for %1…").arg(server));
        trustAction->setObjectName(QStringLiteral("trustCertificate"));
        trustAction->setEnabled(m_trust->refusal(server)->trustable());
        connect(trustAction, &QAction::triggered, this, [this, server] { trust(server); });
    }
}

void CertificateActions::view(const QString &server)
{
    const auto refusal = m_trust->refusal(server);
    if (!refusal)
        return;
    CertificateDialog dialog(*refusal, m_window);
    if (dialog.exec() == QDialog::Accepted && m_trust->trust(*refusal))
        retryAt(server);
}

bool CertificateActions::trust(const QString &server)
{
    const auto refusal = m_trust->refusal(server);
    if (!refusal || !refusal->trustable()
        || !m_confirm(server, refusal->problem(),
                      CertificateDialog::spacedFingerprint(refusal->certificate))
        || !m_trust->trust(*refusal))
        return false;
    retryAt(server);
    return true;
}

void CertificateActions::retryAt(const QString &server)
{
    UploadScheduler *scheduler = m_rows->scheduler();
    const QList<TaskId> ids = scheduler->taskIds();
    for (const TaskId id : ids) {
        const UploadTask *task = scheduler->task(id);
        if (task && failedAt(*task, server))
            scheduler->retry(id);
    }
}
