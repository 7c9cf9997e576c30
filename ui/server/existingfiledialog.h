#pragma once

#include "existingfilequestion.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QPushButton;

// The question for one file found on the server under its name: what is there and what would
// go (sizes, times, the server's path), and Skip, Overwrite or "Upload as NAME (2)", with "Do
// the same for the rest" when more wait (`waiting`). Closing it skips the file.
class ExistingFileDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExistingFileDialog)
public:
    ExistingFileDialog(const ExistingFile &file, int waiting, QWidget *parent = nullptr);

    QLabel *questionLabel() const { return m_question; }
    QPushButton *skipButton() const { return m_skip; }
    QPushButton *overwriteButton() const { return m_overwrite; }
    QPushButton *renameButton() const { return m_rename; }
    QCheckBox *restBox() const { return m_rest; }
    // Shows how many more wait (the box is offered while any do).
    void setWaiting(int waiting);

    void reject() override;

Q_SIGNALS:
    // Once: the choice, and whether it goes for the files waiting and to come too.
    void answered(IfExists choice, bool forTheRest);

private:
    void answer(IfExists choice);

    QLabel *m_question;
    QLabel *m_waiting;
    QPushButton *m_skip;
    QPushButton *m_overwrite;
    QPushButton *m_rename;
    QCheckBox *m_rest;
    bool m_answered = false;
};
