#include "targetsettingsgroup.h"

#include "targetsettings.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace {
constexpr int ModeWidth = 80;
constexpr QRgb ProblemColor = 0xc0392b;
} // namespace

TargetSettingsGroup::TargetSettingsGroup(QWidget *parent)
    : QGroupBox(tr("SFTP and WebDAV servers"), parent)
    , m_ifExists(new QComboBox(this))
    , m_fileMode(new QLineEdit(this))
    , m_folderMode(new QLineEdit(this))
    , m_problem(new QLabel(this))
{
    m_ifExists->addItem(tr("Overwrite it"), int(IfExists::Overwrite));
    m_ifExists->addItem(tr("Skip it if of the same size and time"), int(IfExists::Skip));
    m_ifExists->addItem(tr("Upload beside it as “NAME (2)”"), int(IfExists::Rename));
    m_ifExists->addItem(tr("Ask each time"), int(IfExists::Ask));
    m_ifExists->setToolTip(
        tr("What an upload does when the server has a file of its name already (as "
           "--if-exists). Skip: over SFTP a file of the same size and modification time is left "
           "as it is and a different one fails, saying so; over WebDAV any file there is left. "
           "Ask: one question at a time, naming the file, with “Do the same for the rest”. tus and "
           "S3 uploads always replace."));
    const auto mode = [this](QLineEdit *edit, const QString &tip) {
        edit->setMaxLength(4);
        edit->setMaximumWidth(ModeWidth);
        edit->setToolTip(tip);
        edit->setPlaceholderText(TargetSettings::modeText(edit == m_fileMode
                                                              ? TargetSettings::DefaultFileMode
                                                              : TargetSettings::DefaultFolderMode));
        connect(edit, &QLineEdit::textChanged, this, &TargetSettingsGroup::check);
    };
    mode(m_fileMode, tr("The permissions of uploaded files on SFTP servers, in octal as chmod "
                        "takes them (0644: the owner writes, all read)"));
    mode(m_folderMode, tr("The permissions of folders Hoist makes on SFTP servers, in octal "
                          "(0755: the owner writes, all read and enter)"));
    m_problem->setWordWrap(true);
    QPalette palette;
    palette.setColor(QPalette::WindowText, QColor(ProblemColor));
    m_problem->setPalette(palette);
    m_problem->hide();

    auto *form = new QFormLayout(this);
    form->addRow(tr("When the file is already &there:"), m_ifExists);
    form->addRow(tr("New &files' permissions (SFTP):"), m_fileMode);
    form->addRow(tr("New f&olders' permissions (SFTP):"), m_folderMode);
    form->addRow(QString(), m_problem);
}

void TargetSettingsGroup::load(const TargetSettings &settings)
{
    m_ifExists->setCurrentIndex(qMax(0, m_ifExists->findData(int(settings.ifExists()))));
    m_fileMode->setText(TargetSettings::modeText(settings.fileMode()));
    m_folderMode->setText(TargetSettings::modeText(settings.folderMode()));
}

void TargetSettingsGroup::check()
{
    QString problem;
    for (QLineEdit *edit : {m_fileMode, m_folderMode}) {
        // Empty is the default the field shows.
        if (!edit->text().trimmed().isEmpty() && !TargetSettings::parseMode(edit->text()))
            problem = tr("“%1” is not a mode: up to four octal digits, at most 0777, as chmod "
                         "takes them (0644, 755).")
                          .arg(edit->text().trimmed());
    }
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    const bool valid = problem.isEmpty();
    if (valid != m_valid) {
        m_valid = valid;
        Q_EMIT validityChanged(valid);
    }
}

void TargetSettingsGroup::apply(TargetSettings *settings) const
{
    if (!m_valid)
        return;
    const auto ifExists = IfExists(m_ifExists->currentData().toInt());
    if (ifExists != settings->ifExists())
        settings->setIfExists(ifExists);
    const auto modeOf = [](const QLineEdit *edit, int fallback) {
        return TargetSettings::parseMode(edit->text()).value_or(fallback);
    };
    const int fileMode = modeOf(m_fileMode, TargetSettings::DefaultFileMode);
    if (fileMode != settings->fileMode())
        settings->setFileMode(fileMode);
    const int folderMode = modeOf(m_folderMode, TargetSettings::DefaultFolderMode);
    if (folderMode != settings->folderMode())
        settings->setFolderMode(folderMode);
}
