#include "sftpcredit.h"

namespace {
// A waiting payer looks at its stop flag this often (an abort does not grant anything).
constexpr unsigned long StopCheckMs = 100;
// Below this much credit a payer asks for more before it runs out, so that an unlimited upload
// does not wait for the GUI thread at every write.
constexpr qint64 LowWaterBytes = 512 * 1024;
} // namespace

bool SftpCredit::pay(qint64 bytes, const std::atomic<bool> *stop)
{
    QMutexLocker lock(&m_mutex);
    m_wanted += bytes;
    while (m_credit < bytes) {
        if (m_closed || (stop && stop->load())) {
            m_wanted -= bytes;
            return false;
        }
        if (!m_asked && m_asker) {
            m_asked = true;
            m_asker();
        }
        m_granted.wait(&m_mutex, StopCheckMs);
    }
    m_credit -= bytes;
    m_wanted -= bytes;
    if (m_credit < LowWaterBytes && !m_asked && m_asker) {
        m_asked = true;
        m_asker();
    }
    return true;
}

void SftpCredit::setAsker(std::function<void()> asker)
{
    QMutexLocker lock(&m_mutex);
    m_asker = std::move(asker);
}

qint64 SftpCredit::grant(qint64 bytes)
{
    QMutexLocker lock(&m_mutex);
    m_credit += bytes;
    const qint64 missing = qMax<qint64>(0, m_wanted - m_credit);
    m_asked = missing > 0;
    m_granted.wakeAll();
    return missing;
}

qint64 SftpCredit::shortfall() const
{
    QMutexLocker lock(&m_mutex);
    return qMax<qint64>(0, m_wanted - m_credit);
}

void SftpCredit::close()
{
    QMutexLocker lock(&m_mutex);
    m_closed = true;
    m_asker = nullptr;
    m_granted.wakeAll();
}
