#include "ratelimitmenu.h"

#include "formatting.h"

#include <QActionGroup>
#include <QInputDialog>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
// From a phone's uplink to a fibre line's.
constexpr qint64 Ladder[] = {256 * KiB, 512 * KiB, 1 * MiB,  2 * MiB,  5 * MiB,
                             10 * MiB,  20 * MiB,  50 * MiB, 100 * MiB};
// What "Custom…" accepts, in MiB/s; below 1 KiB/s uploads would only crawl into their stall
// timeout.
constexpr double MinCustomMiB = 1.0 / 1024;
constexpr double MaxCustomMiB = 100000;
} // namespace

RateLimitMenu::RateLimitMenu(const QString &title, QWidget *parent)
    : QMenu(title, parent)
    , m_group(new QActionGroup(this))
{
    const auto add = [this](const QString &text, qint64 rate) {
        QAction *action = addAction(text);
        action->setCheckable(true);
        action->setData(rate);
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [this, rate] { Q_EMIT rateChosen(rate); });
    };
    add(tr("No limit"), 0);
    addSeparator();
    for (qint64 rate : Ladder)
        add(describe(rate), rate);
    addSeparator();
    m_custom = addAction(tr("Custom…"));
    m_custom->setCheckable(true);
    m_group->addAction(m_custom);
    connect(m_custom, &QAction::triggered, this, &RateLimitMenu::askCustom);
    setCurrent(0);
}

QString RateLimitMenu::describe(qint64 bytesPerSecond)
{
    return bytesPerSecond > 0 ? formatSpeed(double(bytesPerSecond)) : tr("No limit");
}

void RateLimitMenu::setCurrent(qint64 bytesPerSecond)
{
    m_current = bytesPerSecond;
    const QList<QAction *> actions = m_group->actions();
    bool onLadder = false;
    for (QAction *action : actions) {
        const bool match = action != m_custom && action->data().toLongLong() == bytesPerSecond;
        action->setChecked(match);
        onLadder = onLadder || match;
    }
    m_custom->setChecked(bytesPerSecond > 0 && !onLadder);
    m_custom->setText(m_custom->isChecked() ? tr("Custom (%1)…").arg(describe(bytesPerSecond))
                                            : tr("Custom…"));
}

void RateLimitMenu::askCustom()
{
    bool ok = false;
    const double start = m_current > 0 ? double(m_current) / MiB : 1.0;
    const double mib =
        QInputDialog::getDouble(parentWidget(), tr("Speed limit"), tr("Upload at most (MiB/s):"),
                                start, MinCustomMiB, MaxCustomMiB, 3, &ok);
    if (!ok) {
        setCurrent(m_current); // the check marks as they were
        return;
    }
    Q_EMIT rateChosen(qMax<qint64>(1024, qint64(mib * MiB)));
}
