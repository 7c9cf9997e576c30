#pragma once

#include <QStyledItemDelegate>

// Text cells that elide their own way: a file's name in the middle (its extension stays), a
// sentence such as an error at its end (its cause, which comes first, stays).
class ElideDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    ElideDelegate(Qt::TextElideMode mode, QObject *parent = nullptr)
        : QStyledItemDelegate(parent)
        , m_mode(mode)
    {
    }

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->textElideMode = m_mode;
    }

private:
    Qt::TextElideMode m_mode;
};
