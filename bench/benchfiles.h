#pragma once

#include <QString>
#include <QtGlobal>

// Many small files for the window benchmarks: file i of n is DIR/dNNNN/fNNNNNNN.bin, 1 to 4 KiB,
// its content unique (it starts with i), grouped 1,000 to a folder as a photo library would be.
// The same i always gives the same name, size and bytes, so a folder made once serves every run.
namespace BenchFiles {
constexpr int FilesPerFolder = 1000;
constexpr qint64 MinSize = 1024;
constexpr qint64 MaxSize = 4096;

QString relativePath(int index);
qint64 sizeOf(int index);

// Makes what `dir` lacks of files 0..count-1 (a missing file or one of the wrong size is written
// again). False, with the reason in *problem, when it cannot write or `dir` holds anything else:
// a benchmark that dropped other files too would measure something else. *made: files written.
bool prepare(const QString &dir, int count, int *made, QString *problem);
} // namespace BenchFiles
