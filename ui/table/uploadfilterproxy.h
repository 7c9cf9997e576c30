#pragma once

#include "uploadtypes.h"

#include <QSortFilterProxyModel>

class UploadTableModel;

// What the table shows of the uploads, and in which order: rows whose state is among the chosen
// ones and whose name contains the filter text (any case), sorted by each column's raw value;
// names in natural order ("f2" before "f10"), which a person expects of numbered files.
class UploadFilterProxy final : public QSortFilterProxyModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UploadFilterProxy)
public:
    // Sets of states, as bits by TaskState.
    static constexpr uint AllStates = (1u << TaskStateCount) - 1;
    static constexpr uint stateBit(TaskState state) { return 1u << int(state); }

    explicit UploadFilterProxy(UploadTableModel *model, QObject *parent = nullptr);

    void setStates(uint states);
    uint states() const { return m_states; }
    void setNameFilter(const QString &text);
    QString nameFilter() const { return m_name; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    void refilter();
    UploadTableModel *m_model;
    uint m_states = AllStates;
    QString m_name;
};
