#pragma once

#include "governorstate.h"
#include "ifexists.h"
#include "s3credentials.h"
#include "sshsettings.h"
#include "transfer.h"
#include "transferschedule.h"
#include "whendoneoptions.h"

#include <QProcessEnvironment>

#include <QString>
#include <QStringList>
#include <QUrl>

// What a person asked for on the command line; shared by the window and the headless run.
struct AppOptions {
    bool headless = false;
    QUrl endpoint; // empty when not given (the window then falls back to its settings)
    // An s3:// endpoint's keys (--s3-credentials or AWS_*); empty when none were given.
    S3Credentials s3Credentials;
    // --if-exists: what an upload does when the server has its name already (WebDAV).
    IfExists ifExists = IfExists::Overwrite;
    bool ifExistsGiven = false; // the window's remembered setting does not apply for this run
    // HOIST_DAV_PASSWORD: the password of the user a dav(s)://USER@HOST endpoint names.
    QString davPassword;
    // sftp:// targets: --ssh-identity, --ssh-known-hosts, --ssh-accept-host-key, --if-exists.
    SshSettings ssh;
    // --concurrency auto|N: Auto (the default) lets each server's requests in flight find their
    // level; a number is a fixed limit, held in `concurrency`.
    bool autoConcurrency = true;
    int concurrency = 3;
    bool concurrencyGiven = false; // --concurrency: the window's remembered one does not apply
    int perServer = 0; // --per-server: requests at once to one server; 0: only --concurrency
    qint64 chunkSize = 8 * 1024 * 1024;
    bool chunkSizeGiven = false; // --chunk-size: then requests never carry more than one chunk
    qint64 rateLimit = 0;        // --limit-rate: bytes per second for all uploads; 0: none
    HttpHeaders headers;         // from repeated --header "Name: value"; values never printed
    QStringList paths;
    QString stateDir; // --state-dir; empty: the default (window) or none (headless)
    // --one-stream: never split a file into parallel parts, even where the server could join them
    bool oneStream = false;
    // --schedule FILE: full speed, limits and pauses by the hour of the week (TransferSchedule)
    TransferSchedule schedule;
    QString schedulePath; // empty: none given
    // --on-metered pause|limit:RATE|ignore; meteredGiven: the window's setting does not apply
    MeteredPolicy metered;
    bool meteredGiven = false;
    WhenDone whenDone; // --when-done, --when-done-run (headless only)
    // --exclude, repeatable: patterns (PathPatterns) left out of folders, on top of the defaults
    // (headless) or the window's setting.
    QStringList exclude;
    // --no-default-excludes: headless runs leave out only what --exclude says.
    bool defaultExcludes = true;
    // What a headless run leaves out of folders: the defaults (unless turned off) and --exclude.
    QStringList headlessExcludes() const;
    // --watch, repeatable: folders to keep uploading from (absolute paths), until stopped.
    QStringList watch;
    int settleMs = 3000;  // --settle: seconds a watched file must stay unchanged
    int rescanMs = 60000; // --rescan: seconds between scans where inotify cannot watch
    // --give-up-after: how long an upload (or its server) may go without progress through
    // transient failures before it is given up; 0: never. Default 24 h.
    qint64 giveUpAfterMs = 24LL * 3600 * 1000;
    bool giveUpAfterGiven = false; // then the window's remembered setting does not apply
    // --retry-failed (headless, with --state-dir): every failed upload of the queue starts again,
    // whatever stopped it (a path given again retries its own failed upload without it).
    bool retryFailed = false;
};

// Either options to run with, or a reason to stop now: help/version text (exit 0) or a usage
// error (exit 2). main() and the tests share it so both see the same exit codes and text.
struct CommandLineResult {
    enum class Status { Ok, Exit, UsageError };
    Status status = Status::Ok;
    AppOptions options;
    QString text; // Exit: what to print on stdout; UsageError: what to print on stderr
    int exitCode = 0;
    QStringList warnings; // Ok: lines to print on stderr before running (never a secret)

    bool ok() const { return status == Status::Ok; }
};

// `arguments` includes the program name first, as QCoreApplication::arguments() does.
// Needs no application object, so main() can decide which one to build from the result.
// `environment` gives AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_PROFILE.
CommandLineResult
parseCommandLine(const QStringList &arguments,
                 const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment());
