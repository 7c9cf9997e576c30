#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

// One user of hoistd, as its configuration file names them. The token itself is never kept:
// only its SHA-256, compared in constant time.
struct HoistdUser {
    QString name;           // owner of the user's uploads; [A-Za-z0-9._-], 1 to 64 characters
    QByteArray tokenHash;   // SHA-256 of the bearer token, raw bytes
    qint64 quota = 0;       // bytes, unfinished uploads included
    int maxUnfinished = -1; // unfinished uploads at once; -1: the file's default, else hoistd's
    int maxUploads = -1;    // uploads held, finished ones included; -1: as for maxUnfinished
    bool metrics = false;   // may read GET /metrics from anywhere (loopback peers always may)
};

// hoistd --config FILE: the users and their bearer tokens, as JSON:
//
//   { "maxUnfinished": 100, "maxUploads": 100000,
//     "users": [
//       { "name": "alice", "token": "<at least 16 characters>", "quota": 10737418240,
//         "maxUploads": 5000 },
//       { "name": "bob", "tokenSha256": "<64 hex digits>", "quota": 1048576,
//         "maxUnfinished": 10 },
//       { "name": "prometheus", "token": "...", "quota": 0, "metrics": true } ] }
//
// "tokenSha256" lets the file hold no secret at all. "maxUnfinished" (optional, at the top for
// every user, or per user) bounds the uploads a user may have unfinished at once; "maxUploads"
// (the same way) the uploads a user may hold in all, finished ones included. The file must not
// be readable or writable by others (chmod o-rwx), as for an ssh key.
class UserConfig final {
public:
    static constexpr int MinTokenChars = 16;

    // nullopt with a sentence in `error` naming the line or field at fault.
    static std::optional<UserConfig> load(const QString &path, QString *error);
    // The same, for the file's contents (no permission check).
    static std::optional<UserConfig> parse(const QByteArray &json, QString *error);

    const QList<HoistdUser> &users() const { return m_users; }
    // The file's "maxUnfinished" for users without their own; -1 when it gives none.
    int defaultMaxUnfinished() const { return m_defaultMaxUnfinished; }
    // The file's "maxUploads" for users without their own; -1 when it gives none.
    int defaultMaxUploads() const { return m_defaultMaxUploads; }
    // The user whose token an "Authorization: Bearer <token>" header carries; nullptr when the
    // header is missing, malformed or names no user. Takes the same time whichever user matches.
    const HoistdUser *authenticate(const QByteArray &authorization) const;

private:
    QList<HoistdUser> m_users;
    int m_defaultMaxUnfinished = -1;
    int m_defaultMaxUploads = -1;
};

// The token in "Bearer <token>" (scheme case-insensitive); empty when the header is not that.
QByteArray bearerToken(const QByteArray &authorization);
