#pragma once

#include "ifexists.h"

#include <QDateTime>
#include <QObject>
#include <QString>

#include <atomic>
#include <functional>

// An upload's file found on the server under its name, as the person is asked about it.
struct ExistingFile {
    QString name;             // its name there: "photo.jpg"
    QString remotePath;       // where it is on the server
    qint64 remoteSize = -1;   // -1: the server did not say
    QDateTime remoteModified; // invalid: the server did not say
    QString localPath;
    qint64 localSize = 0;
    QDateTime localModified;
};

// What uploads ask when they find their file on the server while the existing-files setting is
// IfExists::Ask (the window only: headless runs never ask). The window's answers it with a
// question to the person, one at a time; the protocols (WebDAV, SFTP) only call ask().
class ExistingFileQuestion : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExistingFileQuestion)
public:
    using QObject::QObject;
    ~ExistingFileQuestion() override = default;

    using Answer = std::function<void(IfExists)>;
    // Asks about `file`; `answer` is called once with Skip, Overwrite or Rename, later, on this
    // object's thread; or never when this object goes first (then it is destroyed unanswered).
    virtual void ask(const ExistingFile &file, Answer answer) = 0;

    // For a thread of its own (an SFTP connection's, which blocks anyway): asks `question` on
    // its thread and waits for the answer. Skip when `aborted` turns true meanwhile, or when the
    // question goes away unanswered (Hoist quits).
    static IfExists askAndWait(ExistingFileQuestion *question, const ExistingFile &file,
                               const std::atomic<bool> *aborted);
};
