#pragma once

#include <QList>
#include <QObject>

#include <functional>

class QHeaderView;
class QTableView;

// Columns that give way on a narrow window instead of running off its edge: the name column
// stretches and elides first; below the room for every column at its preferred width, the
// others narrow together down to a floor, and below that the least important ones fold away
// (they come back when there is room again). Above the room for every column at its preferred
// width, a column with a roomier width grows towards it, the most important first, out of the
// name's room above its floor. Columns the person hid stay hidden.
class ColumnFitter final : public QObject {
    Q_OBJECT
public:
    struct Column {
        int section;
        int preferred; // width with room to spare
        int roomy = 0; // wider still where the window has room (a sentence's width); 0: none
    };
    // What the person hid (ColumnChooser::hidden): never shown by fitting.
    using ChosenHidden = std::function<QList<int>()>;
    // `columns`: the ones that may narrow, most important first (the last folds away first).
    // `nameSection` keeps at least `minNameWidth`.
    ColumnFitter(QTableView *view, QList<Column> columns, int nameSection, int minNameWidth,
                 ChosenHidden chosenHidden, QObject *parent = nullptr);

    void fit();

    // Narrow columns keep at least this share of their preferred width before one folds.
    static constexpr double MinShare = 0.85;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QTableView *m_view;
    QList<Column> m_columns;
    ChosenHidden m_chosenHidden;
    int m_name;
    int m_minName;
};
