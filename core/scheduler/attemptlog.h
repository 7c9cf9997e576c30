#pragma once

#include <QString>
#include <QVector>

// One try at sending a task: from the moment it started uploading until it stopped.
struct UploadAttempt {
    enum class Outcome : quint8 {
        Running,   // still going
        Completed, // the server holds the whole file
        Failed,    // ended by an error (`reason` is its message)
        Stopped,   // paused, cancelled or sent elsewhere before the end
    };
    qint64 startedMs = 0; // ms since the epoch
    qint64 endedMs = 0;   // 0 while running
    qint64 bytesSent = 0; // bytes that left this machine during the try
    Outcome outcome = Outcome::Running;
    QString reason;

    qint64 durationMs(qint64 nowMs) const { return (endedMs ? endedMs : nowMs) - startedMs; }
};

// The last tries of one task, for a person to see when and why it stopped: a bounded list (the
// oldest go first) plus totals over every try of this run. Kept in memory only: a restart begins
// with none. Costs one addition per progress report.
class AttemptLog final {
public:
    static constexpr int Capacity = 20;

    void begin(qint64 nowMs);
    void addBytes(qint64 bytes)
    {
        if (m_running)
            m_attempts.last().bytesSent += bytes;
    }
    // Ends the running try, if any; later calls until the next begin() change nothing.
    void end(UploadAttempt::Outcome outcome, const QString &reason, qint64 nowMs);

    // Oldest first; at most Capacity.
    const QVector<UploadAttempt> &attempts() const { return m_attempts; }
    bool isRunning() const { return m_running; }
    // Tries made this run, those no longer listed too.
    int count() const { return m_count; }
    // When the first try of this run started, 0 when none did.
    qint64 firstStartedMs() const { return m_firstStartedMs; }
    // Over every try of this run, the running one up to `nowMs`.
    qint64 timeSpentMs(qint64 nowMs) const;
    qint64 bytesSent() const;

private:
    QVector<UploadAttempt> m_attempts;
    bool m_running = false;
    int m_count = 0;
    qint64 m_firstStartedMs = 0;
    qint64 m_endedMs = 0;    // of the tries no longer running
    qint64 m_endedBytes = 0; // likewise
};
