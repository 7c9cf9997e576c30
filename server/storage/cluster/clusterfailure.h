#pragma once

#include "pgconnection.h"
#include "s3bucketerror.h"
#include "storefailure.h"

// How the cluster store's errors read as StoreFailure kinds, which decide the client's answer:
//  - PostgreSQL unreachable, a statement timed out or a transaction to run again: Unavailable
//    (503; PgConnection reconnects by itself, so nothing needs a restart); its disk full (SQLSTATE
//    53100): Full (507); anything else: Storage.
//  - S3 unreachable, 5xx, SlowDown: Unavailable, with the store's own Retry-After when it said
//    one; a quota of the bucket's owner exceeded (QuotaExceeded): Full; anything else: Storage.
StoreFailure storeFailureOf(const PgError &error);
StoreFailure storeFailureOf(const S3BucketError &error);
