#pragma once

#include <QString>
#include <QStringList>

#include <iterator>

// A folder of names that break naive URL, signing, XML or metadata handling, with a subfolder,
// an empty file and one of three 8 MiB parts (multipart in S3, several chunks in tus): the
// awkward cases every upload path is checked against.
inline constexpr const char *AwkwardNames[] = {
    "plain.txt",          "with space.bin",       "ünïcödé €.txt",
    "percent%20sign.txt", "hash#and?question",    "plus+and&amp.txt",
    "quotes'\"<>.txt",    "tilde~and=equals",     "sub dir/deeper/x.bin",
    "sub dir/empty.bin",  "sub dir/big part.bin",
};
inline constexpr int AwkwardCount = int(std::size(AwkwardNames));

// The size of AwkwardNames[i]'s file; its content is testContent(awkwardSize(i), 40 + i).
qint64 awkwardSize(int i);
// Writes the awkward folder under `root`/`name`; returns the paths relative to `root`
// ("name/sub dir/empty.bin"), in AwkwardNames' order; empty on failure.
QStringList makeAwkwardFolder(const QString &root, const QString &name);
