#pragma once

#include <QString>

class QCommandLineParser;

// What a headless run does once its last file has ended (--when-done, --when-done-run).
struct WhenDone {
    enum class Action { Nothing, Command, Suspend, Shutdown };
    Action action = Action::Nothing;
    QString command; // Command: a line for /bin/sh (see BatchCommand)
};

namespace WhenDoneOptions {
// Adds --when-done and --when-done-run to `parser`.
void add(QCommandLineParser &parser);
// Reads them: empty on success (with `whenDone` filled in), else the usage error. Both are for
// --headless runs; the window has the same choices in its settings.
// --when-done-run CMD alone means --when-done command.
QString read(const QCommandLineParser &parser, bool headless, WhenDone *whenDone);
} // namespace WhenDoneOptions
