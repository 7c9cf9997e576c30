#include "rowactions.h"

#include "icons.h"
#include "ratelimitmenu.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"

#include <QAbstractItemView>
#include <QAction>
#include <QActionGroup>
#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>

namespace {
// The key's name in the person's language (qtbase's catalogue: "空格").
QString spaceKey()
{
    return QKeySequence(Qt::Key_Space).toString(QKeySequence::NativeText);
}
} // namespace

RowActions::RowActions(UploadScheduler *scheduler, QAbstractItemView *view, Selection selection,
                       Cancel cancel, QObject *parent)
    : QObject(parent)
    , m_scheduler(scheduler)
    , m_view(view)
    , m_selection(std::move(selection))
    , m_cancel(std::move(cancel))
{
    // Space toggles both (m_toggle below); the menu says so.
    m_pause = new QAction(Icons::pause(), tr("Pause") + QLatin1Char('\t') + spaceKey(), this);
    // Selections act through the scheduler's list commands: O(selected), one batch of changes.
    connect(m_pause, &QAction::triggered, this, [this] { m_scheduler->pauseTasks(m_selection()); });
    m_resume = new QAction(Icons::resume(), tr("Resume") + QLatin1Char('\t') + spaceKey(), this);
    connect(m_resume, &QAction::triggered, this,
            [this] { m_scheduler->resumeTasks(m_selection()); });
    m_retry = new QAction(Icons::retry(), tr("Retry"), this);
    m_retry->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_retry->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_view->addAction(m_retry);
    connect(m_retry, &QAction::triggered, this, &RowActions::retrySelected);
    m_sendToCurrent = new QAction(tr("Send to current server"), this);
    m_sendToCurrent->setObjectName(QStringLiteral("sendToCurrentServer"));
    m_sendToCurrent->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_sendToCurrent->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_view->addAction(m_sendToCurrent);
    connect(m_sendToCurrent, &QAction::triggered, this, &RowActions::sendToCurrentServer);

    // Shortcuts live on the table, so typing in the endpoint field never pauses anything.
    m_toggle = new QAction(tr("Pause or resume"), this);
    m_toggle->setShortcut(Qt::Key_Space);
    m_toggle->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_toggle, &QAction::triggered, this, &RowActions::togglePause);
    m_view->addAction(m_toggle);

    m_copyLinks = new QAction(tr("Copy link"), this);
    m_copyLinks->setObjectName(QStringLiteral("copyLinks"));
    m_copyLinks->setShortcut(QKeySequence::Copy);
    m_copyLinks->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_copyLinks, &QAction::triggered, this, &RowActions::copyLinks);
    m_view->addAction(m_copyLinks);

    m_copyCauses = new QAction(tr("Copy cause"), this);
    m_copyCauses->setObjectName(QStringLiteral("copyCauses"));
    connect(m_copyCauses, &QAction::triggered, this, &RowActions::copyCauses);

    m_cancelAction = new QAction(Icons::cancel(), tr("Cancel…"), this);
    m_cancelAction->setShortcut(QKeySequence::Delete);
    m_cancelAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_cancelAction, &QAction::triggered, this, [this] { m_cancel(m_selection()); });
    m_view->addAction(m_cancelAction);

    m_limit = new RateLimitMenu(tr("Speed limit"), m_view);
    m_limit->setObjectName(QStringLiteral("rowSpeedLimit"));
    connect(m_limit, &RateLimitMenu::rateChosen, this, [this](qint64 rate) {
        forSelected(
            [this, rate](TaskId id, TaskState) { m_scheduler->setTaskRateLimit(id, rate); });
    });

    m_priorityGroup = new QActionGroup(this);
    for (Priority p : {Priority::High, Priority::Normal, Priority::Low}) {
        const QString name = p == Priority::High  ? tr("High")
                             : p == Priority::Low ? tr("Low")
                                                  : tr("Normal");
        QAction *action = m_priorityGroup->addAction(name);
        action->setCheckable(true);
        action->setData(int(p));
        connect(action, &QAction::triggered, this,
                [this, p] { m_scheduler->setTasksPriority(m_selection(), p); });
    }
}

void RowActions::forSelected(const std::function<void(TaskId, TaskState)> &action)
{
    // Ids first: an action may remove rows and so change the selection under us.
    const QList<TaskId> ids = m_selection();
    for (TaskId id : ids) {
        if (const UploadTask *task = m_scheduler->task(id))
            action(id, task->state());
    }
}

bool RowActions::unreachable(const UploadTask &task) const
{
    switch (task.errorKind()) {
    case TransferError::Kind::Network:
    case TransferError::Kind::Timeout:
    case TransferError::Kind::InvalidUrl:
        return true;
    default:
        return false;
    }
}

void RowActions::retry(TaskId id)
{
    const UploadTask *task = m_scheduler->task(id);
    if (!task || task->state() != TaskState::Error)
        return;
    const QUrl current = m_scheduler->endpoint();
    if (unreachable(*task) && !current.isEmpty() && task->endpoint() != current)
        m_scheduler->sendTo({id}, current);
    else
        m_scheduler->retry(id);
}

int RowActions::retrySelected()
{
    // In two batches, each one call: the scheduler wakes the servers once, not once per row.
    QList<TaskId> again, elsewhere;
    const QUrl current = m_scheduler->endpoint();
    forSelected([&](TaskId id, TaskState state) {
        if (state != TaskState::Error)
            return;
        const UploadTask *task = m_scheduler->task(id);
        if (unreachable(*task) && !current.isEmpty() && task->endpoint() != current)
            elsewhere.append(id);
        else
            again.append(id);
    });
    const int moved = elsewhere.isEmpty() ? 0 : m_scheduler->sendTo(elsewhere, current);
    return moved + m_scheduler->retryFailed(again);
}

int RowActions::sendToCurrentServer()
{
    return m_scheduler->sendTo(m_selection(), m_scheduler->endpoint());
}

int RowActions::copyLinks()
{
    QStringList links;
    forSelected([this, &links](TaskId id, TaskState) {
        const UploadTask *task = m_scheduler->task(id);
        const QString text = m_linkText ? m_linkText(*task) : QString();
        if (!text.isEmpty())
            links << text;
        else if (!task->uploadUrl().isEmpty())
            links << task->uploadUrl().toString(QUrl::RemoveUserInfo);
    });
    if (!links.isEmpty())
        QGuiApplication::clipboard()->setText(links.join(QLatin1Char('\n')));
    return int(links.size());
}

void RowActions::togglePause()
{
    // One look at the selection (it costs its size), then one list command.
    const QList<TaskId> ids = m_selection();
    bool anyActive = false;
    bool anyPaused = false;
    for (const TaskId id : ids) {
        const UploadTask *task = m_scheduler->task(id);
        const TaskState state = task ? task->state() : TaskState::Success;
        anyActive = anyActive || state == TaskState::Waiting || state == TaskState::Uploading;
        anyPaused = anyPaused || state == TaskState::Paused;
        if (anyActive)
            break; // it pauses, whatever else there is
    }
    if (anyActive)
        m_scheduler->pauseTasks(ids);
    else if (anyPaused)
        m_scheduler->resumeTasks(ids);
}

int RowActions::copyCauses()
{
    QStringList lines;
    forSelected([this, &lines](TaskId id, TaskState state) {
        if (state != TaskState::Error)
            return;
        const UploadTask *task = m_scheduler->task(id);
        const QString cause = task->errorMessage().isEmpty() ? tr("Failed") : task->errorMessage();
        lines << tr("%1: %2").arg(task->displayName(), cause);
    });
    if (!lines.isEmpty())
        QGuiApplication::clipboard()->setText(lines.join(QLatin1Char('\n')));
    return int(lines.size());
}

void RowActions::showMenu(const QPoint &viewportPos)
{
    const QList<TaskId> ids = m_selection();
    if (ids.isEmpty())
        return;
    QMenu menu(m_view);
    fillMenu(&menu, ids);
    menu.exec(m_view->viewport()->mapToGlobal(viewportPos));
    m_cancelAction->setText(tr("Cancel…"));
    // Triggered from the menu or not, these act on whatever is selected next time.
    for (QAction *action : {m_pause, m_resume, m_retry, m_sendToCurrent, m_copyLinks})
        action->setEnabled(true);
}

void RowActions::fillMenu(QMenu *menu, const QList<TaskId> &ids)
{
    bool canPause = false, canResume = false, canRetry = false, canMove = false;
    bool anyLink = false, allFinished = true;
    int priorities = 0; // bit per priority among the selection
    qint64 limit = -1;  // the selection's own speed limit, -2 when they differ
    const QUrl current = m_scheduler->endpoint();
    for (TaskId id : ids) {
        const UploadTask *task = m_scheduler->task(id);
        if (!task)
            continue;
        const TaskState s = task->state();
        canPause = canPause || s == TaskState::Waiting || s == TaskState::Uploading;
        canResume = canResume || s == TaskState::Paused;
        canRetry = canRetry || s == TaskState::Error;
        canMove = canMove
                  || ((s == TaskState::Error || s == TaskState::Paused) && !current.isEmpty()
                      && task->endpoint() != current);
        // Failed or done: nothing will be sent, so pausing, priority and a speed limit are moot.
        allFinished = allFinished && (s == TaskState::Success || s == TaskState::Error);
        anyLink = anyLink || !task->uploadUrl().isEmpty();
        priorities |= 1 << int(task->priority());
        limit = limit == -1 || limit == task->rateLimit() ? task->rateLimit() : -2;
    }
    m_pause->setEnabled(canPause);
    m_resume->setEnabled(canResume);
    m_retry->setEnabled(canRetry);
    m_retry->setText(ids.size() > 1 ? tr("Retry failed") : tr("Retry"));
    m_sendToCurrent->setEnabled(canMove);
    m_sendToCurrent->setToolTip(tr("Upload again to %1").arg(UploadCellText::serverText(current)));
    m_copyLinks->setEnabled(anyLink);
    m_copyLinks->setText(ids.size() > 1 ? tr("Copy links") : tr("Copy link"));
    const QList<QAction *> priorityActions = m_priorityGroup->actions();
    for (QAction *action : priorityActions)
        action->setChecked(priorities == 1 << action->data().toInt());

    menu->setToolTipsVisible(true);
    if (!allFinished) {
        menu->addAction(m_pause);
        menu->addAction(m_resume);
    }
    if (canRetry) {
        menu->addAction(m_retry);
        menu->addAction(m_sendToCurrent);
    }
    menu->addSeparator();
    if (canRetry)
        menu->addAction(m_copyCauses);
    if (anyLink)
        menu->addAction(m_copyLinks);
    for (const MenuSection &section : std::as_const(m_sections))
        section(menu, ids);
    menu->addSeparator();
    if (!allFinished) {
        QMenu *priority = menu->addMenu(tr("Priority"));
        priority->addActions(priorityActions);
        m_limit->setCurrent(limit);
        menu->addMenu(m_limit);
        menu->addSeparator();
    }
    m_cancelAction->setText(allFinished ? tr("Remove from list") : tr("Cancel…"));
    menu->addAction(m_cancelAction);
}
