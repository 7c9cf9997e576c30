#pragma once

#include "taskrecord.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>
#include <memory>

class MainWindow;
class QNetworkAccessManager;
class QTemporaryDir;
class QWidget;
class StoreThread;
class TaskStore;
class TusProtocol;
class UploadScheduler;

// Sends an accepted drag-enter, then the drop, as tst_mainwindow does (a drop alone is not
// delivered). True when `target` took it.
bool dropUrls(QWidget *target, const QList<QUrl> &urls);

// Reports when the event loop has finished a paint of `viewport` that began while ready() held:
// the moment a person sees the table as it is. The report is queued from the paint event, so it
// runs after the whole window was drawn, not before.
class PaintProbe final : public QObject {
public:
    PaintProbe(QWidget *viewport, std::function<bool()> ready, std::function<void()> painted);

    // Waits for the next such paint, and asks for one in case nothing else would.
    void arm();
    // A repaint once ready, for changes the view would not paint by itself.
    void poke();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *m_viewport;
    std::function<bool()> m_ready;
    std::function<void()> m_painted;
    bool m_armed = false;
};

// The app's object graph, in its order (app/main.cpp runWindow): a StoreThread, the network, the
// scheduler on the store, the window on the scheduler, the stored queue restored, the window
// shown. Members go in reverse, so the store outlives the scheduler, which outlives the window.
class WindowHarness final {
public:
    // As the app runs: 8 MiB chunks, requests growing to 64 MiB.
    static constexpr qint64 ChunkSize = 8 * 1024 * 1024;
    static constexpr qint64 MaxRequestSize = 64 * 1024 * 1024;

    WindowHarness();
    ~WindowHarness();
    Q_DISABLE_COPY_MOVE(WindowHarness)

    // `stateDir` empty: a temporary one. False, with the reason, when the store cannot open.
    bool build(const QString &stateDir, const QUrl &endpoint, int concurrency, QString *problem);

    TaskStore *store() const;
    UploadScheduler &scheduler() const { return *m_scheduler; }
    MainWindow &window() const { return *m_window; }
    // What the state folder held when it opened.
    int restoredCount() const { return int(m_restored.size()); }

private:
    std::unique_ptr<QTemporaryDir> m_tempState;
    std::unique_ptr<StoreThread> m_store;
    QList<TaskRecord> m_restored;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<TusProtocol> m_protocol;
    std::unique_ptr<UploadScheduler> m_scheduler;
    std::unique_ptr<MainWindow> m_window;
};
