// SftpJobEvents: a worker's events reach the listener of their job's ticket, and only it.
#include "sftpjobevents.h"
#include "sftpworker.h"

#include <QTest>

#include <memory>

namespace {
SftpTarget target()
{
    return *SftpTarget::fromUrl(QUrl(QStringLiteral("sftp://someone@127.0.0.1:1/up")));
}
} // namespace

class TestSftpJobEvents : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eachTicketHearsItsOwn()
    {
        SftpWorker worker(target(), SshSettings());
        SftpJobEvents events(&worker);
        QObject context;
        QStringList heard;
        const auto listener = [&heard, &context](const QString &who) {
            SftpJobEvents::Listener l;
            l.context = &context;
            l.started = [&heard, who](qint64 b, qint64 e) {
                heard << QStringLiteral("%1 started %2-%3").arg(who).arg(b).arg(e);
            };
            l.sent = [&heard, who](qint64 n) {
                heard << QStringLiteral("%1 sent %2").arg(who).arg(n);
            };
            l.confirmed = [&heard, who](qint64 o) {
                heard << QStringLiteral("%1 confirmed %2").arg(who).arg(o);
            };
            l.finished = [&heard, who](const SftpUploadResult &r) {
                heard << QStringLiteral("%1 finished %2").arg(who, r.storedAs);
            };
            return l;
        };
        events.listen(1, listener(QStringLiteral("a")));
        events.listen(2, listener(QStringLiteral("b")));
        QCOMPARE(events.listening(), 2);
        Q_EMIT worker.started(2, 0, 10);
        Q_EMIT worker.sent(1, 5);
        Q_EMIT worker.confirmed(2, 10);
        Q_EMIT worker.started(7, 0, 1); // nobody's
        SftpUploadResult done;
        done.storedAs = QStringLiteral("/up/b");
        Q_EMIT worker.finished(2, done);
        Q_EMIT worker.confirmed(2, 20); // after its end: not heard
        QCOMPARE(heard, QStringList({QStringLiteral("b started 0-10"), QStringLiteral("a sent 5"),
                                     QStringLiteral("b confirmed 10"),
                                     QStringLiteral("b finished /up/b")}));
        QCOMPARE(events.listening(), 1); // the finished job was forgotten
        events.forget(1);
        Q_EMIT worker.sent(1, 6);
        QCOMPARE(heard.size(), 4);
        QCOMPARE(events.listening(), 0);
    }

    void aListenerGoneHearsNothing()
    {
        SftpWorker worker(target(), SshSettings());
        SftpJobEvents events(&worker);
        int calls = 0;
        {
            QObject context;
            SftpJobEvents::Listener l;
            l.context = &context;
            l.sent = [&calls](qint64) { ++calls; };
            l.finished = [&calls](const SftpUploadResult &) { ++calls; };
            events.listen(3, l);
            Q_EMIT worker.sent(3, 1);
        }
        Q_EMIT worker.sent(3, 2);
        Q_EMIT worker.finished(3, SftpUploadResult());
        QCOMPARE(calls, 1);
        QCOMPARE(events.listening(), 0);
    }

    // A listener may stop listening from within its own call (an upload cancelled as its
    // progress is shown): what is being called stays alive until it returns.
    void aListenerMayForgetItselfWhileCalled()
    {
        SftpWorker worker(target(), SshSettings());
        SftpJobEvents events(&worker);
        QObject context;
        auto alive = std::make_shared<int>(42);
        int seen = 0;
        SftpJobEvents::Listener l;
        l.context = &context;
        l.confirmed = [&events, &seen, alive](qint64) {
            events.forget(4);
            seen = *alive; // the capture is still there
        };
        events.listen(4, l);
        l = {};
        Q_EMIT worker.confirmed(4, 1);
        QCOMPARE(seen, 42);
        QCOMPARE(alive.use_count(), 1); // the listener is gone now
        QCOMPARE(events.listening(), 0);
    }
};

QTEST_GUILESS_MAIN(TestSftpJobEvents)
#include "tst_sftpjobevents.moc"
