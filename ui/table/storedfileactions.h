#pragma once

#include "uploadtypes.h"

#include <QList>
#include <QObject>
#include <QStringList>
#include <QUrl>

#include <functional>

class QAction;
class QMenu;
class QWidget;
class RowActions;

// What the window may do with the files its own server ("This computer") keeps. The app fills
// it in; other servers' uploads are none of its business.
struct LocalStorage {
    // The file a finished upload became under its own name; empty when there is none.
    std::function<QString(const QUrl &uploadUrl)> fileOf;
    // Deletes the upload from this computer, its stored bytes and its named file; false with a
    // sentence in `error`.
    std::function<bool(const QUrl &uploadUrl, QString *error)> remove;
    // Whether `uploadUrl` is on this computer's server.
    std::function<bool(const QUrl &uploadUrl)> isLocal;
};

// "Show in folder" and "Remove from this computer" in the table's context menu, for finished
// uploads to this computer. Removing asks first, then deletes the files and takes the rows off
// the list (what they pointed at is gone). For them "Copy link" (Ctrl+C) copies the file's path
// under its own name, and "Copy URL" the server's loopback URL, which only this computer opens.
class StoredFileActions final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StoredFileActions)
public:
    // Asked before removing; `names` are the files that would go. True goes ahead.
    using Confirm = std::function<bool(const QStringList &names)>;
    using Show = std::function<void(const QString &filePath)>;

    // Joins `rows`' context menu; `window` parents the questions and is this object's parent.
    StoredFileActions(RowActions *rows, LocalStorage storage, QWidget *window);

    void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }
    // How a file is shown; FolderOpener::showFile unless a test says otherwise.
    // Says on screen, naming the folder, that nothing could open it.
    void sayNotShown(const QString &folder);
    void setShow(Show show) { m_show = std::move(show); }

    // The selection's first named file in its folder; false when it has none.
    bool showSelected();
    // The selection's finished local uploads removed from this computer, after the question;
    // how many went.
    int removeSelected();
    // The selection's loopback URLs, one a line, to the clipboard; how many.
    int copyUrls();

    QAction *showAction() const { return m_showAction; }
    QAction *removeAction() const { return m_removeAction; }
    QAction *copyUrlAction() const { return m_copyUrlAction; }

private:
    struct Stored {
        TaskId id;
        QUrl uploadUrl;
        QString name;
    };
    // The finished uploads to this computer among `ids`.
    QList<Stored> storedAmong(const QList<TaskId> &ids) const;
    void addTo(QMenu *menu, const QList<TaskId> &ids);

    RowActions *m_rows;
    LocalStorage m_storage;
    QWidget *m_window;
    Confirm m_confirm;
    Show m_show;
    QAction *m_showAction;
    QAction *m_removeAction;
    QAction *m_copyUrlAction;
};
