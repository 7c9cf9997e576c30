#include "storefailure.h"

#include <cerrno>

StoreFailure StoreFailure::fromErrno(int error, const QString &what)
{
    const QString text = QStringLiteral("%1: %2").arg(what, qt_error_string(error));
    const bool full = error == ENOSPC
#ifdef EDQUOT
                      || error == EDQUOT
#endif
        ;
    return {full ? Kind::Full : Kind::Storage, text, {}};
}

const char *StoreFailure::name(Kind kind)
{
    switch (kind) {
    case Kind::Storage:
        return "storage";
    case Kind::Full:
        return "full";
    case Kind::Unavailable:
        return "unavailable";
    case Kind::Fenced:
        return "fenced";
    }
    return "storage";
}
