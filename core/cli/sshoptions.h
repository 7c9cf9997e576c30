#pragma once

#include "sshsettings.h"

#include <QString>

class QCommandLineParser;

namespace SshOptions {
// Adds --ssh-identity, --ssh-known-hosts, --ssh-accept-host-key and --if-exists to `parser`.
void add(QCommandLineParser &parser);
// Reads them into `settings`: empty on success, else the usage error. `existingFilesGiven`: set
// when --if-exists was given (then the window's setting does not apply).
QString read(const QCommandLineParser &parser, SshSettings *settings, bool *existingFilesGiven);
} // namespace SshOptions
