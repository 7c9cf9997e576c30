#include "warningrecorder.h"

#include <QMutex>
#include <QtGlobal>

namespace {
QMutex mutex;
QStringList recorded;
QtMessageHandler previous = nullptr;

void record(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtWarningMsg || type == QtCriticalMsg) {
        QMutexLocker lock(&mutex);
        recorded.append(message);
    }
    previous(type, context, message);
}
} // namespace

WarningRecorder::WarningRecorder()
{
    QMutexLocker lock(&mutex);
    recorded.clear();
    previous = qInstallMessageHandler(record);
}

WarningRecorder::~WarningRecorder()
{
    qInstallMessageHandler(previous);
}

QStringList WarningRecorder::warnings() const
{
    QMutexLocker lock(&mutex);
    return recorded;
}

int WarningRecorder::count(const QString &text) const
{
    QMutexLocker lock(&mutex);
    return int(recorded.filter(text).size());
}
