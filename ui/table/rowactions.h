#pragma once

#include "uploadtypes.h"

#include <QList>
#include <QObject>

#include <functional>

class QAbstractItemView;
class QAction;
class QActionGroup;
class QMenu;
class QPoint;
class RateLimitMenu;
class UploadScheduler;
class UploadTask;

// What a person can do to the selected uploads: the table's context menu and its shortcuts
// (Space pauses or resumes, Delete cancels, Ctrl+C copies links). Acts on the ids selected when
// an action fires, never on rows remembered from before.
class RowActions final : public QObject {
    Q_OBJECT
public:
    using Selection = std::function<QList<TaskId>()>;
    using Cancel = std::function<void(const QList<TaskId> &)>;

    // The shortcuts go on `view` (so typing elsewhere never triggers them); `cancel` asks
    // whatever confirmation it wants before cancelling.
    RowActions(UploadScheduler *scheduler, QAbstractItemView *view, Selection selection,
               Cancel cancel, QObject *parent = nullptr);

    // The context menu for the current selection at `viewportPos` of the view.
    void showMenu(const QPoint &viewportPos);
    // Fills `menu` with what makes sense for `ids`: nothing that cannot act on them (a failed
    // upload offers Retry, Copy cause and Remove, not Pause, Priority or Speed limit).
    void fillMenu(QMenu *menu, const QList<TaskId> &ids);
    // The causes of the selection's failed uploads, one per line, to the clipboard; how many.
    int copyCauses();
    // Pause the selection, or resume it when all of it is paused.
    void togglePause();
    // Retry a failed upload: to its own server, or to the current one when its own could not be
    // reached and the current one is another (the person fixed the Server field).
    void retry(TaskId id);
    // The same for every failed upload of the selection; how many started again.
    int retrySelected();
    // The selection's upload URLs, one per line, to the clipboard; how many were copied.
    int copyLinks();
    // What "Copy link" copies for a task instead of its upload URL, when it gives a text (the
    // file "This computer" made of it: StoredFileActions); empty: the URL.
    using LinkText = std::function<QString(const UploadTask &task)>;
    void setLinkText(LinkText text) { m_linkText = std::move(text); }
    // Failed or paused uploads of the selection to the current server; how many moved.
    int sendToCurrentServer();

    // Actions of another feature for the context menu: `section` adds what fits `ids` (the
    // selection) to `menu`, after the links. Called each time the menu opens.
    using MenuSection = std::function<void(QMenu *menu, const QList<TaskId> &ids)>;
    void addMenuSection(MenuSection section) { m_sections.append(std::move(section)); }
    UploadScheduler *scheduler() const { return m_scheduler; }
    // For the window's Edit menu: the same actions, with their shortcuts on the table.
    QAction *copyLinksAction() const { return m_copyLinks; }
    QAction *cancelAction() const { return m_cancelAction; }
    QList<TaskId> selection() const { return m_selection(); }

private:
    bool unreachable(const UploadTask &task) const;
    void forSelected(const std::function<void(TaskId, TaskState)> &action);

    UploadScheduler *m_scheduler;
    QAbstractItemView *m_view;
    Selection m_selection;
    Cancel m_cancel;
    QAction *m_pause = nullptr;
    QAction *m_resume = nullptr;
    QAction *m_retry = nullptr;
    QAction *m_sendToCurrent = nullptr;
    QAction *m_copyLinks = nullptr;
    QAction *m_copyCauses = nullptr;
    QAction *m_cancelAction = nullptr;
    QAction *m_toggle = nullptr;
    RateLimitMenu *m_limit = nullptr;
    QActionGroup *m_priorityGroup = nullptr;
    QList<MenuSection> m_sections;
    LinkText m_linkText;
};
