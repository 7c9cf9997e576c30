#pragma once

class QNetworkReply;

// Ends a request whose answer is no longer wanted (its caller has disconnected from it), in any
// state, and frees its reply. Not QNetworkReply::abort(): Qt 6.4's abort() reports an error of its
// own (OperationCanceled) even when the HTTP thread's error for the same request is already on its
// way to this thread, and that second report prints "QNetworkReplyImplPrivate::error: Internal
// problem, this method must only be called once." It happens whenever one failure stops other
// requests the same network fault has already cut: the parts of one upload when its server goes
// (a full disk that closes connections, a reset), one part failing first. Deleting the reply
// cancels its request as abort() does (Qt sends the HTTP thread the same abort), and an error still
// on its way finds no reply to report to.
void dropReply(QNetworkReply *reply);
