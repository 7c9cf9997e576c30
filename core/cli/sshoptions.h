#pragma once

#include "sshsettings.h"

#include <QString>

class QCommandLineParser;

namespace SshOptions {
// Adds --ssh-identity, --ssh-known-hosts and --ssh-accept-host-key to `parser` (--if-exists is
// every protocol's: core/cli/ifexistsoption.h).
void add(QCommandLineParser &parser);
// Reads them into `settings`: empty on success, else the usage error.
QString read(const QCommandLineParser &parser, SshSettings *settings);
} // namespace SshOptions
