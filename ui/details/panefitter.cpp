#include "panefitter.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QScrollArea>

PaneFitter::PaneFitter(QMainWindow *window, QDockWidget *pane, int preferredHeight, double maxShare)
    : QObject(window)
    , m_window(window)
    , m_pane(pane)
    , m_preferred(preferredHeight)
    , m_share(maxShare)
{
    // Its contents scroll: their full height would otherwise be the pane's minimum.
    if (QWidget *body = pane->widget()) {
        auto *scroll = new QScrollArea(pane);
        scroll->setObjectName(QStringLiteral("paneScroll"));
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidgetResizable(true);
        // Down only: across, its lines elide or clip as they did without the scroll area.
        scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        scroll->setWidget(body);
        pane->setWidget(scroll);
    }
    window->installEventFilter(this);
    pane->installEventFilter(this);
}

int PaneFitter::maxHeight() const
{
    const QWidget *central = m_window->centralWidget();
    const int shared =
        (central ? central->height() : 0) + (m_pane->isVisible() ? m_pane->height() : 0);
    return qMax(0, int(shared * m_share));
}

void PaneFitter::fit()
{
    if (!m_pane->isVisible() || m_window->dockWidgetArea(m_pane) == Qt::NoDockWidgetArea
        || m_pane->isFloating())
        return;
    const int cap = maxHeight();
    const int height = m_pane->height();
    if (height > cap) {
        m_window->resizeDocks({m_pane}, {cap}, Qt::Vertical);
        m_capped = true;
    } else if (m_capped && height < qMin(cap, m_preferred)) {
        m_window->resizeDocks({m_pane}, {qMin(cap, m_preferred)}, Qt::Vertical);
        m_capped = qMin(cap, m_preferred) < m_preferred;
    }
}

bool PaneFitter::eventFilter(QObject *watched, QEvent *event)
{
    if ((watched == m_window && event->type() == QEvent::Resize)
        || (watched == m_pane && event->type() == QEvent::Show)) {
        // After the window's layout has placed the table and the pane at the new size.
        if (!m_fitQueued) {
            m_fitQueued = true;
            QMetaObject::invokeMethod(
                this,
                [this] {
                    m_fitQueued = false;
                    fit();
                },
                Qt::QueuedConnection);
        }
    }
    return QObject::eventFilter(watched, event);
}
