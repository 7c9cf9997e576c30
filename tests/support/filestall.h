#pragma once

#include <QString>

#include <atomic>
#include <memory>
#include <thread>

// Holds every open() and read() of one file, by any thread of any process, until released: what
// a network mount that stopped answering does to its readers, without a mount. Linux fanotify
// permission events (FAN_OPEN_PERM, FAN_ACCESS_PERM), which need CAP_SYS_ADMIN: isValid() false
// (and why on errorString()) where they are not allowed, so a test can skip. stat() is not held.
// A stall ends by release(), by the destructor, or after `maxHoldMs` at the latest, so that code
// that blocks on the file cannot hang a test for good, only make it late. Make it before the file
// is opened: recent kernels send no permission events for a file opened while none was watched.
class FileStall final {
public:
    enum class Hold { OpenAndRead, ReadOnly };

    FileStall(const QString &path, Hold hold, int maxHoldMs = 15000);
    ~FileStall();
    FileStall(const FileStall &) = delete;
    FileStall &operator=(const FileStall &) = delete;

    bool isValid() const { return m_fd >= 0; }
    QString errorString() const { return m_error; }
    // Accesses held so far (each one waited, or waits).
    int held() const { return m_held; }
    // Lets the held accesses and every later one through.
    void release();

private:
    void listen();

    int m_fd = -1;
    int m_wake[2] = {-1, -1};
    int m_maxHoldMs;
    QString m_error;
    std::atomic_int m_held{0};
    std::atomic_bool m_released{false};
    std::thread m_thread;
};
