#include "taskdriver.h"

#include "clock.h"
#include "uploadtask.h"

TaskDriver::TaskDriver(UploadTask *task, std::unique_ptr<Transfer> transfer, QObject *parent)
    : QObject(parent)
    , m_task(task)
    , m_transfer(transfer.release())
{
    // A new attempt: whatever an earlier one said of the server's copy no longer stands.
    if (m_task)
        m_task->setCheck({});
    connectSingle();
    connectParts();
}

TaskDriver::~TaskDriver()
{
    stop();
}

void TaskDriver::start()
{
    if (m_transfer)
        m_transfer->start();
}

void TaskDriver::stop()
{
    m_task = nullptr;
    if (Transfer *transfer = m_transfer.data()) {
        m_transfer = nullptr;
        transfer->disconnect(this);
        transfer->abort();
        transfer->deleteLater();
    }
}

void TaskDriver::continueAfterCreated()
{
    if (m_transfer)
        m_transfer->continueAfterCreated();
}

void TaskDriver::setStreamLimit(int streams)
{
    if (m_transfer)
        m_transfer->setStreamLimit(streams);
}

template <typename Change>
void TaskDriver::account(Change change)
{
    if (!m_task)
        return;
    const qint64 shownBefore = m_task->shownBytes();
    const qint64 confirmedBefore = m_task->confirmedBytes();
    change(*m_task);
    Q_EMIT progressed(m_task->shownBytes() - shownBefore, confirmedBefore);
}

void TaskDriver::connectSingle()
{
    Transfer *transfer = m_transfer.data();
    connect(transfer, &Transfer::uploadCreated, this, [this](const QUrl &url) {
        if (!m_task)
            return;
        m_task->setUploadUrl(url);
        Q_EMIT uploadCreated(url);
    });
    connect(transfer, &Transfer::temporaryUploadCreated, this, [this](const QUrl &url) {
        if (m_task)
            Q_EMIT temporaryUploadCreated(url);
    });
    connect(transfer, &Transfer::uploadLost, this, [this] {
        account([](UploadTask &t) {
            t.resetProgress();
            t.setStatusNote(tr("The server no longer had this upload; starting it again."));
        });
    });
    connect(transfer, &Transfer::offsetConfirmed, this, [this](qint64 offset) {
        account([offset](UploadTask &t) { t.confirmOffset(offset, SystemClock::nowMs()); });
    });
    connect(transfer, &Transfer::chunkStarted, this, [this](qint64 begin, qint64 end) {
        account([begin, end](UploadTask &t) { t.startRequest(begin, end); });
    });
    connect(transfer, &Transfer::chunkProgress, this, [this](qint64 sent) {
        account([sent](UploadTask &t) { t.requestProgress(sent, SystemClock::nowMs()); });
    });
    connect(transfer, &Transfer::completedInstantly, this, [this] {
        if (m_task)
            m_task->completedInstantly(); // completed() follows at once
    });
    connect(transfer, &Transfer::checked, this, [this](const UploadCheck &check) {
        if (m_task)
            m_task->setCheck(check); // completed() follows at once
    });
    connect(transfer, &Transfer::completed, this, &TaskDriver::completed);
    connect(transfer, &Transfer::failed, this, &TaskDriver::failed);
}

void TaskDriver::connectParts()
{
    Transfer *transfer = m_transfer.data();
    connect(transfer, &Transfer::partsCreated, this, [this](const UploadParts &parts) {
        if (!m_task)
            return;
        m_task->setParts(parts);
        Q_EMIT partsCreated(parts);
    });
    connect(transfer, &Transfer::partsConfirmed, this, [this](const UploadParts &parts) {
        account([&parts](UploadTask &t) { t.confirmParts(parts, SystemClock::nowMs()); });
    });
    connect(transfer, &Transfer::chunkProgressAt, this, [this](qint64 begin, qint64 sent) {
        account(
            [begin, sent](UploadTask &t) { t.partProgress(begin, sent, SystemClock::nowMs()); });
    });
    connect(transfer, &Transfer::streamsChanged, this, [this](int inUse, int wanted) {
        if (!m_task)
            return;
        m_task->setStreams(inUse, wanted);
        Q_EMIT streamsChanged();
    });
}
