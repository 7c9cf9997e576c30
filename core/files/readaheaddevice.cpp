#include "readaheaddevice.h"

#include "filereadpool.h"
#include "regularfile.h"
#include "streamhash.h"

#include <QFile>
#include <QMutex>
#include <QThreadPool>

#include <cerrno>

#include <unistd.h>

// A worker holds this, not the device: it posts to `device` only while it lives.
struct ReadAheadDevice::Inbox {
    QMutex mutex;
    ReadAheadDevice *device = nullptr;
};

ReadAheadDevice::ReadAheadDevice(std::shared_ptr<QFile> file, qint64 begin, qint64 end,
                                 QObject *parent)
    : QIODevice(parent)
    , m_file(std::move(file))
    , m_inbox(std::make_shared<Inbox>())
    , m_begin(qMax<qint64>(0, begin))
    , m_end(qMax(m_begin, end))
{
    m_inbox->device = this;
}

ReadAheadDevice::~ReadAheadDevice()
{
    QMutexLocker lock(&m_inbox->mutex);
    m_inbox->device = nullptr;
}

bool ReadAheadDevice::open(OpenMode mode)
{
    if ((mode & ReadWrite) != ReadOnly || (mode & (Append | Truncate))) {
        setErrorString(QStringLiteral("ReadAheadDevice is read-only"));
        return false;
    }
    if (!m_file || !m_file->isOpen()) {
        setErrorString(tr("the file is not open"));
        return false;
    }
    dropBuffered();
    m_head.clear();
    m_position = m_readEnd = m_readMost = m_begin;
    m_truncated = false;
    m_readError.clear();
    // Unbuffered: the network stack reads in its own blocks; another copy would only cost.
    // Nothing is read before the first read asks: the bytes sent are the file's as it is when
    // the request goes, not when its body was made.
    return QIODevice::open(ReadOnly | Unbuffered);
}

void ReadAheadDevice::close()
{
    QIODevice::close();
    dropBuffered();
}

void ReadAheadDevice::dropBuffered()
{
    m_blocks.clear();
    m_frontUsed = 0;
    m_failure.reset();
    m_reading = false;
    ++m_generation;
}

qint64 ReadAheadDevice::buffered() const
{
    qint64 bytes = -m_frontUsed;
    for (const QByteArray &block : m_blocks)
        bytes += block.size();
    return bytes;
}

bool ReadAheadDevice::seek(qint64 pos)
{
    if (!isOpen() || pos < 0 || pos > size())
        return false;
    const qint64 target = m_begin + pos;
    if (target >= m_position && target <= m_position + buffered()) {
        // Forward within what is read already: skip to it.
        qint64 skip = target - m_position;
        while (skip > 0) {
            const qint64 left = m_blocks.front().size() - m_frontUsed;
            const qint64 step = qMin(skip, left);
            m_frontUsed += step;
            skip -= step;
            if (m_frontUsed == m_blocks.front().size()) {
                m_blocks.pop_front();
                m_frontUsed = 0;
            }
        }
    } else if (target < m_begin + m_head.size()) {
        // Back into the first block: from memory, so that the bytes are there at once.
        dropBuffered();
        m_blocks.push_back(m_head);
        m_frontUsed = target - m_begin;
        m_readEnd = m_begin + m_head.size();
    } else {
        dropBuffered();
        m_readEnd = target;
    }
    m_position = target;
    return QIODevice::seek(pos);
}

bool ReadAheadDevice::atEnd() const
{
    return !isOpen() || pos() >= size();
}

void ReadAheadDevice::setThrottle(std::shared_ptr<ReadGate> gate)
{
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

namespace {
// On a worker: bytes [offset, offset + size) of the open file `fd`, read with pread() so that
// blocks of several devices over one file never share a position.
QByteArray readRange(int fd, qint64 offset, qint64 size, bool *shorter, QString *problem)
{
    QByteArray bytes(size, Qt::Uninitialized);
    qint64 got = 0;
    while (got < size) {
        const ssize_t n = ::pread(fd, bytes.data() + got, size_t(size - got), off_t(offset + got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            *problem = fileErrorText(errno);
            return QByteArray();
        }
        if (n == 0)
            break;
        got += n;
    }
    if (got < size) {
        *shorter = true;
        return QByteArray();
    }
    return bytes;
}
} // namespace

void ReadAheadDevice::readAhead()
{
    if (!isOpen() || m_reading || m_failure || m_readEnd >= m_end)
        return;
    if (buffered() > (Blocks - 1) * BlockSize)
        return;
    m_reading = true;
    const qint64 offset = m_readEnd;
    const qint64 size = qMin(BlockSize, m_end - offset);
    fileReadPool()->start(
        [inbox = m_inbox, file = m_file, generation = m_generation, offset, size] {
            Block block;
            block.generation = generation;
            block.offset = offset;
            block.bytes = readRange(file->handle(), offset, size, &block.shorter, &block.problem);
            block.failed = block.shorter || !block.problem.isEmpty();
            QMutexLocker lock(&inbox->mutex);
            if (ReadAheadDevice *device = inbox->device) {
                QMetaObject::invokeMethod(
                    device, [device, block = std::move(block)] { device->arrived(block); },
                    Qt::QueuedConnection);
            }
        });
}

void ReadAheadDevice::arrived(Block block)
{
    if (block.generation != m_generation || !isOpen())
        return; // read before a seek or close that dropped it
    m_reading = false;
    if (block.failed) {
        m_failure = std::move(block);
    } else {
        m_readEnd += block.bytes.size();
        if (block.offset == m_begin)
            m_head = block.bytes; // shared, not copied
        m_blocks.push_back(std::move(block.bytes));
        readAhead();
    }
    wakeReader();
}

void ReadAheadDevice::wakeReader()
{
    if (!m_starved)
        return;
    m_starved = false;
    emit readyRead();
}

qint64 ReadAheadDevice::readData(char *data, qint64 maxSize)
{
    if (m_truncated || !m_readError.isEmpty())
        return -1;
    qint64 wanted = qMin(maxSize, m_end - m_position);
    if (wanted <= 0)
        return 0;
    if (m_blocks.empty()) {
        if (m_failure) {
            m_truncated = m_failure->shorter;
            if (!m_truncated)
                m_readError = m_failure->problem;
            setErrorString(m_truncated ? tr("%1 is shorter than expected (truncated while reading)")
                                             .arg(m_file->fileName())
                                       : m_failure->problem);
            return -1;
        }
        // 0, not -1: "nothing yet". The block's arrival emits readyRead().
        m_starved = true;
        readAhead();
        return 0;
    }
    wanted = qMin(wanted, buffered());
    // Bytes read again after a rewind into the first block were paced the first time; Qt's
    // getChar() over them must not be told to wait (see the class comment).
    const bool again = m_position < qMin(m_readMost, m_begin + m_head.size());
    if (again)
        wanted = qMin(wanted, m_readMost - m_position);
    if (m_gate && !again) {
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
    qint64 copied = 0;
    while (copied < wanted) {
        const QByteArray &front = m_blocks.front();
        const qint64 step = qMin(wanted - copied, front.size() - m_frontUsed);
        memcpy(data + copied, front.constData() + m_frontUsed, size_t(step));
        copied += step;
        m_frontUsed += step;
        if (m_frontUsed == front.size()) {
            m_blocks.pop_front();
            m_frontUsed = 0;
        }
    }
    if (m_hash)
        m_hash->feed(m_position, data, copied);
    m_position += copied;
    m_readMost = qMax(m_readMost, m_position);
    readAhead();
    return copied;
}

qint64 ReadAheadDevice::writeData(const char *, qint64)
{
    return -1;
}
