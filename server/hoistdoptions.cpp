#include "hoistdoptions.h"

#include "s3options.h"

#include <QCommandLineParser>

#include <limits>

std::optional<std::pair<QHostAddress, quint16>> parseListenAddress(const QString &text)
{
    QString host;
    QString port;
    if (text.startsWith(QLatin1Char('['))) {
        const int close = text.indexOf(QLatin1String("]:"));
        if (close < 0)
            return std::nullopt;
        host = text.mid(1, close - 1);
        port = text.mid(close + 2);
    } else {
        const int colon = text.lastIndexOf(QLatin1Char(':'));
        if (colon <= 0 || text.count(QLatin1Char(':')) != 1)
            return std::nullopt;
        host = text.left(colon);
        port = text.mid(colon + 1);
    }
    bool ok = false;
    const uint number = port.toUInt(&ok);
    if (!ok || number > 65535)
        return std::nullopt;
    QHostAddress address;
    if (host == QLatin1String("localhost"))
        address = QHostAddress(QHostAddress::LocalHost);
    else if (!address.setAddress(host))
        return std::nullopt;
    return std::make_pair(address, quint16(number));
}

std::optional<std::chrono::seconds> parseDuration(const QString &text)
{
    static const QList<QPair<QChar, qint64>> units{{QLatin1Char('s'), 1},
                                                   {QLatin1Char('m'), 60},
                                                   {QLatin1Char('h'), 3600},
                                                   {QLatin1Char('d'), 86400}};
    QString number = text;
    qint64 unit = 1;
    for (const auto &[suffix, seconds] : units) {
        if (text.endsWith(suffix)) {
            number.chop(1);
            unit = seconds;
        }
    }
    bool ok = false;
    const qint64 count = number.toLongLong(&ok);
    // Digits only (no sign, no spaces), and at most about a hundred years.
    if (!ok || count <= 0 || count > qint64(36500) * 86400 / unit || !number.at(0).isDigit())
        return std::nullopt;
    return std::chrono::seconds(count * unit);
}

namespace {
// --store's URL and its S3 options, --index: the cluster store's settings, or nullopt with a
// sentence in `error`. `store` and `index` are both non-empty (the caller checked).
std::optional<HoistdClusterOptions> parseCluster(const QString &store, const S3Arguments &s3,
                                                 const QString &index,
                                                 const QProcessEnvironment &environment,
                                                 QStringList *warnings, QString *error)
{
    QUrl canonical;
    *error = resolveS3Endpoint(QUrl(store), s3, &canonical, QStringLiteral("--store"));
    if (!error->isEmpty())
        return std::nullopt;
    const std::optional<S3Target> target = S3Target::fromUrl(canonical, error);
    if (!target)
        return std::nullopt;
    S3Credentials credentials;
    *error = readS3Credentials(s3, environment, &credentials, warnings);
    if (!error->isEmpty())
        return std::nullopt;
    if (!credentials.isComplete()) {
        *error = QStringLiteral("--store needs S3 keys: set AWS_ACCESS_KEY_ID and "
                                "AWS_SECRET_ACCESS_KEY, or give --s3-credentials FILE");
        return std::nullopt;
    }
    QString why;
    std::optional<PgAddress> address = PgAddress::parse(index, &why);
    if (!address) {
        *error = QStringLiteral("--index wants postgresql://USER[:PASSWORD]@HOST[:PORT]/DB or "
                                "\"host=/socket/dir dbname=DB user=USER\": %1")
                     .arg(why);
        return std::nullopt;
    }
    QString prefix = target->prefix();
    prefix.chop(prefix.endsWith(QLatin1Char('/')) ? 1 : 0);
    return HoistdClusterOptions{S3Target(target->service(), target->region(), target->bucket(), {},
                                         target->isVirtualHosted()),
                                prefix, credentials, std::move(*address)};
}
} // namespace

std::optional<HoistdOptions> HoistdOptions::parse(const QStringList &arguments, QString *error,
                                                  QString *helpText,
                                                  const QProcessEnvironment &environment)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Hoist's tus 1.0 upload server."));
    parser.addHelpOption();
    const QCommandLineOption listen(QStringLiteral("listen"),
                                    QStringLiteral("Address and port to listen on (port 0: any "
                                                   "free one); loopback only unless --config "
                                                   "gives users."),
                                    QStringLiteral("ADDR:PORT"));
    const QCommandLineOption data(QStringLiteral("data"),
                                  QStringLiteral("Directory for the uploads and their index."),
                                  QStringLiteral("DIR"));
    const QCommandLineOption named(
        QStringLiteral("named-dir"),
        QStringLiteral("Directory where each finished upload also appears under the name its "
                       "client gave (relativePath or filename, made safe); a taken name gets "
                       "\" (2)\"."),
        QStringLiteral("DIR"));
    const QCommandLineOption maxSize(QStringLiteral("max-size"),
                                     QStringLiteral("Largest upload accepted, in bytes (default "
                                                    "1 TiB)."),
                                     QStringLiteral("BYTES"));
    const QCommandLineOption expire(QStringLiteral("expire-after"),
                                    QStringLiteral("Seconds an unfinished upload is kept after "
                                                   "its last progress (default 86400)."),
                                    QStringLiteral("SECONDS"));
    const QCommandLineOption config(QStringLiteral("config"),
                                    QStringLiteral("JSON file of users: name, bearer token, "
                                                   "quota in bytes."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption instantAttempts(
        QStringLiteral("instant-attempts"),
        QStringLiteral("Instant-upload proofs a user may fail or leave unanswered in a day; then "
                       "they upload normally (default %1).")
            .arg(TusConfig::DefaultInstantAttempts),
        QStringLiteral("N"));
    const QCommandLineOption maxUnfinished(
        QStringLiteral("max-unfinished"),
        QStringLiteral("Unfinished uploads a user may have at once (default %1); the config "
                       "file's \"maxUnfinished\" takes precedence for its users.")
            .arg(TusConfig::DefaultMaxUnfinished),
        QStringLiteral("N"));
    const QCommandLineOption maxUploads(
        QStringLiteral("max-uploads"),
        QStringLiteral("Uploads a user may hold in all, finished ones included (default: any "
                       "number); the config file's \"maxUploads\" takes precedence for its "
                       "users."),
        QStringLiteral("N"));
    const QCommandLineOption keepFinished(
        QStringLiteral("keep-finished"),
        QStringLiteral("How long a finished upload is kept after it finished: 90s, 15m, 12h, "
                       "30d (default: until deleted)."),
        QStringLiteral("DURATION"));
    const QCommandLineOption verbose(QStringLiteral("verbose"),
                                     QStringLiteral("Log every request, not only finished "
                                                    "uploads."));
    const QCommandLineOption maxConnections(
        QStringLiteral("max-connections"),
        QStringLiteral("Client connections at once, in all (default %1; fewer when the open "
                       "file limit leaves room for fewer).")
            .arg(HttpLimits::DefaultMaxConnections),
        QStringLiteral("N"));
    const QCommandLineOption perAddress(
        QStringLiteral("max-connections-per-address"),
        QStringLiteral("Connections at once from one client address (IPv6: one /64); more are "
                       "closed at once (default %1, 0: no limit of its own).")
            .arg(HttpLimits::DefaultMaxConnectionsPerAddress),
        QStringLiteral("N"));
    const QCommandLineOption headerTimeout(
        QStringLiteral("header-timeout"),
        QStringLiteral("Seconds a connection has to send a request's headers, from its start or "
                       "its previous request's end; later, it is closed (default %1, 0: none).")
            .arg(HttpLimits::DefaultHeaderTimeout.count()),
        QStringLiteral("SECONDS"));
    const QCommandLineOption store(
        QStringLiteral("store"),
        QStringLiteral("Keep the bytes in an S3 bucket instead of under --data (which then holds "
                       "only spool files), as one of many instances; needs --index."),
        QStringLiteral("s3://BUCKET/PREFIX"));
    const QCommandLineOption s3Endpoint(QStringLiteral("s3-endpoint"),
                                        QStringLiteral("The S3 service of --store (default: "
                                                       "AWS's for --region)."),
                                        QStringLiteral("URL"));
    const QCommandLineOption region(QStringLiteral("region"),
                                    QStringLiteral("The region of --store (default us-east-1)."),
                                    QStringLiteral("R"));
    const QCommandLineOption s3Style(QStringLiteral("s3-style"),
                                     QStringLiteral("Addressing of --store: path (default with "
                                                    "--s3-endpoint) or virtual."),
                                     QStringLiteral("STYLE"));
    const QCommandLineOption s3Credentials(
        QStringLiteral("s3-credentials"),
        QStringLiteral("AWS credentials file whose profile (AWS_PROFILE, else default) holds "
                       "the keys of --store; without it, AWS_ACCESS_KEY_ID and "
                       "AWS_SECRET_ACCESS_KEY."),
        QStringLiteral("FILE"));
    const QCommandLineOption index(
        QStringLiteral("index"),
        QStringLiteral("Keep the records in PostgreSQL instead of SQLite (with --store): "
                       "postgresql://USER[:PASSWORD]@HOST[:PORT]/DB or \"host=/socket/dir "
                       "dbname=DB user=USER\"; PGPASSWORD and ~/.pgpass keep the password off "
                       "the command line."),
        QStringLiteral("POSTGRESQL"));
    const QCommandLineOption reconcileAfter(
        QStringLiteral("reconcile-after"),
        QStringLiteral("With --store: how old a multipart upload or tail object that no record "
                       "names must be before it is removed (90s, 15m, 12h; default 1h)."),
        QStringLiteral("DURATION"));
    parser.addOptions({
        listen,  data,           named,      config,        maxSize,
        expire,  maxUnfinished,  maxUploads, keepFinished,  instantAttempts,
        verbose, maxConnections, perAddress, headerTimeout, // single machine
        store,   s3Endpoint,     region,     s3Style,       s3Credentials,
        index,   reconcileAfter, // cluster
    });
    if (helpText)
        *helpText = parser.helpText();
    if (!parser.parse(arguments)) {
        *error = parser.errorText();
        return std::nullopt;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        error->clear(); // not an error: the caller prints helpText and exits 0
        return std::nullopt;
    }
    if (!parser.positionalArguments().isEmpty()) {
        *error =
            QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().first());
        return std::nullopt;
    }
    if (!parser.isSet(listen) || !parser.isSet(data)) {
        *error = QStringLiteral("--listen ADDR:PORT and --data DIR are both needed");
        return std::nullopt;
    }
    HoistdOptions options;
    const auto where = parseListenAddress(parser.value(listen));
    if (!where) {
        *error = QStringLiteral("--listen wants ADDR:PORT (for example 127.0.0.1:1080), not '%1'")
                     .arg(parser.value(listen));
        return std::nullopt;
    }
    std::tie(options.address, options.port) = *where;
    options.configPath = parser.value(config);
    if (parser.isSet(config) && options.configPath.isEmpty()) {
        *error = QStringLiteral("--config needs a file");
        return std::nullopt;
    }
    if (!options.address.isLoopback() && options.configPath.isEmpty()) {
        *error = QStringLiteral(
                     "refusing to listen on %1: without a configuration file hoistd serves one "
                     "anonymous user with no token, so anyone who can reach it could upload; "
                     "listen on a loopback address (127.0.0.1 or ::1), or give users with "
                     "--config FILE")
                     .arg(options.address.toString());
        return std::nullopt;
    }
    options.dataDir = parser.value(data);
    if (options.dataDir.isEmpty()) {
        *error = QStringLiteral("--data needs a directory");
        return std::nullopt;
    }
    options.namedDir = parser.value(named);
    if (parser.isSet(named) && options.namedDir.isEmpty()) {
        *error = QStringLiteral("--named-dir needs a directory");
        return std::nullopt;
    }
    // Whole-number options: absent leaves the default; present must be a number >= `min`.
    constexpr qint64 IntMax = std::numeric_limits<int>::max();
    const auto number = [&](const QCommandLineOption &option, qint64 min, const char *wants,
                            qint64 *out, qint64 max = std::numeric_limits<qint64>::max()) {
        if (!parser.isSet(option))
            return true;
        bool ok = false;
        const qint64 value = parser.value(option).toLongLong(&ok);
        if (!ok || value < min || value > max) {
            *error = QStringLiteral("--%1 wants %2")
                         .arg(option.names().constFirst(), QLatin1String(wants));
            return false;
        }
        *out = value;
        return true;
    };
    qint64 expireSeconds = options.expireAfter.count();
    qint64 unfinished = options.maxUnfinished;
    qint64 uploads = options.maxUploads;
    qint64 attempts = options.instantAttempts;
    qint64 connections = options.http.maxConnections;
    qint64 perAddressLimit = options.http.maxConnectionsPerAddress;
    qint64 headerSeconds = 0;
    if (!number(maxSize, 0, "a number of bytes", &options.maxSize)
        || !number(expire, 1, "a positive number of seconds", &expireSeconds)
        || !number(maxUnfinished, 0, "a number of uploads, 0 or more", &unfinished, IntMax)
        || !number(maxUploads, 0, "a number of uploads, 0 or more", &uploads, IntMax)
        || !number(instantAttempts, 0, "a number, 0 or more", &attempts, IntMax)
        || !number(maxConnections, 1, "a positive number", &connections, IntMax)
        || !number(perAddress, 0, "a number (0: no limit)", &perAddressLimit, IntMax)
        || !number(headerTimeout, 0, "a number of seconds (0: none)", &headerSeconds, IntMax))
        return std::nullopt;
    options.expireAfter = std::chrono::seconds(expireSeconds);
    options.maxUnfinished = int(unfinished);
    options.maxUploads = int(uploads);
    options.instantAttempts = int(attempts);
    options.http.maxConnections = int(connections);
    options.http.maxConnectionsPerAddress = int(perAddressLimit);
    if (parser.isSet(headerTimeout))
        options.http.headerTimeout = std::chrono::seconds(headerSeconds);
    // A duration option, when given; false with the sentence when it is not one.
    const auto duration = [&](const QCommandLineOption &option, const char *examples,
                              std::chrono::seconds *out) {
        if (!parser.isSet(option))
            return true;
        const auto parsed = parseDuration(parser.value(option));
        if (!parsed) {
            *error = QStringLiteral("--%1 wants a duration such as %2, not '%3'")
                         .arg(option.names().constFirst(), QLatin1String(examples),
                              parser.value(option));
            return false;
        }
        *out = *parsed;
        return true;
    };
    if (!duration(keepFinished, "3600s, 90m, 12h or 30d", &options.keepFinished))
        return std::nullopt;
    options.verbose = parser.isSet(verbose);
    if (parser.isSet(store) != parser.isSet(index)) {
        *error = QStringLiteral("--store and --index go together (bytes in the bucket, records "
                                "in PostgreSQL); give both, or neither to keep both under --data");
        return std::nullopt;
    }
    if (!parser.isSet(store)) {
        for (const QCommandLineOption *s3Only :
             {&s3Endpoint, &region, &s3Style, &s3Credentials, &reconcileAfter}) {
            if (parser.isSet(*s3Only)) {
                *error = QStringLiteral("--%1 applies only to --store s3://BUCKET/PREFIX")
                             .arg(s3Only->names().constFirst());
                return std::nullopt;
            }
        }
        return options;
    }
    if (!duration(reconcileAfter, "3600s, 90m or 12h", &options.reconcileAfter))
        return std::nullopt;
    if (!options.namedDir.isEmpty()) {
        *error = QStringLiteral("--named-dir needs the files under --data; with --store the "
                                "bytes are objects in the bucket");
        return std::nullopt;
    }
    const S3Arguments s3{parser.value(s3Endpoint), parser.value(region), parser.value(s3Style),
                         parser.value(s3Credentials)};
    options.cluster = parseCluster(parser.value(store), s3, parser.value(index), environment,
                                   &options.warnings, error);
    if (!options.cluster)
        return std::nullopt;
    return options;
}
