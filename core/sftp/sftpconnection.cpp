#include "sftpconnection.h"

#include "requestobserver.h"
#include "sshauth.h"
#include "sshhostkey.h"

#include <QFile>
#include <QLoggingCategory>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>

namespace {
Q_LOGGING_CATEGORY(lcSftp, "hoist.sftp", QtInfoMsg)

// The ciphers offered, most wanted first, on a processor with AES instructions: AES-GCM there
// costs less per byte than chacha20-poly1305, which OpenSSH and libssh put first for machines
// without them. What is sent is encrypted once by Hoist and decrypted once by the server, so on
// a fast link the cipher is much of both ends' work. The rest is libssh's own list, in its order.
const char *const AesFirstCiphers = "aes128-gcm@openssh.com,aes256-gcm@openssh.com,"
                                    "chacha20-poly1305@openssh.com,aes256-ctr,aes192-ctr,"
                                    "aes128-ctr";

bool hasAesInstructions()
{
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_cpu_supports("aes") && __builtin_cpu_supports("pclmul");
#else
    return false;
#endif
}
} // namespace

SftpConnection::SftpConnection(const SftpTarget &target, const SshSettings &settings)
    : m_target(target)
    , m_settings(settings)
{
}

SftpConnection::~SftpConnection()
{
    close();
}

void SftpConnection::close()
{
    if (m_sftp) {
        sftp_free(m_sftp);
        m_sftp = nullptr;
    }
    if (m_ssh) {
        if (ssh_is_connected(m_ssh))
            ssh_disconnect(m_ssh);
        ssh_free(m_ssh);
        m_ssh = nullptr;
    }
}

TransferError SftpConnection::open(int timeoutMs)
{
    if (isOpen() && ssh_is_connected(m_ssh))
        return {};
    close();
    m_ssh = ssh_new();
    const QByteArray host = m_target.host().toUtf8();
    const QByteArray user = m_target.user().toUtf8();
    const unsigned int port = unsigned(m_target.port());
    const long seconds = qMax(1, timeoutMs / 1000);
    const QByteArray knownHosts = QFile::encodeName(SshHostKey::knownHostsFile(m_settings));
    const int no = 0;
    ssh_options_set(m_ssh, SSH_OPTIONS_HOST, host.constData());
    ssh_options_set(m_ssh, SSH_OPTIONS_USER, user.constData());
    ssh_options_set(m_ssh, SSH_OPTIONS_PORT, &port);
    ssh_options_set(m_ssh, SSH_OPTIONS_TIMEOUT, &seconds);
    ssh_options_set(m_ssh, SSH_OPTIONS_KNOWNHOSTS, knownHosts.constData());
    // What Hoist does must not depend on ~/.ssh/config's Host blocks it does not show.
    ssh_options_set(m_ssh, SSH_OPTIONS_PROCESS_CONFIG, &no);
    // Hoist batches its own requests: a small packet (a key exchange step, a close or a rename)
    // must go at once, not wait behind Nagle for the peer's delayed ACK (40 ms on Linux).
    const int yes = 1;
    ssh_options_set(m_ssh, SSH_OPTIONS_NODELAY, &yes);
    if (hasAesInstructions())
        ssh_options_set(m_ssh, SSH_OPTIONS_CIPHERS_C_S, AesFirstCiphers);
    const QString label = m_target.knownHostsName();
    if (ssh_connect(m_ssh) != SSH_OK) {
        const TransferError e =
            TransferError::make(TransferError::Kind::Network,
                                TrText::of(staticMetaObject, QT_TR_NOOP("Cannot connect to %1: %2"))
                                    .arg(label, QString::fromUtf8(ssh_get_error(m_ssh))));
        close();
        return e;
    }
    TransferError e = SshHostKey(m_target, m_settings).verify(m_ssh);
    if (e.kind == TransferError::Kind::None)
        e = SshAuth(m_settings).signIn(m_ssh, m_target.user(), label);
    if (e.kind != TransferError::Kind::None) {
        close();
        return e;
    }
    acknowledgeAnnouncements();
    m_sftp = sftp_new(m_ssh);
    if (!m_sftp || sftp_init(m_sftp) != SSH_OK) {
        // A channel refused (the server's MaxSessions) or the subsystem missing: the server is
        // there but will not take this connection now; waited out like a busy server.
        e = TransferError::make(
            TransferError::Kind::TooManyRequests,
            TrText::of(staticMetaObject, QT_TR_NOOP("%1 refused an SFTP channel: %2"))
                .arg(label, QString::fromUtf8(ssh_get_error(m_ssh))));
        e.retryAfter = std::chrono::seconds(2);
        close();
        return e;
    }
    // One request's round trip, timed (Parallel: Auto's look at the server's distance): the
    // init exchange above also waits for the server to start its sftp-server.
    m_probeSentUs = RequestObserver::nowUs();
    ssh_string_free_char(sftp_canonicalize_path(m_sftp, "."));
    m_probeAnsweredUs = RequestObserver::nowUs();
    m_roundTripUs.store(qMax<qint64>(1, m_probeAnsweredUs - m_probeSentUs),
                        std::memory_order_relaxed);
    qCDebug(lcSftp) << "connected to" << m_target.serverKey() << "round trip"
                    << m_probeAnsweredUs - m_probeSentUs << "us";
    return {};
}

void SftpConnection::acknowledgeAnnouncements()
{
    // OpenSSH's sshd follows its sign-in answer with a packet of its own (the host keys it has,
    // hostkeys-00@openssh.com) and, Nagle's algorithm being on at its end, holds that one until
    // the answer is acknowledged, and its answer to our channel request until that one is.
    // Linux delays our acknowledgement in a request-and-answer exchange: 40 ms, twice the time
    // a connection to a near server takes otherwise. So: send something (an SSH_MSG_IGNORE
    // carries the first acknowledgement), wait a moment for the announcement, and acknowledge it
    // at once (TCP_QUICKACK sends an acknowledgement that is due). A server that announces
    // nothing costs the wait, AnnouncementWaitMs, once per connection.
    const socket_t fd = ssh_get_fd(m_ssh);
    if (fd == SSH_INVALID_SOCKET || ssh_send_ignore(m_ssh, "") != SSH_OK)
        return;
    pollfd readable{fd, POLLIN, 0};
    if (::poll(&readable, 1, AnnouncementWaitMs) == 1) {
        const int yes = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_QUICKACK, &yes, sizeof yes);
    }
}

int SftpConnection::status() const
{
    if (!m_sftp || !ssh_is_connected(m_ssh))
        return -1;
    return sftp_get_error(m_sftp);
}

TransferError SftpConnection::error(const TrText &doing)
{
    const int code = status();
    const QString label = m_target.knownHostsName();
    using Kind = TransferError::Kind;
    if (code < 0 || code == SSH_FX_CONNECTION_LOST || code == SSH_FX_NO_CONNECTION) {
        const QString why = m_ssh ? QString::fromUtf8(ssh_get_error(m_ssh)) : QString();
        close();
        return TransferError::make(
            Kind::Network, TrText::of(staticMetaObject, QT_TR_NOOP("Connection to %1 lost: %2"))
                               .arg(label, why.isEmpty() ? QStringLiteral("closed") : why));
    }
    TrText what;
    Kind kind = Kind::Rejected;
    switch (code) {
    case SSH_FX_PERMISSION_DENIED:
        what = TrText::of(staticMetaObject, QT_TR_NOOP("permission denied"));
        break;
    case SSH_FX_NO_SUCH_FILE:
    case SSH_FX_NO_SUCH_PATH:
        what = TrText::of(staticMetaObject, QT_TR_NOOP("no such file or folder"));
        break;
    case SSH_FX_FILE_ALREADY_EXISTS:
        what = TrText::of(staticMetaObject, QT_TR_NOOP("it exists already"));
        break;
    case SSH_FX_WRITE_PROTECT:
        what = TrText::of(staticMetaObject, QT_TR_NOOP("the server's disk is read-only"));
        break;
    default:
        // SSH_FX_FAILURE: OpenSSH's answer for a full disk among others; tried again later.
        what = TrText::of(staticMetaObject, QT_TR_NOOP("the server failed (SFTP status %1)"))
                   .arg(qint64(code));
        kind = Kind::ServerError;
        break;
    }
    return TransferError::make(
        kind, TrText::of(staticMetaObject, QT_TR_NOOP("%1 on %2: %3")).arg(doing, label, what));
}
