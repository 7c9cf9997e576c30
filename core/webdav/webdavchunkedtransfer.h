#pragma once

#include "transfer.h"
#include "webdavexchange.h"
#include "webdavtarget.h"

#include <QPointer>
#include <QSet>

#include <optional>

class TransferFile;
class WebDavProtocol;
class WebDavRequest;
struct WebDavAnswer;

// One attempt at one file with Nextcloud's / ownCloud's chunked upload v2 (built against the
// documented protocol: no such server can run here; tests/tst_webdavchunked.cpp plays one):
//   MKCOL  …/remote.php/dav/uploads/USER/hoist-ID/         (405: there already — resume)
//   PROPFIND Depth 1 of it: the chunks the server holds     (each of the right size is kept)
//   PUT    …/hoist-ID/00001, 00002, …                      (the missing ones, in order)
//   MOVE   …/hoist-ID/.file  onto the target               (the server joins them)
// every request with Destination: the target's URL, the chunk PUTs and the MOVE with
// OC-Total-Length; the MOVE with X-OC-Mtime. ID is derived from the target, size and
// modification time, so even an upload whose URL was never stored is found again; the upload
// folder is reported as the upload (uploadCreated), and terminate() deletes it. After the MOVE a
// PROPFIND Depth 0 checks the size. The existing-files setting is Overwrite here: skip and
// rename go as plain PUTs (WebDavProtocol::createTransfer).
class WebDavChunkedTransfer final : public Transfer {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WebDavChunkedTransfer)
public:
    // Nextcloud numbers chunks 1 to 10000.
    static constexpr int MaxChunks = 10000;

    WebDavChunkedTransfer(WebDavProtocol *protocol, const TransferJob &job,
                          QObject *parent = nullptr);
    ~WebDavChunkedTransfer() override;

    void start() override;
    void abort() override;
    void continueAfterCreated() override;

    // The upload folder's name for a job's target URL: "hoist-" and a hash of it, size, time.
    static QString uploadIdFor(const QUrl &destination, const TransferJob &job);
    // The chunk size used for a file of `size` with `preferred`: at most MaxChunks chunks.
    static qint64 chunkSizeFor(qint64 size, qint64 preferred);

private:
    void run();
    void makeFolder();
    void list();
    void onListed(const WebDavAnswer &answer);
    void sendNext();
    void move();
    void verify();
    void fail(const TransferError &error);
    void finish(const UploadCheck &check);
    qint64 contiguous() const;
    qint64 chunkBegin(int n) const { return (n - 1) * m_chunkSize; }
    qint64 chunkEnd(int n) const { return qMin(m_job.fileSize, n * m_chunkSize); }
    QUrl chunkUrl(const QString &name) const;

    WebDavProtocol *m_protocol;
    TransferJob m_job;
    std::optional<WebDavTarget> m_target;
    WebDavExchange m_exchange; // every request with Destination: the target's URL
    QUrl m_destination;
    QUrl m_folder;
    qint64 m_chunkSize = 0;
    int m_chunks = 0;
    QSet<int> m_have; // chunks the server holds
    bool m_remade = false;
    bool m_held = false;
    TransferFile *m_file = nullptr;
    bool m_started = false;
    bool m_finished = false;
};
