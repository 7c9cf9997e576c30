#pragma once

#include "transfererror.h"
#include "trtext.h"
#include "uploadtypes.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <utility>
#include <vector>

class TaskControl;
class UploadTask;

// What the waiting uploads of one lane read while questions put to a person hold it. Shared
// (read-only) with the lane's tasks, as ServerOutage is, so that each row says what it waits for
// without anyone walking the rows when a question comes or goes.
struct AnswerHold {
    QStringList questions; // the open questions holding the lane, by id; empty: not held
    QString note; // what its waiting rows say: "Waiting for your answer: the host key of…"
};

// Uploads that wait for a person's answer instead of failing. An attempt that needs one (an SFTP
// connection meeting an unknown host key, a locked key file, a password) reports its question to
// whoever asks the person and fails with TransferError::question set. Such a failure does not fail
// the upload: it waits in its lane, and the lane starts nothing more while the question is open
// (its other uploads would only meet it too). Whoever asks tells what became of each question:
// asked() (the lanes that meet it are held, and their rows say `note`), answered() (they go on at
// once: what met the question starts again by itself), declined() (what waits in those lanes
// fails with the refusal, a permanent error; Retry asks again). Every event costs the lanes the
// question holds and their waiting uploads, never the whole queue. Headless nothing is asked, so
// nothing waits here.
class AnswerWaits final {
    Q_DISABLE_COPY_MOVE(AnswerWaits)
public:
    // `fail`: how a task fails (FailureHandler::fail).
    using Fail = std::function<void(UploadTask *task, const TransferError &error)>;
    AnswerWaits(TaskControl *tasks, Fail fail);

    // From whoever asks the person, on the scheduler's thread, in the order the questions were
    // reported (before the failures that met them arrive here).
    void asked(const QString &id, const QString &note);
    void answered(const QString &id);
    void declined(const QString &id, const TrText &refusal);

    // What becomes of an upload of `lane` whose attempt failed on question `id`.
    struct Met {
        bool waits = false; // it waits: for the answer, or it goes again at once (answered)
        TrText refusal;     // declined: it fails with this
    };
    // Neither (nothing asked through here): it fails as its error says.
    Met met(int lane, const QString &id);

    // Whether a question holds `lane`: nothing of it starts.
    bool holds(int lane) const
    {
        return lane < int(m_holds.size()) && m_holds[size_t(lane)]
               && !m_holds[size_t(lane)]->questions.isEmpty();
    }
    // The record of `lane`, made on first use and the same for its whole life.
    std::shared_ptr<const AnswerHold> holdOfLane(int lane) { return hold(lane); }

private:
    enum class Status { Open, Answered, Declined };
    struct Question {
        Status status = Status::Open;
        QString note;
        TrText refusal;
        QSet<int> lanes; // held by it
    };
    const std::shared_ptr<AnswerHold> &hold(int lane);
    // `id` no longer holds its lanes; returns them.
    QSet<int> release(const QString &id);
    // The rows of the lane's waiting uploads say something else now.
    void reread(int lane);

    TaskControl *m_tasks;
    Fail m_fail;
    QHash<QString, Question> m_questions;
    std::vector<std::shared_ptr<AnswerHold>> m_holds; // by lane
};
