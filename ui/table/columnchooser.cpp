#include "columnchooser.h"

#include <QHeaderView>
#include <QMenu>
#include <QSettings>

ColumnChooser::ColumnChooser(QHeaderView *header, const QString &settingsKey, QList<int> fixed,
                             QObject *parent)
    : QObject(parent)
    , m_header(header)
    , m_key(settingsKey)
    , m_fixed(std::move(fixed))
{
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QWidget::customContextMenuRequested, this, &ColumnChooser::showMenu);
    const QVariantList hidden = QSettings().value(m_key).toList();
    for (const QVariant &column : hidden) {
        const int c = column.toInt();
        if (c >= 0 && c < header->count() && !m_fixed.contains(c) && !m_hidden.contains(c)) {
            header->setSectionHidden(c, true);
            m_hidden << c;
        }
    }
}

void ColumnChooser::setHidden(int column, bool hidden)
{
    if (m_fixed.contains(column) || m_hidden.contains(column) == hidden)
        return;
    m_hidden.removeAll(column);
    if (hidden)
        m_hidden << column;
    m_header->setSectionHidden(column, hidden);
    save();
    Q_EMIT hiddenChanged(column, hidden);
}

void ColumnChooser::setDefaultHidden(const QList<int> &columns)
{
    if (QSettings().contains(m_key))
        return;
    for (const int c : columns) {
        if (c >= 0 && c < m_header->count() && !m_fixed.contains(c) && !m_hidden.contains(c)) {
            m_header->setSectionHidden(c, true);
            m_hidden << c;
        }
    }
}

void ColumnChooser::showMenu(const QPoint &pos)
{
    QMenu menu(m_header);
    fillMenu(&menu);
    menu.exec(m_header->viewport()->mapToGlobal(pos));
}

void ColumnChooser::fillMenu(QMenu *menu)
{
    QAbstractItemModel *model = m_header->model();
    for (int c = 0; c < m_header->count(); ++c) {
        const QString name = model->headerData(c, Qt::Horizontal).toString();
        if (name.isEmpty() || m_fixed.contains(c))
            continue;
        // Chosen but folded away for room (ColumnFitter): said, not listed as if it showed.
        const bool folded = !m_hidden.contains(c) && m_header->isSectionHidden(c);
        QAction *action =
            menu->addAction(folded ? tr("%1 (no room: widen the window)").arg(name) : name);
        action->setCheckable(true);
        action->setChecked(!m_hidden.contains(c));
        connect(action, &QAction::toggled, this, [this, c](bool shown) { setHidden(c, !shown); });
    }
}

void ColumnChooser::save() const
{
    QVariantList hidden;
    for (const int c : m_hidden)
        hidden << c;
    QSettings().setValue(m_key, hidden);
}
