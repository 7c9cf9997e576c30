#pragma once

#include "ifexists.h"
#include "transfer.h"
#include "webdavexchange.h"
#include "webdavtarget.h"
#include "webdavxml.h"

#include <QPointer>

#include <memory>
#include <optional>

class ReadAheadDevice;
class StreamHash;
class TransferFile;
class WebDavProtocol;
class WebDavRequest;
struct WebDavAnswer;

// One attempt at one file over plain WebDAV: its folders made (WebDavFolders), then whether a file
// is there: nothing to learn in a folder this run made, else its folder's listing says
// (WebDavListings: one PROPFIND Depth: 1 per folder), else a PROPFIND of the name; then, as the
// protocol's IfExists says, one streamed PUT guarded so that nothing is replaced unseen (a stale
// listing included):
//   not there            PUT with If-None-Match: *
//   there, Overwrite     PUT with If-Match: its ETag (what was seen is what is replaced)
//   there, Skip          nothing sent: completed, the check saying the server's file was kept
//   there, Rename        the first free "NAME (2).EXT", "(3)", ... with If-None-Match: *
// A 412 (someone else was faster, or the listing was stale) looks the name up, a few times. After
// the PUT a PROPFIND Depth 0 checks the size and, when the server offers a SHA-256 (oc:checksums,
// OC-Checksum), compares it with the hash of the bytes sent. Signals: chunkStarted(0, size),
// chunkProgress..., then offsetConfirmed(size), checked, completed; or failed. Nothing of a broken
// PUT is kept by the server, so a retry starts the file again (its failure says so).
class WebDavPutTransfer final : public Transfer {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WebDavPutTransfer)
public:
    // How many " (n)" names Rename tries, and how often a 412 makes it look again.
    static constexpr int MaxRenames = 1000;
    static constexpr int MaxPreconditionRetries = 3;

    WebDavPutTransfer(WebDavProtocol *protocol, const TransferJob &job, QObject *parent = nullptr);
    ~WebDavPutTransfer() override;

    void start() override;
    void abort() override;
    void continueAfterCreated() override {}

    // "dir/name (n).ext" for "dir/name.ext".
    static QString numberedName(const QString &relativePath, int n);

private:
    void run();
    // The folder m_path goes into (its listing's key); empty for a file in the server's root.
    QUrl folderOf(const QString &path) const;
    // Whether a file is at m_path, from its folder's listing (WebDavListings), else lookUp().
    void look();
    // A PROPFIND Depth: 0 of m_path: the look that trusts no listing (after a 412).
    void lookUp();
    void onLookedUp(const WebDavAnswer &answer);
    // What the listing should know of m_path now.
    void learned(const std::optional<WebDavEntry> &entry);
    // Something is at m_path: a folder fails, a file goes to onFound().
    void onThere(const WebDavEntry &there);
    // The server has a file at m_path: as the setting (or the person, asked) says.
    void onFound(const WebDavEntry &there);
    void put(const HttpHeader &condition);
    void onPut(const WebDavAnswer &answer);
    void verify();
    void onVerified(const WebDavAnswer &answer);
    void finish(const UploadCheck &check);
    void fail(TransferError error);

    WebDavProtocol *m_protocol;
    TransferJob m_job;
    std::optional<WebDavTarget> m_target;
    WebDavExchange m_exchange;
    QString m_path; // where the file goes now (a renamed one after Rename)
    int m_renames = 0;
    std::optional<IfExists> m_decided; // the person's answer under IfExists::Ask
    int m_preconditionRetries = 0;
    bool m_sending = false;
    TransferFile *m_file = nullptr;
    std::shared_ptr<StreamHash> m_hash;
    QByteArray m_sha256;      // of the bytes sent, when the whole file streamed once in order
    QByteArray m_putChecksum; // OC-Checksum of the PUT's answer
    QPointer<ReadAheadDevice> m_body;
    bool m_started = false;
    bool m_finished = false;
};
