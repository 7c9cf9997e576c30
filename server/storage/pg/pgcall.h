#pragma once

#include "pgpool.h"

#include <utility>

// Runs `f` on a connection taken from `pool` for the call alone and reports its last error;
// an empty pool within its wait counts as PostgreSQL unreachable. Gives `{}` (false, empty,
// nullopt, the enum's first value) when there was no connection.
template <typename F>
auto pgCall(PgPool &pool, PgError *error, F &&f) -> decltype(f(std::declval<PgConnection &>()))
{
    PgPool::Handle c = pool.acquire();
    if (!c) {
        *error = {PgError::Kind::Unreachable,
                  {},
                  QStringLiteral("PostgreSQL is unreachable: no free connection in the pool")};
        return {};
    }
    auto result = f(*c);
    *error = c->lastError();
    return result;
}
