#pragma once

#include <QString>

class SshdPeer;

// A user who signs in to an SshdPeer with a password, without touching this computer's users:
// sshd starts in a mount namespace of its own (unshare -m, as root) where /etc/passwd and
// /etc/shadow are copies with one more user (uid 0 under the name Name, home the peer's folder)
// and /etc/pam.d/sshd is pam_unix alone. Password: sshd checks the password itself (UsePAM no,
// PasswordAuthentication). KeyboardInteractive: through PAM's conversation, the "Password: "
// prompt (UsePAM yes, KbdInteractiveAuthentication). Keys are refused either way.
namespace SshdPasswordUser {
inline constexpr char Name[] = "hoistpw";
enum class Method { Password, KeyboardInteractive };

// Prepares `peer` for its next start(); false with *error when this machine cannot (not root,
// no unshare or openssl): the test then says why it skips.
bool setUp(SshdPeer *peer, const QString &password, Method method, QString *error);
} // namespace SshdPasswordUser
