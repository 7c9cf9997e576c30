#include "s3credentials.h"

#include <QDebug>

QDebug operator<<(QDebug debug, const S3Credentials &credentials)
{
    const QDebugStateSaver saver(debug);
    debug.nospace().noquote() << "S3Credentials(" << credentials.accessKeyId << ", "
                              << (credentials.secretAccessKey.isEmpty() ? "no secret"
                                                                        : "secret hidden")
                              << ')';
    return debug;
}
