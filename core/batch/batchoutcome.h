#pragma once

#include <QStringList>

// How a batch of uploads ended: the paths of the files that arrived and of those that failed,
// each once, in the order they ended.
struct BatchOutcome {
    QStringList finished;
    QStringList failed;
};
