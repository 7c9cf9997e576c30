#include "watchedfoldersdialog.h"

#include "appsettings.h"
#include "dialogfitter.h"
#include "watchedfoldereditor.h"
#include "watchservice.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace {
constexpr QSize defaultSize(980, 380);
// Widths of the columns after the folder's, which takes the rest.
constexpr int columnWidths[] = {0, 190, 110, 170, 200};

enum Column { FolderColumn, TargetColumn, PrefixColumn, RulesColumn, StateColumn, ColumnCount };
} // namespace

WatchedFoldersDialog::WatchedFoldersDialog(AppSettings *settings, const WatchService *service,
                                           QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
    , m_service(service)
    , m_folders(settings->watchedFolders())
    , m_list(new QTreeWidget(this))
    , m_add(new QPushButton(tr("&Add…"), this))
    , m_edit(new QPushButton(tr("&Edit…"), this))
    , m_remove(new QPushButton(tr("&Remove"), this))
    , m_pause(new QCheckBox(tr("&Pause watching: upload nothing new until this is unticked"), this))
{
    m_pause->setChecked(settings->watchingPaused());
    setWindowTitle(tr("Watched folders"));
    DialogFitter::fitToScreen(this, defaultSize); // its list scrolls; never wider than the screen
    m_list->setColumnCount(ColumnCount);
    m_list->setHeaderLabels(
        {tr("Folder"), tr("Upload to"), tr("Prefix"), tr("Files"), tr("State")});
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(FolderColumn, QHeaderView::Stretch);
    for (int c = TargetColumn; c < ColumnCount; ++c) {
        m_list->header()->setSectionResizeMode(c, QHeaderView::Interactive);
        m_list->header()->resizeSection(c, columnWidths[c]);
    }
    m_list->setTextElideMode(Qt::ElideMiddle); // a folder's path keeps its start and its name
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, &WatchedFoldersDialog::edit);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, [this] {
        const bool selected = !m_list->selectedItems().isEmpty();
        m_edit->setEnabled(selected);
        m_remove->setEnabled(selected);
    });
    connect(m_add, &QPushButton::clicked, this, &WatchedFoldersDialog::add);
    connect(m_edit, &QPushButton::clicked, this, &WatchedFoldersDialog::edit);
    connect(m_remove, &QPushButton::clicked, this, &WatchedFoldersDialog::remove);
    m_edit->setEnabled(false);
    m_remove->setEnabled(false);

    auto *note = new QLabel(tr("New and changed files in these folders are uploaded once they "
                               "have not changed for a few seconds, while Hoist runs (in the "
                               "window or the tray). A file already uploaded unchanged is never "
                               "sent again."),
                            this);
    note->setWordWrap(true);
    auto *side = new QVBoxLayout;
    side->addWidget(m_add);
    side->addWidget(m_edit);
    side->addWidget(m_remove);
    side->addStretch(1);
    auto *row = new QHBoxLayout;
    row->addWidget(m_list, 1);
    row->addLayout(side);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &WatchedFoldersDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addLayout(row, 1);
    layout->addWidget(m_pause);
    layout->addWidget(buttons);
    if (m_service)
        connect(m_service, &WatchService::statusChanged, this, &WatchedFoldersDialog::refresh);
    refresh();
}

QString WatchedFoldersDialog::stateText(const QString &folder) const
{
    if (!m_service)
        return {};
    switch (m_service->stateOfFolder(folder)) {
    case FolderWatcher::State::Starting:
        return tr("Looking for changes…");
    case FolderWatcher::State::Watching:
        return tr("Watching");
    case FolderWatcher::State::Scanning:
        return tr("Scanning every %1 s (inotify limit)").arg(m_service->tuning().rescanMs / 1000);
    case FolderWatcher::State::Missing:
        return tr("Not there");
    case FolderWatcher::State::Failed:
        return tr("Scanning (no inotify)");
    }
    return {};
}

void WatchedFoldersDialog::refresh()
{
    const int current = m_list->indexOfTopLevelItem(m_list->currentItem());
    m_list->clear();
    const auto rulesOf = [this](const WatchedFolder &f) {
        QStringList rules;
        rules << (f.recursive ? tr("with subfolders") : tr("this folder only"));
        if (!f.include.isEmpty())
            rules << tr("only %1").arg(f.include.join(QStringLiteral(" ")));
        if (!f.exclude.isEmpty())
            rules << tr("not %1").arg(f.exclude.join(QStringLiteral(" ")));
        return rules.join(QStringLiteral(", "));
    };
    for (const WatchedFolder &f : std::as_const(m_folders)) {
        auto *item = new QTreeWidgetItem(
            m_list,
            {f.folder, f.target.isEmpty() ? tr("This computer") : f.target.toDisplayString(),
             f.prefix, rulesOf(f), stateText(f.folder)});
        item->setToolTip(FolderColumn, f.folder);
    }
    // Folders watched for this run only (--watch), after the kept ones: shown, not editable.
    if (m_service) {
        for (const WatchedFolder &f : m_service->folders()) {
            const bool kept =
                std::any_of(m_folders.cbegin(), m_folders.cend(), [&f](const WatchedFolder &k) {
                    return k.folder == f.folder && k.prefix == f.prefix;
                });
            if (kept)
                continue;
            auto *item = new QTreeWidgetItem(
                m_list, {f.folder, f.target.toDisplayString(), f.prefix,
                         tr("%1; this run only (--watch)").arg(rulesOf(f)), stateText(f.folder)});
            item->setFlags(Qt::ItemIsEnabled);
            for (int c = 0; c < StateColumn; ++c) // its state reads as the others'
                item->setForeground(c, palette().brush(QPalette::Disabled, QPalette::Text));
        }
    }
    if (current >= 0 && current < m_folders.size())
        m_list->setCurrentItem(m_list->topLevelItem(current));
}

void WatchedFoldersDialog::addFolder(const WatchedFolder &folder)
{
    for (WatchedFolder &f : m_folders) {
        if (f.folder == folder.folder && f.target == folder.target) {
            f = folder;
            refresh();
            return;
        }
    }
    m_folders.append(folder);
    refresh();
}

void WatchedFoldersDialog::add()
{
    WatchedFolderEditor editor(WatchedFolder(), this);
    if (editor.exec() == QDialog::Accepted)
        addFolder(editor.folder());
}

void WatchedFoldersDialog::edit()
{
    const int row = m_list->indexOfTopLevelItem(m_list->currentItem());
    if (row < 0 || row >= m_folders.size())
        return;
    WatchedFolderEditor editor(m_folders.at(row), this);
    if (editor.exec() != QDialog::Accepted)
        return;
    m_folders[row] = editor.folder();
    refresh();
}

void WatchedFoldersDialog::remove()
{
    const int row = m_list->indexOfTopLevelItem(m_list->currentItem());
    if (row < 0 || row >= m_folders.size())
        return;
    m_folders.removeAt(row);
    refresh();
}

void WatchedFoldersDialog::accept()
{
    const bool pauseChanged = m_pause->isChecked() != m_settings->watchingPaused();
    if (pauseChanged)
        m_settings->setWatchingPaused(m_pause->isChecked());
    // The list's change signal also makes the window's watch take the pause.
    if (pauseChanged || m_folders != m_settings->watchedFolders())
        m_settings->setWatchedFolders(m_folders);
    QDialog::accept();
}
