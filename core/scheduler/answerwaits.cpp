#include "answerwaits.h"

#include "taskcontrol.h"
#include "uploadtask.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcScheduler)

AnswerWaits::AnswerWaits(TaskControl *tasks, Fail fail)
    : m_tasks(tasks)
    , m_fail(std::move(fail))
{
}

const std::shared_ptr<AnswerHold> &AnswerWaits::hold(int lane)
{
    Q_ASSERT(lane >= 0);
    if (lane >= int(m_holds.size()))
        m_holds.resize(size_t(lane) + 1);
    std::shared_ptr<AnswerHold> &record = m_holds[size_t(lane)];
    if (!record)
        record = std::make_shared<AnswerHold>();
    return record;
}

void AnswerWaits::asked(const QString &id, const QString &note)
{
    Question &question = m_questions[id];
    question.status = Status::Open;
    question.note = note;
    question.refusal = TrText();
}

AnswerWaits::Met AnswerWaits::met(int lane, const QString &id)
{
    const auto it = m_questions.find(id);
    if (it == m_questions.end())
        return {};
    switch (it->status) {
    case Status::Open:
        if (!it->lanes.contains(lane)) {
            it->lanes.insert(lane);
            AnswerHold &held = *hold(lane);
            held.questions.append(id);
            held.note = it->note;
            qCInfo(lcScheduler) << "lane" << lane << "waits for an answer:" << id;
            reread(lane);
        }
        return {true, {}};
    case Status::Answered: // after its attempt looked: it goes again with the answer
        return {true, {}};
    case Status::Declined:
        return {false, it->refusal};
    }
    return {};
}

QSet<int> AnswerWaits::release(const QString &id)
{
    const auto it = m_questions.find(id);
    if (it == m_questions.end())
        return {};
    const QSet<int> lanes = std::exchange(it->lanes, {});
    for (const int lane : lanes) {
        AnswerHold &held = *hold(lane);
        held.questions.removeAll(id);
        if (!held.questions.isEmpty()) // another question still holds it: say that one
            held.note = m_questions.value(held.questions.constLast()).note;
        reread(lane);
    }
    return lanes;
}

void AnswerWaits::answered(const QString &id)
{
    m_questions[id].status = Status::Answered;
    if (!release(id).isEmpty())
        m_tasks->scheduleSoon();
}

void AnswerWaits::declined(const QString &id, const TrText &refusal)
{
    Question &question = m_questions[id];
    question.status = Status::Declined;
    question.refusal = refusal;
    const QSet<int> lanes = release(id);
    // What waits there would only meet the question again: it ends, saying why.
    const TransferError error = TransferError::make(TransferError::Kind::Rejected, refusal);
    for (const int lane : lanes) {
        const QList<TaskId> waiting = m_tasks->readyIn(lane);
        for (const TaskId taskId : waiting) {
            if (UploadTask *task = m_tasks->findTask(taskId))
                m_fail(task, error);
        }
    }
    if (!lanes.isEmpty())
        m_tasks->scheduleSoon();
}

void AnswerWaits::reread(int lane)
{
    const QList<TaskId> waiting = m_tasks->readyIn(lane);
    for (const TaskId id : waiting) {
        if (UploadTask *task = m_tasks->findTask(id))
            m_tasks->taskChanged(task, false);
    }
}
