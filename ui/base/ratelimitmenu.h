#pragma once

#include <QMenu>

class QActionGroup;

// The speed limits a person picks from: none, a ladder of common rates and "Custom…". Used for
// the limit of all uploads (toolbar) and of the selected ones (context menu).
class RateLimitMenu final : public QMenu {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RateLimitMenu)
public:
    explicit RateLimitMenu(const QString &title, QWidget *parent = nullptr);

    // Checks the entry for `bytesPerSecond` (0: no limit); none when the rates differ (-1) or
    // the rate is not on the ladder ("Custom…" is checked then).
    void setCurrent(qint64 bytesPerSecond);
    // "No limit", or the rate as a person reads it: "5 MiB/s".
    static QString describe(qint64 bytesPerSecond);

Q_SIGNALS:
    // 0: no limit.
    void rateChosen(qint64 bytesPerSecond);

private:
    void askCustom();

    QActionGroup *m_group;
    QAction *m_custom;
    qint64 m_current = 0;
};
