#pragma once

#include <QObject>

class QHeaderView;
class QMenu;

// The table header's context menu: a check box per column to show or hide it, remembered in
// QSettings under `settingsKey`. Columns in `fixed` (the name, the buttons) always stay.
class ColumnChooser final : public QObject {
    Q_OBJECT
public:
    ColumnChooser(QHeaderView *header, const QString &settingsKey, QList<int> fixed,
                  QObject *parent = nullptr);

    void setHidden(int column, bool hidden);
    // Hidden until the person chooses otherwise (nothing remembered yet).
    void setDefaultHidden(const QList<int> &columns);
    // A check box per column that may be hidden, in `menu` (the header's context menu).
    void fillMenu(QMenu *menu);
    // What the person hid (not what a narrow window folded away).
    QList<int> hidden() const { return m_hidden; }

Q_SIGNALS:
    void hiddenChanged(int column, bool hidden);

private:
    void showMenu(const QPoint &pos);
    void save() const;

    QHeaderView *m_header;
    QString m_key;
    QList<int> m_fixed;
    QList<int> m_hidden;
};
