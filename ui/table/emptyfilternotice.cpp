#include "emptyfilternotice.h"

#include "uploadtableview.h"

#include <QEvent>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QVBoxLayout>

namespace {
constexpr double textScale = 1.3; // as the view's own empty hint
} // namespace

EmptyFilterNotice::EmptyFilterNotice(UploadTableView *view, QSortFilterProxyModel *proxy,
                                     QString dropHint, std::function<void()> clearFilter)
    : QWidget(view->viewport())
    , m_view(view)
    , m_proxy(proxy)
    , m_dropHint(std::move(dropHint))
    , m_label(new QLabel(tr("No uploads match"), this))
    , m_clear(new QPushButton(tr("Clear the filter"), this))
{
    setObjectName(QStringLiteral("emptyFilterNotice"));
    QFont font = m_label->font();
    font.setPointSizeF(font.pointSizeF() * textScale);
    m_label->setFont(font);
    m_label->setAlignment(Qt::AlignCenter);
    m_label->setForegroundRole(QPalette::PlaceholderText);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_label, 0, Qt::AlignHCenter);
    layout->addWidget(m_clear, 0, Qt::AlignHCenter);
    connect(m_clear, &QPushButton::clicked, this, std::move(clearFilter));

    for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &EmptyFilterNotice::refresh);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &EmptyFilterNotice::refresh);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &EmptyFilterNotice::refresh);
    // The source's rows too: a filter that hid nothing yet hides the first upload added.
    QAbstractItemModel *source = m_proxy->sourceModel();
    connect(source, &QAbstractItemModel::rowsInserted, this, &EmptyFilterNotice::refresh);
    connect(source, &QAbstractItemModel::rowsRemoved, this, &EmptyFilterNotice::refresh);
    connect(source, &QAbstractItemModel::modelReset, this, &EmptyFilterNotice::refresh);
    view->viewport()->installEventFilter(this);
    refresh();
}

void EmptyFilterNotice::refresh()
{
    const bool hiddenByFilter = m_proxy->rowCount() == 0 && m_proxy->sourceModel()->rowCount() > 0;
    m_view->setEmptyHint(hiddenByFilter ? QString() : m_dropHint);
    setVisible(hiddenByFilter);
    if (hiddenByFilter)
        place();
}

void EmptyFilterNotice::place()
{
    const QRect area = m_view->viewport()->rect();
    const QSize size = sizeHint().boundedTo(area.size());
    setGeometry(QRect(area.center() - QPoint(size.width() / 2, size.height() / 2), size));
}

bool EmptyFilterNotice::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize && isVisible())
        place();
    return QWidget::eventFilter(watched, event);
}
