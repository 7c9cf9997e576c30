#include "storedfileactions.h"

#include "folderopener.h"
#include "rowactions.h"
#include "uploadscheduler.h"

#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QGuiApplication>
#include <QMenu>
#include <QMessageBox>
#include <QWidget>

namespace {
constexpr int NamesInQuestion = 5; // more are counted, not listed
} // namespace

StoredFileActions::StoredFileActions(RowActions *rows, LocalStorage storage, QWidget *window)
    : QObject(window)
    , m_rows(rows)
    , m_storage(std::move(storage))
    , m_window(window)
{
    m_show = [this](const QString &filePath) {
        FolderOpener::showFile(filePath, [this](const QString &folder) { sayNotShown(folder); });
    };
    m_showAction = new QAction(tr("Show in folder"), this);
    m_showAction->setObjectName(QStringLiteral("showInFolder"));
    connect(m_showAction, &QAction::triggered, this, &StoredFileActions::showSelected);
    m_removeAction = new QAction(tr("Remove from this computer…"), this);
    m_removeAction->setObjectName(QStringLiteral("removeFromComputer"));
    connect(m_removeAction, &QAction::triggered, this, &StoredFileActions::removeSelected);
    m_confirm = [this](const QStringList &names) {
        QStringList listed = names.mid(0, NamesInQuestion);
        if (names.size() > NamesInQuestion)
            listed << tr("and %n more", nullptr, int(names.size() - NamesInQuestion));
        return QMessageBox::question(
                   m_window, tr("Remove from this computer"),
                   tr("Delete from this computer:\n\n%1\n\nHoist's copy and the file under "
                      "its own name go; the original you uploaded stays.")
                       .arg(listed.join(QLatin1Char('\n'))),
                   QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
               == QMessageBox::Yes;
    };
    m_copyUrlAction = new QAction(tr("Copy URL"), this);
    m_copyUrlAction->setObjectName(QStringLiteral("copyUrl"));
    m_copyUrlAction->setToolTip(tr("The address on Hoist's own server, which opens on this "
                                   "computer only"));
    connect(m_copyUrlAction, &QAction::triggered, this, &StoredFileActions::copyUrls);
    m_rows->addMenuSection([this](QMenu *menu, const QList<TaskId> &ids) { addTo(menu, ids); });
    // "Copy link" of a file this computer keeps: where it is, which any program opens.
    m_rows->setLinkText([this](const UploadTask &task) {
        return task.state() == TaskState::Success && m_storage.isLocal(task.uploadUrl())
                   ? m_storage.fileOf(task.uploadUrl())
                   : QString();
    });
}

QList<StoredFileActions::Stored> StoredFileActions::storedAmong(const QList<TaskId> &ids) const
{
    QList<Stored> stored;
    for (const TaskId id : ids) {
        const UploadTask *task = m_rows->scheduler()->task(id);
        if (task && task->state() == TaskState::Success && m_storage.isLocal(task->uploadUrl()))
            stored.append({id, task->uploadUrl(), task->displayName()});
    }
    return stored;
}

void StoredFileActions::addTo(QMenu *menu, const QList<TaskId> &ids)
{
    const QList<Stored> stored = storedAmong(ids);
    if (stored.isEmpty())
        return;
    m_copyUrlAction->setText(stored.size() > 1 ? tr("Copy URLs") : tr("Copy URL"));
    menu->addAction(m_copyUrlAction); // beside "Copy link"
    menu->addSeparator();
    menu->addAction(m_showAction);
    m_removeAction->setText(stored.size() > 1
                                ? tr("Remove %n from this computer…", nullptr, int(stored.size()))
                                : tr("Remove from this computer…"));
    menu->addAction(m_removeAction);
}

bool StoredFileActions::showSelected()
{
    for (const Stored &s : storedAmong(m_rows->selection())) {
        const QString file = m_storage.fileOf(s.uploadUrl);
        if (!file.isEmpty()) {
            m_show(file);
            return true;
        }
    }
    QMessageBox::information(m_window, tr("Show in folder"),
                             tr("This computer keeps no file under that name any more."));
    return false;
}

void StoredFileActions::sayNotShown(const QString &folder)
{
    // No file manager here: say where the file is, in words that can be copied.
    auto *box = new QMessageBox(QMessageBox::Information, tr("Show in folder"),
                                tr("No file manager could open the folder. The file is in:\n%1")
                                    .arg(QDir::toNativeSeparators(folder)),
                                QMessageBox::Ok, m_window);
    box->setObjectName(QStringLiteral("folderNotShown"));
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

int StoredFileActions::removeSelected()
{
    const QList<Stored> stored = storedAmong(m_rows->selection());
    QStringList names;
    for (const Stored &s : stored)
        names << s.name;
    if (stored.isEmpty() || !m_confirm(names))
        return 0;
    QList<TaskId> removed;
    QStringList problems;
    for (const Stored &s : stored) {
        QString error;
        if (m_storage.remove(s.uploadUrl, &error))
            removed << s.id;
        else
            problems << QStringLiteral("%1: %2").arg(s.name, error);
    }
    // A finished row only leaves the list; all of them in one batch.
    m_rows->scheduler()->cancelTasks(removed);
    if (!problems.isEmpty())
        QMessageBox::warning(m_window, tr("Remove from this computer"),
                             problems.join(QLatin1Char('\n')));
    return int(removed.size());
}

int StoredFileActions::copyUrls()
{
    QStringList urls;
    for (const Stored &s : storedAmong(m_rows->selection()))
        urls << s.uploadUrl.toString(QUrl::RemoveUserInfo);
    if (!urls.isEmpty())
        QGuiApplication::clipboard()->setText(urls.join(QLatin1Char('\n')));
    return int(urls.size());
}
