#pragma once

#include "httpserver.h"
#include "tusservice.h"

#include <QHostAddress>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

// hoistd's command line.
struct HoistdOptions {
    static constexpr qint64 DefaultMaxSize = qint64(1) << 40; // 1 TiB
    static constexpr std::chrono::seconds DefaultExpireAfter{24 * 60 * 60};

    QHostAddress address;
    quint16 port = 0;
    QString dataDir;
    QString namedDir; // --named-dir: finished uploads also under their own names here (NamedFiles)
    QString configPath; // --config: users with bearer tokens and quotas; empty: anonymous only
    qint64 maxSize = DefaultMaxSize;
    std::chrono::seconds expireAfter = DefaultExpireAfter;
    std::chrono::seconds keepFinished{0};                // 0: forever
    int maxUnfinished = TusConfig::DefaultMaxUnfinished; // per user, unless --config says
    bool verbose = false;
    int instantAttempts = TusConfig::DefaultInstantAttempts; // per user and day
    HttpLimits http; // --max-connections, --max-connections-per-address, --header-timeout

    // nullopt with a sentence in `error` (exit status 2), or with an empty `error` when --help
    // asked for `helpText`; `arguments` includes the program name.
    // Without a configuration file hoistd has no users but the anonymous one, so it refuses any
    // address that is not loopback. The file itself is read by UserConfig::load().
    static std::optional<HoistdOptions> parse(const QStringList &arguments, QString *error,
                                              QString *helpText = nullptr);
};

// "90", "90s", "15m", "12h", "30d": a positive number of seconds, minutes, hours or days;
// nullopt for anything else.
std::optional<std::chrono::seconds> parseDuration(const QString &text);
// "127.0.0.1:8080", "[::1]:0", "localhost:0"; nullopt when not of that shape.
std::optional<std::pair<QHostAddress, quint16>> parseListenAddress(const QString &text);
