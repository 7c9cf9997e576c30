#include "replydrop.h"

#include <QNetworkReply>

void endReply(QNetworkReply *reply, const RequestGroup *group)
{
    if (!reply)
        return;
    if ((!group || !group->hasFailed()) && reply->isRunning())
        reply->abort();
    // Later, not now: the caller may be inside one of the reply's own signals.
    reply->deleteLater();
}
