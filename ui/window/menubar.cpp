#include "menubar.h"

#include "columnchooser.h"

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QMessageBox>

MenuBar::MenuBar(const Actions &actions, ColumnChooser *columns, QHeaderView *header,
                 QList<int> fixed, QWidget *parent)
    : QMenuBar(parent)
    , m_chooser(columns)
    , m_header(header)
    , m_fixed(std::move(fixed))
    , m_file(addMenu(tr("&File")))
    , m_edit(addMenu(tr("&Edit")))
    , m_view(addMenu(tr("&View")))
    , m_transfers(addMenu(tr("&Transfers")))
    , m_help(addMenu(tr("&Help")))
    , m_quit(actions.quit)
{
    for (QMenu *menu : {m_file, m_edit, m_view, m_transfers, m_help})
        menu->setToolTipsVisible(true);

    m_file->addAction(actions.addFiles);
    m_file->addAction(actions.addFolder);
    m_file->addSeparator();
    m_file->addAction(actions.quit);

    m_edit->addAction(actions.selectAll);
    m_edit->addAction(actions.copyLink);
    m_edit->addAction(actions.cancel);
    m_edit->addSeparator();
    m_edit->addAction(actions.settings);

    m_columns = m_view->addMenu(tr("&Columns"));
    connect(m_columns, &QMenu::aboutToShow, this, &MenuBar::fillColumns);
    m_view->addAction(actions.details);
    m_view->addAction(actions.filter);

    m_transfers->addAction(actions.pauseAll);
    m_transfers->addAction(actions.resumeAll);
    m_transfers->addAction(actions.retryFailed);
    m_transfers->addSeparator();
    m_transfers->addAction(actions.clearFinished);
    m_transfers->addAction(actions.clearFailed);
    m_transfers->addSeparator();
    if (actions.speedLimit)
        m_transfers->addMenu(actions.speedLimit);

    m_about = m_help->addAction(tr("&About Hoist"), this, [this] {
        QMessageBox::about(window(), tr("About Hoist"), aboutText());
    });
    m_about->setMenuRole(QAction::AboutRole);
}

QString MenuBar::aboutText()
{
    return tr("<b>Hoist %1</b><p>Uploads files and folders to tus servers, S3 buckets and its "
              "own server, hoistd; resumes where the server has them.</p>")
        .arg(QStringLiteral(HOIST_VERSION));
}

void MenuBar::addWatchedFolders(QAction *action)
{
    m_file->insertAction(m_quit, action);
    m_file->insertSeparator(m_quit);
}

void MenuBar::addToken(QAction *action)
{
    m_edit->addAction(action);
}

void MenuBar::addSchedule(QAction *action)
{
    m_transfers->addAction(action);
}

// Made as the menu opens: it shows the columns as they are now (the header's menu may have
// changed them).
void MenuBar::fillColumns()
{
    m_columns->clear();
    const QAbstractItemModel *model = m_header->model();
    const QList<int> hidden = m_chooser->hidden();
    for (int c = 0; c < m_header->count(); ++c) {
        const QString name = model->headerData(c, Qt::Horizontal).toString();
        if (name.isEmpty() || m_fixed.contains(c))
            continue;
        QAction *action = m_columns->addAction(name);
        action->setCheckable(true);
        action->setChecked(!hidden.contains(c));
        connect(action, &QAction::toggled, m_chooser,
                [chooser = m_chooser, c](bool shown) { chooser->setHidden(c, !shown); });
    }
}
