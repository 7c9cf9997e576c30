#include "sortmemory.h"

#include <QHeaderView>
#include <QSettings>

namespace SortMemory {

void restore(QHeaderView *header, const QString &columnKey, const QString &orderKey)
{
    const QSettings settings;
    bool ok = false;
    int column = settings.value(columnKey, -1).toInt(&ok);
    if (!ok || column < -1 || column >= header->count())
        column = -1; // a column this Hoist does not have: the order they were added
    const Qt::SortOrder order = settings.value(orderKey).toString() == QLatin1String("descending")
                                    ? Qt::DescendingOrder
                                    : Qt::AscendingOrder;
    header->setSortIndicator(column, order);
    QObject::connect(header, &QHeaderView::sortIndicatorChanged, header,
                     [columnKey, orderKey](int section, Qt::SortOrder newOrder) {
                         QSettings s;
                         s.setValue(columnKey, section);
                         s.setValue(orderKey, newOrder == Qt::DescendingOrder
                                                  ? QStringLiteral("descending")
                                                  : QStringLiteral("ascending"));
                     });
}

} // namespace SortMemory
