#pragma once

#include "ifexists.h"

class ExistingFileQuestion;

#include <QString>
#include <QStringList>

#include <memory>

class SshAnswers;

// How Hoist signs in to SSH servers and what it does there, the same for every SFTP target:
// from the command line (--ssh-*, --if-exists) or the window's settings.
struct SshSettings {
    // --ssh-identity: the one key file to offer after ssh-agent's keys; empty: the defaults
    // (~/.ssh/id_ed25519, id_ecdsa, id_rsa).
    QString identityFile;
    // --ssh-known-hosts: where host keys are looked up (and an accepted one written); empty:
    // ~/.ssh/known_hosts.
    QString knownHostsFile;
    // --ssh-accept-host-key: fingerprints ("SHA256:...") of unknown hosts' keys to accept (and
    // add to the known hosts). Never a key that differs from a known one.
    QStringList acceptedHostKeys;
    // Whether ssh-agent is asked (SSH_AUTH_SOCK); tests turn it off.
    bool useAgent = true;
    // The window's answers to SSH questions (SshQuestions): trusted host keys, passphrases,
    // passwords; a connection missing one reports its question there. Null headless: nothing is
    // asked, and such a connection fails with what to do.
    std::shared_ptr<SshAnswers> answers;
    IfExists existingFiles = IfExists::Overwrite; // --if-exists
    // Who IfExists::Ask asks (the window's; it outlives every connection); null: nobody, skip.
    ExistingFileQuestion *existingFileQuestion = nullptr;
    int fileMode = 0644;
    int folderMode = 0755;
};
