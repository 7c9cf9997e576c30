#pragma once

#include "existingfilequestion.h"

#include <QPointer>

class UploadScheduler;

// Puts the window's existing-file questions (ExistingFileAsker) in front of the uploads that ask
// them, and says in their rows that they wait for the person: "Waiting for your answer: “a.txt” is
// already on the server", until the answer comes (the upload then goes on as answered). The
// protocols ask this; it asks the window's question and forwards the answer unchanged. Made
// before the protocols (it outlives every upload that may ask), told the scheduler once there is
// one.
class ExistingFileWaits final : public ExistingFileQuestion {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExistingFileWaits)
public:
    explicit ExistingFileWaits(ExistingFileQuestion *asker, QObject *parent = nullptr);
    ~ExistingFileWaits() override;

    void setScheduler(UploadScheduler *scheduler) { m_scheduler = scheduler; }
    void ask(const ExistingFile &file, Answer answer) override;

    static QString waitingNote(const ExistingFile &file);

private:
    QPointer<ExistingFileQuestion> m_asker;
    QPointer<UploadScheduler> m_scheduler;
};
