#include "existingfilequestion.h"

#include <chrono>
#include <future>
#include <memory>

namespace {
// How often a waiting connection looks at its abort flag.
constexpr std::chrono::milliseconds AbortCheck(100);
} // namespace

IfExists ExistingFileQuestion::askAndWait(ExistingFileQuestion *question, const ExistingFile &file,
                                          const std::atomic<bool> *aborted)
{
    if (!question)
        return IfExists::Skip;
    auto promise = std::make_shared<std::promise<IfExists>>();
    std::future<IfExists> future = promise->get_future();
    // Queued to `question`'s thread: a call dropped there (it went away) drops the promise too,
    // which ends the wait below as unanswered.
    QMetaObject::invokeMethod(
        question,
        [question, file, promise]() mutable {
            question->ask(file, [promise](IfExists answer) mutable {
                if (promise) {
                    promise->set_value(answer);
                    promise.reset();
                }
            });
            promise.reset();
        },
        Qt::QueuedConnection);
    promise.reset();
    while (future.wait_for(AbortCheck) != std::future_status::ready) {
        if (aborted && aborted->load())
            return IfExists::Skip;
    }
    try {
        return future.get();
    } catch (const std::future_error &) {
        return IfExists::Skip; // never answered: the question went away
    }
}
