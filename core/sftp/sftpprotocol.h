#pragma once

#include "sftpsessions.h"
#include "transfer.h"

#include <QHash>
#include <QUrl>

// SFTP behind TransferProtocol: endpoints sftp://USER@HOST[:PORT]/DIR (SftpTarget). Each file
// is one SftpTransfer over a connection lent by SftpSessions, or a large one with parallel
// parts an SftpParallelTransfer over several; its part file's address is the upload URL (or
// every part's), and terminate() removes that part file.
class SftpProtocol final : public TransferProtocol {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SftpProtocol)
public:
    explicit SftpProtocol(QObject *parent = nullptr);

    // How to sign in, which host keys to trust, what to do with existing files.
    void setSettings(const SshSettings &settings);
    // Where connections find the window's answers and report their questions (SshQuestions),
    // kept through later setSettings() that bring none.
    void setAnswers(const std::shared_ptr<SshAnswers> &answers);
    const SshSettings &settings() const { return m_sessions.settings(); }
    SftpSessions *sessions() { return &m_sessions; }

    std::unique_ptr<Transfer> createTransfer(const TransferJob &job) override;
    void terminate(const QUrl &uploadUrl, const HttpHeaders &headers) override;
    void dropConnections() override { m_sessions.dropIdle(); }

private:
    SftpSessions m_sessions;
    std::shared_ptr<SshAnswers> m_answers;
    QHash<QUrl, int> m_removing; // part files being removed: how many asked for each
};
