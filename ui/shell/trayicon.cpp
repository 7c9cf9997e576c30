#include "trayicon.h"

#include "formatting.h"
#include "icons.h"
#include "uploadscheduler.h"

#include <QMenu>
#include <QPainter>
#include <QSystemTrayIcon>

namespace {
// Drawn for each size a tray may ask for, so that the bar stays crisp at 16 px.
constexpr int iconSizes[] = {16, 22, 24, 32, 48, 64};
// The bar covers the lower part of the icon, over the app icon's own underline.
constexpr double barHeightShare = 0.3;
constexpr int minBarHeight = 5;
constexpr QRgb barTrackColor = 0xff1d2b3a;
constexpr QRgb barFillColor = 0xfff5b400; // amber: stands out on the icon's blue
constexpr QRgb barEdgeColor = 0xffffffff;
} // namespace

TrayIcon::TrayIcon(UploadScheduler *scheduler, QObject *parent)
    : QObject(parent)
    , m_scheduler(scheduler)
    , m_base(Icons::app())
    , m_menu(new QMenu)
    , m_icon(new QSystemTrayIcon(this))
{
    Q_ASSERT(scheduler);
    m_pauseAll =
        m_menu->addAction(Icons::pause(), tr("Pause all"), m_scheduler, &UploadScheduler::pauseAll);
    m_resumeAll = m_menu->addAction(Icons::resume(), tr("Resume all"), m_scheduler,
                                    &UploadScheduler::resumeAll);
    m_menu->addSeparator();
    m_show = m_menu->addAction(tr("Show Hoist"), this, &TrayIcon::showWindowRequested);
    m_quit = m_menu->addAction(tr("Quit"), this, &TrayIcon::quitRequested);
    m_quit->setToolTip(tr("Uploads not finished go on when Hoist starts again"));
    m_icon->setContextMenu(m_menu);
    connect(m_icon, &QSystemTrayIcon::activated, this,
            [this](QSystemTrayIcon::ActivationReason why) {
                if (why == QSystemTrayIcon::Trigger)
                    Q_EMIT toggleWindowRequested();
            });
    connect(m_scheduler, &UploadScheduler::totalsChanged, this, &TrayIcon::update);
    update(m_scheduler->totals());
}

TrayIcon::~TrayIcon()
{
    delete m_menu; // a tray's menu has no parent widget
}

void TrayIcon::update(const SchedulerTotals &totals)
{
    const int active = totals.count(TaskState::Uploading) + totals.count(TaskState::Waiting);
    const int percent = active == 0             ? -1
                        : totals.bytesTotal > 0 ? int(totals.bytesDone * 100 / totals.bytesTotal)
                                                : 0;
    if (percent != m_percent) {
        m_percent = percent;
        m_icon->setIcon(withProgress(m_base, percent));
    }
    const QString tip = toolTipFor(totals);
    if (tip != m_icon->toolTip())
        m_icon->setToolTip(tip);
    m_pauseAll->setEnabled(active > 0);
    m_resumeAll->setEnabled(totals.count(TaskState::Paused) > 0);
}

QIcon TrayIcon::withProgress(const QIcon &base, int percent)
{
    if (percent < 0)
        return base;
    QIcon icon;
    for (const int size : iconSizes) {
        QPixmap pixmap = base.pixmap(QSize(size, size));
        if (pixmap.isNull()) {
            pixmap = QPixmap(size, size);
            pixmap.fill(Qt::transparent);
        }
        pixmap.setDevicePixelRatio(1);
        QPainter painter(&pixmap);
        const int barHeight = qMax(minBarHeight, int(size * barHeightShare));
        const QRect bar(0, size - barHeight, size, barHeight);
        painter.fillRect(bar, QColor::fromRgba(barEdgeColor));
        const QRect track = bar.adjusted(1, 1, -1, -1);
        painter.fillRect(track, QColor::fromRgba(barTrackColor));
        const int filled = track.width() * qBound(0, percent, 100) / 100;
        painter.fillRect(QRect(track.topLeft(), QSize(filled, track.height())),
                         QColor::fromRgba(barFillColor));
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

QString TrayIcon::toolTipFor(const SchedulerTotals &totals)
{
    QStringList counts;
    if (const int n = totals.count(TaskState::Uploading))
        counts << tr("%1 uploading").arg(n);
    if (const int n = totals.count(TaskState::Waiting))
        counts << tr("%1 waiting").arg(n);
    if (const int n = totals.count(TaskState::Paused))
        counts << tr("%1 paused").arg(n);
    if (const int n = totals.count(TaskState::Error))
        counts << tr("%1 failed").arg(n);
    if (counts.isEmpty())
        counts << (totals.count(TaskState::Success) > 0 ? tr("all uploads done")
                                                        : tr("no uploads"));
    const QString separator = QStringLiteral(" \u00b7 ");
    QString tip = QStringLiteral("Hoist") + separator + counts.join(separator);
    if (totals.bytesTotal > 0) {
        QStringList progress;
        progress << tr("%1%").arg(totals.bytesDone * 100 / totals.bytesTotal)
                 << tr("%1 of %2").arg(formatSize(totals.bytesDone), formatSize(totals.bytesTotal));
        if (totals.bytesPerSecond > 0)
            progress << QStringLiteral("\u2191 ") + formatSpeed(totals.bytesPerSecond);
        tip += QLatin1Char('\n') + progress.join(separator);
    }
    return tip;
}
