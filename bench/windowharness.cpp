#include "windowharness.h"

#include "mainwindow.h"
#include "storethread.h"
#include "tusprotocol.h"
#include "uploadscheduler.h"

#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QNetworkAccessManager>
#include <QTemporaryDir>

bool dropUrls(QWidget *target, const QList<QUrl> &urls)
{
    QMimeData mime;
    mime.setUrls(urls);
    const QPoint pos = target->rect().center();
    QDragEnterEvent enter(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent drop(QPointF(pos), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
    return drop.isAccepted();
}

PaintProbe::PaintProbe(QWidget *viewport, std::function<bool()> ready,
                       std::function<void()> painted)
    : m_viewport(viewport)
    , m_ready(std::move(ready))
    , m_painted(std::move(painted))
{
    viewport->installEventFilter(this);
}

void PaintProbe::arm()
{
    m_armed = true;
    poke();
}

void PaintProbe::poke()
{
    if (m_armed && m_ready())
        m_viewport->update();
}

bool PaintProbe::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_viewport && event->type() == QEvent::Paint && m_armed && m_ready()) {
        m_armed = false;
        QMetaObject::invokeMethod(this, m_painted, Qt::QueuedConnection);
    }
    return false;
}

WindowHarness::WindowHarness() = default;
WindowHarness::~WindowHarness() = default;

bool WindowHarness::build(const QString &stateDir, const QUrl &endpoint, int concurrency,
                          QString *problem)
{
    QString dir = stateDir;
    if (dir.isEmpty()) {
        m_tempState = std::make_unique<QTemporaryDir>();
        if (!m_tempState->isValid()) {
            *problem = QStringLiteral("no temporary folder: %1").arg(m_tempState->errorString());
            return false;
        }
        dir = m_tempState->path();
    }
    m_store = std::make_unique<StoreThread>(dir);
    const TaskStore::OpenResult opened = m_store->open();
    if (!opened.ok) {
        *problem = opened.error;
        return false;
    }
    m_restored = opened.tasks;

    m_network = std::make_unique<QNetworkAccessManager>();
    m_protocol = std::make_unique<TusProtocol>(m_network.get());
    m_scheduler = std::make_unique<UploadScheduler>(m_protocol.get());
    m_scheduler->setStore(m_store->store());
    m_scheduler->setEndpoint(endpoint);
    m_scheduler->setChunkSize(ChunkSize);
    m_scheduler->setMaxRequestSize(MaxRequestSize);
    m_scheduler->setConcurrency(concurrency);

    m_window = std::make_unique<MainWindow>(m_scheduler.get());
    m_window->setConfirmCancel([](int, int) { return true; });
    m_scheduler->restore(m_restored); // the queue as it was, before anything new
    m_window->show();
    return true;
}

TaskStore *WindowHarness::store() const
{
    return m_store->store();
}
