#include "duplicatebar.h"

#include "duplicatecheck.h"
#include "uploadscheduler.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace {
constexpr int margin = 6;
} // namespace

DuplicateBar::DuplicateBar(UploadScheduler *scheduler, QWidget *parent)
    : QFrame(parent)
    , m_scheduler(scheduler)
    , m_text(new QLabel(this))
    , m_addAnyway(new QPushButton(tr("Add anyway"), this))
{
    setObjectName(QStringLiteral("duplicateBar"));
    setFrameShape(QFrame::StyledPanel);
    setBackgroundRole(QPalette::ToolTipBase);
    setForegroundRole(QPalette::ToolTipText);
    setAutoFillBackground(true);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_addAnyway->setToolTip(tr("Upload them again, as new uploads"));
    auto *close = new QToolButton(this);
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Close"));
    close->setAccessibleName(tr("Close"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(margin, margin / 2, margin / 2, margin / 2);
    auto *icon = new QLabel(this);
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxInformation).pixmap(size, size));
    layout->addWidget(icon);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_addAnyway);
    layout->addWidget(close);
    hide();

    connect(m_addAnyway, &QPushButton::clicked, this, &DuplicateBar::addAnyway);
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    connect(scheduler, &UploadScheduler::duplicatesFound, this, &DuplicateBar::showReport);
}

QString DuplicateBar::text() const
{
    return m_text->text();
}

QString DuplicateBar::message(const DuplicateReport &report)
{
    QStringList sentences;
    const int skipped = report.skipped();
    if (skipped == 1)
        sentences << tr("1 file is already in the queue and was not added again.");
    else if (skipped > 1)
        sentences << tr("%1 files are already in the queue and were not added again.").arg(skipped);
    const auto changed = int(report.changed.size());
    if (changed == 1 && skipped == 1)
        sentences << tr("It changed since it was queued.");
    else if (changed > 0)
        sentences << tr("%1 of them changed since they were queued.").arg(changed);
    if (report.replaced == 1)
        sentences << tr("1 waiting upload now sends the newer version of its file.");
    else if (report.replaced > 1)
        sentences << tr("%1 waiting uploads now send the newer versions of their files.")
                         .arg(report.replaced);
    // Dropped again after their uploads failed: the person wants them sent, so their rows go.
    const auto retried = int(report.retried.size());
    if (retried == 1)
        sentences << tr("1 failed upload was retried.");
    else if (retried > 1)
        sentences << tr("%1 failed uploads were retried.").arg(retried);
    return sentences.join(QLatin1Char(' '));
}

void DuplicateBar::showReport(const DuplicateReport &report)
{
    m_again = report.started;
    m_text->setText(message(report));
    m_addAnyway->setVisible(!m_again.isEmpty());
    QFrame::show();
}

void DuplicateBar::addAnyway()
{
    hide();
    if (!m_again.isEmpty())
        m_scheduler->addPaths(m_again, Priority::Normal, UploadScheduler::Duplicates::AddAgain);
    m_again.clear();
}
