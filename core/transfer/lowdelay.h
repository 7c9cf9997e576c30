#pragma once

// Qt's HTTP/1 client leaves Nagle's algorithm on for its connections (Qt 6.4 sets no
// TCP_NODELAY), and QNetworkAccessManager gives no access to its sockets. With the peer's delayed
// ACKs, the last partial segment of every request body then waits ~40 ms: measured here, one
// 64 KiB PATCH to @tus/server took 44 ms instead of 2 ms. This turns Nagle off on every TCP
// connection of this process that does not have it off yet; call it when a reply starts
// connecting (QNetworkReply::socketStartedConnecting). Listening sockets are left alone.
// Returns how many sockets it changed.
int disableNagleOnOwnSockets();
