#pragma once

#include <QObject>

class AppSettings;
class ParallelSpin;
class QSpinBox;
class QToolBar;
class QToolButton;
class RateLimitMenu;
class UploadScheduler;

// The knobs on how hard Hoist pushes: requests at once in all ("Parallel": Auto or a number) and
// to one server
// ("Per server"), for the toolbar, and a speed limit for all uploads, a button for the status
// bar beside the speed it limits (as qBittorrent has it). They act on the scheduler at once
// through AppSettings, which remembers them for the next start, and follow its changes (the
// settings dialog).
class LimitControls final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LimitControls)
public:
    // Adds the spin boxes to `bar`; the rate button is the caller's to place.
    LimitControls(UploadScheduler *scheduler, AppSettings *settings, QToolBar *bar);

    // Auto first, then 1 to 64.
    ParallelSpin *concurrencySpin() const { return m_concurrency; }
    QSpinBox *perServerSpin() const { return m_perServer; }
    QToolButton *rateButton() const { return m_rate; }
    RateLimitMenu *rateMenu() const { return m_rateMenu; }
    // Sets the limit of all uploads, as the menu does (remembered too).
    void setRateLimit(qint64 bytesPerSecond);

private:
    void showLimits();
    void showRate();

    UploadScheduler *m_scheduler;
    AppSettings *m_settings;
    ParallelSpin *m_concurrency;
    QSpinBox *m_perServer;
    QToolButton *m_rate;
    RateLimitMenu *m_rateMenu;
};
