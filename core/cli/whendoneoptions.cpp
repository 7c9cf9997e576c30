#include "whendoneoptions.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace {
const QString WhenDoneName = QStringLiteral("when-done");
const QString WhenDoneRunName = QStringLiteral("when-done-run");

struct Text {
    Q_DECLARE_TR_FUNCTIONS(CommandLine)
};
} // namespace

namespace WhenDoneOptions {

void add(QCommandLineParser &parser)
{
    parser.addOption(QCommandLineOption(
        WhenDoneName,
        Text::tr("With --headless, what to do after the last file: nothing (the default), "
                 "command (see --when-done-run), suspend or shutdown (through logind, after a "
                 "60-second countdown on stderr that Ctrl+C or SIGTERM cancels)."),
        QStringLiteral("action")));
    parser.addOption(QCommandLineOption(
        WhenDoneRunName,
        Text::tr("With --headless, run this /bin/sh command after the last file; "
                 "HOIST_FINISHED_LIST and HOIST_FAILED_LIST name files listing the paths, "
                 "HOIST_FINISHED_COUNT and HOIST_FAILED_COUNT count them. Implies --when-done "
                 "command."),
        QStringLiteral("command")));
}

QString read(const QCommandLineParser &parser, bool headless, WhenDone *whenDone)
{
    const bool actionGiven = parser.isSet(WhenDoneName);
    const bool runGiven = parser.isSet(WhenDoneRunName);
    if (!actionGiven && !runGiven)
        return {};
    if (!headless)
        return Text::tr("--when-done and --when-done-run are for --headless runs (the window "
                        "has them in its settings)");
    WhenDone parsed;
    if (actionGiven) {
        const QString word = parser.value(WhenDoneName).trimmed().toLower();
        if (word == QLatin1String("nothing"))
            parsed.action = WhenDone::Action::Nothing;
        else if (word == QLatin1String("command"))
            parsed.action = WhenDone::Action::Command;
        else if (word == QLatin1String("suspend"))
            parsed.action = WhenDone::Action::Suspend;
        else if (word == QLatin1String("shutdown"))
            parsed.action = WhenDone::Action::Shutdown;
        else
            return Text::tr("--when-done must be nothing, command, suspend or shutdown");
    } else {
        parsed.action = WhenDone::Action::Command;
    }
    parsed.command = parser.value(WhenDoneRunName).trimmed();
    if (parsed.action == WhenDone::Action::Command && parsed.command.isEmpty())
        return Text::tr("--when-done command needs --when-done-run COMMAND");
    if (parsed.action != WhenDone::Action::Command && runGiven)
        return Text::tr("--when-done-run goes with --when-done command (or alone)");
    *whenDone = parsed;
    return {};
}

} // namespace WhenDoneOptions
