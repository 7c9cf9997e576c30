#pragma once

#include "readgate.h"

#include <QByteArray>
#include <QIODevice>

#include <deque>
#include <memory>
#include <optional>

class QFile;
class StreamHash;

// A read-only, random-access request body over bytes [begin, end) of a file that is already open
// (see openSharedRegularFile), whose bytes a worker of fileReadPool() reads ahead, one block at a
// time, at most Blocks blocks ahead of the reader, from its first read on (so the bytes sent are
// the file's when the request goes). Nothing here touches the file on the thread the device lives
// on: Qt's network stack reads a body there (the GUI thread), and a read from a stalled mount
// would freeze the window. Memory is (Blocks + 1) * BlockSize per device, never the range.
//
// When no block is ready, a read returns 0 (not at end), and readyRead() follows once one
// arrives: what QNetworkAccessManager waits for before it asks a "choking" upload device again.
// The same for a throttle (a ReadGate): a read takes only what the gate grants. A seek (Qt's
// reset() when it sends a body again) keeps what is buffered when it can, else reads from there.
// A file found shorter than the range fails the read (truncated()) instead of sending short.
//
// The range's first block is kept once read, and a seek back into it reads from it at once, past
// any throttle: when Qt sends a body again it may take the first bytes it read before its reset()
// as read after it and then skip them with getChar(), which must not find "nothing yet" (Qt
// ignores that, and the body it sends then repeats those bytes; tst_faults caught one such body
// stored by @tus/server). Memory: one more block per device.
class ReadAheadDevice final : public QIODevice {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReadAheadDevice)
public:
    static constexpr qint64 BlockSize = 256 * 1024;
    static constexpr int Blocks = 4;

    ReadAheadDevice(std::shared_ptr<QFile> file, qint64 begin, qint64 end,
                    QObject *parent = nullptr);
    ~ReadAheadDevice() override;

    bool open(OpenMode mode) override;
    void close() override;
    bool isSequential() const override { return false; }
    qint64 size() const override { return m_end - m_begin; }
    bool seek(qint64 pos) override;
    bool atEnd() const override;
    // Bytes read ahead and not read yet.
    qint64 bufferedBytes() const { return buffered(); }
    // True once a read found fewer bytes in the file than the range promised.
    bool truncated() const { return m_truncated; }
    // Why a read of the file failed once the request was under way (EIO from a dying disk, a
    // network mount gone), as the system says it; empty if none did. Qt reports such a body as a
    // network error of its own ("Unknown error"): the transfer looks here first.
    QString readError() const { return m_readError; }
    // Paces reads through `gate` (shared: the requests of one task share one); null: no limit.
    void setThrottle(std::shared_ptr<ReadGate> gate);
    const std::shared_ptr<ReadGate> &throttle() const { return m_gate; }
    // Every byte read is also fed to `hash` (with its file offset): the upload's SHA-256 while
    // it is sent, with no read of its own. Null: none.
    void setStreamHash(std::shared_ptr<StreamHash> hash) { m_hash = std::move(hash); }

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *data, qint64 maxSize) override;

private:
    struct Inbox;
    struct Block {
        quint64 generation = 0;
        qint64 offset = 0; // in the file
        QByteArray bytes;
        bool failed = false;  // an error, or the file ended before the block did
        bool shorter = false; // the file ended
        QString problem;
    };
    // Starts the next block's read, unless one is on its way or enough are buffered.
    void readAhead();
    void arrived(Block block);
    qint64 buffered() const;
    void dropBuffered();
    void wakeReader();

    std::shared_ptr<QFile> m_file;
    std::shared_ptr<Inbox> m_inbox; // how a worker reaches this device while it lives
    qint64 m_begin;
    qint64 m_end;
    qint64 m_position = 0;           // the file offset the reader is at
    std::deque<QByteArray> m_blocks; // consecutive, from m_position on
    QByteArray m_head;               // the range's first block, once read: for rewinds
    qint64 m_readMost = 0;           // the file offset reads have reached (a rewind is below it)
    qint64 m_frontUsed = 0;          // bytes of m_blocks.front() already read
    qint64 m_readEnd = 0;            // the file offset the next block is read from
    quint64 m_generation = 0; // bumped by a seek that drops the buffer: late blocks are ignored
    bool m_reading = false;   // a block of this generation is on its way
    bool m_starved = false;   // a read returned 0 for want of a block
    bool m_truncated = false;
    QString m_readError;
    std::optional<Block> m_failure; // where reading failed, for the reader to reach
    std::shared_ptr<ReadGate> m_gate;
    std::shared_ptr<StreamHash> m_hash;
    quint64 m_gateGeneration = 0; // tells a late wake from a replaced gate apart
    bool m_waiting = false;       // a wake from m_gate is pending
};
