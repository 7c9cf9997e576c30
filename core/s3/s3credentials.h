#pragma once

#include <QByteArray>
#include <QString>

class QDebug;

// An S3 access key: its public id and its secret. The secret signs requests and is never sent,
// shown or logged: the QDebug operator below prints the id alone.
struct S3Credentials {
    QString accessKeyId;
    QByteArray secretAccessKey;

    bool isComplete() const { return !accessKeyId.isEmpty() && !secretAccessKey.isEmpty(); }
};

// "S3Credentials(AKIAIOSFODNN7EXAMPLE, secret hidden)": the id only, never the secret.
QDebug operator<<(QDebug debug, const S3Credentials &credentials);
