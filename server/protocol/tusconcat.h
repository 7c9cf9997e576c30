#pragma once

#include "httpmessage.h"
#include "uploadrecord.h"

#include <QByteArrayList>

#include <optional>

class TusFailures;
class TusInstant;
class TusLog;
class UploadStore;

// The concatenation extension's final uploads, as TusService serves them: the POST that joins
// finished partial uploads of one user into a final one, and Upload-Concat in a HEAD answer.
class TusConcat final {
    Q_DISABLE_COPY_MOVE(TusConcat)
public:
    TusConcat(UploadStore &store, TusInstant &instant, const TusFailures &failures,
              const TusLog &log, qint64 maxSize);

    // The answer to `request`, a final POST naming `ids` (as Upload-Concat gave them), with its
    // validated metadata and the filename taken from it.
    HttpResponse createFinal(const HttpRequest &request, const QByteArrayList &ids,
                             const QByteArray &metadata, const QString &filename);
    // Upload-Concat for HEAD: "partial", or "final;" and the parts' paths.
    static QByteArray header(const UploadRecord &record);

private:
    // The final `request`'s user already made of exactly `ids` (a repeated final POST).
    std::optional<UploadRecord> madeBefore(const HttpRequest &request,
                                           const QByteArrayList &ids) const;

    UploadStore &m_store;
    TusInstant &m_instant;
    const TusFailures &m_failures;
    const TusLog &m_log;
    const qint64 m_maxSize;
};
