// Hoist's file hasher alone, for bench/hash.sh: prints what `openssl dgst -sha256 -r` prints
// ("<hex> *<path>") so the two can be checked against each other, and the speed on stderr.
#include "filehasher.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextStream>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    QTextStream err(stderr);
    if (args.size() != 2) {
        err << "usage: hashbench FILE\n";
        return 2;
    }
    QElapsedTimer timer;
    timer.start();
    const FileHash hash = sha256File(args.at(1));
    const qint64 ns = timer.nsecsElapsed();
    if (!hash.ok()) {
        err << "hashbench: " << hash.error << '\n';
        return 1;
    }
    QTextStream(stdout) << hash.hex() << " *" << args.at(1) << '\n';
    err << "hashbench: " << hash.bytes << " bytes in " << ns / 1e6 << " ms, "
        << (ns > 0 ? double(hash.bytes) / (double(ns) / 1e9) / 1e6 : 0.0) << " MB/s\n";
    return 0;
}
