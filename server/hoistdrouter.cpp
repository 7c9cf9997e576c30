#include "hoistdrouter.h"

#include "hoistdmetrics.h"
#include "tusservice.h"
#include "uploaddownload.h"
#include "uploadstore.h"
#include "userconfig.h"

namespace {
// An answer known before any body: nothing of the request is read.
class Answered final : public HttpExchange {
public:
    explicit Answered(HttpResponse response) { early = std::move(response); }
    void consume(const char *, size_t) override {}
    HttpResponse finish() override { return *early; }
    void abort() override {}
};

HttpResponse plain(int status, const QByteArray &text)
{
    HttpResponse r;
    r.status = status;
    r.set("Content-Type", "text/plain; charset=utf-8");
    r.set("Cache-Control", "no-store");
    r.body = text + '\n';
    return r;
}
} // namespace

HoistdRouter::HoistdRouter(TusService &tus, const UploadStore &store, HoistdMetrics &metrics,
                           std::shared_ptr<const UserConfig> users)
    : m_tus(tus)
    , m_store(store)
    , m_metrics(metrics)
    , m_users(std::move(users))
    , m_download(std::make_unique<UploadDownload>(store, m_users, &metrics))
{
}

HoistdRouter::~HoistdRouter() = default;

std::unique_ptr<HttpExchange> HoistdRouter::begin(const HttpRequest &request)
{
    if (request.path == MetricsPath)
        return std::make_unique<Answered>(metrics(request));
    if (UploadDownload::handles(request))
        return std::make_unique<Answered>(m_download->answer(request));
    return m_tus.begin(request);
}

HttpResponse HoistdRouter::refuse(int status, const QString &why) const
{
    return m_tus.refuse(status, why);
}

void HoistdRouter::log(const QString &line) const
{
    m_tus.log(line);
}

HttpResponse HoistdRouter::metrics(const HttpRequest &request) const
{
    if (request.method != "GET") {
        HttpResponse r = plain(405, "GET only.");
        r.set("Allow", "GET");
        return r;
    }
    // Loopback is trusted; mind a reverse proxy on this host, whose requests all come from it.
    if (!request.peer.isLoopback()) {
        const HoistdUser *user =
            m_users ? m_users->authenticate(request.header("authorization")) : nullptr;
        if (!user) {
            m_metrics.refused(HoistdMetrics::Refusal::Auth);
            HttpResponse r = plain(401, "Metrics need a bearer token whose user may read them.");
            r.set("WWW-Authenticate", R"(Bearer realm="hoistd")");
            return r;
        }
        if (!user->metrics)
            return plain(403, "This user may not read the metrics.");
    }
    const UploadStore::StateCounts counts = m_store.countByState();
    HoistdMetrics::Uploads uploads;
    uploads.unfinished = counts.unfinished;
    uploads.finished = counts.finished;
    HttpResponse r;
    r.status = 200;
    r.set("Content-Type", HoistdMetrics::ContentType);
    r.set("Cache-Control", "no-store");
    r.body = m_metrics.render(uploads);
    return r;
}
