#pragma once

#include <QObject>

class AppSettings;
class FittingLabel;
class QLabel;
class QStatusBar;
class UploadScheduler;
struct SchedulerTotals;

// The status bar's account of the uploads: the counts ("3 uploading · 26 waiting"), the time left,
// the bytes and speed ("28.8 MiB of 420 MiB  ↑ 2.93 MiB/s") and the Parallel: Auto level, put in
// the bar and kept up to date from the scheduler's totals. What a person needs most is how many
// are left and how fast they go: in a short bar (800x500) the Parallel level gives way first,
// then the others share the shortage, each down to a shorter form (the time left without its
// "(all N uploads)" and "About", the speed without the bytes, the counts without the done and
// the paused) but never below it: the counts are never cut. The wholes stay in the tooltips.
class StatusTotals final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StatusTotals)
public:
    // Adds its labels to `bar`: the counts as its one normal widget, the rest as permanent ones.
    StatusTotals(UploadScheduler *scheduler, AppSettings *settings, QStatusBar *bar);

    QLabel *countsLabel() const;
    FittingLabel *speedLabel() const { return m_speed; }

private:
    void show(const SchedulerTotals &totals);

    FittingLabel *m_counts;
    FittingLabel *m_speed;
};
