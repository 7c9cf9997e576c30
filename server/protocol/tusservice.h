#pragma once

#include "checksum.h"
#include "httphandler.h"
#include "tuslog.h"
#include "uploadrecord.h"
#include "uploadstore.h"

#include <QByteArrayList>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

class TusConcat;
class TusExchange;
class TusFailures;
class TusInstant;
class HoistdMetrics;
class UploadWriter;
class UserConfig;
class TusService;

struct TusConfig {
    static constexpr int DefaultInstantAttempts = 20;
    static constexpr int DefaultMaxUnfinished = 1000;

    qint64 maxSize = 0;   // Tus-Max-Size
    bool verbose = false; // one log line per request, not only per finished upload
    // Users with bearer tokens and quotas (--config); nullptr: the anonymous user only.
    std::shared_ptr<const UserConfig> users;
    // Instant upload: proof challenges a user may fail or leave unanswered in a day.
    int instantAttempts = DefaultInstantAttempts;
    // Unfinished uploads a user may have at once, unless the user config says otherwise.
    int maxUnfinished = DefaultMaxUnfinished;
    // Uploads a user may hold in all, finished ones included, unless the user config says
    // otherwise; -1: no limit.
    int maxUploads = -1;
    HoistdMetrics *metrics = nullptr; // counts refusals and instant completions; may be null
};

// tus 1.0 with creation, creation-with-upload, creation-defer-length, termination, checksum,
// expiration and concatenation (not concatenation-unfinished), on top of an UploadStore. Knows
// nothing of sockets or of libmicrohttpd.
class TusService final : public HttpHandler {
    Q_DISABLE_COPY_MOVE(TusService)
public:
    static constexpr char CollectionPath[] = "/files/";

    TusService(UploadStore &store, const TusConfig &config);
    ~TusService() override;

    // What OPTIONS advertises; exactly what is implemented.
    static QByteArrayList extensions();
    std::unique_ptr<HttpExchange> begin(const HttpRequest &request) override;
    HttpResponse refuse(int status, const QString &why) const override;
    void log(const QString &line) const override;

    UploadStore &store() { return m_store; }

private:
    friend class TusExchange;

    HttpResponse options() const;
    void create(TusExchange &exchange);
    HttpResponse head(const HttpRequest &request, const QString &id) const;
    void patch(TusExchange &exchange, const QString &id);
    HttpResponse terminate(const HttpRequest &request, const QString &id);
    HttpResponse finishBody(TusExchange &exchange);
    // 401 unless the Authorization header names a user (who then goes into the exchange).
    bool authenticate(TusExchange &exchange) const;
    // The answer for an upload `found` as not Found (or, as `r`, not this user's).
    HttpResponse uploadGone(const HttpRequest &request, const QString &id,
                            UploadStore::Lookup found, const UploadRecord &r) const;
    // 413 naming the quota and the usage; `asked` < 0 when the body's size is unknown.
    HttpResponse overQuota(const TusExchange &exchange, qint64 inUse, qint64 asked) const;

    UploadStore &m_store;
    TusConfig m_config;
    TusLog m_log;
    std::unique_ptr<TusFailures> m_failures; // store failures: 507, 503, 409, 500
    std::unique_ptr<TusInstant> m_instant;   // instant upload (tusinstant.h)
    std::unique_ptr<TusConcat> m_concat;     // final uploads (tusconcat.h)
};

// A sanitised display name from a client's "filename" metadata: the last path segment, without
// control characters, never "." or "..", at most 255 characters. Never used as a path.
QString sanitiseFilename(const QByteArray &raw);
// RFC 7231 IMF-fixdate, as Upload-Expires wants.
QByteArray httpDate(const QDateTime &time);
// The tus answer for an error: status, Tus-Resumable, and a sentence for a person.
HttpResponse tusError(int status, const QString &why);
// A request's Upload-Checksum: no hasher when it sent none.
struct TusChecksum {
    std::unique_ptr<ChecksumHasher> hasher;
    QByteArray digest;
};
// nullopt with a 400 in `error` when the header is malformed or names an algorithm we lack.
std::optional<TusChecksum> tusChecksumFrom(const HttpRequest &request, HttpResponse *error);
// 413 for a creation past the user's bound on uploads held (`held` of `limit`), worded like the
// byte quota's: it lifts only when the user deletes something.
HttpResponse uploadLimitError(int limit, int held);
