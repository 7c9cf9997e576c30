#pragma once

#include <QStringList>

// How a batch of uploads ended: the paths of the files that arrived and of those that failed,
// each once, in the order they ended; and how many of them a watched folder queued.
struct BatchOutcome {
    QStringList finished;
    QStringList failed;
    int watched = 0; // of finished and failed together

    // Every upload of the batch came from a watched folder: a folder watched runs on and on, so
    // such a batch never suspends, shuts down or quits (notifying and the command still run).
    bool onlyWatched() const { return watched > 0 && watched == finished.size() + failed.size(); }
};
