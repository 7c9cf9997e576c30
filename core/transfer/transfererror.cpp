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

TransferError TransferError::make(Kind kind, TrText cause, int httpStatus)
{
    TransferError error;
    error.kind = kind;
    error.cause = std::move(cause);
    error.httpStatus = httpStatus;
    return error;
}
