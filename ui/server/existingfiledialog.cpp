#include "existingfiledialog.h"

#include "existingfiles.h"
#include "formatting.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
QString describe(qint64 size, const QDateTime &modified)
{
    const QString bytes = size < 0 ? ExistingFileDialog::tr("size not given") : formatSize(size);
    if (!modified.isValid())
        return bytes;
    return ExistingFileDialog::tr("%1, changed %2")
        .arg(bytes, formatWhenFull(modified.toMSecsSinceEpoch()));
}
} // namespace

ExistingFileDialog::ExistingFileDialog(const ExistingFile &file, int waiting, QWidget *parent)
    : QDialog(parent)
    , m_question(new QLabel(this))
    , m_waiting(new QLabel(this))
    , m_rest(new QCheckBox(tr("&Do the same for the rest"), this))
{
    setWindowTitle(tr("Already on the server"));
    const QString name =
        file.name.isEmpty() ? file.remotePath.section(QLatin1Char('/'), -1) : file.name;
    m_question->setText(tr("“%1” is already on the server. Replace it?").arg(name));
    m_question->setWordWrap(true);
    QFont bold = m_question->font();
    bold.setBold(true);
    m_question->setFont(bold);

    auto *details = new QFormLayout;
    auto *where = new QLabel(file.remotePath, this);
    where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    where->setWordWrap(true);
    details->addRow(tr("On the server:"), where);
    details->addRow(QString(), new QLabel(describe(file.remoteSize, file.remoteModified), this));
    auto *local = new QLabel(file.localPath, this);
    local->setTextInteractionFlags(Qt::TextSelectableByMouse);
    local->setWordWrap(true);
    details->addRow(tr("This upload:"), local);
    details->addRow(QString(), new QLabel(describe(file.localSize, file.localModified), this));

    auto *buttons = new QDialogButtonBox(this);
    m_skip = buttons->addButton(tr("&Skip"), QDialogButtonBox::RejectRole);
    m_skip->setToolTip(tr("Leave the server's file as it is and upload nothing"));
    m_overwrite = buttons->addButton(tr("&Overwrite"), QDialogButtonBox::AcceptRole);
    m_rename = buttons->addButton(tr("Upload as “%1”").arg(ExistingFilesText::numbered(name, 2)),
                                  QDialogButtonBox::ActionRole);
    m_rename->setToolTip(tr("Keep the server's file; this one goes beside it under the first "
                            "free numbered name"));
    connect(m_skip, &QPushButton::clicked, this, [this] { answer(IfExists::Skip); });
    connect(m_overwrite, &QPushButton::clicked, this, [this] { answer(IfExists::Overwrite); });
    connect(m_rename, &QPushButton::clicked, this, [this] { answer(IfExists::Rename); });
    m_skip->setDefault(true); // Enter keeps what is there: the careful choice

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_question);
    layout->addLayout(details);
    layout->addWidget(m_waiting);
    layout->addWidget(m_rest);
    layout->addWidget(buttons);
    setWaiting(waiting);
}

void ExistingFileDialog::setWaiting(int waiting)
{
    m_waiting->setText(
        tr("%n more file(s) found on the server wait for an answer.", nullptr, waiting));
    m_waiting->setVisible(waiting > 0);
}

void ExistingFileDialog::reject()
{
    answer(IfExists::Skip);
}

void ExistingFileDialog::answer(IfExists choice)
{
    if (m_answered)
        return;
    m_answered = true;
    Q_EMIT answered(choice, m_rest->isChecked());
    done(choice == IfExists::Skip ? QDialog::Rejected : QDialog::Accepted);
}
