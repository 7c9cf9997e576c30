#include "s3transport.h"

#include <curl/curl.h>

#include <chrono>
#include <cstring>
#include <mutex>

namespace {
using Clock = std::chrono::steady_clock;

// An error answer's body is read into memory up to this (an <Error> document is small).
constexpr qint64 MaxErrorBodyBytes = 64 * 1024;
// The body read from its source in pieces of at most this.
constexpr long UploadBufferBytes = 256 * 1024;

std::once_flag globalInit;

// What one attempt's callbacks share.
struct Attempt {
    const S3Exchange *exchange = nullptr;
    S3Reply *reply = nullptr;
    const std::atomic<bool> *aborted = nullptr; // the transport's abortAll()
    int idleTimeoutMs = 0;
    Clock::time_point lastMoved;
    curl_off_t lastDown = -1;
    curl_off_t lastUp = -1;
    bool idle = false;
    bool bodyFailed = false;
    bool sinkStopped = false;
    bool tooLarge = false;
    int status = 0; // of the answer being read (a 100 Continue is replaced by the final one)
};

size_t onHeader(char *data, size_t size, size_t count, void *user)
{
    auto *attempt = static_cast<Attempt *>(user);
    const size_t length = size * count;
    const QByteArray line = QByteArray(data, qsizetype(length)).trimmed();
    if (line.startsWith("HTTP/")) {
        attempt->reply->headers.clear();
        const QList<QByteArray> parts = line.split(' ');
        attempt->status = parts.size() > 1 ? parts.at(1).toInt() : 0;
    } else if (const qsizetype colon = line.indexOf(':'); colon > 0) {
        attempt->reply->headers.append(
            {line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed()});
    }
    return length;
}

size_t onData(char *data, size_t size, size_t count, void *user)
{
    auto *attempt = static_cast<Attempt *>(user);
    const size_t length = size * count;
    S3Reply &reply = *attempt->reply;
    const bool success = attempt->status >= 200 && attempt->status < 300;
    if (success && attempt->exchange->sink) {
        if (!attempt->exchange->sink(data, qint64(length))) {
            attempt->sinkStopped = true;
            return 0;
        }
        reply.sunk += qint64(length);
        return length;
    }
    const qint64 limit = success ? attempt->exchange->maxAnswerBytes : MaxErrorBodyBytes;
    if (reply.body.size() + qint64(length) > limit) {
        attempt->tooLarge = true;
        return 0;
    }
    reply.body.append(data, qsizetype(length));
    return length;
}

size_t onRead(char *buffer, size_t size, size_t count, void *user)
{
    auto *attempt = static_cast<Attempt *>(user);
    const qint64 got = attempt->exchange->body->read(buffer, qint64(size * count));
    if (got < 0) {
        attempt->bodyFailed = true;
        return CURL_READFUNC_ABORT;
    }
    return size_t(got);
}

int onSeek(void *user, curl_off_t offset, int origin)
{
    auto *attempt = static_cast<Attempt *>(user);
    // libcurl rewinds to send the body again on a fresh connection; only the start is needed.
    if (origin != SEEK_SET || offset != 0 || !attempt->exchange->body->rewind())
        return CURL_SEEKFUNC_CANTSEEK;
    return CURL_SEEKFUNC_OK;
}

int onProgress(void *user, curl_off_t, curl_off_t downloaded, curl_off_t, curl_off_t uploaded)
{
    auto *attempt = static_cast<Attempt *>(user);
    if (attempt->aborted->load())
        return 1; // CURLE_ABORTED_BY_CALLBACK, told apart by failureOf()
    const Clock::time_point now = Clock::now();
    if (downloaded != attempt->lastDown || uploaded != attempt->lastUp) {
        attempt->lastDown = downloaded;
        attempt->lastUp = uploaded;
        attempt->lastMoved = now;
        return 0;
    }
    if (now - attempt->lastMoved > std::chrono::milliseconds(attempt->idleTimeoutMs)) {
        attempt->idle = true;
        return 1;
    }
    return 0;
}

S3Reply::Failure failureOf(CURLcode code, const Attempt &attempt)
{
    using Failure = S3Reply::Failure;
    if (attempt.aborted->load())
        return Failure::Aborted;
    if (attempt.bodyFailed)
        return Failure::BodyUnreadable;
    if (attempt.sinkStopped)
        return Failure::SinkStopped;
    if (attempt.tooLarge)
        return Failure::TooLarge;
    if (attempt.idle)
        return Failure::Timeout;
    switch (code) {
    case CURLE_COULDNT_CONNECT:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
        return Failure::Connect;
    case CURLE_OPERATION_TIMEDOUT:
        // The only deadline given to libcurl is the connect timeout.
        return Failure::Connect;
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_CERTPROBLEM:
        return Failure::Tls;
    default:
        return Failure::Transport;
    }
}
} // namespace

QByteArray S3Reply::header(const QByteArray &lowerName) const
{
    for (const auto &[name, value] : headers) {
        if (name == lowerName)
            return value;
    }
    return {};
}

S3Transport::S3Transport(S3TransportConfig config)
    : m_config(std::move(config))
{
    std::call_once(globalInit, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
    m_config.maxInFlight = qMax(1, m_config.maxInFlight);
    for (int i = 0; i < m_config.maxInFlight; ++i) {
        if (CURL *curl = curl_easy_init()) {
            m_all.push_back(curl);
            m_free.push_back(curl);
        }
    }
}

S3Transport::~S3Transport()
{
    for (void *curl : m_all)
        curl_easy_cleanup(static_cast<CURL *>(curl));
}

void *S3Transport::acquire()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    if (!m_freed.wait_for(lock, std::chrono::milliseconds(m_config.queueTimeoutMs),
                          [this] { return !m_free.empty() || m_aborted.load(); })
        || m_aborted.load())
        return nullptr;
    void *curl = m_free.back();
    m_free.pop_back();
    const int now = ++m_inFlight;
    int peak = m_peakInFlight.load();
    while (now > peak && !m_peakInFlight.compare_exchange_weak(peak, now)) {
    }
    return curl;
}

void S3Transport::release(void *handle)
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_free.push_back(handle);
        --m_inFlight;
    }
    m_freed.notify_one();
}

void S3Transport::abortAll()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_aborted = true;
    }
    m_freed.notify_all();
}

S3Reply S3Transport::perform(const S3Exchange &exchange)
{
    S3Reply reply;
    CURL *curl = static_cast<CURL *>(acquire());
    if (!curl && m_aborted.load()) {
        reply.failure = S3Reply::Failure::Aborted;
        reply.reason = QStringLiteral("not sent: the store's requests were stopped");
        return reply;
    }
    if (!curl) {
        reply.failure = S3Reply::Failure::QueueFull;
        reply.reason =
            QStringLiteral("%1 requests to the store already in flight").arg(m_config.maxInFlight);
        return reply;
    }
    // Reset keeps the handle's live connections (and TLS sessions) for the next request.
    curl_easy_reset(curl);
    Attempt attempt;
    attempt.exchange = &exchange;
    attempt.reply = &reply;
    attempt.aborted = &m_aborted;
    attempt.idleTimeoutMs = m_config.idleTimeoutMs;
    attempt.lastMoved = Clock::now();

    curl_slist *headers = nullptr;
    for (const QByteArray &line : exchange.headerLines)
        headers = curl_slist_append(headers, line.constData());
    // No 100-continue round trip; no body type of libcurl's own on a POST.
    headers = curl_slist_append(headers, "Expect:");
    headers = curl_slist_append(headers, "Accept:");

    curl_easy_setopt(curl, CURLOPT_URL, exchange.url.constData());
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, long(m_config.connectTimeoutMs));
    curl_easy_setopt(curl, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_TCP_NODELAY, 1L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
    const QByteArray caFile = m_config.caFile.toLocal8Bit();
    if (!caFile.isEmpty())
        curl_easy_setopt(curl, CURLOPT_CAINFO, caFile.constData());
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, onHeader);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &attempt);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, onData);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &attempt);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, onProgress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &attempt);

    const qint64 bodySize = exchange.body ? exchange.body->size() : 0;
    if (exchange.body) {
        curl_easy_setopt(curl, CURLOPT_READFUNCTION, onRead);
        curl_easy_setopt(curl, CURLOPT_READDATA, &attempt);
        curl_easy_setopt(curl, CURLOPT_SEEKFUNCTION, onSeek);
        curl_easy_setopt(curl, CURLOPT_SEEKDATA, &attempt);
        curl_easy_setopt(curl, CURLOPT_UPLOAD_BUFFERSIZE, UploadBufferBytes);
    }
    if (exchange.method == "HEAD") {
        curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
    } else if (exchange.method == "PUT") {
        curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
        curl_easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, curl_off_t(bodySize));
        if (!exchange.body)
            curl_easy_setopt(
                curl, CURLOPT_READFUNCTION,
                +[](char *, size_t, size_t, void *) { return size_t(0); });
    } else if (exchange.method == "POST") {
        curl_easy_setopt(curl, CURLOPT_POST, 1L);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bodySize));
        if (!exchange.body)
            curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "");
    } else if (exchange.method != "GET") {
        curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, exchange.method.constData());
    }

    char errorText[CURL_ERROR_SIZE] = {};
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, errorText);
    const CURLcode code = curl_easy_perform(curl);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    // The handle goes back to the pool with no pointer into this frame left in it.
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, nullptr);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, nullptr);
    curl_slist_free_all(headers);
    release(curl);

    reply.status = int(status);
    if (code != CURLE_OK) {
        reply.failure = failureOf(code, attempt);
        if (reply.failure == S3Reply::Failure::BodyUnreadable)
            reply.reason = exchange.body->problem();
        else if (reply.failure == S3Reply::Failure::Timeout)
            reply.reason = QStringLiteral("nothing moved for %1 ms").arg(m_config.idleTimeoutMs);
        else if (reply.failure == S3Reply::Failure::Aborted)
            reply.reason = QStringLiteral("stopped: the store's requests were stopped");
        else
            reply.reason = QString::fromUtf8(*errorText ? errorText : curl_easy_strerror(code));
    }
    return reply;
}
