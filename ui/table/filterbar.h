#pragma once

#include "uploadtypes.h"

#include <QWidget>

class QComboBox;
class QLineEdit;
struct SchedulerTotals;

// Above the table: which uploads to show, by state (with how many are in each) and by name.
class FilterBar final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilterBar)
public:
    explicit FilterBar(QWidget *parent = nullptr);

    // The chosen states, as UploadFilterProxy's bits.
    uint states() const;
    QString nameFilter() const;
    // Shows everything again: all states, no name filter.
    void clear();
    // Refreshes the counts beside each choice.
    void setTotals(const SchedulerTotals &totals);

    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *stateBox() const { return m_states; }

Q_SIGNALS:
    void filterChanged();

private:
    QComboBox *m_states;
    QLineEdit *m_name;
};
