#pragma once

#include "watchedfolder.h"

#include <QDialog>
#include <QList>

class AppSettings;
class QCheckBox;
class QPushButton;
class QTreeWidget;
class WatchService;

// "Watched folders…": the folders the window keeps uploading from, with where each goes and
// how it is followed now (watching, scanning, missing). Add, edit and remove; OK keeps the list
// in the settings, and the window's WatchService follows it at once.
class WatchedFoldersDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WatchedFoldersDialog)
public:
    // `service` may be null (no states shown).
    WatchedFoldersDialog(AppSettings *settings, const WatchService *service,
                         QWidget *parent = nullptr);

    QList<WatchedFolder> folders() const { return m_folders; }
    QTreeWidget *list() const { return m_list; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *editButton() const { return m_edit; }
    QPushButton *removeButton() const { return m_remove; }
    // "Pause watching": kept in the settings on OK (AppSettings::watchingPaused), as the tray's.
    QCheckBox *pauseBox() const { return m_pause; }
    // For tests and the window: adds or replaces without the editor.
    void addFolder(const WatchedFolder &folder);

    void accept() override;

private:
    void add();
    void edit();
    void remove();
    void refresh();
    QString stateText(const QString &folder) const;

    AppSettings *m_settings;
    const WatchService *m_service;
    QList<WatchedFolder> m_folders;
    QTreeWidget *m_list;
    QPushButton *m_add;
    QPushButton *m_edit;
    QPushButton *m_remove;
    QCheckBox *m_pause;
};
