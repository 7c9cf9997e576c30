#include "filterbar.h"

#include "uploadfilterproxy.h"
#include "uploadscheduler.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>

namespace {
// The choices, in order: a label and the states each shows.
struct Choice {
    const char *label;
    uint states;
};
constexpr uint bit(TaskState s)
{
    return UploadFilterProxy::stateBit(s);
}
constexpr Choice Choices[] = {
    {QT_TRANSLATE_NOOP("FilterBar", "All"), UploadFilterProxy::AllStates},
    {QT_TRANSLATE_NOOP("FilterBar", "Uploading"), bit(TaskState::Uploading)},
    {QT_TRANSLATE_NOOP("FilterBar", "Waiting"), bit(TaskState::Waiting)},
    {QT_TRANSLATE_NOOP("FilterBar", "Paused"), bit(TaskState::Paused)},
    {QT_TRANSLATE_NOOP("FilterBar", "Done"), bit(TaskState::Success)},
    {QT_TRANSLATE_NOOP("FilterBar", "Failed"), bit(TaskState::Error)},
};
} // namespace

FilterBar::FilterBar(QWidget *parent)
    : QWidget(parent)
    , m_states(new QComboBox(this))
    , m_name(new QLineEdit(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    auto *show = new QLabel(tr("Show:"), this);
    show->setBuddy(m_states);
    layout->addWidget(show);
    for (const Choice &choice : Choices)
        m_states->addItem(tr(choice.label), choice.states);
    m_states->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_states->setAccessibleName(tr("Show uploads in state"));
    layout->addWidget(m_states);
    m_name->setPlaceholderText(tr("Filter by name"));
    m_name->setClearButtonEnabled(true);
    m_name->setAccessibleName(tr("Filter by name"));
    layout->addWidget(m_name, 1);
    connect(m_states, &QComboBox::currentIndexChanged, this, &FilterBar::filterChanged);
    connect(m_name, &QLineEdit::textChanged, this, &FilterBar::filterChanged);
}

uint FilterBar::states() const
{
    return m_states->currentData().toUInt();
}

QString FilterBar::nameFilter() const
{
    return m_name->text();
}

void FilterBar::clear()
{
    m_states->setCurrentIndex(0); // "All"
    m_name->clear();
}

void FilterBar::setTotals(const SchedulerTotals &totals)
{
    for (int i = 0; i < m_states->count(); ++i) {
        const uint states = m_states->itemData(i).toUInt();
        int n = 0;
        for (int s = 0; s < TaskStateCount; ++s) {
            if (states & (1u << s))
                n += totals.counts[s];
        }
        const QString text = tr("%1 (%2)").arg(tr(Choices[i].label)).arg(n);
        if (m_states->itemText(i) != text)
            m_states->setItemText(i, text);
    }
}
