// A watched folder of 10,000 subfolders and 100,000 files (bench/watch.sh makes it): the
// catch-up scan's time and memory, with inotify and with the watch limit forcing periodic
// scans, and the same tree with every file already in the ledger (nothing to send).
// Prints one line per phase: seconds, files offered, inotify watches, peak resident memory.
//   watchbench DIR [watch-limit]
#include "folderscan.h"
#include "folderwatcher.h"
#include "uploadledger.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <cstdio>

namespace {
long peakKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLong();
    }
    return -1;
}

// Runs a watcher over `dir` with `uploaded` as its ledger until its catch-up is done: every file
// offered (or none to offer) and the state settled. Returns what it offered.
LedgerEntries run(const char *phase, const QString &dir, const LedgerEntries &uploaded,
                  int watchLimit)
{
    WatchedFolder folder;
    folder.folder = dir;
    folder.target = QUrl(QStringLiteral("http://127.0.0.1:1/files/"));
    FolderWatcher::Tuning tuning;
    tuning.settleMs = 0; // old files: settled already
    tuning.rescanMs = 3600 * 1000;
    tuning.watchLimit = watchLimit;
    FolderWatcher watcher(folder, PathPatterns(), tuning);
    LedgerEntries offered;
    QObject::connect(&watcher, &FolderWatcher::fileReady,
                     [&](const QString &rel, qint64 size, qint64 modifiedMs) {
                         offered.insert(rel, {size, modifiedMs, {}});
                     });
    QElapsedTimer clock;
    clock.start();
    watcher.start(uploaded);
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(20);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (watcher.state() != FolderWatcher::State::Starting && watcher.pendingCount() == 0)
            loop.quit();
    });
    poll.start();
    loop.exec();
    std::printf("%-28s %7.2f s  %7lld files offered  %6d watches  state %d  peak %ld MiB\n", phase,
                clock.elapsed() / 1000.0, qlonglong(offered.size()), watcher.watchCount(),
                int(watcher.state()), peakKiB() / 1024);
    std::fflush(stdout);
    return offered;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: watchbench DIR [watch-limit]\n");
        return 2;
    }
    const QString dir = QString::fromLocal8Bit(argv[1]);
    const int limit = argc > 2 ? QByteArray(argv[2]).toInt() : -1;
    std::printf("inotify max_user_watches: %s", qPrintable(QString::fromLatin1([] {
                    QFile f(QStringLiteral("/proc/sys/fs/inotify/max_user_watches"));
                    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("?\n");
                }())));
    const LedgerEntries all = run("catch-up, empty ledger", dir, {}, limit);
    run("catch-up, all uploaded", dir, all, limit);
    run("all uploaded, limit 100", dir, all, 100);
    return 0;
}
