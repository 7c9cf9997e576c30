#pragma once

#include <QObject>
#include <QString>

class TaskStore;

// Whether the upload queue is being saved, as the thread that shows it sees it: TaskStore says
// when saving starts failing (a full disk) and when it has caught up again, from its own thread;
// this keeps that state on the thread it lives on and words it for a person, once per change.
// The window shows it in its status bar and as a notification; a headless run prints it once on
// stderr.
class QueueSaveStatus final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QueueSaveStatus)
public:
    // `store` may live on another thread (StoreThread): its signals arrive queued.
    explicit QueueSaveStatus(TaskStore *store, QObject *parent = nullptr);

    bool isFailing() const { return m_failing; }
    // Why ("disk full", or SQLite's words); empty while saving works.
    QString cause() const { return m_cause; }
    // "Hoist cannot save its queue: disk full — uploads continue but will not survive a
    // restart"; empty while saving works.
    QString message() const;
    // What to say once everything is written again.
    static QString resumedMessage();

Q_SIGNALS:
    void failed(const QString &message);
    void resumed();

private:
    void onFailed(const QString &cause);
    void onResumed();

    bool m_failing = false;
    QString m_cause;
};
