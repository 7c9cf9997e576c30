#pragma once

#include "httpmessage.h"

#include <QByteArray>
#include <QString>

#include <memory>

class HoistdMetrics;
class UploadStore;
class UserConfig;
struct HoistdUser;

// GET /files/<id>: the bytes of a finished upload, so that every link to a hoistd upload opens.
// Served as a download, never inline: Content-Type application/octet-stream with
// X-Content-Type-Options: nosniff (the client chose the bytes, and would choose the type), and
// Content-Disposition: attachment with the client's filename made safe (contentdisposition.h).
// One Range is honoured (206, or 416 with "Content-Range: bytes */SIZE"; see ByteRange), with a
// strong ETag and Last-Modified (a finished upload never changes) for If-Range and
// If-None-Match. The body streams from the store's UploadSource: straight from its file descriptor
// where it offers one (HttpFileBody, sendfile), else read piece by piece (HttpStreamBody); under
// the HTTP layer's limits and idle timeout, whatever its size.
//
// Who may read: with a user config, the owner only, by the same bearer token as for uploading, or
// by HTTP Basic with that token as the password (any user name) so that a browser opening a
// copied link can ask for it: 401 says both, Basic first. Tokens in the query string are not taken
// (they end up in logs and histories). Another user's upload answers 404, as tus does: it does not
// exist for them. Without a config (the anonymous user, loopback only) anyone who reaches the
// server may read. An unfinished upload answers 409; an unknown, terminated or expired one 404.
class UploadDownload final {
    Q_DISABLE_COPY_MOVE(UploadDownload)
public:
    // `users`: nullptr for the anonymous user only; `metrics` counts refusals, may be null.
    UploadDownload(const UploadStore &store, std::shared_ptr<const UserConfig> users,
                   HoistdMetrics *metrics);

    // Whether `request` is a GET this class answers (the path of an upload).
    static bool handles(const HttpRequest &request);
    HttpResponse answer(const HttpRequest &request) const;

private:
    // The user the request's credentials name; nullptr when none do.
    const HoistdUser *userOf(const HttpRequest &request) const;
    HttpResponse respond(const HttpRequest &request) const;
    HttpResponse unauthorised(const HttpRequest &request) const;

    const UploadStore &m_store;
    std::shared_ptr<const UserConfig> m_users;
    HoistdMetrics *m_metrics;
};
