#include "sshoptions.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

namespace {
const QString IdentityName = QStringLiteral("ssh-identity");
const QString KnownHostsName = QStringLiteral("ssh-known-hosts");
const QString AcceptName = QStringLiteral("ssh-accept-host-key");

struct Text {
    Q_DECLARE_TR_FUNCTIONS(CommandLine)
};
} // namespace

namespace SshOptions {

void add(QCommandLineParser &parser)
{
    parser.addOption(QCommandLineOption(
        IdentityName,
        Text::tr("The SSH key file to sign in to sftp:// servers with, after ssh-agent's keys "
                 "(default: ~/.ssh/id_ed25519, id_ecdsa, id_rsa)."),
        QStringLiteral("file")));
    parser.addOption(QCommandLineOption(
        KnownHostsName,
        Text::tr("The known_hosts file sftp:// servers' keys are checked against (default: "
                 "~/.ssh/known_hosts)."),
        QStringLiteral("file")));
    parser.addOption(QCommandLineOption(
        AcceptName,
        Text::tr("Accept an unknown sftp:// server whose host key has this fingerprint, as "
                 "Hoist printed it (SHA256:...), and add it to the known hosts. Repeatable. "
                 "A key that differs from a known one is never accepted."),
        QStringLiteral("fingerprint")));
}

QString read(const QCommandLineParser &parser, SshSettings *settings)
{
    if (parser.isSet(IdentityName)) {
        settings->identityFile = QFileInfo(parser.value(IdentityName)).absoluteFilePath();
        if (!QFileInfo(settings->identityFile).isFile())
            return Text::tr("--ssh-identity %1: no such file").arg(parser.value(IdentityName));
    }
    if (parser.isSet(KnownHostsName))
        settings->knownHostsFile = QFileInfo(parser.value(KnownHostsName)).absoluteFilePath();
    static const QRegularExpression fingerprint(
        QRegularExpression::anchoredPattern(QStringLiteral("SHA256:[A-Za-z0-9+/]{43}=?")));
    for (const QString &value : parser.values(AcceptName)) {
        const QString trimmed = value.trimmed();
        if (!fingerprint.match(trimmed).hasMatch())
            return Text::tr("--ssh-accept-host-key needs a fingerprint as Hoist prints it: "
                            "SHA256: and 43 characters");
        settings->acceptedHostKeys.append(trimmed);
    }
    return {};
}

} // namespace SshOptions
