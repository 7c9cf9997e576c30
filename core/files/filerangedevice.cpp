#include "filerangedevice.h"

#include "regularfile.h"
#include "streamhash.h"

FileRangeDevice::FileRangeDevice(const QString &path, qint64 begin, qint64 end, QObject *parent)
    : QIODevice(parent)
    , m_file(path)
    , m_begin(qMax<qint64>(0, begin))
    , m_end(qMax(m_begin, end))
{
}

FileRangeDevice::~FileRangeDevice() = default;

bool FileRangeDevice::open(OpenMode mode)
{
    if ((mode & ReadWrite) != ReadOnly || (mode & (Append | Truncate))) {
        setErrorString(QStringLiteral("FileRangeDevice is read-only"));
        return false;
    }
    // Unbuffered on both levels: the network stack reads in its own blocks, and a second copy
    // per level would only cost memory bandwidth.
    // Never waits in open(): a file replaced by a named pipe since it was queued is refused
    // at once (this runs on the GUI thread, for each request's body).
    QString problem;
    if (!openRegularFile(m_file, m_file.fileName(), &problem)) {
        setErrorString(problem);
        return false;
    }
    if (!m_file.seek(m_begin)) {
        setErrorString(m_file.errorString());
        m_file.close();
        return false;
    }
    m_truncated = false;
    return QIODevice::open(ReadOnly | Unbuffered);
}

void FileRangeDevice::close()
{
    QIODevice::close();
    m_file.close();
}

bool FileRangeDevice::seek(qint64 pos)
{
    if (!isOpen() || pos < 0 || pos > size())
        return false;
    if (!m_file.seek(m_begin + pos)) {
        setErrorString(m_file.errorString());
        return false;
    }
    return QIODevice::seek(pos);
}

bool FileRangeDevice::atEnd() const
{
    return !isOpen() || pos() >= size();
}

void FileRangeDevice::setThrottle(std::shared_ptr<ReadGate> gate) {
    if (gate == m_gate)
        return;
    m_gate = std::move(gate);
    ++m_gateGeneration;
    // A reader that was told to wait on the old gate would otherwise wait for a wake that the new
    // one never sends.
    if (m_waiting) {
        m_waiting = false;
        emit readyRead();
    }
}

qint64 FileRangeDevice::readData(char *data, qint64 maxSize)
{
    if (m_truncated)
        return -1;
    // The file's own position is the truth: QIODevice's pos() may run ahead when buffered.
    const qint64 remaining = m_end - m_file.pos();
    qint64 wanted = qMin(maxSize, remaining);
    if (wanted <= 0)
        return 0;
    if (m_gate) {
        wanted = qMin(wanted, m_gate->take(wanted));
        if (wanted <= 0) {
            // 0, not -1: "nothing yet". The wake's readyRead() makes the reader ask again.
            if (!m_waiting) {
                m_waiting = true;
                m_gate->waitForTokens(this, [this, generation = m_gateGeneration] {
                    if (generation != m_gateGeneration)
                        return; // replaced meanwhile; setThrottle() has already woken the reader
                    m_waiting = false;
                    emit readyRead();
                });
            }
            return 0;
        }
    }
    const qint64 got = m_file.read(data, wanted);
    if (got < 0) {
        setErrorString(m_file.errorString());
        return -1;
    }
    if (got < wanted) {
        // QFile reads a regular file until the request is filled or the file ends, so a short
        // read means the file is now shorter than the range: better no body than a short one.
        m_truncated = true;
        setErrorString(tr("%1 is shorter than expected (truncated while reading)")
                           .arg(m_file.fileName()));
        return -1;
    }
    if (m_hash)
        m_hash->feed(m_file.pos() - got, data, got);
    return got;
}

qint64 FileRangeDevice::writeData(const char *, qint64)
{
    return -1;
}
