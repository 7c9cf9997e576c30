#pragma once

#include <QLabel>

class AppSettings;
class UploadScheduler;
struct SchedulerTotals;

// The status bar's "Parallel: Auto · 12": how many requests at once Parallel: Auto allows now,
// across servers, while something uploads. Nothing with a fixed number (the toolbar shows it)
// or while idle. It follows the scheduler's concurrencyLevelChanged and the totals' count of
// uploads, so each update costs the same whatever the queue's size. When the status bar is short
// of room it gives way first: it shrinks to "Auto · 12", then to nothing, never clipped.
class ParallelLevelLabel final : public QLabel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ParallelLevelLabel)
public:
    ParallelLevelLabel(UploadScheduler *scheduler, AppSettings *settings,
                       QWidget *parent = nullptr);

    // "Parallel: Auto · 12" (`compact`: "Auto · 12").
    static QString describe(int level, bool compact = false);
    // What it says when it has room (text() is what fits); empty when it says nothing.
    QString fullText() const { return m_full; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void onTotals(const SchedulerTotals &totals);
    void refresh();
    void fit();

    UploadScheduler *m_scheduler;
    AppSettings *m_settings;
    bool m_uploading = false;
    int m_level = 0;
    QString m_full;
};
