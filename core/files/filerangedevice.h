#pragma once

#include "readgate.h"

#include <QFile>
#include <QIODevice>

#include <memory>

class StreamHash;

// A read-only, random-access device over bytes [begin, end) of a file, so a request body streams
// from disk and memory does not grow with the chunk or the file. If the file turns out shorter
// than the range while reading (it was truncated), reads fail instead of sending short.
// With a throttle (a ReadGate), a read takes only what the gate grants; when it grants nothing the
// read returns 0 (not at end), and readyRead() follows once the gate wakes the device. That is
// what QNetworkAccessManager waits for before it asks a "choking" upload device again.
class FileRangeDevice final : public QIODevice {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FileRangeDevice)
public:
    FileRangeDevice(const QString &path, qint64 begin, qint64 end, QObject *parent = nullptr);
    ~FileRangeDevice() override;

    bool open(OpenMode mode) override;
    void close() override;
    bool isSequential() const override { return false; }
    qint64 size() const override { return m_end - m_begin; }
    bool seek(qint64 pos) override;
    bool atEnd() const override;
    // True once a read found fewer bytes in the file than the range promised.
    bool truncated() const { return m_truncated; }
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
    QFile m_file;
    qint64 m_begin;
    qint64 m_end;
    bool m_truncated = false;
    std::shared_ptr<ReadGate> m_gate;
    std::shared_ptr<StreamHash> m_hash;
    quint64 m_gateGeneration = 0; // tells a late wake from a replaced gate apart
    bool m_waiting = false;       // a wake from m_gate is pending
};
