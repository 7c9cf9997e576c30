#include "existingfilewaits.h"

#include "uploadscheduler.h"

ExistingFileWaits::ExistingFileWaits(ExistingFileQuestion *asker, QObject *parent)
    : ExistingFileQuestion(parent)
    , m_asker(asker)
{
}

ExistingFileWaits::~ExistingFileWaits() = default;

QString ExistingFileWaits::waitingNote(const ExistingFile &file)
{
    return tr("Waiting for your answer: “%1” is already on the server").arg(file.name);
}

void ExistingFileWaits::ask(const ExistingFile &file, Answer answer)
{
    if (!m_asker)
        return; // unanswered: the upload's wait ends as when its question goes away
    if (m_scheduler)
        m_scheduler->setAnswerAwaited(file.localPath, waitingNote(file));
    QPointer<UploadScheduler> scheduler = m_scheduler;
    m_asker->ask(file, [scheduler, path = file.localPath, answer](IfExists given) {
        if (scheduler)
            scheduler->setAnswerAwaited(path, QString());
        answer(given);
    });
}
