#include "patternlistedit.h"

#include "pathpatterns.h"

#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
constexpr int listHeight = 110;
}

PatternListEdit::PatternListEdit(const QStringList &defaults, QWidget *parent)
    : QWidget(parent)
    , m_defaults(defaults)
    , m_list(new QListWidget(this))
    , m_add(new QPushButton(tr("Add"), this))
    , m_remove(new QPushButton(tr("Remove"), this))
{
    m_list->setMinimumHeight(listHeight);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setToolTip(tr("Glob patterns: *.tmp, ~$*, Thumbs.db; a slash matches the path inside "
                          "the folder (build/*.o); a trailing slash folders only (.git/). Case "
                          "is ignored. Double-click to edit."));
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    if (!m_defaults.isEmpty()) {
        auto *reset = new QPushButton(tr("Defaults"), this);
        reset->setToolTip(m_defaults.join(QStringLiteral("  ")));
        connect(reset, &QPushButton::clicked, this, [this] { setPatterns(m_defaults); });
        buttons->addWidget(reset);
    }
    buttons->addStretch(1);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);

    connect(m_add, &QPushButton::clicked, this, &PatternListEdit::addPattern);
    connect(m_remove, &QPushButton::clicked, this, [this] { qDeleteAll(m_list->selectedItems()); });
    connect(m_list, &QListWidget::itemChanged, this, &PatternListEdit::check);
}

void PatternListEdit::setPatterns(const QStringList &patterns)
{
    m_list->clear();
    for (const QString &pattern : patterns) {
        auto *item = new QListWidgetItem(pattern, m_list);
        item->setFlags(item->flags() | Qt::ItemIsEditable);
    }
    check();
}

QStringList PatternListEdit::patterns() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i) {
        const QString text = m_list->item(i)->text().trimmed();
        if (!text.isEmpty())
            out.append(text);
    }
    return out;
}

QStringList PatternListEdit::problems() const
{
    QStringList out;
    for (const QString &pattern : patterns()) {
        const QString problem = PathPatterns::problem(pattern);
        if (!problem.isEmpty())
            out.append(problem);
    }
    return out;
}

void PatternListEdit::addPattern()
{
    auto *item = new QListWidgetItem(QString(), m_list);
    item->setFlags(item->flags() | Qt::ItemIsEditable);
    m_list->setCurrentItem(item);
    m_list->editItem(item);
}

void PatternListEdit::check()
{
    const QSignalBlocker blocker(m_list); // colouring an item is a change too
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem *item = m_list->item(i);
        const QString text = item->text().trimmed();
        const QString problem = text.isEmpty() ? QString() : PathPatterns::problem(text);
        item->setToolTip(problem);
        item->setForeground(problem.isEmpty() ? palette().text() : QBrush(Qt::red));
    }
}
