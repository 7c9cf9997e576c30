#include "uploadsourcedevice.h"

#include "uploadsource.h"

UploadSourceDevice::UploadSourceDevice(UploadSource &source, QObject *parent)
    : QIODevice(parent)
    , m_source(source)
{
    open(QIODevice::ReadOnly | QIODevice::Unbuffered);
}

qint64 UploadSourceDevice::size() const
{
    return m_source.length();
}

qint64 UploadSourceDevice::readData(char *data, qint64 maxSize)
{
    return m_source.read(pos(), data, maxSize);
}

qint64 UploadSourceDevice::writeData(const char *, qint64)
{
    return -1;
}
