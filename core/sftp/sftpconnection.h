#pragma once

#include <atomic>

#include "sftptarget.h"
#include "sshsettings.h"
#include "transfererror.h"

#include <QObject>

#include <libssh/libssh.h>
#include <libssh/sftp.h>

// One SSH connection with one SFTP channel on it: connects, checks the host key (SshHostKey),
// signs in (SshAuth), starts the SFTP subsystem. Blocking: it lives on one worker thread
// (SftpWorker) and is used from there only.
class SftpConnection final {
    Q_GADGET // for its texts' translation context
        Q_DISABLE_COPY_MOVE(SftpConnection) public
        : SftpConnection(const SftpTarget &target, const SshSettings &settings);
    ~SftpConnection();

    // Connected and signed in already: nothing to do. `timeoutMs` bounds each blocking wait.
    TransferError open(int timeoutMs);
    void close();
    bool isOpen() const { return m_sftp != nullptr; }

    // When one small request on the connection open now (a realpath of ".", sent once it was
    // made) went and was answered (RequestObserver::nowUs(); 0 when not open).
    qint64 probeSentUs() const { return m_probeSentUs; }
    qint64 probeAnsweredUs() const { return m_probeAnsweredUs; }
    // Any thread: that round trip for the last connection made, microseconds (0 before the
    // first), kept after it closed.
    qint64 roundTripUs() const { return m_roundTripUs.load(std::memory_order_relaxed); }

    ssh_session ssh() const { return m_ssh; }
    sftp_session sftp() const { return m_sftp; }
    const SftpTarget &target() const { return m_target; }

    // What went wrong in the last SFTP call, while `doing` (a short phrase naming the path):
    // permission denied and the like are permanent; a lost connection is transient and closes
    // this connection (the next open() makes a new one).
    TransferError error(const TrText &doing);
    // The server's SFTP status code of the last call (SSH_FX_*); -1 when the connection broke.
    int status() const;
    // Whether open()'s `error` is the server not taking the connection (dropped before signing
    // in, or no channel): MaxStartups or MaxSessions reached, or the server down.
    static bool refuses(const TransferError &error)
    {
        return error.kind == TransferError::Kind::Network
               || error.kind == TransferError::Kind::TooManyRequests;
    }

private:
    // After signing in: lets the server's announcement after the sign-in be acknowledged at once
    // rather than delay the channel (see the .cpp).
    void acknowledgeAnnouncements();
    static constexpr int AnnouncementWaitMs = 5;

    SftpTarget m_target;
    SshSettings m_settings;
    ssh_session m_ssh = nullptr;
    sftp_session m_sftp = nullptr;
    qint64 m_probeSentUs = 0;
    qint64 m_probeAnsweredUs = 0;
    std::atomic<qint64> m_roundTripUs{0};
};
