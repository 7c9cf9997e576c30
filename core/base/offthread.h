#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

// Runs `work()` on a worker thread (QtConcurrent's pool) and then `done(result)` on `context`'s
// thread, or never if `context` is destroyed first. The one way Hoist hands file work (hashing,
// walking, fingerprints) off the thread that drives the uploads.
//
// A QFutureWatcher owned by `context` rather than QFuture::then(context, ...): on Qt 6.4.2 the
// continuation sometimes runs on the worker thread, and it asserts when the context died while
// the worker ran; a watcher simply dies with its parent. Cancelling is the caller's (an atomic
// flag the work checks, a generation `done` compares). With `pool`: on that pool's threads.
template <typename Work, typename Done>
void runOffThread(QThreadPool *pool, QObject *context, Work work, Done done)
{
    using Result = decltype(work());
    auto *watcher = new QFutureWatcher<Result>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context,
                     [watcher, done = std::move(done)]() mutable {
                         watcher->deleteLater();
                         done(watcher->result());
                     });
    watcher->setFuture(QtConcurrent::run(pool, std::move(work)));
}

template <typename Work, typename Done>
void runOffThread(QObject *context, Work work, Done done)
{
    runOffThread(QThreadPool::globalInstance(), context, std::move(work), std::move(done));
}
