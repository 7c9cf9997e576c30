#pragma once

#include "endpointfield.h"
#include "menubar.h"
#include "uploadtypes.h"

#include <QList>
#include <QMainWindow>

#include <functional>

class ActionsDelegate;
class AppSettings;
class FilterBar;
class LimitControls;
class QAction;
class QueueSaveStatus;
class SaveProblemLabel;
class QActionGroup;
class QLabel;
class QLineEdit;
class QMenu;
class QSpinBox;
class RateLimitMenu;
class RowActions;
class StatusTotals;
class ColumnChooser;
class ColumnFitter;
class DetailsPane;
class QToolBar;
class UploadFilterProxy;
class UploadScheduler;
class UploadTableModel;
class UploadTableView;
class WatchService;
class WatchStatusButton;

// The window: the upload table, a toolbar for adding files and the knobs that matter (endpoint,
// concurrency), a status bar with totals. Drop files or folders anywhere on it to queue them.
// It only ever calls the scheduler; everything it shows comes back through signals.
class MainWindow final : public QMainWindow {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)
public:
    explicit MainWindow(UploadScheduler *scheduler, QWidget *parent = nullptr);
    // With the app's settings (restored by the caller); without, the window makes its own and
    // restores what the scheduler has not set.
    MainWindow(UploadScheduler *scheduler, AppSettings *settings, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Asked before cancelling `count` uploads; true goes ahead. Defaults to a message box.
    // `count` unfinished uploads would go, `sent` of which have bytes on a server.
    using ConfirmCancel = std::function<bool(int count, int sent)>;
    void setConfirmCancel(ConfirmCancel confirm);

    // The named server: the endpoint field shows its name while uploads go there, and choosing
    // it again is typing its name (offered as a completion), clearing the field, or the field's
    // computer button. Choosing it forgets the remembered address.
    void setNamedEndpoint(const NamedEndpoint &named);

    // Adds the "Token…" button (Ctrl+T; tokens per endpoint, kept by `keeper`) and the
    // "S3 bucket…" button (S3TargetDialog; the keys kept by `keeper` too) in the endpoint field,
    // and Token… to the Edit menu.
    void setTokenKeeper(TokenKeeper *keeper);

    // Offers "Watched folders…" (Ctrl+Shift+W) and says in the status bar what `service`
    // watches and which folders fell back to scanning. Once.
    void setWatchService(WatchService *service);
    // Shows in the status bar when the queue cannot be saved (SaveProblemLabel). Once.
    void setQueueSaveStatus(QueueSaveStatus *status);
    SaveProblemLabel *saveProblem() const { return m_saveProblem; }
    QAction *watchedFoldersAction() const { return m_watchAction; }
    // Offers "Schedule…" in the Transfers menu (ScheduleStatus::editAction). Once.
    void setScheduleAction(QAction *action);
    WatchStatusButton *watchStatus() const { return m_watchStatus; }
    // Opens the "Watched folders" dialog.
    void showWatchedFolders();

    // Why `text` is not a usable endpoint, for a person; empty when it is one.
    static QString endpointProblem(const QString &text);

    UploadTableView *view() const { return m_view; }
    UploadTableModel *model() const { return m_model; }
    UploadFilterProxy *proxy() const { return m_proxy; }
    FilterBar *filterBar() const { return m_filter; }
    LimitControls *limitControls() const { return m_limits; }
    QLineEdit *endpointEdit() const { return m_endpoint->edit(); }
    QSpinBox *concurrencySpin() const;
    QLabel *countsLabel() const;
    ActionsDelegate *actionsDelegate() const { return m_actions; }
    TokenControl *tokenControl() const { return m_endpoint->tokenControl(); }
    RowActions *rowActions() const { return m_rowActions; }
    ColumnChooser *columnChooser() const { return m_columns; }
    DetailsPane *detailsPane() const { return m_details; }
    EndpointStatus *endpointStatus() const { return m_endpoint->status(); }
    AppSettings *appSettings() const { return m_settings; }
    QAction *settingsAction() const { return m_settingsAction; }
    MenuBar *menus() const { return m_menus; }
    // File → Quit (Ctrl+Q). It closes the window until DesktopShell::setQuitAction takes it
    // over (the close guard's question while uploads run, then quit).
    QAction *quitAction() const { return m_quitAction; }
    // Opens the settings dialog (Ctrl+,).
    void showSettings();
    QList<TaskId> selectedTaskIds() const;

    // Space: pause the selection, or resume it when all of it is paused.
    void togglePauseSelection();
    // Delete: cancel the selection, after confirmation.
    void cancelSelection();

protected:
    // Below CompactWidth the toolbar shows icons only, so the Server field always fits; below
    // WideWidth only Add files… and Add folder… keep their text, so that it has room.
    void resizeEvent(QResizeEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dropEvent(QDropEvent *event) override;

public:
    static constexpr int CompactWidth = 1100;
    static constexpr int WideWidth = 1400;

private:
    void buildTable();
    void buildToolBar();
    void buildMenuBar();
    void addFiles();
    void addFolder();
    void addPaths(const QStringList &paths);
    void cancelTasks(const QList<TaskId> &ids);
    void showSelectedDetails();

    UploadScheduler *m_scheduler;
    AppSettings *m_settings;
    QAction *m_settingsAction = nullptr;
    QAction *m_quitAction = nullptr;
    MenuBar::Actions m_menuActions; // filled as the toolbar and the table are made
    MenuBar *m_menus = nullptr;
    UploadTableModel *m_model = nullptr;
    UploadFilterProxy *m_proxy = nullptr;
    FilterBar *m_filter = nullptr;
    LimitControls *m_limits = nullptr;
    UploadTableView *m_view = nullptr;
    ActionsDelegate *m_actions = nullptr;
    QToolBar *m_toolBar = nullptr;
    EndpointField *m_endpoint = nullptr;
    StatusTotals *m_totals = nullptr;
    RowActions *m_rowActions = nullptr;
    ColumnChooser *m_columns = nullptr;
    ColumnFitter *m_fitter = nullptr;
    DetailsPane *m_details = nullptr;
    ConfirmCancel m_confirmCancel;
    WatchService *m_watchService = nullptr;
    QAction *m_watchAction = nullptr;
    WatchStatusButton *m_watchStatus = nullptr;
    SaveProblemLabel *m_saveProblem = nullptr;
};
