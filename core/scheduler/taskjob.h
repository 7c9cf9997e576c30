#pragma once

#include "transfer.h"

class UploadTask;

// What a transfer of a task is given besides the task itself: the scheduler's settings of the
// moment.
struct TaskJobSettings {
    int stallTimeoutMs = 30000;
    HttpHeaders headers;          // what requests to the task's endpoint carry
    bool holdAfterCreate = false; // a store keeps the queue: the upload URL is saved first
    int maxStreams = 1;           // parallel parts allowed: the concurrency, or 1
    bool overlapAnswers = false;  // TransferJob::overlapAnswers (Parallel: Auto)
    bool oneStreamIfNear = false; // TransferJob::oneStreamIfNear
    std::shared_ptr<ReadGate> throttle;
};

// The TransferJob for an attempt of `task`: its file, where it goes and what it resumes, and
// the creation metadata (file name, remote path, content hash, modification time).
TransferJob transferJobFor(const UploadTask &task, const TaskJobSettings &settings);
