#include "detailspane.h"

#include "chunkbarpainter.h"
#include "chunkmapview.h"
#include "clock.h"
#include "formatting.h"
#include "icons.h"
#include "speedgraph.h"
#include "speedsampler.h"
#include "uploadscheduler.h"
#include "uploadtablemodel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QStyle>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace {
const char *const visibleKey = "detailsVisible";
constexpr QSize swatchSize(22, 12);
constexpr int spacing = 6;

// A moment as a person reads it: the time alone when it is today.
QString formatMoment(qint64 ms)
{
    if (ms <= 0)
        return QStringLiteral("\u2014");
    const QDateTime when = QDateTime::fromMSecsSinceEpoch(ms);
    const QLocale locale;
    return when.date() == QDate::currentDate()
               ? locale.toString(when.time(), QStringLiteral("HH:mm:ss"))
               : locale.toString(when, QLocale::ShortFormat);
}

// How far it is, in the words of the row's Progress column: bytes on their way count only while
// it uploads; otherwise what the server confirmed ("Paused · 3.0 MiB of 12.0 MiB (25.0%)").
QString progressLine(const UploadTask &task)
{
    if (task.state() == TaskState::Success || task.size() <= 0)
        return {};
    if (task.state() == TaskState::Error && task.shownBytes() == 0)
        return {};
    return DetailsPane::tr("%1 of %2 (%3%)")
        .arg(formatSize(task.shownBytes()), formatSize(task.size()))
        .arg(task.progress() * 100.0, 0, 'f', 1);
}

struct PartCounts {
    int sending = 0; // a chunk of theirs is in flight
    int done = 0;    // the server holds them whole
};

PartCounts countParts(const UploadTask &task)
{
    const ChunkMap &chunks = task.chunks();
    PartCounts counts;
    for (const UploadPart &part : task.parts()) {
        if (part.isDone()) {
            ++counts.done;
            continue;
        }
        const int first = chunks.indexOf(part.begin);
        const int last = part.end > part.begin ? chunks.indexOf(part.end - 1) : first;
        for (int i = qMax(0, first); first >= 0 && i <= last; ++i) {
            if (chunks.state(i) == ChunkState::InFlight) {
                ++counts.sending;
                break;
            }
        }
    }
    return counts;
}

// The Upload URL's placeholder for an upload sent as parts: how many there are, how many are
// being sent now and how many the server holds whole.
QString partsLine(const UploadTask &task)
{
    const PartCounts counts = countParts(task);
    return DetailsPane::tr("Sent as %n parallel parts (%1 sending, %2 done), joined when all are "
                           "there; hover for their addresses",
                           "", int(task.parts().size()))
        .arg(counts.sending)
        .arg(counts.done);
}

// The "At once:" line: what the scheduler allows to the upload's server now, and what of it
// this upload uses when it sends parts in parallel (counted as partsLine counts them).
QString atOnceLine(const UploadScheduler &scheduler, const UploadTask &task)
{
    QString server;
    if (scheduler.autoConcurrency()) {
        const int level = scheduler.concurrencyLevelFor(task.endpoint());
        server = level > 0 ? DetailsPane::tr("%n requests to this server (Auto)", "", level)
                           : DetailsPane::tr("Auto (no level for this server yet)");
    } else if (scheduler.perServerLimit() > 0) {
        server = DetailsPane::tr("At most %1 in all, %2 to this server (fixed)")
                     .arg(scheduler.concurrency())
                     .arg(scheduler.perServerLimit());
    } else {
        server = DetailsPane::tr("At most %n requests in all (fixed)", "", scheduler.concurrency());
    }
    if (task.state() != TaskState::Uploading || task.parts().isEmpty())
        return server;
    return DetailsPane::tr("%1\nThis upload: %n parts sending", "", countParts(task).sending)
        .arg(server);
}

// The "Verified:" line: how the server's copy was shown to match, or why it was not.
QString verificationOf(const UploadTask &task)
{
    if (task.state() == TaskState::Error
        && task.errorKind() == TransferError::Kind::ContentMismatch)
        return DetailsPane::tr("No: the server's copy differs from this file.");
    if (task.state() != TaskState::Success)
        return DetailsPane::tr("When the upload is done");
    const UploadCheck &check = task.check();
    switch (check.outcome) {
    case UploadCheck::Outcome::Verified:
        return DetailsPane::tr("Yes. %1").arg(check.how);
    case UploadCheck::Outcome::NotVerifiable:
        return check.how;
    case UploadCheck::Outcome::Unchecked:
        break;
    }
    return DetailsPane::tr("Not checked (uploaded before Hoist verified uploads)");
}

QString formatSpan(qint64 ms)
{
    return ms < 1000 ? DetailsPane::tr("under 1 s") : formatDuration(ms / 1000);
}
} // namespace

DetailsPane::DetailsPane(UploadScheduler *scheduler, QWidget *parent)
    : QDockWidget(tr("Details"), parent)
    , m_scheduler(scheduler)
    , m_sampler(new SpeedSampler(scheduler, this))
{
    setObjectName(QStringLiteral("details"));
    setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable);

    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(spacing, spacing, spacing, spacing);
    layout->setSpacing(spacing);
    auto *head = new QHBoxLayout;
    m_title = new QLabel(body);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_state = new QLabel(body);
    head->addWidget(m_title, 1);
    head->addWidget(m_state);
    layout->addLayout(head);
    m_map = new ChunkMapView(body);
    layout->addWidget(m_map);
    layout->addWidget(buildLegend());

    m_tabs = new QTabWidget(body);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(buildGeneral(), tr("General"));
    m_tries = new QTreeWidget(body);
    m_tries->setRootIsDecorated(false);
    m_tries->setUniformRowHeights(true);
    m_tries->setHeaderLabels({tr("Try"), tr("Started"), tr("Took"), tr("Sent"), tr("Ended")});
    m_tries->header()->setStretchLastSection(true);
    m_tries->setAccessibleName(tr("Tries"));
    m_tabs->addTab(m_tries, tr("Tries"));
    m_graph = new SpeedGraph(m_sampler, body);
    m_tabs->addTab(m_graph, tr("Speed"));
    layout->addWidget(m_tabs, 1);
    setWidget(body);

    QAction *toggle = toggleViewAction();
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    toggle->setToolTip(tr("Show details of the selected upload (%1)")
                           .arg(toggle->shortcut().toString(QKeySequence::NativeText)));
    toggle->setIcon(style()->standardIcon(QStyle::SP_FileDialogDetailedView));
    // Remembered only when the person toggles it: closing the window hides it too.
    setVisible(QSettings().value(QLatin1String(visibleKey), false).toBool());
    connect(toggle, &QAction::triggered, this,
            [](bool shown) { QSettings().setValue(QLatin1String(visibleKey), shown); });
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool shown) {
        if (shown)
            refresh();
    });

    connect(m_scheduler, &UploadScheduler::tasksChanged, this, &DetailsPane::onTasksChanged);
    // Auto's level moves without the task changing.
    connect(m_scheduler, &UploadScheduler::concurrencyLevelChanged, this, [this] {
        if (const UploadTask *task = m_task && isVisible() ? m_scheduler->task(m_task) : nullptr)
            refreshAtOnce(*task);
    });
    connect(m_scheduler, &UploadScheduler::tasksAboutToBeRemoved, this,
            [this](const QList<TaskId> &ids) {
                if (ids.contains(m_task))
                    setTask(0);
            });
    refresh();
}

QWidget *DetailsPane::buildLegend()
{
    auto *legend = new QWidget(this);
    auto *row = new QHBoxLayout(legend);
    row->setContentsMargins(0, 0, 0, 0);
    const auto colors = ChunkBarPainter::Colors::fromPalette(palette());
    for (const ChunkState state :
         {ChunkState::Done, ChunkState::InFlight, ChunkState::Failed, ChunkState::Pending}) {
        auto *swatch = new QLabel(legend);
        swatch->setPixmap(QPixmap::fromImage(ChunkBarPainter::swatch(state, swatchSize, colors)));
        auto *label = new QLabel(ChunkBarPainter::stateLabel(state), legend);
        label->setBuddy(swatch);
        row->addWidget(swatch);
        row->addWidget(label);
        row->addSpacing(2 * spacing);
    }
    row->addStretch(1);
    return legend;
}

QLineEdit *DetailsPane::addCopyable(const QString &name)
{
    auto *edit = new QLineEdit(this);
    edit->setReadOnly(true);
    edit->setAccessibleName(name);
    QAction *copy = edit->addAction(Icons::copy(), QLineEdit::TrailingPosition);
    copy->setToolTip(tr("Copy %1").arg(name.toLower()));
    connect(copy, &QAction::triggered, edit, [edit] {
        if (!edit->text().isEmpty())
            QApplication::clipboard()->setText(edit->text());
    });
    return edit;
}

QWidget *DetailsPane::buildGeneral()
{
    auto *page = new QWidget(this);
    auto *columns = new QHBoxLayout(page);
    auto *where = new QFormLayout;
    where->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_path = addCopyable(tr("File"));
    m_server = addCopyable(tr("Server"));
    m_uploadUrl = addCopyable(tr("Upload URL"));
    where->addRow(tr("File:"), m_path);
    where->addRow(tr("Server:"), m_server);
    where->addRow(tr("Upload URL:"), m_uploadUrl);
    m_verification = new QLabel(page);
    m_verification->setWordWrap(true);
    m_verification->setTextInteractionFlags(Qt::TextSelectableByMouse);
    where->addRow(tr("Verified:"), m_verification);
    auto *when = new QFormLayout;
    for (const QString &name :
         {tr("Added:"), tr("Started:"), tr("Finished:"), tr("Time spent:"), tr("Average speed:")}) {
        auto *value = new QLabel(page);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        when->addRow(name, value);
        m_timings.append(value);
    }
    m_atOnce = new QLabel(page);
    m_atOnce->setWordWrap(true);
    m_atOnce->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // First: where the pane is short, the rows at the top are the ones seen.
    when->insertRow(0, tr("At once:"), m_atOnce);
    columns->addLayout(where, 3);
    columns->addSpacing(2 * spacing);
    columns->addLayout(when, 2);
    return page;
}

QString DetailsPane::verificationText() const
{
    return m_verification->text();
}

QString DetailsPane::atOnceText() const
{
    return m_atOnce->text();
}

QString DetailsPane::stateLine() const
{
    return m_state->text();
}

QStringList DetailsPane::timings() const
{
    QStringList out;
    for (const QLabel *label : m_timings)
        out << label->text();
    return out;
}

void DetailsPane::setTask(TaskId id)
{
    if (id == m_task)
        return;
    m_task = id;
    m_graph->setTask(id);
    m_tries->clear();
    refresh();
}

void DetailsPane::onTasksChanged(const QList<TaskId> &ids)
{
    if (m_task && isVisible() && ids.contains(m_task))
        refresh();
}

void DetailsPane::refresh()
{
    const UploadTask *task = m_task ? m_scheduler->task(m_task) : nullptr;
    setEnabled(task != nullptr);
    if (!task) {
        m_title->setText(tr("Select an upload to see its details"));
        m_state->clear();
        m_map->setData({});
        for (QLineEdit *edit : {m_path, m_server, m_uploadUrl})
            edit->clear();
        // What described the upload shown before stays with it.
        m_uploadUrl->setPlaceholderText({});
        m_uploadUrl->setToolTip({});
        for (QLabel *label : std::as_const(m_timings))
            label->clear();
        m_verification->clear();
        m_atOnce->clear();
        m_tries->clear();
        m_tabs->setTabText(m_tabs->indexOf(m_tries), tr("Tries"));
        return;
    }
    const qint64 now = SystemClock::nowMs();
    m_title->setText(task->displayName());
    const QString state = UploadCellText::stateText(*task, now);
    const QString progress = progressLine(*task);
    m_state->setText(progress.isEmpty() ? state : tr("%1 · %2").arg(state, progress));
    m_map->setData(ChunkBarData::of(*task));
    m_map->setToolTip(ChunkBarPainter::legendHtml(ChunkBarPainter::Colors::fromPalette(palette())));
    m_path->setText(task->path());
    m_server->setText(task->endpoint().toString(QUrl::RemoveUserInfo));
    QString upload = task->uploadUrl().toString(QUrl::RemoveUserInfo);
    QStringList parts;
    for (const UploadPart &part : task->parts()) {
        if (!part.url.isEmpty())
            parts << part.url.toString(QUrl::RemoveUserInfo);
    }
    if (upload.isEmpty() && !task->parts().isEmpty())
        m_uploadUrl->setPlaceholderText(partsLine(*task));
    else
        m_uploadUrl->setPlaceholderText(tr("None yet"));
    m_uploadUrl->setText(upload);
    m_uploadUrl->setToolTip(parts.join(QLatin1Char('\n')));
    m_verification->setText(verificationOf(*task));
    m_verification->setToolTip(task->state() == TaskState::Error ? task->errorDetail() : QString());
    if (m_uploadUrl->text() != upload)
        m_uploadUrl->setCursorPosition(0);

    const AttemptLog &log = task->attempts();
    const bool ended = task->state() == TaskState::Success || task->state() == TaskState::Error;
    const qint64 finished = ended && !log.attempts().isEmpty() ? log.attempts().last().endedMs : 0;
    const qint64 spent = log.timeSpentMs(now);
    const QStringList values{
        formatMoment(task->createdMs()),
        formatMoment(log.firstStartedMs()),
        formatMoment(finished),
        log.count() ? formatSpan(spent) : QStringLiteral("\u2014"),
        spent > 0 && log.bytesSent() > 0 ? formatSpeed(log.bytesSent() * 1000.0 / spent)
                                         : QStringLiteral("\u2014"),
    };
    for (int i = 0; i < m_timings.size(); ++i)
        m_timings.at(i)->setText(values.at(i));
    refreshAtOnce(*task);
    refreshTries(*task, now);
}

void DetailsPane::refreshAtOnce(const UploadTask &task)
{
    const bool ended = task.state() == TaskState::Success || task.state() == TaskState::Error;
    m_atOnce->setText(ended ? QStringLiteral("\u2014") : atOnceLine(*m_scheduler, task));
}

void DetailsPane::refreshTries(const UploadTask &task, qint64 now)
{
    const AttemptLog &log = task.attempts();
    const QVector<UploadAttempt> &attempts = log.attempts();
    if (attempts.isEmpty()) {
        // Tries are kept in memory only: one restored from an earlier run has none yet.
        m_tries->clear();
        auto *hint = new QTreeWidgetItem(m_tries);
        hint->setText(4, tr("No tries since Hoist started (tries are not kept across restarts)"));
        hint->setDisabled(true);
        m_tabs->setTabText(m_tabs->indexOf(m_tries), tr("Tries"));
        return;
    }
    if (m_tries->topLevelItemCount() == 1 && m_tries->topLevelItem(0)->isDisabled())
        m_tries->clear();
    m_tabs->setTabText(m_tabs->indexOf(m_tries),
                       log.count() ? tr("Tries (%1)").arg(log.count()) : tr("Tries"));
    while (m_tries->topLevelItemCount() > attempts.size())
        delete m_tries->takeTopLevelItem(0);
    while (m_tries->topLevelItemCount() < attempts.size())
        m_tries->addTopLevelItem(new QTreeWidgetItem);
    // Newest first; numbered over the whole run, the first ones may have been dropped.
    const int firstNumber = log.count() - int(attempts.size()) + 1;
    for (int row = 0; row < attempts.size(); ++row) {
        const int i = int(attempts.size()) - 1 - row;
        const UploadAttempt &a = attempts.at(i);
        QString ending;
        switch (a.outcome) {
        case UploadAttempt::Outcome::Running:
            ending = tr("Still sending");
            break;
        case UploadAttempt::Outcome::Completed:
            ending = tr("Finished");
            break;
        case UploadAttempt::Outcome::Failed:
            ending = a.reason;
            break;
        case UploadAttempt::Outcome::Stopped:
            ending = tr("Stopped (paused, cancelled or moved)");
            break;
        }
        QTreeWidgetItem *item = m_tries->topLevelItem(row);
        item->setText(0, QString::number(firstNumber + i));
        item->setText(1, formatMoment(a.startedMs));
        item->setText(2, formatSpan(a.durationMs(now)));
        item->setText(3, formatSize(a.bytesSent));
        item->setText(4, ending);
        item->setToolTip(4, ending);
    }
}
