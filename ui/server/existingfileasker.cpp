#include "existingfileasker.h"

#include "existingfiledialog.h"

ExistingFileAsker::ExistingFileAsker(QObject *parent)
    : ExistingFileQuestion(parent)
{
}

ExistingFileAsker::~ExistingFileAsker()
{
    delete m_dialog; // unanswered: the uploads waiting hear nothing more (they skip)
}

void ExistingFileAsker::ask(const ExistingFile &file, Answer answer)
{
    if (m_rest) {
        // Later, as promised, not from inside the caller's own call.
        QMetaObject::invokeMethod(
            this, [answer = std::move(answer), choice = *m_rest] { answer(choice); },
            Qt::QueuedConnection);
        return;
    }
    m_queue.enqueue({file, std::move(answer)});
    if (m_dialog)
        m_dialog->setWaiting(waiting());
    else
        showNext();
}

void ExistingFileAsker::showNext()
{
    if (m_dialog || m_queue.isEmpty())
        return;
    Pending next = m_queue.dequeue();
    m_shownAnswer = std::move(next.answer);
    auto *dialog = new ExistingFileDialog(next.file, waiting(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog = dialog;
    connect(dialog, &ExistingFileDialog::answered, this, &ExistingFileAsker::onAnswered);
    dialog->open();
}

void ExistingFileAsker::onAnswered(IfExists choice, bool forTheRest)
{
    const Answer shown = std::move(m_shownAnswer);
    m_shownAnswer = {};
    m_dialog = nullptr; // it closes itself (and is deleted)
    if (shown)
        shown(choice);
    if (forTheRest) {
        m_rest = choice;
        while (!m_queue.isEmpty())
            m_queue.dequeue().answer(choice);
        return;
    }
    // The next one once this one has gone, so that two never show at once.
    QMetaObject::invokeMethod(this, &ExistingFileAsker::showNext, Qt::QueuedConnection);
}
