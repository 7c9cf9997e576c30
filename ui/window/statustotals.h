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
// the bar and kept up to date from the scheduler's totals. In a short bar (800x500) the counts
// give way first (elided), the time left drops its "(all N uploads)" and the bytes give way to the
// speed alone; the whole stays in the speed's tooltip.
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
