#include "uploadfilterproxy.h"

#include "naturalorder.h"

#include "uploadtablemodel.h"
#include "uploadtask.h"

UploadFilterProxy::UploadFilterProxy(UploadTableModel *model, QObject *parent)
    : QSortFilterProxyModel(parent)
    , m_model(model)
{
    setSourceModel(model);
    setSortRole(UploadTableModel::SortRole);
    // A row may leave the filter or move in the order whenever its task changes.
    setDynamicSortFilter(true);
}

void UploadFilterProxy::refilter()
{
    // Mapped afresh in one pass, O(rows). invalidateRowsFilter() would hide or show the rows
    // range by range, each a removal the view pays O(rows) for: choosing "Failed" among 100,000
    // rows of which every other one failed took minutes.
    invalidate();
}

void UploadFilterProxy::setStates(uint states)
{
    if (m_states == states)
        return;
    m_states = states;
    refilter();
}

void UploadFilterProxy::setNameFilter(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (m_name == trimmed)
        return;
    m_name = trimmed;
    refilter();
}

bool UploadFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (sourceParent.isValid())
        return false;
    // Straight from the task: this runs for every row of a dropped folder.
    const UploadTask *task = m_model->taskAt(sourceRow);
    if (!task)
        return false;
    if (!(m_states & stateBit(task->state())))
        return false;
    return m_name.isEmpty() || task->displayName().contains(m_name, Qt::CaseInsensitive);
}

bool UploadFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (left.column() == UploadTableModel::Name) {
        const UploadTask *a = m_model->taskAt(left.row());
        const UploadTask *b = m_model->taskAt(right.row());
        if (a && b)
            return ::naturalCompare(a->displayName(), b->displayName()) < 0;
    }
    return QSortFilterProxyModel::lessThan(left, right);
}
