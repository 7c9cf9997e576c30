#pragma once

#include "transfer.h"
#include "transfererror.h"

#include <optional>

// Why the file a job sends is no longer the one it was queued as, in words a person reads: gone,
// not a regular file, unreadable, or of another size or modification time than the job says
// (TransferJob::modifiedMs 0: the size alone). Nothing when it is the same. Any protocol's
// transfer asks before each request, so that not one byte of a changed file is sent.
std::optional<TransferError> fileChangeError(const TransferJob &job);
