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
    HoistdMetrics *metrics = nullptr; // counts refusals and instant completions; may be null
};

// One tus request in progress: either answered before its body (`early`), or a body streaming
// into an upload, answered by finish() once the body ended. Releases the upload's lock when
// destroyed.
class TusExchange final : public HttpExchange {
    Q_DISABLE_COPY_MOVE(TusExchange)
public:
    explicit TusExchange(TusService &service, const HttpRequest &request);
    ~TusExchange() override;

    bool wantsBody() const { return m_writer != nullptr; }
    void consume(const char *data, size_t size) override;
    HttpResponse finish() override;
    void abort() override;

private:
    friend class TusService;

    TusService &m_service;
    HttpRequest m_request;
    std::unique_ptr<UploadWriter> m_writer;
    QString m_lockedId;
    bool m_creating = false;   // creation-with-upload: a failed body removes the new upload
    qint64 m_quota = -1;       // the user's quota in bytes; -1: none (the anonymous user)
    bool m_quotaBound = false; // the body's limit is the quota's room, not the upload's end
    int m_maxUnfinished = -1;  // the user's limit of unfinished uploads; -1: none
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
