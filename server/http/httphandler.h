#pragma once

#include "httpmessage.h"

#include <QString>

#include <memory>
#include <optional>

// One request in progress, as the HTTP layer drives it: either answered before its body
// (`early`), or fed the body in pieces as they arrive and answered by finish() once it ended.
// Destroyed as soon as nothing more of the request can reach it (before its answer is sent).
class HttpExchange {
public:
    virtual ~HttpExchange() = default;

    std::optional<HttpResponse> early;

    virtual void consume(const char *data, size_t size) = 0;
    virtual HttpResponse finish() = 0;
    // The connection closed before finish(): keep what is safe to keep, answer nobody.
    virtual void abort() = 0;
};

// What the HTTP layer serves: it parses and frames requests, keeps the limits, and hands each
// request that got that far to a handler. Called from the HTTP layer's worker threads.
class HttpHandler {
public:
    virtual ~HttpHandler() = default;

    virtual std::unique_ptr<HttpExchange> begin(const HttpRequest &request) = 0;
    // The answer to a request the HTTP layer refuses itself (bad framing, headers too large).
    virtual HttpResponse refuse(int status, const QString &why) const = 0;
    // One line of the server's log; safe from any thread.
    virtual void log(const QString &line) const = 0;
};
