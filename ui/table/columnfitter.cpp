#include "columnfitter.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>

ColumnFitter::ColumnFitter(QTableView *view, QList<Column> columns, int nameSection,
                           int minNameWidth, ChosenHidden chosenHidden, QObject *parent)
    : QObject(parent)
    , m_view(view)
    , m_columns(std::move(columns))
    , m_chosenHidden(std::move(chosenHidden))
    , m_name(nameSection)
    , m_minName(minNameWidth)
{
    view->viewport()->installEventFilter(this);
}

bool ColumnFitter::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fit();
    return QObject::eventFilter(watched, event);
}

void ColumnFitter::fit()
{
    QHeaderView *header = m_view->horizontalHeader();
    // Room for the fitted columns: the viewport less the name's floor and every other column.
    int room = m_view->viewport()->width() - m_minName;
    for (int c = 0; c < header->count(); ++c) {
        const bool fitted = std::any_of(m_columns.cbegin(), m_columns.cend(),
                                        [c](const Column &col) { return col.section == c; });
        if (!fitted && c != m_name && !header->isSectionHidden(c))
            room -= header->sectionSize(c);
    }
    const QList<int> chosenHidden = m_chosenHidden();
    QList<Column> shown;
    for (const Column &c : std::as_const(m_columns)) {
        if (!chosenHidden.contains(c.section))
            shown << c;
    }
    // Fold the least important away until the rest fit at MinShare of their width.
    const auto total = [](const QList<Column> &list) {
        int sum = 0;
        for (const Column &c : list)
            sum += c.preferred;
        return sum;
    };
    QList<Column> folded;
    while (!shown.isEmpty() && total(shown) * MinShare > room)
        folded.prepend(shown.takeLast());
    const double share = shown.isEmpty() ? 1.0 : qBound(MinShare, double(room) / total(shown), 1.0);
    int surplus = room - total(shown); // what the name has above its floor
    for (const Column &c : std::as_const(shown)) {
        const int grown = qBound(0, c.roomy - c.preferred, qMax(0, surplus));
        surplus -= grown;
        header->setSectionHidden(c.section, false);
        header->resizeSection(c.section, int(c.preferred * share) + grown);
    }
    for (const Column &c : std::as_const(folded))
        header->setSectionHidden(c.section, true);
    for (const int section : chosenHidden)
        header->setSectionHidden(section, true);
}
