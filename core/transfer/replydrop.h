#pragma once

class QNetworkReply;

// The requests of one upload that stand or fall together: the parts sent in parallel, over tus
// (TusParallelTransfer) or S3 (S3MultipartTransfer). The transfer makes one and hands it to every
// part (TransferJob::requests); when one part fails and the transfer stops the others, it marks
// the group failed first, and endReply() then frees the others' replies instead of aborting them.
// Why: Qt 6.4's QNetworkReply::abort() reports an error of its own (OperationCanceled) even when
// the HTTP thread's error for the same request is already on its way to this thread, and that
// second report prints "QNetworkReplyImplPrivate::error: Internal problem, this method must only
// be called once." One failure stopping requests that the same fault has already cut (a server
// that closes every connection when its disk is full, a reset) is exactly that case. One thread.
class RequestGroup final {
public:
    void markFailed() { m_failed = true; }
    bool hasFailed() const { return m_failed; }

private:
    bool m_failed = false;
};

// Ends a request whose answer is no longer wanted (its caller has disconnected from it), in any
// state, and frees its reply. Aborted at once when `group` is null or has not failed: a cancel
// must end a part's request before what is sent after it (the termination's DELETE). Freed
// without abort() when its group failed: deleting a reply cancels its request too (Qt sends the
// HTTP thread the same abort), a moment later, and an error still on its way finds no reply.
void endReply(QNetworkReply *reply, const RequestGroup *group = nullptr);
