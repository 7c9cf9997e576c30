#pragma once

#include <QIODevice>

class UploadSource;

// An UploadSource as a read-only, seekable QIODevice, for code that reads a QIODevice (the
// instant-upload proof, InstantWire::computeProof). Opened ReadOnly by the constructor; reads go
// straight to the source at pos(), unbuffered. The source must outlive it.
class UploadSourceDevice final : public QIODevice {
    Q_OBJECT
public:
    explicit UploadSourceDevice(UploadSource &source, QObject *parent = nullptr);

    bool isSequential() const override { return false; }
    qint64 size() const override;

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *data, qint64 maxSize) override;

private:
    UploadSource &m_source;
};
