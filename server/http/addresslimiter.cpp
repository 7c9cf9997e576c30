#include "addresslimiter.h"

#include <netinet/in.h>

#include <cstring>

AddressLimiter::AddressLimiter(int perAddress)
    : m_perAddress(perAddress)
{
}

AddressLimiter::Key AddressLimiter::keyOf(const sockaddr *address)
{
    Key key;
    if (!address)
        return key;
    if (address->sa_family == AF_INET) {
        sockaddr_in in4;
        std::memcpy(&in4, address, sizeof in4);
        key.family = AF_INET;
        key.bits = ntohl(in4.sin_addr.s_addr);
    } else if (address->sa_family == AF_INET6) {
        sockaddr_in6 in6;
        std::memcpy(&in6, address, sizeof in6);
        const unsigned char *b = in6.sin6_addr.s6_addr;
        if (IN6_IS_ADDR_V4MAPPED(&in6.sin6_addr)) {
            key.family = AF_INET;
            key.bits = quint64(b[12]) << 24 | quint64(b[13]) << 16 | quint64(b[14]) << 8 | b[15];
        } else {
            key.family = AF_INET6;
            for (int i = 0; i < 8; ++i) // the /64
                key.bits = key.bits << 8 | b[i];
        }
    }
    return key;
}

bool AddressLimiter::admit(const sockaddr *address)
{
    const Key key = keyOf(address);
    if (m_perAddress <= 0 || key.family == 0)
        return true;
    QMutexLocker locker(&m_mutex);
    int &open = m_open[key];
    if (open >= m_perAddress)
        return false;
    ++open;
    return true;
}

void AddressLimiter::release(const sockaddr *address)
{
    const Key key = keyOf(address);
    if (m_perAddress <= 0 || key.family == 0)
        return;
    QMutexLocker locker(&m_mutex);
    const auto it = m_open.find(key);
    if (it == m_open.end())
        return;
    if (--*it <= 0)
        m_open.erase(it);
}
