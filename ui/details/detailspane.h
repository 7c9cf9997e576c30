#pragma once

#include "uploadtypes.h"

#include <QDockWidget>

class ChunkMapView;
class QLabel;
class QLineEdit;
class QTabWidget;
class QTreeWidget;
class SpeedGraph;
class SpeedSampler;
class UploadScheduler;
class UploadTask;

// Everything about the selected upload, under the table: where the file is and where it goes
// (server and upload URL, selectable and copyable), its chunk map drawn large with a legend, each
// of its last tries (when, how long, how much, how it ended) and its timings, and a graph of the
// speed of the last minutes. Shown and hidden with its toggleViewAction(), which is remembered.
class DetailsPane final : public QDockWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DetailsPane)
public:
    explicit DetailsPane(UploadScheduler *scheduler, QWidget *parent = nullptr);

    // 0: none.
    void setTask(TaskId id);
    TaskId task() const { return m_task; }

    SpeedSampler *sampler() const { return m_sampler; }
    SpeedGraph *speedGraph() const { return m_graph; }
    ChunkMapView *chunkMap() const { return m_map; }
    QTreeWidget *triesList() const { return m_tries; }
    QTabWidget *tabs() const { return m_tabs; }
    QLineEdit *uploadUrlEdit() const { return m_uploadUrl; }
    QLineEdit *serverEdit() const { return m_server; }
    QLineEdit *pathEdit() const { return m_path; }
    // The line beside the title: the state and how far it is ("Paused · 3.0 MiB of 12.0 MiB").
    QString stateLine() const;
    // How the server's copy was verified, or why not (the "Verified:" line).
    QString verificationText() const;
    // The timings as shown, by their labels' order: added, started, finished, time spent,
    // average speed.
    QStringList timings() const;
    // The "At once:" line: requests at once to the upload's server (Auto's level, or the fixed
    // cap) and, while it sends parts in parallel, how many of them are being sent.
    QString atOnceText() const;

private:
    QWidget *buildGeneral();
    QWidget *buildLegend();
    QLineEdit *addCopyable(const QString &name);
    void refresh();
    void refreshTries(const UploadTask &task, qint64 nowMs);
    void refreshAtOnce(const UploadTask &task);
    void onTasksChanged(const QList<TaskId> &ids);

    UploadScheduler *m_scheduler;
    SpeedSampler *m_sampler;
    TaskId m_task = 0;
    QLabel *m_title = nullptr;
    QLabel *m_state = nullptr;
    ChunkMapView *m_map = nullptr;
    QTabWidget *m_tabs = nullptr;
    QLineEdit *m_path = nullptr;
    QLineEdit *m_server = nullptr;
    QLineEdit *m_uploadUrl = nullptr;
    QLabel *m_verification = nullptr;
    QList<QLabel *> m_timings;
    QLabel *m_atOnce = nullptr;
    QTreeWidget *m_tries = nullptr;
    SpeedGraph *m_graph = nullptr;
};
