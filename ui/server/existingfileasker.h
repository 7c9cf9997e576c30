#pragma once

#include "existingfiledialog.h"
#include "existingfilequestion.h"

#include <QPointer>
#include <QQueue>

#include <optional>

class QWidget;

// The window's answer to uploads that find their file on the server while the existing-files
// setting is "Ask": one ExistingFileDialog at a time over the window, the others queued (the
// dialog says how many wait), however many uploads find theirs at once. "Do the same for the
// rest" answers those waiting and those to come alike, until forgetRest() (the setting changed)
// or Hoist quits. Made before the protocols, so that it outlives every upload that may ask.
class ExistingFileAsker final : public ExistingFileQuestion {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExistingFileAsker)
public:
    explicit ExistingFileAsker(QObject *parent = nullptr);
    ~ExistingFileAsker() override;

    // What the questions are shown over; until then, and if it goes, they have no parent.
    void setWindow(QWidget *window) { m_window = window; }

    void ask(const ExistingFile &file, Answer answer) override;

    // The question shown now; null when none.
    ExistingFileDialog *current() const { return m_dialog; }
    int waiting() const { return int(m_queue.size()); }
    std::optional<IfExists> restAnswer() const { return m_rest; }
    void forgetRest() { m_rest.reset(); }

private:
    struct Pending {
        ExistingFile file;
        Answer answer;
    };
    void showNext();
    void onAnswered(IfExists choice, bool forTheRest);

    QPointer<QWidget> m_window;
    QQueue<Pending> m_queue;
    Answer m_shownAnswer; // the answer of the file m_dialog asks about
    QPointer<ExistingFileDialog> m_dialog;
    std::optional<IfExists> m_rest;
};
