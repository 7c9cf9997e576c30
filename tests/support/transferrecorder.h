#pragma once

#include "transfer.h"

#include <QEventLoop>
#include <QStringList>
#include <QTimer>

// Everything a Transfer said, as strings in order ("chunk:0-65536", "created", "offset:65536",
// "lost", "completed", "failed"); progress apart, since how often it comes is Qt's business.
class TransferRecorder : public QObject {
public:
    explicit TransferRecorder(Transfer *transfer)
    {
        connect(transfer, &Transfer::uploadCreated, this, [this](const QUrl &url) {
            created = url;
            add(QStringLiteral("created"));
        });
        connect(transfer, &Transfer::uploadLost, this, [this] { add(QStringLiteral("lost")); });
        connect(transfer, &Transfer::offsetConfirmed, this, [this](qint64 offset) {
            offsets << offset;
            add(QStringLiteral("offset:%1").arg(offset));
        });
        connect(transfer, &Transfer::chunkStarted, this, [this](qint64 begin, qint64 end) {
            add(QStringLiteral("chunk:%1-%2").arg(begin).arg(end));
        });
        connect(transfer, &Transfer::chunkProgress, this, [this](qint64 sent) {
            maxProgress = qMax(maxProgress, sent);
            afterEnd += done() ? 1 : 0;
        });
        connect(transfer, &Transfer::completed, this, [this] { add(QStringLiteral("completed")); });
        connect(transfer, &Transfer::failed, this, [this](const TransferError &e) {
            error = e;
            add(QStringLiteral("failed"));
        });
    }
    bool done() const
    {
        return events.contains(QLatin1String("completed"))
               || events.contains(QLatin1String("failed"));
    }
    // Runs a real event loop until completed() or failed(). Unlike QTRY_*, whose polling sleeps
    // 10 ms between rounds, this keeps up with Qt's cross-thread upload pipeline, so throughput
    // in tests is what it is in the application.
    bool wait(int timeoutMs)
    {
        if (!done()) {
            QEventLoop loop;
            m_loop = &loop;
            QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
            loop.exec();
            m_loop = nullptr;
        }
        return done();
    }
    bool succeeded() const { return events.contains(QLatin1String("completed")); }

    QStringList events;
    QList<qint64> offsets;
    QUrl created;
    TransferError error;
    qint64 maxProgress = 0;
    int afterEnd = 0; // anything emitted after completed() or failed()

private:
    void add(const QString &event)
    {
        afterEnd += done() ? 1 : 0;
        events << event;
        if (m_loop && done())
            m_loop->quit();
    }

    QEventLoop *m_loop = nullptr;
};
