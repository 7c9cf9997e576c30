#pragma once

#include "httpserver.h"
#include "pgaddress.h"
#include "s3credentials.h"
#include "s3target.h"
#include "tusservice.h"

#include <QHostAddress>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

// `--store s3://BUCKET/PREFIX` with `--index postgresql://...`: hoistd as one of many instances
// (ClusterUploadStore), bytes in the bucket, records in PostgreSQL. Holds a secret key and maybe
// a password: never log it (PgAddress::describe() and S3Target::displayName() are for logs).
struct HoistdClusterOptions {
    S3Target target; // the bucket, its service and region; no prefix
    QString prefix;  // the key prefix: "" or a path without a trailing '/'
    S3Credentials credentials;
    PgAddress index;
};

// hoistd's command line.
struct HoistdOptions {
    static constexpr qint64 DefaultMaxSize = qint64(1) << 40; // 1 TiB
    static constexpr std::chrono::seconds DefaultExpireAfter{24 * 60 * 60};
    static constexpr std::chrono::seconds DefaultReconcileAfter{60 * 60};

    QHostAddress address;
    quint16 port = 0;
    QString dataDir;
    QString namedDir; // --named-dir: finished uploads also under their own names here (NamedFiles)
    QString configPath; // --config: users with bearer tokens and quotas; empty: anonymous only
    qint64 maxSize = DefaultMaxSize;
    std::chrono::seconds expireAfter = DefaultExpireAfter;
    std::chrono::seconds keepFinished{0}; // 0: forever
    // --reconcile-after: how old bytes no record names must be before the store removes them
    std::chrono::seconds reconcileAfter{DefaultReconcileAfter};
    int maxUnfinished = TusConfig::DefaultMaxUnfinished; // per user, unless --config says
    int maxUploads = -1; // uploads per user, finished included, unless --config says; -1: any
    bool verbose = false;
    int instantAttempts = TusConfig::DefaultInstantAttempts; // per user and day
    HttpLimits http; // --max-connections, --max-connections-per-address, --header-timeout
    // --store/--index; nullopt: the single-machine store (files under --data, SQLite)
    std::optional<HoistdClusterOptions> cluster;
    QStringList warnings; // for the log: what was accepted but looks wrong

    // nullopt with a sentence in `error` (exit status 2), or with an empty `error` when --help
    // asked for `helpText`; `arguments` includes the program name.
    // Without a configuration file hoistd has no users but the anonymous one, so it refuses any
    // address that is not loopback. The file itself is read by UserConfig::load(). The S3 keys
    // come from `environment` (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) unless --s3-credentials
    // names a file, as for Hoist.
    static std::optional<HoistdOptions>
    parse(const QStringList &arguments, QString *error, QString *helpText = nullptr,
          const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment());
};

// "90", "90s", "15m", "12h", "30d": a positive number of seconds, minutes, hours or days;
// nullopt for anything else.
std::optional<std::chrono::seconds> parseDuration(const QString &text);
// "127.0.0.1:8080", "[::1]:0", "localhost:0"; nullopt when not of that shape.
std::optional<std::pair<QHostAddress, quint16>> parseListenAddress(const QString &text);
