#pragma once

#include "fittinglabel.h"
#include "totaltimeleft.h"

#include <QElapsedTimer>

class UploadScheduler;
struct SchedulerTotals;

// The status bar's "About 12 min left": every upload under way together (TotalTimeLeft), in
// words as round as an estimate deserves. Empty while idle or while the speed is unknown. Where
// the status bar is short of room it drops the "(all 5 uploads)", then the "About", never the
// time.
class TimeLeftLabel final : public FittingLabel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimeLeftLabel)
public:
    explicit TimeLeftLabel(UploadScheduler *scheduler, QWidget *parent = nullptr);

    // "Less than a minute left", "About 12 min left", "About 2 h 10 min left"; "" when < 0.
    static QString describe(qint64 seconds);
    // The same for `uploads` under way together: with more than one it says so ("About 12 min
    // left (all 5 uploads)"), as it then differs from any one row's Time left, which is that
    // upload's bytes at its own speed.
    static QString describe(qint64 seconds, int uploads);
    // The same where the status bar is short: "< 1 min left", "12 min left", "2 h 10 min left".
    static QString describeShort(qint64 seconds);
    const TotalTimeLeft &estimate() const { return m_estimate; }

private:
    static QString phrase(qint64 seconds, bool brief);
    void onTotals(const SchedulerTotals &totals);

    TotalTimeLeft m_estimate;
    QElapsedTimer m_clock;
};
