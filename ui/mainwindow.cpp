#include "mainwindow.h"

#include "actionsdelegate.h"
#include "chunkbardelegate.h"
#include "elidedelegate.h"
#include "filterbar.h"
#include "formatting.h"
#include "icons.h"
#include "limitcontrols.h"
#include "progressdelegate.h"
#include "ratelimitmenu.h"
#include "tokencontrol.h"
#include "uploadfilterproxy.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"
#include "uploadtableview.h"

#include <QActionGroup>
#include <QCompleter>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QStringListModel>
#include <QToolBar>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>

namespace {
constexpr int rowHeight = 28;
constexpr int endpointWidth = 220;
constexpr QSize defaultWindowSize(1180, 640);
const char *const endpointKey = "endpoint";
constexpr QRgb problemColor = 0xc0392b;

struct ColumnWidth {
    UploadTableModel::Column column;
    int width;
};
constexpr ColumnWidth columnWidths[] = {
    {UploadTableModel::Size, 80},   {UploadTableModel::State, 230},
    {UploadTableModel::Progress, 130}, {UploadTableModel::Chunks, 170},
    {UploadTableModel::Speed, 95},  {UploadTableModel::TimeLeft, 90},
};
} // namespace

MainWindow::MainWindow(UploadScheduler *scheduler, QWidget *parent)
    : QMainWindow(parent)
    , m_scheduler(scheduler)
{
    Q_ASSERT(scheduler);
    setWindowTitle(QStringLiteral("Hoist"));
    setWindowIcon(Icons::app());
    setAcceptDrops(true);
    resize(defaultWindowSize);

    // A remembered endpoint fills in only what the caller (command line) left unset.
    if (m_scheduler->endpoint().isEmpty()) {
        const QString saved = QSettings().value(QLatin1String(endpointKey)).toString();
        if (!saved.isEmpty() && endpointProblem(saved).isEmpty())
            m_scheduler->setEndpoint(QUrl(saved.trimmed()));
    }

    buildTable();
    buildActions();
    buildToolBar();

    m_counts = new QLabel(this);
    m_speed = new QLabel(this);
    statusBar()->addWidget(m_counts, 1);
    statusBar()->addPermanentWidget(m_speed);
    statusBar()->addPermanentWidget(m_limits->rateButton());
    connect(m_scheduler, &UploadScheduler::totalsChanged, this, &MainWindow::updateTotals);
    updateTotals(m_scheduler->totals());

    m_confirmCancel = [this](int count) {
        const auto answer = QMessageBox::question(
            this, tr("Cancel uploads"),
            (count == 1 ? tr("Cancel this upload?") : tr("Cancel %1 uploads?").arg(count))
                + QLatin1Char('\n')
                + tr("What was already sent is deleted from the server where it allows it."),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        return answer == QMessageBox::Yes;
    };
}

MainWindow::~MainWindow()
{
    // QWidget's destructor closes the window, which takes the focus from the endpoint field: its
    // editingFinished would then call applyEndpoint() on a window whose members are gone (and
    // start a server for "This computer" on the way out).
    m_endpoint->disconnect(this);
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
    m_view->setEmptyHint(tr("Drop files or folders here to upload them"));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setShowGrid(false);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideRight); // sentences keep their start: an error's cause
    // Names keep their ends: the extension, and the folder they came from.
    m_view->setItemDelegateForColumn(UploadTableModel::Name,
                                     new ElideDelegate(Qt::ElideMiddle, m_view));
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
    for (const ColumnWidth &c : columnWidths)
        header->resizeSection(c.column, c.width);
    // Start in the order things were added; a third click on a header returns there.
    header->setSortIndicatorClearable(true);
    header->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);

    m_view->setItemDelegateForColumn(UploadTableModel::Progress, new ProgressDelegate(m_view));
    m_view->setItemDelegateForColumn(UploadTableModel::Chunks, new ChunkBarDelegate(m_view));
    m_actions = new ActionsDelegate(m_view);
    m_view->setItemDelegateForColumn(UploadTableModel::Actions, m_actions);
    connect(m_actions, &ActionsDelegate::pauseClicked, m_scheduler, &UploadScheduler::pause);
    connect(m_actions, &ActionsDelegate::resumeClicked, m_scheduler, &UploadScheduler::resume);
    connect(m_actions, &ActionsDelegate::retryClicked, m_scheduler, &UploadScheduler::retry);
    connect(m_actions, &ActionsDelegate::cancelClicked, this,
            [this](TaskId id) { cancelTasks({id}); });

    connect(m_view, &UploadTableView::pathsDropped, this, &MainWindow::addPaths);
    connect(m_view, &QWidget::customContextMenuRequested, this, &MainWindow::showContextMenu);
    // The empty-state hint comes and goes with the rows.
    connect(m_proxy, &QAbstractItemModel::rowsInserted, m_view->viewport(),
            qOverload<>(&QWidget::update));
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, m_view->viewport(),
            qOverload<>(&QWidget::update));
    connect(m_proxy, &QAbstractItemModel::modelReset, m_view->viewport(),
            qOverload<>(&QWidget::update));

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_filter);
    layout->addWidget(m_view, 1);
    setCentralWidget(central);
}

void MainWindow::buildActions()
{
    m_pauseAction = new QAction(Icons::pause(), tr("Pause"), this);
    connect(m_pauseAction, &QAction::triggered, this, [this] {
        forSelected([this](TaskId id, TaskState state) {
            if (state == TaskState::Waiting || state == TaskState::Uploading)
                m_scheduler->pause(id);
        });
    });
    m_resumeAction = new QAction(Icons::resume(), tr("Resume"), this);
    connect(m_resumeAction, &QAction::triggered, this, [this] {
        forSelected([this](TaskId id, TaskState state) {
            if (state == TaskState::Paused)
                m_scheduler->resume(id);
        });
    });
    m_retryAction = new QAction(Icons::retry(), tr("Retry"), this);
    connect(m_retryAction, &QAction::triggered, this, [this] {
        forSelected([this](TaskId id, TaskState state) {
            if (state == TaskState::Error)
                m_scheduler->retry(id);
        });
    });

    // Shortcuts live on the table, so typing in the endpoint field never pauses anything.
    m_toggleAction = new QAction(tr("Pause or resume"), this);
    m_toggleAction->setShortcut(Qt::Key_Space);
    m_toggleAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_toggleAction, &QAction::triggered, this, &MainWindow::togglePauseSelection);
    m_view->addAction(m_toggleAction);

    m_cancelAction = new QAction(Icons::cancel(), tr("Cancel…"), this);
    m_cancelAction->setShortcut(QKeySequence::Delete);
    m_cancelAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_cancelAction, &QAction::triggered, this, &MainWindow::cancelSelection);
    m_view->addAction(m_cancelAction);

    m_rowLimit = new RateLimitMenu(tr("Speed limit"), this);
    m_rowLimit->setObjectName(QStringLiteral("rowSpeedLimit"));
    connect(m_rowLimit, &RateLimitMenu::rateChosen, this, [this](qint64 rate) {
        forSelected([this, rate](TaskId id, TaskState) { m_scheduler->setTaskRateLimit(id, rate); });
    });

    m_priorityGroup = new QActionGroup(this);
    for (Priority p : {Priority::High, Priority::Normal, Priority::Low}) {
        const QString name = p == Priority::High  ? tr("High")
                             : p == Priority::Low ? tr("Low")
                                                  : tr("Normal");
        QAction *action = m_priorityGroup->addAction(name);
        action->setCheckable(true);
        action->setData(int(p));
        connect(action, &QAction::triggered, this, [this, p] {
            forSelected([this, p](TaskId id, TaskState) { m_scheduler->setPriority(id, p); });
        });
    }
}

void MainWindow::buildToolBar()
{
    QToolBar *bar = m_toolBar = addToolBar(tr("Uploads"));
    bar->setObjectName(QStringLiteral("uploads"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    bar->addAction(Icons::addFiles(), tr("Add files…"), this, &MainWindow::addFiles);
    bar->addAction(Icons::addFolder(), tr("Add folder…"), this, &MainWindow::addFolder);
    bar->addSeparator();
    bar->addAction(Icons::pause(), tr("Pause all"), m_scheduler, &UploadScheduler::pauseAll);
    bar->addAction(Icons::resume(), tr("Resume all"), m_scheduler, &UploadScheduler::resumeAll);
    bar->addAction(Icons::clear(), tr("Clear finished"), this,
                   [this] { m_scheduler->clearFinished(); });
    bar->addSeparator();

    m_limits = new LimitControls(m_scheduler, bar);
    bar->addSeparator();

    auto *endpointLabel = new QLabel(tr("Server:"), bar);
    endpointLabel->setContentsMargins(12, 0, 4, 0);
    bar->addWidget(endpointLabel);
    m_endpoint = new QLineEdit(bar);
    m_endpoint->setPlaceholderText(tr("https://example.com/files/"));
    m_endpoint->setMinimumWidth(endpointWidth);
    m_endpoint->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_endpoint->setClearButtonEnabled(true);
    m_endpoint->setProperty("endpointValid", true);
    endpointLabel->setBuddy(m_endpoint);
    m_namedEndpointAction = m_endpoint->addAction(style()->standardIcon(QStyle::SP_ComputerIcon),
                                                  QLineEdit::LeadingPosition);
    m_namedEndpointAction->setVisible(false);
    connect(m_namedEndpointAction, &QAction::triggered, this, &MainWindow::chooseNamedEndpoint);
    m_endpointWarning = m_endpoint->addAction(style()->standardIcon(QStyle::SP_MessageBoxWarning),
                                              QLineEdit::TrailingPosition);
    m_endpointWarning->setVisible(false);
    connect(m_endpoint, &QLineEdit::editingFinished, this, &MainWindow::applyEndpoint);
    connect(m_endpoint, &QLineEdit::textEdited, this, [this] { showEndpointProblem({}); });
    bar->addWidget(m_endpoint);
    showEndpoint();
}

void MainWindow::setTokenKeeper(TokenKeeper *keeper)
{
    Q_ASSERT(keeper && !m_token);
    m_token = new TokenControl(m_scheduler, keeper, this);
    m_toolBar->addAction(m_token->action());
    connect(m_token, &TokenControl::notice, this,
            [this](const QString &text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    showEndpoint();
}

void MainWindow::setNamedEndpoint(const NamedEndpoint &named)
{
    m_named = named;
    auto *completer = new QCompleter(new QStringListModel({named.name}, m_endpoint), m_endpoint);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    delete m_endpoint->completer();
    m_endpoint->setCompleter(completer);
    m_namedEndpointAction->setText(tr("Upload to %1").arg(named.name));
    m_namedEndpointAction->setToolTip(m_namedEndpointAction->text());
    showEndpoint();
}

bool MainWindow::usesNamedEndpoint() const
{
    const QUrl url = m_scheduler->endpoint();
    return !m_named.name.isEmpty() && !url.isEmpty() && url == m_named.url;
}

QString MainWindow::endpointToolTip() const
{
    return usesNamedEndpoint() ? tr("%1: Hoist's own server, at %2")
                                     .arg(m_named.name, m_named.url.toDisplayString())
                               : tr("The tus endpoint new uploads go to");
}

// The endpoint the scheduler uses, by name when it is the named server's.
void MainWindow::showEndpoint()
{
    const bool named = usesNamedEndpoint();
    m_endpoint->setText(named ? m_named.name : m_scheduler->endpoint().toString());
    m_endpoint->setToolTip(endpointToolTip());
    m_namedEndpointAction->setVisible(!m_named.name.isEmpty() && !named);
    if (m_token)
        m_token->setEndpoint(m_scheduler->endpoint(), named);
}

void MainWindow::chooseNamedEndpoint()
{
    QString error;
    const QUrl url = m_named.start ? m_named.start(&error) : m_named.url;
    if (url.isEmpty()) {
        const QString problem = tr("%1 is not available: %2").arg(m_named.name, error);
        showEndpointProblem(problem);
        QToolTip::showText(m_endpoint->mapToGlobal(QPoint(0, m_endpoint->height())), problem,
                           m_endpoint);
        return;
    }
    m_named.url = url;
    m_scheduler->setEndpoint(url);
    // Its port may differ next time; the app finds it again when nothing is remembered.
    QSettings().remove(QLatin1String(endpointKey));
    showEndpointProblem({});
    showEndpoint();
}

QString MainWindow::endpointProblem(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return tr("Enter the upload server's address, e.g. https://example.com/files/");
    const QUrl url(trimmed, QUrl::StrictMode);
    if (!url.isValid())
        return tr("Not a valid address: %1").arg(url.errorString());
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        return tr("The address must start with http:// or https://");
    if (url.host().isEmpty())
        return tr("The address has no server name");
    return {};
}

void MainWindow::applyEndpoint()
{
    const QString text = m_endpoint->text().trimmed();
    if (!m_named.name.isEmpty()
        && (text.isEmpty() || text.compare(m_named.name, Qt::CaseInsensitive) == 0
            || (!m_named.url.isEmpty() && QUrl(text) == m_named.url))) {
        chooseNamedEndpoint();
        return;
    }
    const QString problem = endpointProblem(text);
    showEndpointProblem(problem);
    if (!problem.isEmpty()) {
        QToolTip::showText(m_endpoint->mapToGlobal(QPoint(0, m_endpoint->height())), problem,
                           m_endpoint);
        return;
    }
    const QUrl url(text);
    if (url == m_scheduler->endpoint())
        return;
    m_scheduler->setEndpoint(url);
    QSettings().setValue(QLatin1String(endpointKey), url.toString());
    showEndpoint();
}

void MainWindow::showEndpointProblem(const QString &problem)
{
    const bool valid = problem.isEmpty();
    m_endpoint->setProperty("endpointValid", valid);
    QPalette palette; // nothing set: inherits the window's
    if (!valid)
        palette.setColor(QPalette::Text, QColor(problemColor));
    m_endpoint->setPalette(palette);
    m_endpoint->setToolTip(valid ? endpointToolTip() : problem);
    m_endpointWarning->setToolTip(problem);
    m_endpointWarning->setVisible(!valid);
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
    QList<TaskId> ids;
    const QModelIndexList rows = m_view->selectionModel()->selectedRows(UploadTableModel::Name);
    for (const QModelIndex &index : rows)
        ids << index.data(UploadTableModel::TaskIdRole).value<TaskId>();
    return ids;
}

void MainWindow::forSelected(const std::function<void(TaskId, TaskState)> &action)
{
    // Ids first: an action may remove rows and so change the selection under us.
    const QList<TaskId> ids = selectedTaskIds();
    for (TaskId id : ids) {
        if (const UploadTask *task = m_scheduler->task(id))
            action(id, task->state());
    }
}

void MainWindow::togglePauseSelection()
{
    bool anyActive = false;
    bool anyPaused = false;
    forSelected([&](TaskId, TaskState state) {
        anyActive = anyActive || state == TaskState::Waiting || state == TaskState::Uploading;
        anyPaused = anyPaused || state == TaskState::Paused;
    });
    if (anyActive)
        m_pauseAction->trigger();
    else if (anyPaused)
        m_resumeAction->trigger();
}

void MainWindow::cancelSelection()
{
    cancelTasks(selectedTaskIds());
}

void MainWindow::cancelTasks(const QList<TaskId> &ids)
{
    // A finished upload only leaves the list (the server keeps it): only the unfinished ones,
    // whose bytes are deleted, are worth a question.
    const auto unfinished = int(std::count_if(ids.cbegin(), ids.cend(), [this](TaskId id) {
        const UploadTask *task = m_scheduler->task(id);
        return task && task->state() != TaskState::Success;
    }));
    if (ids.isEmpty() || (unfinished > 0 && m_confirmCancel && !m_confirmCancel(unfinished)))
        return;
    for (TaskId id : ids)
        m_scheduler->cancel(id);
}

void MainWindow::showContextMenu(const QPoint &pos)
{
    const QList<TaskId> ids = selectedTaskIds();
    if (ids.isEmpty())
        return;
    bool canPause = false, canResume = false, canRetry = false, allDone = true;
    int priorities = 0; // bit per priority among the selection
    qint64 limit = -1;  // the selection's own speed limit, -2 when they differ
    for (TaskId id : ids) {
        const UploadTask *task = m_scheduler->task(id);
        if (!task)
            continue;
        const TaskState s = task->state();
        canPause = canPause || s == TaskState::Waiting || s == TaskState::Uploading;
        canResume = canResume || s == TaskState::Paused;
        canRetry = canRetry || s == TaskState::Error;
        allDone = allDone && s == TaskState::Success;
        priorities |= 1 << int(task->priority());
        limit = limit == -1 || limit == task->rateLimit() ? task->rateLimit() : -2;
    }
    m_pauseAction->setEnabled(canPause);
    m_resumeAction->setEnabled(canResume);
    m_retryAction->setEnabled(canRetry);
    const QList<QAction *> priorityActions = m_priorityGroup->actions();
    for (QAction *action : priorityActions)
        action->setChecked(priorities == 1 << action->data().toInt());

    QMenu menu(this);
    menu.addAction(m_pauseAction);
    menu.addAction(m_resumeAction);
    menu.addAction(m_retryAction);
    menu.addSeparator();
    QMenu *priority = menu.addMenu(tr("Priority"));
    priority->addActions(priorityActions);
    m_rowLimit->setCurrent(limit);
    menu.addMenu(m_rowLimit);
    menu.addSeparator();
    m_cancelAction->setText(allDone ? tr("Remove from list") : tr("Cancel…"));
    menu.addAction(m_cancelAction);
    menu.exec(m_view->viewport()->mapToGlobal(pos));
    m_cancelAction->setText(tr("Cancel…"));
    // Triggered from the menu or not, these act on whatever is selected next time.
    m_pauseAction->setEnabled(true);
    m_resumeAction->setEnabled(true);
    m_retryAction->setEnabled(true);
}

void MainWindow::updateTotals(const SchedulerTotals &totals)
{
    struct Part {
        TaskState state;
        const char *text;
    };
    static const Part parts[] = {
        {TaskState::Uploading, QT_TR_NOOP("%1 uploading")},
        {TaskState::Waiting, QT_TR_NOOP("%1 waiting")},
        {TaskState::Paused, QT_TR_NOOP("%1 paused")},
        {TaskState::Success, QT_TR_NOOP("%1 done")},
        {TaskState::Error, QT_TR_NOOP("%1 failed")},
    };
    QStringList shown;
    for (const Part &part : parts) {
        if (const int n = totals.count(part.state))
            shown << tr(part.text).arg(n);
    }
    m_counts->setText(shown.isEmpty() ? tr("No uploads")
                                      : shown.join(QStringLiteral(" \u00b7 ")));
    QString speed;
    if (totals.bytesTotal > 0)
        speed = tr("%1 of %2").arg(formatSize(totals.bytesDone), formatSize(totals.bytesTotal));
    if (totals.bytesPerSecond > 0)
        speed += QStringLiteral("  \u2191 ") + formatSpeed(totals.bytesPerSecond);
    m_speed->setText(speed);
    m_filter->setTotals(totals);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (UploadTableView::localPaths(event->mimeData()).isEmpty())
        event->ignore();
    else
        event->acceptProposedAction();
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

QSpinBox *MainWindow::concurrencySpin() const
{
    return m_limits->concurrencySpin();
}
