#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

#include <memory>

// The body of an UploadPart or a PutObject: bytes in memory, or a range of a file read in
// chunks as it is sent (never whole), opened anew for every attempt. The one digest its request
// carries for the store to check (the MD5 as Content-MD5, or the SHA-256 the signature covers) is
// computed by reading the range once before sending (kept: a retry of the call does not read it
// again). Cheap to copy; not shared between threads while in use.
class S3Body final {
public:
    S3Body() = default;
    static S3Body fromBytes(QByteArray bytes);
    // `length` bytes of the file at `path` from `offset`; a file that is shorter when sent
    // fails the call (Local), it never sends fewer bytes than announced.
    static S3Body fromFile(QString path, qint64 offset, qint64 length);

    qint64 size() const { return m_length; }
    bool isFile() const { return !m_path.isEmpty(); }
    enum class Digests { Md5, Sha256 };
    // Computes the digest `which` unless it is known. False with the reason in `problem` when the
    // file cannot be read.
    bool computeDigests(Digests which, QString *problem);
    const QByteArray &md5() const { return m_md5; }
    const QByteArray &sha256() const { return m_sha256; }

    // One attempt's reading of the body, from its start.
    class Reader final {
    public:
        explicit Reader(const S3Body &body);
        bool open(QString *problem);
        // Up to `max` bytes; 0 at the end; -1 when the file failed or ended early.
        qint64 read(char *data, qint64 max);
        bool rewind();
        qint64 size() const { return m_body.m_length; }
        const QString &problem() const { return m_problem; }

    private:
        const S3Body &m_body;
        std::unique_ptr<QFile> m_file;
        qint64 m_position = 0;
        QString m_problem;
    };

private:
    QByteArray m_bytes;
    QString m_path;
    qint64 m_offset = 0;
    qint64 m_length = 0;
    QByteArray m_md5;
    QByteArray m_sha256;
};
