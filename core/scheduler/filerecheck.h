#pragma once

#include "uploadtypes.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QString>

// What a file is now, read off the thread that drives the uploads, for an upload that begins
// again with the file as it is (Retry of a changed or unreadable file, Send to): its size, time
// and fingerprint. The thread that asks never touches the file: a named pipe would block an open
// until a writer came, and a stalled network mount blocks even a stat. A pipe, socket, device,
// folder or missing file comes back with the reason, and a pipe is never opened at all.
class FileRecheck final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FileRecheck)
public:
    struct Result {
        bool ok = false;
        qint64 size = 0;
        qint64 modifiedMs = 0;
        QByteArray fingerprint; // when asked for
        QString problem;        // !ok: "not a regular file (named pipe)", "no such file or folder"
    };

    using QObject::QObject;

    // Reads `path` for task `id` (a newer request for the same id replaces an older one).
    void recheck(TaskId id, const QString &path, bool fingerprint);
    void cancel(TaskId id) { m_pending.remove(id); }
    bool isPending(TaskId id) const { return m_pending.contains(id); }
    bool busy() const { return !m_pending.isEmpty(); }

    // The reading itself, on whatever thread calls it.
    static Result read(const QString &path, bool fingerprint);

Q_SIGNALS:
    void rechecked(TaskId id, const FileRecheck::Result &result);

private:
    QHash<TaskId, quint64> m_pending; // id -> generation
    quint64 m_nextGeneration = 0;
};
