#pragma once

#include <QHash>
#include <QMutex>

#include <sys/socket.h>

// How many connections one client address may hold at once, so that one address (one host, or a
// flood from it) cannot take every connection the server has room for. admit() is asked before a
// connection is taken on and counts it when it says yes; release() forgets it when it closes.
// IPv4 addresses count one by one; IPv6 ones by their /64, the network one host is usually given
// (an IPv4 address mapped into IPv6 counts as that IPv4 address). Thread-safe.
class AddressLimiter final {
    Q_DISABLE_COPY_MOVE(AddressLimiter)
public:
    // `perAddress` 0: no limit.
    explicit AddressLimiter(int perAddress);

    bool admit(const sockaddr *address);
    void release(const sockaddr *address);
    int perAddress() const { return m_perAddress; }

private:
    struct Key {
        int family = 0;
        quint64 bits = 0;
        bool operator==(const Key &o) const { return family == o.family && bits == o.bits; }
    };
    friend size_t qHash(const Key &key, size_t seed)
    {
        return qHashMulti(seed, key.family, key.bits);
    }
    // nullopt-like: family 0 for an address that is neither IPv4 nor IPv6 (never limited).
    static Key keyOf(const sockaddr *address);

    const int m_perAddress;
    QMutex m_mutex;
    QHash<Key, int> m_open;
};
