#pragma once

#include <QList>
#include <QMenuBar>

class ColumnChooser;
class QHeaderView;

// The window's menus: File, Edit, View, Transfers, Help. Every entry is an action the window
// already has (the toolbar's, the table's, the status bar's), never a second copy, so that a
// shortcut is one shortcut and the menus show it.
class MenuBar final : public QMenuBar {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MenuBar)
public:
    struct Actions {
        QAction *addFiles = nullptr;
        QAction *addFolder = nullptr;
        QAction *quit = nullptr;
        QAction *selectAll = nullptr;
        QAction *copyLink = nullptr;
        QAction *cancel = nullptr;
        QAction *settings = nullptr;
        QAction *details = nullptr;
        QAction *filter = nullptr;
        QAction *pauseAll = nullptr;
        QAction *resumeAll = nullptr;
        QAction *retryFailed = nullptr;
        QAction *clearFinished = nullptr;
        QAction *clearFailed = nullptr;
        QMenu *speedLimit = nullptr;
    };
    // View → Columns lists `header`'s columns but `fixed` ones, shown or hidden by `columns`.
    MenuBar(const Actions &actions, ColumnChooser *columns, QHeaderView *header, QList<int> fixed,
            QWidget *parent = nullptr);

    QMenu *fileMenu() const { return m_file; }
    QMenu *editMenu() const { return m_edit; }
    QMenu *viewMenu() const { return m_view; }
    QMenu *transfersMenu() const { return m_transfers; }
    QMenu *helpMenu() const { return m_help; }
    QAction *aboutAction() const { return m_about; }

    // Features that come later (optional ones): in File before Quit, in Edit after Settings…,
    // in Transfers at the end.
    void addWatchedFolders(QAction *action);
    void addToken(QAction *action);
    void addSchedule(QAction *action);

    // "Hoist 0.1.0" and what it is.
    static QString aboutText();

private:
    void fillColumns();

    ColumnChooser *m_chooser;
    QHeaderView *m_header;
    QList<int> m_fixed;
    QMenu *m_file;
    QMenu *m_edit;
    QMenu *m_view;
    QMenu *m_columns;
    QMenu *m_transfers;
    QMenu *m_help;
    QAction *m_quit;
    QAction *m_about;
};
