// SFTP uploads against a real OpenSSH sshd (SshdPeer) through SftpProtocol: files byte-identical
// on disk with their times and modes, host keys, keys, resuming a part, existing files.
#include "awkwardfolder.h"
#include "sftpconnection.h"
#include "sftpprotocol.h"
#include "sftprequestbatch.h"
#include "sftptransfer.h"
#include "sshdpeer.h"
#include "testfiles.h"
#include "testjob.h"
#include "transferrecorder.h"
#include "waitfor.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTest>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <memory>

namespace {
constexpr int TimeoutMs = 60000;
constexpr qint64 Tail = SftpFileUpload::TailBytes;

void setModified(const QString &path, const QDateTime &time)
{
    QFile file(path);
    if (file.open(QIODevice::Append))
        file.setFileTime(time, QFileDevice::FileModificationTime);
}

int modeOf(const QString &path)
{
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 07777) : -1;
}

// The first chunk a transfer sent: where it went on from.
qint64 firstBegin(const TransferRecorder &recorder)
{
    for (const QString &event : recorder.events) {
        if (event.startsWith(QLatin1String("chunk:")))
            return event.mid(6).section(QLatin1Char('-'), 0, 0).toLongLong();
    }
    return -1;
}
} // namespace

class TestSftpUpload : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<SshdPeer> m_sshd;
    QTemporaryDir m_files;

    SshSettings settings() const
    {
        SshSettings s;
        s.identityFile = m_sshd->clientKey();
        s.knownHostsFile = m_sshd->knownHosts();
        s.useAgent = false;
        return s;
    }
    // Runs one transfer of `job` to the end; `during` sees it start.
    std::unique_ptr<TransferRecorder> upload(SftpProtocol &protocol, const TransferJob &job,
                                             std::unique_ptr<Transfer> *keep = nullptr)
    {
        std::unique_ptr<Transfer> transfer = protocol.createTransfer(job);
        auto recorder = std::make_unique<TransferRecorder>(transfer.get());
        transfer->start();
        recorder->wait(TimeoutMs);
        if (keep)
            *keep = std::move(transfer);
        return recorder;
    }
    TransferJob job(const QString &path, const QString &relative = QString()) const
    {
        TransferJob j = testJob(path, QUrl(m_sshd->endpoint(QStringLiteral("up"))));
        if (!relative.isEmpty())
            j.metadata.insert(QStringLiteral("relativePath"), relative);
        return j;
    }
    QString stored(const QString &relative) const
    {
        return m_sshd->root() + QStringLiteral("/up/") + relative;
    }

    // A connection to the test sshd, open; null (and the test failed) when it would not open.
    std::unique_ptr<SftpConnection> connected() const
    {
        const std::optional<SftpTarget> target =
            SftpTarget::fromUrl(QUrl(m_sshd->endpoint(QStringLiteral("up"))));
        if (!target) {
            QTest::qFail("no SFTP target", __FILE__, __LINE__);
            return nullptr;
        }
        auto connection = std::make_unique<SftpConnection>(*target, settings());
        const TransferError error = connection->open(TimeoutMs);
        if (error.kind != TransferError::Kind::None) {
            QTest::qFail(qPrintable(error.message()), __FILE__, __LINE__);
            return nullptr;
        }
        return connection;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_sshd = std::make_unique<SshdPeer>();
        QVERIFY(m_sshd->isUsable());
        QString error;
        QVERIFY2(m_sshd->start(&error), qPrintable(error));
        QVERIFY(m_sshd->trustHostKey());
    }

    void init() { QDir(m_sshd->root() + QStringLiteral("/up")).removeRecursively(); }

    // On a processor with AES instructions Hoist asks for AES-GCM first: what it sends is then
    // encrypted and decrypted at less cost per byte than with chacha20-poly1305, OpenSSH's and
    // libssh's first choice (a 256 MiB file on loopback: 0.66-0.73 s against 0.82 s).
    void aesGcmWhereTheProcessorHasAes()
    {
        const std::unique_ptr<SftpConnection> connection = connected();
        QVERIFY(connection);
        const QByteArray sent = ssh_get_cipher_out(connection->ssh());
#if defined(__x86_64__) || defined(__i386__)
        if (__builtin_cpu_supports("aes") && __builtin_cpu_supports("pclmul")) {
            QCOMPARE(sent, QByteArray("aes128-gcm@openssh.com"));
            return;
        }
#endif
        QCOMPARE(sent, QByteArray("chacha20-poly1305@openssh.com"));
    }

    // A small SFTP request (a close, a rename, a key exchange step) goes out at once, not held by
    // Nagle until the server's delayed ACK: 40 ms a time on Linux, most of a small file's upload.
    void smallPacketsAreNotHeldBack()
    {
        const std::unique_ptr<SftpConnection> connection = connected();
        QVERIFY(connection);
        const socket_t fd = ssh_get_fd(connection->ssh());
        QVERIFY(fd != SSH_INVALID_SOCKET);
        int noDelay = 0;
        socklen_t size = sizeof noDelay;
        QCOMPARE(getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &noDelay, &size), 0);
        QVERIFY(noDelay != 0);
    }

    // Small requests batched together go out together: one channel write (one SSH packet, one
    // wake-up of the server) for many, each still answered by its own id.
    void requestsGoTogether()
    {
        const std::unique_ptr<SftpConnection> connection = connected();
        QVERIFY(connection);
        QVERIFY(QDir().mkpath(m_sshd->root() + QStringLiteral("/up")));
        SftpRequestBatch batch(connection.get(), TimeoutMs);
        QList<quint32> ids;
        for (int i = 0; i < 40; ++i)
            ids.append(
                batch.stat((m_sshd->root() + QStringLiteral("/up/missing%1").arg(i)).toUtf8()));
        const quint32 there = batch.stat(m_sshd->root().toUtf8());
        QCOMPARE(batch.writes(), 0); // held until wait()
        QVERIFY(batch.wait());
        QCOMPARE(batch.writes(), 1);
        for (const quint32 id : std::as_const(ids)) {
            QVERIFY(id != 0);
            QVERIFY(batch.answer(id).received);
            QCOMPARE(int(batch.answer(id).status), int(SSH_FX_NO_SUCH_FILE));
        }
        QVERIFY(batch.answer(there).isAttrs());
    }

    void awkwardNamesArriveWhole()
    {
        const QStringList paths = makeAwkwardFolder(m_files.path(), QStringLiteral("awk"));
        QCOMPARE(paths.size(), AwkwardCount);
        SftpProtocol protocol;
        protocol.setSettings(settings());
        for (const QString &relative : paths) {
            const QString local = m_files.path() + QLatin1Char('/') + relative;
            setModified(local, QDateTime::fromSecsSinceEpoch(1600000000 + relative.size()));
            const auto recorder = upload(protocol, job(local, relative));
            QVERIFY2(recorder->succeeded(),
                     qPrintable(relative + QLatin1String(": ") + recorder->error.message()));
            const QString remote = stored(relative);
            QVERIFY2(filesEqual(local, remote), qPrintable(relative));
            const QFileInfo info(remote);
            QCOMPARE(info.lastModified().toSecsSinceEpoch(), 1600000000 + relative.size());
            QCOMPARE(modeOf(remote), 0644);
            QVERIFY(!QFileInfo::exists(QFileInfo(remote).dir().filePath(
                QLatin1Char('.') + info.fileName() + QLatin1String(".hoist-part"))));
        }
        const QFileInfo folder(stored(QStringLiteral("awk/sub dir/deeper")));
        QVERIFY(folder.isDir());
        QCOMPARE(modeOf(folder.filePath()), 0755);
    }

    void largeFile()
    {
        const qint64 size = qEnvironmentVariableIntValue("HOIST_SFTP_LARGE_MIB") > 0
                                ? qEnvironmentVariableIntValue("HOIST_SFTP_LARGE_MIB") * Tail
                                : 200 * Tail;
        const QString local = makeTestFile(m_files.path(), QStringLiteral("large.bin"), size, 7);
        SftpProtocol protocol;
        protocol.setSettings(settings());
        QElapsedTimer timer;
        timer.start();
        const auto recorder = upload(protocol, job(local));
        QVERIFY2(recorder->succeeded(), qPrintable(recorder->error.message()));
        qInfo("%lld MiB in %lld ms", size / Tail, timer.elapsed());
        QVERIFY(fileMatches(stored(QStringLiteral("large.bin")), size, 7));
        QCOMPARE(recorder->offsets.last(), size);
        QFile::remove(local);
    }

    void tornPartIsRewrittenFromWhereItDiffers()
    {
        const qint64 size = 5 * Tail + 123;
        const QString local = makeTestFile(m_files.path(), QStringLiteral("torn.bin"), size, 9);
        // An earlier attempt left 3 MiB + 1000, the last 700 of them wrong (a torn write).
        const qint64 held = 3 * Tail + 1000;
        QDir().mkpath(stored(QString()));
        QFile part(stored(QStringLiteral(".torn.bin.hoist-part")));
        QVERIFY(part.open(QIODevice::WriteOnly));
        QByteArray bytes = testContent(held, 9);
        for (qint64 i = held - 700; i < held; ++i)
            bytes[i] = char(~bytes.at(i));
        part.write(bytes);
        part.close();
        SftpProtocol protocol;
        protocol.setSettings(settings());
        const auto recorder = upload(protocol, job(local));
        QVERIFY2(recorder->succeeded(), qPrintable(recorder->error.message()));
        QCOMPARE(firstBegin(*recorder), held - 700);
        QCOMPARE(m_sshd->bytesWritten(QStringLiteral("/.torn.bin.hoist-part")),
                 size - (held - 700));
        QVERIFY(fileMatches(stored(QStringLiteral("torn.bin")), size, 9));
        QVERIFY(!part.exists());
    }

    void abortedUploadGoesOnFromItsPart()
    {
        const qint64 size = 64 * Tail;
        const QString local = makeTestFile(m_files.path(), QStringLiteral("resume.bin"), size, 11);
        SftpProtocol protocol;
        protocol.setSettings(settings());
        std::unique_ptr<Transfer> first = protocol.createTransfer(job(local));
        TransferRecorder recorder(first.get());
        first->start();
        QVERIFY(waitFor(
            [&] { return recorder.offsets.size() > 3 && recorder.offsets.last() > 4 * Tail; },
            TimeoutMs));
        first->abort();
        // The second waits for the connection the first is giving up at its next write.
        const auto second = upload(protocol, job(local));
        QVERIFY2(second->succeeded(), qPrintable(second->error.message()));
        QVERIFY(firstBegin(*second) >= 4 * Tail - Tail);
        // Every byte of the part went once, but for at most one chunk compared and found right.
        const qint64 written = m_sshd->bytesWritten(QStringLiteral("/.resume.bin.hoist-part"));
        QVERIFY2(written >= size && written <= size + Tail, qPrintable(QString::number(written)));
        QVERIFY(fileMatches(stored(QStringLiteral("resume.bin")), size, 11));
    }

    // A cancelled upload's part is removed through its upload URL; a finished file never is.
    void terminateRemovesThePart()
    {
        QDir().mkpath(stored(QString()));
        QFile part(stored(QStringLiteral(".gone.bin.hoist-part")));
        QVERIFY(part.open(QIODevice::WriteOnly));
        part.write("half");
        part.close();
        const QString local = makeTestFile(m_files.path(), QStringLiteral("gone.bin"), 10, 1);
        const QUrl url =
            SftpTransfer::partUrl(*SftpTarget::fromUrl(job(local).endpoint), job(local));
        SftpProtocol protocol;
        protocol.setSettings(settings());
        QSignalSpy terminated(&protocol, &TransferProtocol::terminated);
        protocol.terminate(url, {});
        QVERIFY(terminated.wait(TimeoutMs));
        QCOMPARE(terminated.at(0).at(0).toUrl(), url);
        QVERIFY(terminated.at(0).at(1).toBool());
        QVERIFY(!part.exists());
        QFile file(stored(QStringLiteral("kept.bin")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QUrl finished = url;
        finished.setPath(stored(QStringLiteral("kept.bin")));
        protocol.terminate(finished, {});
        QVERIFY(terminated.wait(TimeoutMs));
        QVERIFY(!terminated.at(1).at(1).toBool());
        QVERIFY(file.exists());
    }

    void unknownHostIsRefusedWithItsFingerprint()
    {
        SshSettings s = settings();
        s.knownHostsFile = m_files.path() + QStringLiteral("/empty_known_hosts");
        SftpProtocol protocol;
        protocol.setSettings(s);
        const QString local = makeTestFile(m_files.path(), QStringLiteral("u.bin"), 10, 1);
        const auto recorder = upload(protocol, job(local));
        QVERIFY(!recorder->succeeded());
        QCOMPARE(recorder->error.kind, TransferError::Kind::Rejected);
        const QString fp = m_sshd->hostKeyFingerprint();
        QVERIFY2(recorder->error.message().contains(QStringLiteral("--ssh-accept-host-key ") + fp),
                 qPrintable(recorder->error.message()));
        QVERIFY(!QFileInfo::exists(stored(QStringLiteral("u.bin"))));
        // Accepted by its fingerprint: uploads, and is known from then on.
        s.acceptedHostKeys = {fp};
        protocol.setSettings(s);
        const auto accepted = upload(protocol, job(local));
        QVERIFY2(accepted->succeeded(), qPrintable(accepted->error.message()));
        s.acceptedHostKeys.clear();
        protocol.setSettings(s);
        QVERIFY(upload(protocol, job(local))->succeeded());
    }

    void hashedKnownHostsEntry()
    {
        QVERIFY(m_sshd->trustHostKey(true));
        QFile known(m_sshd->knownHosts());
        QVERIFY(known.open(QIODevice::ReadOnly));
        QVERIFY(known.readAll().startsWith("|1|"));
        SftpProtocol protocol;
        protocol.setSettings(settings());
        const QString local = makeTestFile(m_files.path(), QStringLiteral("h.bin"), 1000, 2);
        const auto recorder = upload(protocol, job(local));
        QVERIFY2(recorder->succeeded(), qPrintable(recorder->error.message()));
        QVERIFY(m_sshd->trustHostKey(false));
    }

    void wrongKeyIsPermanent()
    {
        SshSettings s = settings();
        s.identityFile = m_sshd->otherClientKey();
        SftpProtocol protocol;
        protocol.setSettings(s);
        const QString local = makeTestFile(m_files.path(), QStringLiteral("k.bin"), 10, 1);
        const auto recorder = upload(protocol, job(local));
        QVERIFY(!recorder->succeeded());
        QCOMPARE(recorder->error.kind, TransferError::Kind::Rejected);
        QVERIFY2(recorder->error.message().contains(QStringLiteral("refused every key"))
                     && recorder->error.message().contains(m_sshd->otherClientKey()),
                 qPrintable(recorder->error.message()));
    }

    void existingFiles_data()
    {
        QTest::addColumn<int>("policy");
        QTest::addColumn<bool>("sameFile");
        QTest::addColumn<bool>("succeeds");
        QTest::addColumn<QString>("storedAs");
        QTest::newRow("skip same") << int(IfExists::Skip) << true << true << "e.txt";
        QTest::newRow("skip different") << int(IfExists::Skip) << false << false << "";
        QTest::newRow("overwrite") << int(IfExists::Overwrite) << false << true << "e.txt";
        QTest::newRow("rename") << int(IfExists::Rename) << false << true << "e (2).txt";
    }
    void existingFiles()
    {
        QFETCH(int, policy);
        QFETCH(bool, sameFile);
        QFETCH(bool, succeeds);
        QFETCH(QString, storedAs);
        const QString local = makeTestFile(m_files.path(), QStringLiteral("e.txt"), 5000, 3);
        const QDateTime time = QDateTime::fromSecsSinceEpoch(1500000000);
        setModified(local, time);
        QDir().mkpath(stored(QString()));
        const QString there = stored(QStringLiteral("e.txt"));
        if (sameFile) {
            QFile::copy(local, there);
        } else {
            QFile other(there);
            QVERIFY(other.open(QIODevice::WriteOnly));
            other.write("someone else's");
            other.close();
        }
        setModified(there, time);
        const QByteArray before = [&] {
            QFile f(there);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        SshSettings s = settings();
        s.existingFiles = IfExists(policy);
        SftpProtocol protocol;
        protocol.setSettings(s);
        const auto recorder = upload(protocol, job(local));
        QCOMPARE(recorder->succeeded(), succeeds);
        if (!succeeds) {
            QCOMPARE(recorder->error.kind, TransferError::Kind::Rejected);
            QVERIFY(recorder->error.message().contains(QStringLiteral("--if-exists")));
        }
        if (sameFile) // nothing sent
            QCOMPARE(firstBegin(*recorder), -1);
        if (!storedAs.isEmpty())
            QVERIFY(filesEqual(local, stored(storedAs)));
        if (IfExists(policy) != IfExists::Overwrite) {
            QFile f(there);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), before);
        }
    }

    void changedHostKeyIsRefusedWithBoth()
    {
        const QString known = m_sshd->hostKeyFingerprint();
        const quint16 port = m_sshd->port();
        m_sshd->kill();
        QVERIFY(m_sshd->regenerateHostKey());
        QString error;
        QVERIFY2(m_sshd->start(&error, port), qPrintable(error));
        const QString shown = m_sshd->hostKeyFingerprint();
        QVERIFY(shown != known);
        SshSettings s = settings();
        s.acceptedHostKeys = {shown}; // never for a key that differs from a known one
        SftpProtocol protocol;
        protocol.setSettings(s);
        const QString local = makeTestFile(m_files.path(), QStringLiteral("c.bin"), 10, 1);
        const auto recorder = upload(protocol, job(local));
        QVERIFY(!recorder->succeeded());
        QCOMPARE(recorder->error.kind, TransferError::Kind::Rejected);
        const QString message = recorder->error.message();
        QVERIFY2(message.contains(known) && message.contains(shown)
                     && message.contains(QStringLiteral("changed")),
                 qPrintable(message));
        QVERIFY(m_sshd->trustHostKey());
    }
};

QTEST_MAIN(TestSftpUpload)
#include "tst_sftpupload.moc"
