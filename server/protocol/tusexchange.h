#pragma once

#include "httphandler.h"

#include <QString>

#include <memory>

class TusService;
class UploadWriter;

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
    int m_maxUploads = -1;     // the user's limit of uploads held; -1: none
};
