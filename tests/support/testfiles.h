#pragma once

#include <QByteArray>
#include <QString>

// Deterministic test content: the same (size, seed) always gives the same bytes, and no two
// offsets of one file look alike, so a misplaced or repeated chunk cannot go unnoticed.
QByteArray testContent(qint64 size, quint32 seed = 1);
// Writes testContent(size, seed) to dir/name (streaming, so large files cost no memory) and
// returns the absolute path, or an empty string on failure.
QString makeTestFile(const QString &dir, const QString &name, qint64 size, quint32 seed = 1);
// True when the file holds exactly testContent(size, seed); compares in blocks.
bool fileMatches(const QString &path, qint64 size, quint32 seed = 1);
// Why it does not match (where it differs first), empty when it does.
QString fileMismatch(const QString &path, qint64 size, quint32 seed = 1);
bool filesEqual(const QString &a, const QString &b);
