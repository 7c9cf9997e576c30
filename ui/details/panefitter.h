#pragma once

#include <QObject>

class QDockWidget;
class QMainWindow;

// Keeps the table usable on a short window: the pane under it (the details) gives way first.
// Its contents scroll instead of holding the pane at their full height, and it takes at most
// `maxShare` of the height it shares with the table; on a taller window it grows back to
// `preferredHeight`. A height the person drags it to stays, within that share.
class PaneFitter final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PaneFitter)
public:
    PaneFitter(QMainWindow *window, QDockWidget *pane, int preferredHeight, double maxShare);

    // The most the pane may take now, in pixels.
    int maxHeight() const;
    void fit();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QMainWindow *m_window;
    QDockWidget *m_pane;
    int m_preferred;
    double m_share;
    bool m_fitQueued = false;
    bool m_capped = false; // made smaller than wanted: grows back when there is room
};
