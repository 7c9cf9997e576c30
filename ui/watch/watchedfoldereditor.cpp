#include "watchedfoldereditor.h"

#include "endpointfield.h"
#include "patternlistedit.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
constexpr int fieldWidth = 380;
}

WatchedFolderEditor::WatchedFolderEditor(const WatchedFolder &folder, QWidget *parent)
    : QDialog(parent)
    , m_folder(new QLineEdit(folder.folder, this))
    , m_target(new QLineEdit(folder.target.toString(), this))
    , m_prefix(new QLineEdit(folder.prefix, this))
    , m_recursive(new QCheckBox(tr("Include &subfolders"), this))
    , m_include(new PatternListEdit({}, this))
    , m_exclude(new PatternListEdit({}, this))
    , m_problem(new QLabel(this))
{
    setWindowTitle(folder.folder.isEmpty() ? tr("Watch a folder") : tr("Watched folder"));
    m_folder->setMinimumWidth(fieldWidth);
    m_folder->setPlaceholderText(tr("The folder to upload from"));
    m_target->setPlaceholderText(tr("This computer"));
    m_target->setToolTip(tr("A tus server (https://host/files/) or an S3 bucket "
                            "(s3://bucket/prefix?endpoint=…); empty: Hoist's own server"));
    m_prefix->setPlaceholderText(tr("none: files keep only their path inside the folder"));
    m_prefix->setToolTip(tr("Put before each file's path inside the folder on the server"));
    m_recursive->setChecked(folder.recursive);
    m_include->setPatterns(folder.include);
    m_include->setToolTip(tr("Only files matching one of these (none: every file)"));
    m_exclude->setPatterns(folder.exclude);
    m_exclude->setToolTip(tr("Left out, on top of the patterns in Settings"));
    m_problem->setStyleSheet(QStringLiteral("color: #b3261e"));
    m_problem->setWordWrap(true);

    auto *browseButton = new QPushButton(tr("&Browse…"), this);
    connect(browseButton, &QPushButton::clicked, this, &WatchedFolderEditor::browse);
    auto *folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browseButton);
    // The prefix follows the folder's name until a person types one.
    connect(m_prefix, &QLineEdit::textEdited, this, [this] { m_prefixEdited = true; });
    connect(m_folder, &QLineEdit::textChanged, this, [this](const QString &text) {
        if (!m_prefixEdited)
            m_prefix->setText(QFileInfo(QDir::cleanPath(text)).fileName());
    });
    m_prefixEdited = !folder.folder.isEmpty();

    auto *form = new QFormLayout;
    auto *folderLabel = new QLabel(tr("&Folder:"), this);
    folderLabel->setBuddy(m_folder); // a row of a layout gets no buddy by itself
    form->addRow(folderLabel, folderRow);
    form->addRow(tr("&Upload to:"), m_target);
    form->addRow(tr("Remote &prefix:"), m_prefix);
    form->addRow(QString(), m_recursive);
    form->addRow(tr("&Only files like:"), m_include);
    form->addRow(tr("&Leave out:"), m_exclude);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &WatchedFolderEditor::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    m_problem->hide();
}

WatchedFolder WatchedFolderEditor::folder() const
{
    WatchedFolder f;
    const QString path = m_folder->text().trimmed();
    f.folder = path.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    const QString target = m_target->text().trimmed();
    f.target = target.isEmpty() ? QUrl() : QUrl(target, QUrl::TolerantMode);
    f.prefix = WatchedFolder::cleanPrefix(m_prefix->text());
    f.recursive = m_recursive->isChecked();
    f.include = m_include->patterns();
    f.exclude = m_exclude->patterns();
    return f;
}

QString WatchedFolderEditor::problem() const
{
    if (m_folder->text().trimmed().isEmpty())
        return tr("Choose a folder to watch.");
    const QString target = m_target->text().trimmed();
    if (!target.isEmpty()) {
        const QString problem = EndpointField::endpointProblem(target);
        if (!problem.isEmpty())
            return problem;
    }
    const QStringList patterns = m_include->problems() + m_exclude->problems();
    return patterns.value(0);
}

void WatchedFolderEditor::accept()
{
    const QString why = problem();
    if (!why.isEmpty()) {
        m_problem->setText(why);
        m_problem->show();
        return;
    }
    QDialog::accept();
}

void WatchedFolderEditor::browse()
{
    const QString chosen =
        QFileDialog::getExistingDirectory(this, tr("Folder to watch"), m_folder->text());
    if (!chosen.isEmpty())
        m_folder->setText(chosen);
}
