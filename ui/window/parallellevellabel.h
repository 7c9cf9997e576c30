#pragma once

#include "fittinglabel.h"

class AppSettings;
class UploadScheduler;
struct SchedulerTotals;

// The status bar's "Parallel: Auto · 12": how many requests at once Parallel: Auto allows now,
// across servers, while something uploads. Nothing with a fixed number (the toolbar shows it)
// or while idle. It follows the scheduler's concurrencyLevelChanged and the totals' count of
// uploads, so each update costs the same whatever the queue's size.
//
// It has the lowest priority in the status bar: a FittingLabel whose forms are the whole, "Auto ·
// 12" and nothing, that asks only for the room the others leave (their size hints against the
// bar's width), so that it never pushes the time left, the speed or the counts out.
class ParallelLevelLabel final : public FittingLabel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ParallelLevelLabel)
public:
    ParallelLevelLabel(UploadScheduler *scheduler, AppSettings *settings,
                       QWidget *parent = nullptr);

    // "Parallel: Auto · 12" (`compact`: "Auto · 12").
    static QString describe(int level, bool compact = false);
    // What it says when it has room (shownText() is what fits); empty when it says nothing.
    QString fullText() const { return text(); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void onTotals(const SchedulerTotals &totals);
    void refresh();
    // The longest form the room left by the others takes, asked for as the size hint.
    void chooseForm();

    UploadScheduler *m_scheduler;
    AppSettings *m_settings;
    bool m_uploading = false;
    QString m_chosen; // text(), the compact form, or nothing
};
