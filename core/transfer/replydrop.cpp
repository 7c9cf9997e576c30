#include "replydrop.h"

#include <QNetworkReply>

void dropReply(QNetworkReply *reply)
{
    if (!reply)
        return;
    // Later, not now: the caller may be inside one of the reply's own signals.
    reply->deleteLater();
}
