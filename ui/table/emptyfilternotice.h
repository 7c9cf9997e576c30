#pragma once

#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class UploadTableView;

// In the table when the filter hides every upload there is: "No uploads match" and a button to
// clear the filter, instead of the empty table's "Drop files or folders here" (which stays for a
// table with no uploads at all).
class EmptyFilterNotice final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmptyFilterNotice)
public:
    // `dropHint`: what the view says when there are no uploads at all.
    EmptyFilterNotice(UploadTableView *view, QSortFilterProxyModel *proxy, QString dropHint,
                      std::function<void()> clearFilter);

    QLabel *label() const { return m_label; }
    QPushButton *clearButton() const { return m_clear; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refresh();
    void place();

    UploadTableView *m_view;
    QSortFilterProxyModel *m_proxy;
    QString m_dropHint;
    QLabel *m_label;
    QPushButton *m_clear;
};
