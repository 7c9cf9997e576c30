#include "mainwindow.h"

#include "actionsdelegate.h"
#include "appsettings.h"
#include "cancelquestion.h"
#include "chunkbardelegate.h"
#include "columnchooser.h"
#include "columnfitter.h"
#include "detailspane.h"
#include "duplicatebar.h"
#include "emptyfilternotice.h"
#include "endpointfield.h"
#include "filterbar.h"
#include "icons.h"
#include "limitcontrols.h"
#include "menubar.h"
#include "namedelegate.h"
#include "panefitter.h"
#include "parallelspin.h"
#include "progressdelegate.h"
#include "ratelimitmenu.h"
#include "rowactions.h"
#include "saveproblemlabel.h"
#include "settingsdialog.h"
#include "sortmemory.h"
#include "statedelegate.h"
#include "statustotals.h"
#include "tokencontrol.h"
#include "uploadfilterproxy.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"
#include "uploadtableview.h"
#include "watchedfoldersdialog.h"
#include "watchstatusbutton.h"

#include <QActionGroup>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScreen>
#include <QSpinBox>
#include <QStatusBar>
#include <QSystemTrayIcon>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <vector>

namespace {
constexpr int rowHeight = 28;
constexpr QSize defaultWindowSize(1180, 640);

// Preferred widths, most important first: on a narrow window they narrow together and the last
// ones fold away first (ColumnFitter); the name stretches over what is left. The state is
// mostly a word ("Done"), but a wait says why and when ("Server's disk is full · next try in
// 2 min"): where the window has room (its default width) it widens for the when and a start of
// the why (StateDelegate), and the sentence shows whole in its tooltip and the details pane. At 800
// pixels the name, state, progress, size, speed, time left and server stay.
const ColumnFitter::Column fittedColumns[] = {
    {UploadTableModel::State, 150, 215}, {UploadTableModel::Progress, 110},
    {UploadTableModel::Size, 75},        {UploadTableModel::Speed, 85},
    {UploadTableModel::TimeLeft, 80},    {UploadTableModel::Server, 140},
    {UploadTableModel::Chunks, 150},     {UploadTableModel::Finished, 80},
    {UploadTableModel::Added, 80},
};
constexpr int minNameWidth = 160;
constexpr int detailsHeight = 230;
// The details pane takes at most this share of the height it shares with the table.
constexpr double detailsMaxShare = 0.36;
} // namespace

MainWindow::MainWindow(UploadScheduler *scheduler, QWidget *parent)
    : MainWindow(scheduler, nullptr, parent)
{
}

MainWindow::MainWindow(UploadScheduler *scheduler, AppSettings *settings, QWidget *parent)
    : QMainWindow(parent)
    , m_scheduler(scheduler)
    , m_settings(settings)
{
    Q_ASSERT(scheduler);
    if (!m_settings) {
        // Remembered limits fill in only what the caller left unset.
        m_settings = new AppSettings(m_scheduler, this);
        AppSettings::Given given;
        given.perServer = m_scheduler->perServerLimit() != 0;
        given.rateLimit = m_scheduler->rateLimit() != 0;
        m_settings->restore(given);
    }
    setWindowTitle(QStringLiteral("Hoist"));
    setWindowIcon(Icons::app());
    setAcceptDrops(true);
    // Never larger than the screen: at 800x500 the window's edges, and the buttons on them,
    // would be off it.
    const QSize available = screen() ? screen()->availableGeometry().size() : defaultWindowSize;
    resize(defaultWindowSize.boundedTo(available));

    m_endpoint = new EndpointField(m_scheduler, this);
    connect(m_endpoint, &EndpointField::notice, this, [this](const QString &text, int timeoutMs) {
        statusBar()->showMessage(text, timeoutMs);
    });

    buildTable();
    m_rowActions = new RowActions(
        m_scheduler, m_view, [this] { return selectedTaskIds(); },
        [this](const QList<TaskId> &ids) { cancelTasks(ids); }, this);
    connect(m_actions, &ActionsDelegate::retryClicked, m_rowActions, &RowActions::retry);
    connect(m_view, &QWidget::customContextMenuRequested, m_rowActions, &RowActions::showMenu);
    m_details = new DetailsPane(m_scheduler, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_details);
    resizeDocks({m_details}, {detailsHeight}, Qt::Vertical);
    new PaneFitter(this, m_details, detailsHeight, detailsMaxShare);
    // Costs the selection's ranges, never its rows: removing rows changes the selection once
    // per removed range.
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MainWindow::showSelectedDetails);
    buildToolBar();

    m_totals = new StatusTotals(m_scheduler, m_settings, statusBar());
    statusBar()->addPermanentWidget(m_limits->rateButton());
    auto *settingsButton = new QToolButton(this);
    settingsButton->setDefaultAction(m_settingsAction);
    settingsButton->setAutoRaise(true);
    statusBar()->addPermanentWidget(settingsButton);
    connect(m_scheduler, &UploadScheduler::totalsChanged, m_filter, &FilterBar::setTotals);
    m_filter->setTotals(m_scheduler->totals());

    // Keys to the fields: Ctrl+F the name filter, Ctrl+L the server.
    auto *findName = new QAction(tr("Filter by name"), this);
    findName->setShortcut(QKeySequence::Find);
    connect(findName, &QAction::triggered, this, [this] {
        m_filter->nameEdit()->setFocus(Qt::ShortcutFocusReason);
        m_filter->nameEdit()->selectAll();
    });
    addAction(findName);
    m_menuActions.filter = findName;
    auto *editServer = new QAction(tr("Server"), this);
    editServer->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(editServer, &QAction::triggered, this, [this] {
        m_endpoint->edit()->setFocus(Qt::ShortcutFocusReason);
        m_endpoint->edit()->selectAll();
    });
    addAction(editServer);
    // Ctrl+W closes as the title bar does: asked first while uploads run (DesktopShell).
    auto *closeWindow = new QAction(tr("Close window"), this);
    closeWindow->setShortcut(QKeySequence::Close);
    connect(closeWindow, &QAction::triggered, this, &QWidget::close);
    addAction(closeWindow);
    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setObjectName(QStringLiteral("quit"));
    m_quitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);
    addAction(m_quitAction);
    buildMenuBar();

    m_confirmCancel = [this](int count, int sent) {
        return CancelQuestion::ask(this, count, sent);
    };
}

MainWindow::~MainWindow()
{
    // QWidget's destructor closes the window, which takes the focus from the endpoint field: its
    // editingFinished would then apply the field on a window whose members are gone (and start a
    // server for "This computer" on the way out). Gone first, the field hears none of that.
    delete m_endpoint;
}

void MainWindow::setConfirmCancel(ConfirmCancel confirm)
{
    m_confirmCancel = std::move(confirm);
}

void MainWindow::buildTable()
{
    m_model = new UploadTableModel(m_scheduler, this);
    m_proxy = new UploadFilterProxy(m_model, this);
    m_filter = new FilterBar(this);
    connect(m_filter, &FilterBar::filterChanged, this, [this] {
        m_proxy->setStates(m_filter->states());
        m_proxy->setNameFilter(m_filter->nameFilter());
    });

    m_view = new UploadTableView(this);
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setShowGrid(false);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideRight); // sentences keep their start: an error's cause
    // Names keep the file's name whole; its folders give way first.
    m_view->setItemDelegateForColumn(UploadTableModel::Name, new NameDelegate(m_view));
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(rowHeight);
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->setHoverColumn(UploadTableModel::Actions);

    QHeaderView *header = m_view->horizontalHeader();
    header->setHighlightSections(false);
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(UploadTableModel::Name, QHeaderView::Stretch);
    header->setSectionResizeMode(UploadTableModel::Actions, QHeaderView::Fixed);
    header->resizeSection(UploadTableModel::Actions, ActionsDelegate::preferredWidth());
    // Start in the order things were added; a third click on a header returns there.
    header->setSortIndicatorClearable(true);
    SortMemory::restore(header, QStringLiteral("sortColumn"), QStringLiteral("sortOrder"));
    m_view->setSortingEnabled(true);
    // Right-click on the header: which columns show (remembered). The name and the buttons stay.
    m_columns = new ColumnChooser(header, QStringLiteral("hiddenColumns"),
                                  {UploadTableModel::Name, UploadTableModel::Actions}, this);
    // Added is the first to fold away for room: off unless asked for, rather than listed as
    // shown while it is not.
    m_columns->setDefaultHidden({UploadTableModel::Added});
    m_fitter = new ColumnFitter(
        m_view, QList<ColumnFitter::Column>(std::begin(fittedColumns), std::end(fittedColumns)),
        UploadTableModel::Name, minNameWidth, [this] { return m_columns->hidden(); }, this);
    connect(m_columns, &ColumnChooser::hiddenChanged, m_fitter, &ColumnFitter::fit);
    m_fitter->fit();

    m_view->setItemDelegateForColumn(UploadTableModel::State, new StateDelegate(m_view));
    m_view->setItemDelegateForColumn(UploadTableModel::Progress, new ProgressDelegate(m_view));
    m_view->setItemDelegateForColumn(UploadTableModel::Chunks, new ChunkBarDelegate(m_view));
    m_actions = new ActionsDelegate(m_view);
    m_view->setItemDelegateForColumn(UploadTableModel::Actions, m_actions);
    connect(m_actions, &ActionsDelegate::pauseClicked, m_scheduler, &UploadScheduler::pause);
    connect(m_actions, &ActionsDelegate::resumeClicked, m_scheduler, &UploadScheduler::resume);
    connect(m_actions, &ActionsDelegate::cancelClicked, this,
            [this](TaskId id) { cancelTasks({id}); });

    connect(m_view, &UploadTableView::pathsDropped, this, &MainWindow::addPaths);
    // Empty: "Drop files…"; emptied by the filter: "No uploads match" and a way out of it.
    new EmptyFilterNotice(m_view, m_proxy, tr("Drop files or folders here to upload them"),
                          [this] { m_filter->clear(); });
    auto *selectAll = new QAction(tr("Select &all"), this);
    selectAll->setShortcut(QKeySequence::SelectAll);
    selectAll->setShortcutContext(Qt::WidgetWithChildrenShortcut); // Ctrl+A in a field is its own
    connect(selectAll, &QAction::triggered, m_view, &QAbstractItemView::selectAll);
    m_view->addAction(selectAll);
    m_menuActions.selectAll = selectAll;
    // The empty-state hint comes and goes with the rows.
    connect(m_proxy, &QAbstractItemModel::rowsInserted, m_view->viewport(),
            qOverload<>(&QWidget::update));
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, m_view->viewport(),
            qOverload<>(&QWidget::update));
    connect(m_proxy, &QAbstractItemModel::modelReset, m_view->viewport(),
            qOverload<>(&QWidget::update));
    connect(m_proxy, &QAbstractItemModel::layoutChanged, m_view->viewport(),
            qOverload<>(&QWidget::update)); // a filter chosen: UploadFilterProxy::refilter()

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_filter);
    layout->addWidget(new DuplicateBar(m_scheduler, central));
    layout->addWidget(m_view, 1);
    setCentralWidget(central);
}

void MainWindow::buildToolBar()
{
    QToolBar *bar = m_toolBar = addToolBar(tr("Uploads"));
    bar->setObjectName(QStringLiteral("uploads"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    // Every toolbar action has a shortcut, shown in its tooltip.
    const auto withShortcut = [](QAction *action, const QKeySequence &keys) {
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WindowShortcut);
        action->setToolTip(QStringLiteral("%1 (%2)").arg(action->text().remove(QChar(0x2026)),
                                                         keys.toString(QKeySequence::NativeText)));
    };
    m_menuActions.addFiles =
        bar->addAction(Icons::addFiles(), tr("Add files…"), this, &MainWindow::addFiles);
    withShortcut(m_menuActions.addFiles, QKeySequence::Open);
    m_menuActions.addFolder =
        bar->addAction(Icons::addFolder(), tr("Add folder…"), this, &MainWindow::addFolder);
    withShortcut(m_menuActions.addFolder, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    bar->addSeparator();
    m_menuActions.pauseAll =
        bar->addAction(Icons::pause(), tr("Pause all"), m_scheduler, &UploadScheduler::pauseAll);
    withShortcut(m_menuActions.pauseAll, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    QAction *resumeAll =
        bar->addAction(Icons::resume(), tr("Resume all"), m_scheduler, &UploadScheduler::resumeAll);
    withShortcut(resumeAll, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_menuActions.resumeAll = resumeAll;
    resumeAll->setToolTip(tr("Resume paused uploads and retry those that failed because a server "
                             "did not answer (%1)")
                              .arg(resumeAll->shortcut().toString(QKeySequence::NativeText)));
    // Its menu retries every failed upload, whatever the cause (the context menu: the selection).
    auto *resumeMenu = new QMenu(this);
    resumeMenu->setToolTipsVisible(true);
    resumeMenu->addAction(tr("Resume all"), m_scheduler, &UploadScheduler::resumeAll);
    QAction *retryFailed = resumeMenu->addAction(Icons::retry(), tr("Retry failed"), m_scheduler,
                                                 &UploadScheduler::retryAllFailed);
    retryFailed->setObjectName(QStringLiteral("retryFailed"));
    retryFailed->setToolTip(tr("Start every failed upload again"));
    m_menuActions.retryFailed = retryFailed;
    resumeAll->setMenu(resumeMenu);
    if (auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(resumeAll)))
        button->setPopupMode(QToolButton::MenuButtonPopup);
    // "Clear finished" clears what is done; its menu also clears what failed.
    QAction *clear = bar->addAction(Icons::clear(), tr("Clear finished"), this,
                                    [this] { m_scheduler->clearFinished(); });
    clear->setToolTip(tr("Remove finished uploads from the list (the server keeps them)"));
    m_menuActions.clearFinished = clear;
    auto *clearMenu = new QMenu(this);
    clearMenu->setToolTipsVisible(true);
    clearMenu->addAction(tr("Clear finished"), this, [this] { m_scheduler->clearFinished(); });
    QAction *clearFailed =
        clearMenu->addAction(tr("Clear failed"), this, [this] { m_scheduler->clearFailed(); });
    clearFailed->setObjectName(QStringLiteral("clearFailed"));
    clearFailed->setToolTip(tr("Remove failed uploads; what they left on a server is deleted"));
    m_menuActions.clearFailed = clearFailed;
    clear->setMenu(clearMenu);
    if (auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(clear)))
        button->setPopupMode(QToolButton::MenuButtonPopup);
    // Icon only, whatever the toolbar's style: its text would push the Server field out.
    auto *details = new QToolButton(bar);
    details->setDefaultAction(m_details->toggleViewAction());
    m_menuActions.details = m_details->toggleViewAction();
    details->setAutoRaise(true);
    bar->addWidget(details);
    bar->addSeparator();

    m_limits = new LimitControls(m_scheduler, m_settings, bar);
    // Its button goes in the status bar beside the speed limit (the toolbar has no room left
    // for it beside the Server field at the default width).
    m_settingsAction = new QAction(Icons::settings(), tr("Settings…"), this);
    connect(m_settingsAction, &QAction::triggered, this, &MainWindow::showSettings);
    withShortcut(m_settingsAction, QKeySequence(Qt::CTRL | Qt::Key_Comma));
    addAction(m_settingsAction);
    m_menuActions.settings = m_settingsAction;
    m_menuActions.speedLimit = m_limits->rateMenu();
    bar->addSeparator();

    bar->addWidget(m_endpoint->label());
    bar->addWidget(m_endpoint->edit());
}

void MainWindow::buildMenuBar()
{
    m_menuActions.copyLink = m_rowActions->copyLinksAction();
    m_menuActions.cancel = m_rowActions->cancelAction();
    m_menuActions.quit = m_quitAction;
    m_menus = new MenuBar(m_menuActions, m_columns, m_view->horizontalHeader(),
                          {UploadTableModel::Name, UploadTableModel::Actions}, this);
    setMenuBar(m_menus);
}

void MainWindow::setTokenKeeper(TokenKeeper *keeper)
{
    // In the Server field itself: never in the toolbar's overflow, at any width or scale.
    m_menus->addToken(m_endpoint->setTokenKeeper(keeper, m_settings->targets())->action());
}

void MainWindow::setScheduleAction(QAction *action)
{
    if (action)
        m_menus->addSchedule(action);
}

void MainWindow::setNamedEndpoint(const NamedEndpoint &named)
{
    m_endpoint->setNamedEndpoint(named);
}

void MainWindow::setWatchService(WatchService *service)
{
    if (m_watchService || !service)
        return;
    m_watchService = service;
    m_watchAction = new QAction(Icons::addFolder(), tr("Watched folders…"), this);
    m_watchAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    connect(m_watchAction, &QAction::triggered, this, &MainWindow::showWatchedFolders);
    addAction(m_watchAction);
    m_menus->addWatchedFolders(m_watchAction);
    m_watchStatus = new WatchStatusButton(service, m_watchAction, this);
    // First of the permanent widgets, after the counts (the one normal widget).
    statusBar()->insertPermanentWidget(1, m_watchStatus);
}

void MainWindow::setQueueSaveStatus(QueueSaveStatus *status)
{
    if (m_saveProblem || !status)
        return;
    m_saveProblem = new SaveProblemLabel(status, this);
    // Beside the counts, where the eye goes first; a permanent widget would be squeezed out. The
    // counts keep their room: the notice takes what is left (SaveProblemLabel).
    statusBar()->addWidget(m_saveProblem, SaveProblemLabel::StretchInStatusBar);
}

void MainWindow::showWatchedFolders()
{
    WatchedFoldersDialog dialog(m_settings, m_watchService, this);
    dialog.exec();
}

QString MainWindow::endpointProblem(const QString &text)
{
    return EndpointField::endpointProblem(text);
}

void MainWindow::addFiles()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Add files"));
    addPaths(files);
}

void MainWindow::addFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Add folder"));
    if (!folder.isEmpty())
        addPaths({folder});
}

void MainWindow::addPaths(const QStringList &paths)
{
    if (!paths.isEmpty())
        m_scheduler->addPaths(paths);
}

QList<TaskId> MainWindow::selectedTaskIds() const
{
    // From the selection's ranges, top to bottom: O(selected rows). selectedRows() would ask
    // isRowSelected() of every row, which walks every range (O(rows x ranges) for a selection
    // made by Ctrl+clicks).
    std::vector<int> rows;
    const QItemSelection selection = m_view->selectionModel()->selection();
    for (const QItemSelectionRange &range : selection) {
        for (int row = range.top(); row <= range.bottom(); ++row)
            rows.push_back(row);
    }
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    QList<TaskId> ids;
    ids.reserve(qsizetype(rows.size()));
    for (const int row : rows) {
        const QModelIndex source = m_proxy->mapToSource(m_proxy->index(row, 0));
        ids << m_model->taskId(source.row());
    }
    return ids;
}

void MainWindow::showSelectedDetails()
{
    QItemSelectionModel *selection = m_view->selectionModel();
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid() && selection->isRowSelected(current.row())) {
        m_details->setTask(current.data(UploadTableModel::TaskIdRole).value<TaskId>());
        return;
    }
    // The first selected row: the first range's top is enough, no list of them all.
    const QItemSelection ranges = selection->selection();
    int first = -1;
    for (const QItemSelectionRange &range : ranges)
        first = first < 0 ? range.top() : qMin(first, range.top());
    m_details->setTask(
        first < 0 ? 0
                  : m_proxy->index(first, 0).data(UploadTableModel::TaskIdRole).value<TaskId>());
}

void MainWindow::togglePauseSelection()
{
    m_rowActions->togglePause();
}

void MainWindow::cancelSelection()
{
    cancelTasks(selectedTaskIds());
}

void MainWindow::cancelTasks(const QList<TaskId> &ids)
{
    // A finished upload only leaves the list (the server keeps it), and a failed one that never
    // reached its server loses nothing: only queued work and bytes on a server are worth a
    // question, which says which of the two it is.
    int asked = 0;
    int sent = 0;
    for (const TaskId id : ids) {
        const UploadTask *task = m_scheduler->task(id);
        if (!task || task->state() == TaskState::Success)
            continue;
        const bool onServer = !task->uploadUrl().isEmpty() || !task->parts().isEmpty();
        if (task->state() == TaskState::Error && !onServer)
            continue;
        ++asked;
        sent += onServer ? 1 : 0;
    }
    if (ids.isEmpty() || (asked > 0 && m_confirmCancel && !m_confirmCancel(asked, sent)))
        return;
    m_scheduler->cancelTasks(ids); // one removal batch, not one per row
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    m_toolBar->setToolButtonStyle(width() < CompactWidth ? Qt::ToolButtonIconOnly
                                                         : Qt::ToolButtonTextBesideIcon);
    // Below WideWidth the actions named in the Transfers menu show their icons only: the
    // Server field gets the room (a URL, its buttons) at the default width.
    const bool wide = width() >= WideWidth;
    for (QAction *action :
         {m_menuActions.pauseAll, m_menuActions.resumeAll, m_menuActions.clearFinished})
        action->setPriority(wide ? QAction::NormalPriority : QAction::LowPriority);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    dragMoveEvent(event); // the same question: are there local files in it?
}

void MainWindow::dragMoveEvent(QDragMoveEvent *event)
{
    if (UploadTableView::localPaths(event->mimeData()).isEmpty())
        event->ignore();
    else
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QStringList paths = UploadTableView::localPaths(event->mimeData());
    if (paths.isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    addPaths(paths);
}

void MainWindow::showSettings()
{
    SettingsDialog dialog(m_settings, QSystemTrayIcon::isSystemTrayAvailable(), this);
    dialog.exec();
}

QLabel *MainWindow::countsLabel() const
{
    return m_totals->countsLabel();
}

QSpinBox *MainWindow::concurrencySpin() const
{
    return m_limits->concurrencySpin();
}
