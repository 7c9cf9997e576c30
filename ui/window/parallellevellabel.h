#pragma once

#include <QLabel>

class AppSettings;
class UploadScheduler;
struct SchedulerTotals;

// The status bar's "Parallel: Auto · 12": how many requests at once Parallel: Auto allows now,
// across servers, while something uploads. Nothing with a fixed number (the toolbar shows it)
// or while idle. It follows the scheduler's concurrencyLevelChanged and the totals' count of
// uploads, so each update costs the same whatever the queue's size.
//
// It has the lowest priority in the status bar: it asks only for the room the others leave
// (their size hints against the bar's width), saying "Auto · 12" where the whole does not fit and
// nothing where that does not either, so that it never pushes the time left or the counts out.
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
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void onTotals(const SchedulerTotals &totals);
    void refresh();
    // The longest form the room left by the others takes, asked for as the size hint.
    void chooseForm();
    // What is shown: the chosen form, or a shorter one while the width given is less.
    void fit();
    int widthOf(const QString &text) const;

    UploadScheduler *m_scheduler;
    AppSettings *m_settings;
    bool m_uploading = false;
    int m_level = 0;
    QString m_full;
    QString m_chosen; // m_full, the compact form, or nothing
};
