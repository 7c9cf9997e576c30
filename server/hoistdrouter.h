#pragma once

#include "httphandler.h"

#include <memory>

class HoistdMetrics;
class TusService;
class UploadDownload;
class UploadStore;
class UserConfig;

// What hoistd serves, in front of the tus service: GET /files/<id>, the bytes of a finished upload
// (UploadDownload; tus itself has no GET), GET /metrics (HoistdMetrics in the Prometheus
// text format, with the uploads counted by the store) to a loopback peer or to a bearer token
// whose user the configuration marks with "metrics": true; every other request goes to tus.
// A peer elsewhere without a token gets 401, one whose user is not marked 403.
class HoistdRouter final : public HttpHandler {
    Q_DISABLE_COPY_MOVE(HoistdRouter)
public:
    static constexpr char MetricsPath[] = "/metrics";

    // `users`: nullptr for the anonymous user only (then only loopback peers exist).
    HoistdRouter(TusService &tus, const UploadStore &store, HoistdMetrics &metrics,
                 std::shared_ptr<const UserConfig> users);
    ~HoistdRouter() override;

    std::unique_ptr<HttpExchange> begin(const HttpRequest &request) override;
    HttpResponse refuse(int status, const QString &why) const override;
    void log(const QString &line) const override;

private:
    HttpResponse metrics(const HttpRequest &request) const;

    TusService &m_tus;
    const UploadStore &m_store;
    HoistdMetrics &m_metrics;
    std::shared_ptr<const UserConfig> m_users;
    std::unique_ptr<UploadDownload> m_download;
};
