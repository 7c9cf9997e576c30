#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>

#include <memory>

class QSocketNotifier;

// Something happened to an entry of a watched folder.
struct FolderEvent {
    QString relativePath; // of the entry, inside the watched root
    bool folder = false;
    bool gone = false; // deleted or moved away
};

// Linux inotify for one watched folder tree: one descriptor, read on this thread when it has
// events. Watches are added by scanFolder() on a worker (inotifyFd(), watchMask()) and made known
// here with adopt(); events for a watch not adopted yet are kept until it is. Says when the
// kernel dropped events (queue overflow) or a watched folder moved, after which the tree must be
// scanned again.
class FolderNotifier final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FolderNotifier)
public:
    explicit FolderNotifier(QObject *parent = nullptr);
    ~FolderNotifier() override;

    bool isValid() const { return m_fd >= 0; }
    int inotifyFd() const { return m_fd; }
    // Keeps the descriptor open while a scan on a worker adds watches to it, even if this
    // notifier is gone meanwhile (a closed number could be reused by another one).
    std::shared_ptr<const int> descriptor() const { return m_descriptor; }
    static unsigned watchMask();
    int watchCount() const { return int(m_paths.size()); }
    void adopt(const QList<QPair<int, QString>> &watches);
    // Removes every watch (their budget goes back to the system).
    void clear();

    // What /proc/sys/fs/inotify/max_user_watches allows a user in all; -1 when unknown.
    static int systemWatchLimit();

Q_SIGNALS:
    void eventsRead(const QList<FolderEvent> &events);
    // Events were lost (the kernel's queue overflowed) or a watched folder moved: what is
    // known of the tree may be wrong.
    void resyncNeeded();

private:
    void read();
    void take(int wd, unsigned mask, const QString &name, QList<FolderEvent> *events);

    int m_fd = -1;
    std::shared_ptr<const int> m_descriptor; // closes m_fd when the last holder lets go
    QSocketNotifier *m_notifier = nullptr;
    QHash<int, QString> m_paths; // watch descriptor -> folder inside the root
    // Events of watches a scan added but has not reported yet: (wd, mask, name).
    struct Pending {
        int wd;
        unsigned mask;
        QString name;
    };
    QList<Pending> m_pending;
};
