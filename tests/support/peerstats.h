#pragma once

#include <QJsonArray>
#include <QMap>
#include <QString>

// What a test peer saw, counted where the requests arrive (since its start or the last reset).
struct PeerStats {
    int inFlight = 0;    // requests carrying upload bytes being received now
    int maxInFlight = 0; // the most at once since the last reset
    QMap<QString, int> byMethod;
    qint64 bodyBytes = 0; // upload body bytes the server took in
    // One object per request: method, url, uploadOffset, uploadLength, contentLength (strings,
    // or null when absent), status (0: cut short), responseOffset (string or null), socketBytes
    // (body bytes that arrived for it).
    QJsonArray log;
    int count(const QString &method) const { return byMethod.value(method); }
};
