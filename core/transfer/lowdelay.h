#pragma once

// Qt's HTTP/1 client leaves Nagle's algorithm on for its connections (Qt 6.4 sets no
// TCP_NODELAY), and QNetworkAccessManager gives no access to its sockets. With the peer's delayed
// ACKs, the last partial segment of every request body then waits ~40 ms: measured here, one
// 64 KiB PATCH to @tus/server took 44 ms instead of 2 ms. These turn Nagle off on the TCP
// connections of this process; listening sockets are left alone.
//
// A sweep lists /proc/self/fd and looks at each socket once: a socket already seen (the same fd
// and inode) costs one fstat, not the five calls that tell a connection from other sockets. That
// matters with many small files: a sweep per request over 64 connections was 30% of Hoist's
// system calls (bench/peers.sh, 400 x 16 KiB at L1).

// Sweeps now. Returns how many sockets it changed.
int disableNagleOnOwnSockets();

// Call when a reply starts a connection (QNetworkReply::socketStartedConnecting): sweeps once
// the event loop is back, and again a little later while no new connection has been found (the
// signal can come before Qt's HTTP thread has made the socket). Needs an event loop.
void disableNagleOnNewConnection();

// Call when a request is sent: a sweep that mends a connection whose start was missed, coalesced
// and rate-limited (reused connections were handled when they started). Needs an event loop.
void disableNagleSoon();

// What the sweeps did, for tests: sweeps run, sockets examined in full (new fd or inode), and
// sockets changed.
struct LowDelayCounters {
    int sweeps = 0;
    int examined = 0;
    int changed = 0;
};
LowDelayCounters lowDelayCounters();
