#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;
class QPushButton;

// An editable list of PathPatterns (exclude or include): add (edited in place), remove, and
// optionally go back to a default list. Empty entries are dropped; one that cannot be used
// shows why in its tooltip, in the error colour.
class PatternListEdit final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PatternListEdit)
public:
    // `defaults` empty: no "Defaults" button.
    explicit PatternListEdit(const QStringList &defaults = {}, QWidget *parent = nullptr);

    void setPatterns(const QStringList &patterns);
    QStringList patterns() const; // trimmed, without empty ones
    // Patterns that cannot be used, each with why; empty when all can.
    QStringList problems() const;
    QListWidget *list() const { return m_list; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }

private:
    void addPattern();
    void check();

    QStringList m_defaults;
    QListWidget *m_list;
    QPushButton *m_add;
    QPushButton *m_remove;
};
