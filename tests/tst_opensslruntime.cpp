// libcrypto lasts until the process is gone (core/crypto/opensslruntime.h): a thread that hashes
// and ends while the process exits, after every handler registered with atexit() has run, still
// gets the right digest, and (in the sanitized tree) LeakSanitizer finds nothing left of it.
// With OpenSSL's own clean-up at exit, that hash fails (libcrypto refuses to set up again) and
// the thread's error queue leaks; Qt's threads end like that, after QThread::wait() returned.
//
// The program is its own subject: run with HOIST_OPENSSL_EXIT_CHILD set, it hashes once in main()
// and once more on a thread started from a static object's destructor, which runs after the
// handlers registered later (OpenSSL's, set up by the first hash). Exit status 0 means both
// digests were right.
#include "sanitizer.h"
#include "streamhash.h"

#include <QProcess>
#include <QTest>

#include <cstdlib>
#include <thread>
#include <unistd.h>

namespace {
const char *const ChildVariable = "HOIST_OPENSSL_EXIT_CHILD";
// SHA-256("abc"), FIPS 180-2's example.
const QByteArray Abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
constexpr int ExitWrongInMain = 2;
constexpr int ExitWrongAtExit = 3;

bool hashesAbc()
{
    StreamHash hash;
    hash.feed(0, "abc", 3);
    return hash.finish(3).toHex() == Abc;
}

// Made before libcrypto is first used, so that its destructor runs after OpenSSL's handler.
struct HashAtExit {
    ~HashAtExit()
    {
        bool ok = false;
        std::thread late([&ok] { ok = hashesAbc(); });
        late.join();
        if (!ok)
            _exit(ExitWrongAtExit);
    }
};

int childMain()
{
    static HashAtExit atExit;
    return hashesAbc() ? 0 : ExitWrongInMain;
}
} // namespace

class TestOpenSslRuntime : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void threadHashingAtExitFindsLibcryptoWhole()
    {
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QString::fromLatin1(ChildVariable), QStringLiteral("1"));
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(), {});
        QVERIFY(child.waitForFinished(60000));
        const QByteArray err = child.readAllStandardError();
        QCOMPARE(child.exitStatus(), QProcess::NormalExit);
        QVERIFY2(!hasSanitizerReport(err), err.constData());
        QCOMPARE(child.exitCode(), 0);
    }
};

int main(int argc, char **argv)
{
    if (std::getenv(ChildVariable))
        return childMain();
    QCoreApplication app(argc, argv);
    TestOpenSslRuntime test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_opensslruntime.moc"
