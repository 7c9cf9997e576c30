#pragma once

#include <QFile>
#include <QIODevice>

// A read-only, random-access device over bytes [begin, end) of a file, so a request body streams
// from disk and memory does not grow with the chunk or the file. If the file turns out shorter
// than the range while reading (it was truncated), reads fail instead of sending short.
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

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *data, qint64 maxSize) override;

private:
    QFile m_file;
    qint64 m_begin;
    qint64 m_end;
    bool m_truncated = false;
};
