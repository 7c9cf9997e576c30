#include "commandline.h"

#include "durationoption.h"
#include "formatting.h"
#include "ifexistsoption.h"
#include "pathpatterns.h"
#include "s3options.h"
#include "s3target.h"
#include "sftptarget.h"
#include "sshoptions.h"
#include "transferschedule.h"
#include "uploadscheduler.h"
#include "webdavtarget.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace {
// Free functions have no tr(): this gives them one, under the context lupdate files them in.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(CommandLine)
};

constexpr int ExitUsage = 2;
constexpr int MinConcurrency = UploadScheduler::MinConcurrency;
constexpr int MaxConcurrency = UploadScheduler::MaxConcurrency;
constexpr qint64 MinChunkSize = 1024;

// Headers the tus client sets itself; letting a person override them would break the protocol.
const char *const ReservedHeaders[] = {
    "content-length",    "content-type",        "host",
    "transfer-encoding", "connection",          "expect",
    "tus-resumable",     "upload-offset",       "upload-length",
    "upload-metadata",   "upload-defer-length", "upload-checksum",
    "upload-concat",
};

CommandLineResult usageError(const QString &program, const QString &message)
{
    CommandLineResult result;
    result.status = CommandLineResult::Status::UsageError;
    result.exitCode = ExitUsage;
    result.text = Text::tr("%1: %2\nTry '%1 --help' for more information.\n").arg(program, message);
    return result;
}

CommandLineResult exitWith(const QString &text)
{
    CommandLineResult result;
    result.status = CommandLineResult::Status::Exit;
    result.text = text;
    return result;
}

bool isTokenChar(char c)
{
    // RFC 9110 token characters.
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
           || QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
}

// Returns an error for a person, or an empty string and fills `header`. The value is never part
// of the error: it is likely a credential.
QString parseHeader(const QString &text, HttpHeader *header)
{
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    if (colon < 0)
        return Text::tr("--header needs the form \"Name: value\" (no colon found)");
    const QByteArray name = text.left(colon).trimmed().toUtf8();
    if (name.isEmpty())
        return Text::tr("--header needs the form \"Name: value\" (the name is empty)");
    for (char c : name) {
        if (!isTokenChar(c))
            return Text::tr("--header name is not a valid HTTP header name");
    }
    const QByteArray value = text.mid(colon + 1).trimmed().toUtf8();
    for (char c : value) {
        if (c == '\r' || c == '\n' || c == '\0')
            return Text::tr("--header %1: the value contains a line break")
                .arg(QString::fromLatin1(name));
    }
    const QByteArray lower = name.toLower();
    for (const char *reserved : ReservedHeaders) {
        if (lower == reserved)
            return Text::tr("--header %1: Hoist sets this header itself")
                .arg(QString::fromLatin1(name));
    }
    *header = {name, value};
    return {};
}

QString checkEndpoint(const QString &text, QUrl *endpoint)
{
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String(S3Target::Scheme)) {
        // A prefix as people type it ("s3://bucket/my photos"): blanks and the like allowed.
        const QUrl target(text, QUrl::TolerantMode);
        if (!target.isValid())
            return Text::tr("--endpoint %1 is not a valid s3://BUCKET/PREFIX address: %2")
                .arg(text.section(QLatin1Char('?'), 0, 0), target.errorString());
        *endpoint = target;
        return {};
    }
    if (WebDavTarget::isWebDav(url) || WebDavTarget::isWebDav(QUrl(text, QUrl::TolerantMode))) {
        // A folder as people type it ("dav://host/my files"), as for s3://.
        const QUrl folder(text, QUrl::TolerantMode);
        QString problem;
        if (!WebDavTarget::fromUrl(folder, &problem))
            return Text::tr("--endpoint %1: %2")
                .arg(folder.toString(QUrl::RemoveUserInfo), problem);
        *endpoint = folder;
        return {};
    }
    if (SftpTarget::isSftp(url)) {
        QString problem;
        if (!SftpTarget::fromUrl(url, &problem))
            return Text::tr("--endpoint %1: %2").arg(url.toString(QUrl::RemovePassword), problem);
        *endpoint = url;
        return {};
    }
    if (!url.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
        return Text::tr("--endpoint must be an http:// or https:// URL, s3://BUCKET/PREFIX, "
                        "dav(s)://HOST/PATH or sftp://USER@HOST/FOLDER");
    if (url.host().isEmpty())
        return Text::tr("--endpoint has no host");
    *endpoint = url;
    return {};
}

// Reads and parses a --schedule file; an error names the file and every bad line.
QString readSchedule(const QString &program, const QString &path, TransferSchedule *schedule)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return Text::tr("--schedule %1: %2").arg(path, file.errorString());
    QList<TransferSchedule::ParseError> errors;
    *schedule = TransferSchedule::parse(QString::fromUtf8(file.readAll()), &errors);
    if (errors.isEmpty())
        return {};
    QStringList lines;
    for (const TransferSchedule::ParseError &e : std::as_const(errors))
        lines << QStringLiteral("%1:%2: %3").arg(path).arg(e.line).arg(e.message);
    // One line per mistake, each as a compiler names it, each with the program's name.
    return lines.join(QLatin1Char('\n') + program + QLatin1String(": "));
}

// helpText() names the program after qApp's first argument, or a placeholder without one.
QString helpFor(const QCommandLineParser &parser, const QString &program)
{
    QString text = parser.helpText();
    // Qt's own words, translated by qtbase's catalogue; through variables, so that lupdate does
    // not copy them into ours.
    const char *const usage = "Usage: %1";
    const char *const options = "[options]";
    const QString usageLine = QCommandLineParser::tr(usage);
    const QString prefix = usageLine.left(usageLine.indexOf(QLatin1String("%1")));
    const qsizetype end = text.indexOf(QLatin1Char(' ') + QCommandLineParser::tr(options));
    if (text.startsWith(prefix) && end > 0)
        text.replace(prefix.size(), end - prefix.size(), program);
    return text;
}
} // namespace

CommandLineResult parseCommandLine(const QStringList &arguments,
                                   const QProcessEnvironment &environment)
{
    const QString program = arguments.isEmpty() ? QStringLiteral("hoist")
                                                : QFileInfo(arguments.constFirst()).fileName();

    QCommandLineParser parser;
    parser.setApplicationDescription(Text::tr(
        "Hoist uploads files and folders to a tus server or an S3 bucket, several at once, "
        "resuming where a connection broke. Without --headless it opens a window with the paths "
        "queued.\nS3 keys come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or from "
        "--s3-credentials."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    const QCommandLineOption headless(
        QStringLiteral("headless"),
        Text::tr("Upload without a window; one result line per file on stdout."));
    const QCommandLineOption endpoint(
        {QStringLiteral("e"), QStringLiteral("endpoint")},
        Text::tr("The tus endpoint to create uploads at (http or https), an S3 bucket "
                 "and key prefix: s3://BUCKET/PREFIX, or a WebDAV folder: "
                 "dav://[USER@]HOST[:PORT]/PATH (davs:// for HTTPS; the password in "
                 "HOIST_DAV_PASSWORD)."),
        QStringLiteral("url"));
    const QCommandLineOption s3Endpoint(
        QStringLiteral("s3-endpoint"),
        Text::tr("The S3 service an s3:// endpoint is on, e.g. http://127.0.0.1:8000 "
                 "(default: AWS, https://s3.REGION.amazonaws.com)."),
        QStringLiteral("url"));
    const QCommandLineOption region(
        QStringLiteral("region"),
        Text::tr("The S3 region requests are signed for (default us-east-1)."),
        QStringLiteral("region"));
    const QCommandLineOption s3Style(
        QStringLiteral("s3-style"),
        Text::tr("Bucket addressing: path (SERVICE/BUCKET/KEY, the default with "
                 "--s3-endpoint) or virtual (BUCKET.SERVICE/KEY, AWS's default)."),
        QStringLiteral("style"));
    const QCommandLineOption s3Credentials(
        QStringLiteral("s3-credentials"),
        Text::tr("An AWS shared credentials file (the format of ~/.aws/credentials) to "
                 "read the S3 keys from: profile AWS_PROFILE, else default."),
        QStringLiteral("file"));
    const QCommandLineOption concurrency({QStringLiteral("c"), QStringLiteral("concurrency")},
                                         Text::tr("Requests at once: auto (the default: each "
                                                  "server's find their own level) or a fixed "
                                                  "number, %1-%2.")
                                             .arg(MinConcurrency)
                                             .arg(MaxConcurrency),
                                         QStringLiteral("auto|n"));
    const QCommandLineOption perServer(
        QStringLiteral("per-server"),
        Text::tr("Requests at once to one server, %1-%2 (default: as many as "
                 "--concurrency).")
            .arg(MinConcurrency)
            .arg(MaxConcurrency),
        QStringLiteral("n"));
    const QCommandLineOption chunkSize(
        QStringLiteral("chunk-size"),
        Text::tr("Bytes per request: 8M, 512K, 1048576... at least 1K (default: chunks of "
                 "8M, several per request up to 64M while the link is fast)."),
        QStringLiteral("size"));
    const QCommandLineOption limitRate(
        QStringLiteral("limit-rate"),
        Text::tr("Upload at most this many bytes per second in all: 500K, 10M, 1.5M/s... "
                 "(binary units; default: no limit)."),
        QStringLiteral("rate"));
    const QCommandLineOption header(
        {QStringLiteral("H"), QStringLiteral("header")},
        Text::tr(
            "Extra HTTP header for every request, e.g. \"Authorization: Bearer ...\". Repeatable."),
        QStringLiteral("header"));
    const QCommandLineOption stateDir(
        QStringLiteral("state-dir"),
        Text::tr("Where the upload queue is kept (default: the window's data folder; "
                 "a headless run keeps none unless given one)."),
        QStringLiteral("dir"));
    const QCommandLineOption oneStream(
        QStringLiteral("one-stream"),
        Text::tr("Send each file as one stream, never as parallel parts (which servers "
                 "offering tus concatenation get by default for large files)."));
    const QCommandLineOption schedule(
        QStringLiteral("schedule"),
        Text::tr("Full speed, a limit or a pause by the hour of the week, one rule a line: "
                 "\"Mon-Fri 09-17 limit 2M\", \"Sat,Sun paused\", \"* 23-07 full\" (later "
                 "lines win; # comments)."),
        QStringLiteral("file"));
    const QCommandLineOption onMetered(
        QStringLiteral("on-metered"),
        Text::tr("On a metered connection: pause (the default), limit:RATE (e.g. limit:512K) "
                 "or ignore."),
        QStringLiteral("what"));
    const QCommandLineOption exclude(
        QStringLiteral("exclude"),
        Text::tr("Leave out of folders what matches this pattern: *.tmp, ~$*, .git/ (a trailing "
                 "slash: folders only). Repeatable; added to the defaults (%1).")
            .arg(PathPatterns::defaultExcludes().join(QStringLiteral(" "))),
        QStringLiteral("pattern"));
    const QCommandLineOption noDefaultExcludes(
        QStringLiteral("no-default-excludes"),
        Text::tr("With --headless, leave out only what --exclude says (the window's list is in "
                 "its Settings)."));
    const QCommandLineOption watch(
        QStringLiteral("watch"),
        Text::tr("Keep uploading what appears or changes in this folder, once it settled, until "
                 "stopped (SIGTERM). Repeatable. With --headless, a queue and the list of what was "
                 "uploaded are kept in --state-dir (default: the data folder's watch/)."),
        QStringLiteral("dir"));
    const QCommandLineOption settle(
        QStringLiteral("settle"),
        Text::tr("Seconds a watched file must stay unchanged before it is sent (default 3)."),
        QStringLiteral("seconds"));
    const QCommandLineOption rescan(
        QStringLiteral("rescan"),
        Text::tr("Seconds between scans of a watched folder too large for inotify's watches "
                 "(default 60)."),
        QStringLiteral("seconds"));
    const QCommandLineOption giveUpAfter(
        QStringLiteral("give-up-after"),
        Text::tr("Give an upload up after this long without progress while its server does not "
                 "answer or keeps failing: 30s, 10m, 24h (the default), 7d, or never. A server "
                 "that says it will come back (507: its disk is full; 429; Retry-After) is waited "
                 "for however long it takes."),
        QStringLiteral("duration"));
    const QCommandLineOption retryFailed(
        QStringLiteral("retry-failed"),
        Text::tr("With --headless and --state-dir, start every failed upload of that queue again, "
                 "whatever stopped it (a file given again is retried without it)."));
    const QCommandLineOption ifExists(
        QString::fromLatin1(IfExistsOption::Name),
        Text::tr("When the server has a file of that name already (WebDAV, SFTP): skip it "
                 "(SFTP: when its size and time match, else the upload fails), overwrite it (the "
                 "default) or rename the upload to \"NAME (2).EXT\"."),
        QStringLiteral("skip|overwrite|rename"));
    parser.addOption(ifExists);
    parser.addOptions({headless,      endpoint,          s3Endpoint, region,    s3Style,
                       s3Credentials, concurrency,       perServer,  chunkSize, limitRate,
                       header,        stateDir,          oneStream,  schedule,  onMetered,
                       exclude,       noDefaultExcludes, watch,      settle,    rescan,
                       giveUpAfter,   retryFailed});
    WhenDoneOptions::add(parser);
    SshOptions::add(parser);
    parser.addPositionalArgument(QStringLiteral("paths"), Text::tr("Files and folders to upload."),
                                 QStringLiteral("[path...]"));

    if (!parser.parse(arguments))
        return usageError(program, parser.errorText());
    if (parser.isSet(help) || parser.isSet(QStringLiteral("help-all")))
        return exitWith(helpFor(parser, program));
    if (parser.isSet(version))
        return exitWith(QStringLiteral("hoist %1\n").arg(QStringLiteral(HOIST_VERSION)));

    CommandLineResult result;
    AppOptions &options = result.options;
    options.headless = parser.isSet(headless);
    options.paths = parser.positionalArguments();
    options.stateDir = parser.value(stateDir);
    if (parser.isSet(stateDir) && options.stateDir.trimmed().isEmpty())
        return usageError(program, Text::tr("--state-dir needs a folder"));

    if (parser.isSet(endpoint)) {
        const QString error = checkEndpoint(parser.value(endpoint), &options.endpoint);
        if (!error.isEmpty())
            return usageError(program, error);
    }
    const S3Arguments s3{parser.value(s3Endpoint), parser.value(region), parser.value(s3Style),
                         parser.value(s3Credentials)};
    const bool s3Target = S3Target::isS3(options.endpoint);
    for (const QCommandLineOption *given : {&s3Endpoint, &region, &s3Style}) {
        if (parser.isSet(*given) && !s3Target)
            return usageError(
                program,
                Text::tr("--%1 is for an s3:// --endpoint").arg(given->names().constFirst()));
    }
    if (s3Target) {
        const QString error = resolveS3Endpoint(options.endpoint, s3, &options.endpoint);
        if (!error.isEmpty())
            return usageError(program, error);
    }
    // A headless run resuming a queue may hold S3 uploads: their keys come the same way.
    const bool resuming = parser.isSet(headless) && !options.stateDir.isEmpty();
    if (s3Target || parser.isSet(s3Credentials) || resuming) {
        const QString error =
            readS3Credentials(s3, environment, &options.s3Credentials, &result.warnings);
        if (!error.isEmpty())
            return usageError(program, error);
    }
    if (parser.isSet(ifExists)) {
        const std::optional<IfExists> mode = IfExistsOption::parse(parser.value(ifExists));
        if (!mode)
            return usageError(program, IfExistsOption::problem(parser.value(ifExists)));
        options.ifExists = *mode;
        options.ifExistsGiven = true;
    }
    options.ssh.existingFiles = options.ifExists;
    options.davPassword = environment.value(QStringLiteral("HOIST_DAV_PASSWORD"));
    if (parser.isSet(concurrency)) {
        options.concurrencyGiven = true;
        const QString value = parser.value(concurrency).trimmed();
        options.autoConcurrency = value.compare(QLatin1String("auto"), Qt::CaseInsensitive) == 0;
        bool ok = options.autoConcurrency;
        if (!options.autoConcurrency)
            options.concurrency = value.toInt(&ok);
        if (!ok || options.concurrency < MinConcurrency || options.concurrency > MaxConcurrency)
            return usageError(program,
                              Text::tr("--concurrency must be auto or a whole number from %1 to %2")
                                  .arg(MinConcurrency)
                                  .arg(MaxConcurrency));
    }
    if (parser.isSet(perServer)) {
        bool ok = false;
        options.perServer = parser.value(perServer).toInt(&ok);
        if (!ok || options.perServer < MinConcurrency || options.perServer > MaxConcurrency)
            return usageError(program, Text::tr("--per-server must be a whole number from %1 to %2")
                                           .arg(MinConcurrency)
                                           .arg(MaxConcurrency));
    }
    if (parser.isSet(limitRate)) {
        // The one rate parser: the settings dialog and the schedule read rates with it too.
        options.rateLimit = ScheduleMode::parseRate(parser.value(limitRate));
        if (options.rateLimit < 0)
            return usageError(program, Text::tr("--limit-rate must be a rate such as 500K, 10M "
                                                "or 1048576 (bytes per second), at least 1K"));
    }
    if (parser.isSet(chunkSize)) {
        options.chunkSizeGiven = true;
        options.chunkSize = parseSize(parser.value(chunkSize));
        if (options.chunkSize < 0)
            return usageError(program,
                              Text::tr("--chunk-size must be a size such as 8M, 512K or 1048576"));
        if (options.chunkSize < MinChunkSize)
            return usageError(program, Text::tr("--chunk-size must be at least 1K"));
    }
    options.oneStream = parser.isSet(oneStream);
    if (parser.isSet(schedule)) {
        const QString error = readSchedule(program, parser.value(schedule), &options.schedule);
        if (!error.isEmpty())
            return usageError(program, error);
        options.schedulePath = parser.value(schedule);
    }
    if (parser.isSet(onMetered)) {
        options.meteredGiven = true;
        if (!MeteredPolicy::parse(parser.value(onMetered), &options.metered))
            return usageError(program, Text::tr("--on-metered must be pause, ignore or "
                                                "limit:RATE (a rate such as 512K, at least 1K)"));
    }
    if (const QString error = WhenDoneOptions::read(parser, options.headless, &options.whenDone);
        !error.isEmpty())
        return usageError(program, error);
    if (const QString error = SshOptions::read(parser, &options.ssh); !error.isEmpty())
        return usageError(program, error);
    if (parser.isSet(giveUpAfter)) {
        options.giveUpAfterGiven = true;
        options.giveUpAfterMs = parseDurationOption(parser.value(giveUpAfter));
        if (options.giveUpAfterMs < 0)
            return usageError(program, Text::tr("--give-up-after must be a duration such as "
                                                "30s, 10m, 24h or 7d, or never"));
    }
    options.retryFailed = parser.isSet(retryFailed);
    if (options.retryFailed && (!options.headless || options.stateDir.isEmpty()))
        return usageError(program, Text::tr("--retry-failed needs --headless and --state-dir (in "
                                            "the window: Retry failed, under Resume all)"));
    for (const QString &text : parser.values(header)) {
        HttpHeader parsed;
        const QString error = parseHeader(text, &parsed);
        if (!error.isEmpty())
            return usageError(program, error);
        options.headers.append(parsed);
    }
    for (const QString &pattern : parser.values(exclude)) {
        const QString problem = PathPatterns::problem(pattern);
        if (!problem.isEmpty())
            return usageError(program, Text::tr("--exclude: %1").arg(problem));
        options.exclude.append(pattern.trimmed());
    }
    options.defaultExcludes = !parser.isSet(noDefaultExcludes);
    for (const QString &dir : parser.values(watch)) {
        if (dir.trimmed().isEmpty())
            return usageError(program, Text::tr("--watch needs a folder"));
        const QFileInfo info(dir);
        const QString absolute = QDir::cleanPath(info.absoluteFilePath());
        if (info.exists() && !info.isDir())
            return usageError(program, Text::tr("--watch %1 is not a folder").arg(dir));
        // A folder on a mount that comes later is watched once it is there.
        if (!info.exists())
            result.warnings.append(Text::tr("%1 does not exist (yet): it is watched for").arg(dir));
        if (!options.watch.contains(absolute))
            options.watch.append(absolute);
    }
    const auto seconds = [&](const QCommandLineOption &option, int *ms) {
        bool ok = false;
        const double value = parser.value(option).toDouble(&ok);
        if (!ok || value < 0 || value > 86400)
            return false;
        *ms = int(value * 1000);
        return true;
    };
    if (parser.isSet(settle) && !seconds(settle, &options.settleMs))
        return usageError(program, Text::tr("--settle must be a number of seconds, e.g. 3 or 0.5"));
    if (parser.isSet(rescan) && (!seconds(rescan, &options.rescanMs) || options.rescanMs < 100))
        return usageError(program, Text::tr("--rescan must be a number of seconds, e.g. 60"));
    if (options.headless) {
        if (!options.watch.isEmpty() && options.endpoint.isEmpty())
            return usageError(program, Text::tr("--watch needs --endpoint URL with --headless"));
        // With a state dir and no paths, a headless run finishes what that queue holds.
        if (options.paths.isEmpty() && options.stateDir.isEmpty() && options.watch.isEmpty())
            return usageError(program, Text::tr("--headless needs at least one file or folder "
                                                "(or --state-dir to resume a queue)"));
        if (!options.paths.isEmpty() && options.endpoint.isEmpty())
            return usageError(program, Text::tr("--headless needs --endpoint URL"));
        if (!options.watch.isEmpty() && options.paths.isEmpty()
            && options.whenDone.action != WhenDone::Action::Nothing)
            result.warnings.append(Text::tr("--when-done acts once the files given beside --watch "
                                            "have ended; a watched folder's own uploads never "
                                            "set it off"));
        if (S3Target::isS3(options.endpoint) && !options.s3Credentials.isComplete())
            return usageError(program, Text::tr("an s3:// endpoint needs keys: set "
                                                "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, "
                                                "or give --s3-credentials FILE"));
    }
    return result;
}

QStringList AppOptions::headlessExcludes() const
{
    return (defaultExcludes ? PathPatterns::defaultExcludes() : QStringList()) + exclude;
}
