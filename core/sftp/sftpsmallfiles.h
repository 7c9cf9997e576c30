#pragma once

#include "sftpfileupload.h"

#include <QList>

#include <functional>
#include <memory>
#include <vector>

class SftpQuickFile;

// Several small files at once over one connection: their requests share each round trip (SFTP
// requests carry ids; SftpRequestBatch), so N new files cost the three round trips of one
// (SftpQuickFile) instead of 3 N. Each file ends on its own: one refused (its name a folder, its
// bytes not written, vanished locally) fails alone with its own error while the rest arrive;
// those that need the usual way (a name taken, a part to go on with) take it one after another
// after the others are done. Only a broken connection fails every file still going (a transient
// error: each is tried again). Blocking; on the connection's worker thread.
class SftpSmallFiles final {
    Q_DISABLE_COPY_MOVE(SftpSmallFiles)
public:
    // Files sent together at most, and their bytes (the memory one connection holds).
    static constexpr int MaxFiles = 16;
    static constexpr qint64 MaxBytes = 4 * 1024 * 1024;

    struct File {
        TransferJob job;
        const std::atomic<bool> *aborted = nullptr;
        SftpFileUpload::Events events;
    };
    // File `index` of run()'s list ended so.
    using Done = std::function<void(int index, const SftpUploadResult &result)>;

    SftpSmallFiles(SftpConnection *connection, const SshSettings &settings);

    // Sends `files` (an open connection); `done` once for each, as each ends.
    void run(const QList<File> &files, const Done &done);
    // The most files whose requests were in flight together in run() (the statistics:
    // SftpWorker::pipelined).
    int mostAtOnce() const { return m_mostAtOnce; }

private:
    // The quick steps for files[indexes]; returns the indexes left to the usual way, and those
    // for which no folder was there in `lacking` (when given; else with the rest).
    QList<int> quickly(const QList<File> &files, const QList<int> &indexes, const Done &done,
                       QList<int> *lacking);
    void failGoing(std::vector<std::unique_ptr<SftpQuickFile>> *quick, const TransferError &opened,
                   const Done &done);
    void usually(const File &file, int index, const Done &done);

    SftpConnection *m_connection;
    SshSettings m_settings;
    int m_mostAtOnce = 0;
};
