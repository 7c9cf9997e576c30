#pragma once

#include "peerstats.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QUrl>

#include <memory>

// A real tus server on a loopback port for the client's tests, whichever it is: the third-party
// @tus/server (TusServerProcess) or the project's own hoistd (HoistdProcess). Which one a test
// program talks to comes from HOIST_TEST_PEER (tus-node, the default, or hoistd), so that ctest
// runs each client test program against both (tests/CMakeLists.txt, hoist_test PEERS). Suites
// with S3 cases run against the shared Ceph RGW too (rgw, RgwTestPeer), skipping the tus-only ones.
class TestPeer {
public:
    enum class Kind { TusNode, Hoistd, Rgw };

    virtual ~TestPeer();

    // The kind HOIST_TEST_PEER names; an unknown name stops the test program, naming the valid
    // ones.
    static Kind kindFromEnvironment();
    // A peer of that kind, not started yet.
    static std::unique_ptr<TestPeer> create(Kind kind = kindFromEnvironment());

    virtual Kind kind() const = 0;
    QString name() const; // "tus-node", "hoistd" or "rgw", for messages and QSKIP reasons
    bool isS3() const { return kind() == Kind::Rgw; }

    // Starts it on `port` (0: any free one) and waits until it listens. maxSize > 0: it
    // advertises Tus-Max-Size and refuses larger uploads with 413. Stops a running one first.
    virtual bool start(quint16 port = 0, qint64 maxSize = 0) = 0;
    // SIGKILL, as a crash would, and waits for it to be gone.
    virtual void kill() = 0;
    // Starts it again on the same port, with the same storage and options.
    virtual bool restart() = 0;
    virtual bool isRunning() const = 0;

    virtual quint16 port() const = 0;
    // http://127.0.0.1:PORT/files/; an S3 peer's bucket as an s3:// target (RgwTestPeer).
    virtual QUrl endpoint() const;

    // The file holding an upload's bytes, by its URL or Location (last path segment).
    virtual QString storedPath(const QUrl &uploadUrl) const = 0;
    QByteArray storedBytes(const QUrl &uploadUrl) const;
    bool holds(const QUrl &uploadUrl) const;
    // The uploads it keeps (finished or not), as a client would address them.
    virtual QList<QUrl> uploads() const = 0;
    int uploadCount() const { return int(uploads().size()); }
    // Deletes what the server keeps of an upload behind its back, as lost storage would; call it
    // while the server is down. Once restarted, the server no longer knows the upload.
    virtual bool eraseStored(const QUrl &uploadUrl) = 0;
    // An upload's metadata as the server keeps it, values decoded. For hoistd this is a HEAD
    // request, which its stats() count.
    virtual QMap<QString, QString> metadata(const QUrl &uploadUrl) const = 0;

    // Requests as they arrived, since the start or the last resetStats().
    virtual PeerStats stats() const = 0;
    virtual void resetStats() = 0;

    virtual QString errorString() const = 0;
    virtual QString serverLog() const = 0;       // what it printed on stderr, for failure messages
    QString serverLogTail(int lines = 40) const; // its last lines

protected:
    TestPeer() = default;

private:
    Q_DISABLE_COPY_MOVE(TestPeer)
};
