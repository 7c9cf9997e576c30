#include "sftppace.h"

#include "readgate.h"

namespace {
// Granted beyond what the payers wait for, so that the next writes need not ask.
constexpr qint64 AheadBytes = 1024 * 1024;
} // namespace

SftpPace::SftpPace(std::shared_ptr<ReadGate> gate, QObject *parent)
    : QObject(parent)
    , m_gate(std::move(gate))
{
    // Under the credit's lock, from a worker thread: a queued call, which close() (below, before
    // this is gone) keeps from being posted to a destroyed receiver.
    m_credit->setAsker(
        [this] { QMetaObject::invokeMethod(this, &SftpPace::refill, Qt::QueuedConnection); });
}

SftpPace::~SftpPace()
{
    m_credit->close();
}

void SftpPace::refill()
{
    const qint64 wanted = m_credit->shortfall() + AheadBytes;
    const qint64 granted = m_gate ? m_gate->take(wanted) : wanted;
    if (m_credit->grant(granted) > 0 && m_gate)
        m_gate->waitForTokens(this, [this] { refill(); });
}
