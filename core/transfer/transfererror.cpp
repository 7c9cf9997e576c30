#include "transfererror.h"

#include <utility>

bool TransferError::isTransient() const
{
    switch (kind) {
    case Kind::Network:
    case Kind::Timeout:
    case Kind::Stalled:
    case Kind::ServerError:
    case Kind::Conflict:
    case Kind::Locked:
    case Kind::TooManyRequests:
    case Kind::ServerFull:
        return true;
    case Kind::None:
    case Kind::TooLarge:
    case Kind::Rejected:
    case Kind::BadResponse:
    case Kind::InvalidUrl:
    case Kind::FileUnreadable:
    case Kind::FileChanged:
    case Kind::ContentMismatch:
        return false;
    }
    return false;
}

bool TransferError::serverAsksToWait() const
{
    return kind == Kind::ServerFull || kind == Kind::TooManyRequests
           || (kind == Kind::ServerError && retryAfter.has_value());
}

TransferError TransferError::make(Kind kind, TrText cause, int httpStatus)
{
    TransferError error;
    error.kind = kind;
    error.cause = std::move(cause);
    error.httpStatus = httpStatus;
    return error;
}
