#include "scheduledialog.h"

#include "schedulegrid.h"

#include "dialogfitter.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPainter>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>

namespace {
constexpr int ModeRole = Qt::UserRole;
constexpr int RateRole = Qt::UserRole + 1;
// The text form shows this many lines where the screen has room, and shrinks to the fewer first.
constexpr int TextLines = 7;
constexpr int TextMinLines = 3;

QIcon swatch(const QColor &color, bool hatched)
{
    QPixmap pixmap(16, 16);
    pixmap.fill(color);
    if (hatched) {
        QPainter p(&pixmap);
        p.fillRect(pixmap.rect(), QBrush(QColor(90, 90, 90), Qt::BDiagPattern));
    }
    return QIcon(pixmap);
}
} // namespace

ScheduleDialog::ScheduleDialog(const TransferSchedule &schedule, const QList<qint64> &rates,
                               const MeteredPolicy &metered, QWidget *parent)
    : QDialog(parent)
    , m_grid(new ScheduleGrid(this))
    , m_palette(new QListWidget(this))
    , m_newRate(new QLineEdit(this))
    , m_metered(new QComboBox(this))
    , m_meteredRate(new QLineEdit(this))
    , m_text(new QPlainTextEdit(this))
{
    setWindowTitle(tr("Schedule"));
    m_rates = rates;
    for (const qint64 rate : schedule.rates()) {
        if (!m_rates.contains(rate))
            m_rates.append(rate);
    }
    std::sort(m_rates.begin(), m_rates.end());
    m_grid->setSchedule(schedule);
    m_grid->setRates(m_rates);

    auto *intro = new QLabel(
        tr("Pick a mode on the left, then click or drag over the hours it applies to. Hours "
           "are local time; uploads you paused yourself stay paused."),
        this);
    intro->setWordWrap(true);

    m_palette->setObjectName(QStringLiteral("schedulePalette"));
    m_palette->setAccessibleName(tr("Modes"));
    m_palette->setMaximumWidth(180);
    fillPalette();
    connect(m_palette, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        if (!item)
            return;
        const auto kind = ScheduleMode::Kind(item->data(ModeRole).toInt());
        m_grid->setBrush({kind, item->data(RateRole).toLongLong()});
    });
    m_newRate->setPlaceholderText(tr("e.g. 2M, 512K"));
    m_newRate->setAccessibleName(tr("New rate"));
    auto *add = new QPushButton(tr("Add rate"), this);
    auto *remove = new QPushButton(tr("Remove rate"), this);
    connect(add, &QPushButton::clicked, this, &ScheduleDialog::addTypedRate);
    connect(m_newRate, &QLineEdit::returnPressed, this, &ScheduleDialog::addTypedRate);
    connect(remove, &QPushButton::clicked, this, &ScheduleDialog::removeChosenRate);
    auto *rateRow = new QHBoxLayout;
    rateRow->addWidget(m_newRate);
    rateRow->addWidget(add);
    auto *paletteBox = new QVBoxLayout;
    paletteBox->addWidget(new QLabel(tr("Modes:"), this));
    paletteBox->addWidget(m_palette, 1);
    paletteBox->addLayout(rateRow);
    paletteBox->addWidget(remove);

    auto *clear = new QPushButton(tr("All full speed"), this);
    connect(clear, &QPushButton::clicked, this, [this] {
        m_grid->setSchedule(TransferSchedule());
        showText();
    });
    auto *gridBox = new QVBoxLayout;
    gridBox->addWidget(m_grid);
    gridBox->addWidget(clear, 0, Qt::AlignLeft);
    gridBox->addStretch(1);
    auto *top = new QHBoxLayout;
    top->addLayout(paletteBox);
    top->addLayout(gridBox, 1);

    m_metered->addItem(tr("Pause uploads"), int(MeteredPolicy::Action::Pause));
    m_metered->addItem(tr("Limit to"), int(MeteredPolicy::Action::Limit));
    m_metered->addItem(tr("Ignore it"), int(MeteredPolicy::Action::Ignore));
    m_metered->setCurrentIndex(m_metered->findData(int(metered.action)));
    m_meteredRate->setPlaceholderText(tr("e.g. 512K"));
    m_meteredRate->setAccessibleName(tr("Rate on a metered connection"));
    m_meteredRate->setText(metered.action == MeteredPolicy::Action::Limit
                               ? ScheduleMode::rateText(metered.rate)
                               : QStringLiteral("512K"));
    connect(m_metered, &QComboBox::currentIndexChanged, this, &ScheduleDialog::updateMeteredRate);
    updateMeteredRate();
    auto *meteredRow = new QHBoxLayout;
    meteredRow->addWidget(m_metered);
    meteredRow->addWidget(m_meteredRate);
    meteredRow->addStretch(1);
    auto *form = new QFormLayout;
    form->addRow(tr("On a metered connection:"), meteredRow);

    m_text->setReadOnly(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    const int line = m_text->fontMetrics().lineSpacing();
    m_text->setMinimumHeight(line * TextMinLines + 12);
    m_text->setMaximumHeight(line * TextLines + 12);
    m_text->setAccessibleName(tr("Schedule as text"));
    m_text->setToolTip(tr("The same rules as a file for hoist --headless --schedule FILE"));
    connect(m_grid, &ScheduleGrid::scheduleChanged, this, &ScheduleDialog::showText);
    showText();

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &ScheduleDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    // Everything but the buttons scrolls where the screen is too short for it (800x500): the
    // week comes first, so it is whole, and the text form gives up its lines before any scrolls.
    auto *body = new QWidget;
    auto *bodyLayout = new QVBoxLayout(body);
    bodyLayout->setContentsMargins({});
    bodyLayout->addWidget(intro);
    bodyLayout->addLayout(top);
    bodyLayout->addLayout(form);
    bodyLayout->addWidget(new QLabel(tr("As text (for --schedule FILE):"), body));
    bodyLayout->addWidget(m_text, 1);
    m_scroll = DialogFitter::scrollArea(this);
    m_scroll->setWidget(body);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_scroll, 1);
    layout->addWidget(buttons);
    DialogFitter::fitToScreen(this, m_scroll);
    choose(ScheduleMode::paused());
}

void ScheduleDialog::fillPalette()
{
    const ScheduleMode current = m_grid->brush();
    m_palette->clear();
    QList<ScheduleMode> modes{ScheduleMode::full(), ScheduleMode::paused()};
    for (const qint64 rate : std::as_const(m_rates))
        modes << ScheduleMode::limited(rate);
    for (const ScheduleMode &mode : std::as_const(modes)) {
        const QString label = mode.kind == ScheduleMode::Kind::Limited
                                  ? tr("Limit to %1").arg(mode.label())
                                  : mode.label();
        auto *item = new QListWidgetItem(
            swatch(ScheduleGrid::colorFor(mode, m_rates), mode.kind == ScheduleMode::Kind::Paused),
            label, m_palette);
        item->setData(ModeRole, int(mode.kind));
        item->setData(RateRole, mode.rate);
    }
    m_grid->setRates(m_rates);
    choose(current);
}

void ScheduleDialog::choose(const ScheduleMode &mode)
{
    for (int i = 0; i < m_palette->count(); ++i) {
        QListWidgetItem *item = m_palette->item(i);
        if (item->data(ModeRole).toInt() == int(mode.kind)
            && item->data(RateRole).toLongLong() == mode.rate) {
            m_palette->setCurrentItem(item);
            return;
        }
    }
    m_palette->setCurrentRow(1); // paused
}

bool ScheduleDialog::addRate(qint64 bytesPerSecond)
{
    if (bytesPerSecond < ScheduleMode::MinRate)
        return false;
    if (!m_rates.contains(bytesPerSecond)) {
        m_rates.append(bytesPerSecond);
        std::sort(m_rates.begin(), m_rates.end());
        fillPalette();
    }
    choose(ScheduleMode::limited(bytesPerSecond));
    return true;
}

void ScheduleDialog::addTypedRate()
{
    if (!addRate(ScheduleMode::parseRate(m_newRate->text()))) {
        QMessageBox::warning(this, tr("Schedule"),
                             tr("\"%1\" is not a rate: write one such as 2M, 512K or 1048576 "
                                "(bytes per second), at least 1K.")
                                 .arg(m_newRate->text()));
        return;
    }
    m_newRate->clear();
}

void ScheduleDialog::removeChosenRate()
{
    const QListWidgetItem *item = m_palette->currentItem();
    if (!item || item->data(ModeRole).toInt() != int(ScheduleMode::Kind::Limited))
        return;
    const qint64 rate = item->data(RateRole).toLongLong();
    // Its hours go back to full speed.
    TransferSchedule schedule = m_grid->schedule();
    for (int d = 0; d < TransferSchedule::Days; ++d) {
        for (int h = 0; h < TransferSchedule::Hours; ++h) {
            if (schedule.modeAt(d, h) == ScheduleMode::limited(rate))
                schedule.setMode(d, h, ScheduleMode::full());
        }
    }
    m_rates.removeAll(rate);
    m_grid->setSchedule(schedule);
    fillPalette();
    choose(ScheduleMode::paused());
    showText();
}

void ScheduleDialog::showText()
{
    const QString text = m_grid->schedule().toText();
    m_text->setPlainText(text.isEmpty() ? tr("# Full speed at all hours") : text);
}

void ScheduleDialog::updateMeteredRate()
{
    m_meteredRate->setEnabled(m_metered->currentData().toInt()
                              == int(MeteredPolicy::Action::Limit));
}

TransferSchedule ScheduleDialog::schedule() const
{
    // Made again from its text: each run of hours becomes a rule the status bar can name.
    return TransferSchedule::parse(m_grid->schedule().toText(), nullptr);
}

MeteredPolicy ScheduleDialog::meteredPolicy() const
{
    MeteredPolicy policy;
    policy.action = MeteredPolicy::Action(m_metered->currentData().toInt());
    if (policy.action == MeteredPolicy::Action::Limit)
        policy.rate = ScheduleMode::parseRate(m_meteredRate->text());
    return policy;
}

void ScheduleDialog::accept()
{
    if (meteredPolicy().action == MeteredPolicy::Action::Limit && meteredPolicy().rate < 0) {
        QMessageBox::warning(this, tr("Schedule"),
                             tr("The rate for a metered connection must be one such as 512K or "
                                "2M, at least 1K."));
        m_meteredRate->setFocus();
        return;
    }
    QDialog::accept();
}
