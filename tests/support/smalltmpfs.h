#pragma once

#include <QString>
#include <QTemporaryDir>

// A tmpfs of a few hundred KiB mounted on a temporary folder, to fill a disk for real: writes
// there fail with ENOSPC as on a full disk, and grow() gives room back while files stay open.
// Mounting needs root (the CI's fixtures run as root); mount() says why it cannot, for QSKIP.
class SmallTmpfs final {
    Q_DISABLE_COPY_MOVE(SmallTmpfs)
public:
    SmallTmpfs() = default;
    ~SmallTmpfs(); // unmounts (lazily: a process may still hold a file there)

    bool mount(qint64 bytes, QString *whyNot);
    bool grow(qint64 bytes, QString *error);
    QString path() const { return m_dir.path(); }
    bool isMounted() const { return m_mounted; }

private:
    QTemporaryDir m_dir;
    bool m_mounted = false;
};
