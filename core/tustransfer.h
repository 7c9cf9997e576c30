#pragma once

#include "tusprotocol.h"

#include <QElapsedTimer>
#include <QNetworkRequest>
#include <QPointer>
#include <QTimer>

class QNetworkReply;
class FileRangeDevice;

// One attempt at one tus upload. Steps: OPTIONS (once per endpoint, via TusProtocol) ->
// POST (creation, with the first chunk when creation-with-upload is offered) or HEAD (resume) ->
// PATCH one chunk per request until Upload-Offset == Upload-Length.
class TusTransfer final : public Transfer {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TusTransfer)
public:
    TusTransfer(TusProtocol *protocol, const TransferJob &job, QObject *parent = nullptr);
    ~TusTransfer() override;

    void start() override;
    void abort() override;

private:
    enum class Step { Idle, Discover, Create, Head, Patch, Done };

    void discover();
    void create();
    void head();
    void patch();
    void sendNext();

    void onDiscoverFinished();
    void onCreateFinished();
    void onHeadFinished();
    void onPatchFinished();
    void onUploadProgress(qint64 sent, qint64 total);
    void onStalled();

    QNetworkRequest makeRequest(const QUrl &url) const;
    QNetworkReply *track(QNetworkReply *reply);
    bool checkFileUnchanged();
    void fail(const TransferError &error);
    TransferError errorFromReply(QNetworkReply *reply, const QString &what) const;
    QByteArray encodedMetadata() const;
    qint64 nextChunkEnd(qint64 offset) const;

    TusProtocol *m_protocol;
    TransferJob m_job;
    TusCapabilities m_caps;
    Step m_step = Step::Idle;
    qint64 m_offset = 0;
    QPointer<QNetworkReply> m_reply;
    QPointer<FileRangeDevice> m_body;
    QTimer m_stallTimer;
    bool m_finished = false;
};
