#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

struct timespec;

// Finished uploads under the names their clients gave them, in a folder people browse (hoistd
// --named-dir DIR): DIR/<relativePath, else filename, from the Upload-Metadata>, a copy of the
// stored file (a reflink where the file system offers one) with ordinary permissions, which its
// owner may edit without touching the stored upload. That name comes from the network, so it is
// hostile until sanitise() made it a plain relative path; every folder on the way is opened
// without following symlinks, so nothing lands outside DIR. A name that already holds the same
// content is used as it is (the same folder sent again); one taken by other content gets " (2)",
// " (3)", ... and is never overwritten. Holds nothing but DIR's path: safe from any thread (two
// uploads of one name each get their own, atomically).
class NamedFiles final {
public:
    // Bytes of one component, below NAME_MAX (255) with room for " (999)".
    static constexpr int MaxComponentBytes = 200;
    // Folders deep; deeper paths keep their first folders and the file's name.
    static constexpr int MaxDepth = 8;

    explicit NamedFiles(const QString &dir);

    QString dir() const { return m_dir; }
    // What `wanted` may become: '/'-separated components ('\\' counts as one too) with no
    // control or format characters (NUL, bidi overrides), no leading dots (so no "..", no hidden
    // files), none of <>:"|?* (kept out for folders synced to other systems), no device names
    // (CON, NUL, COM1: prefixed by '_'), within the length limits above; absolute paths become
    // relative. "upload" when nothing usable is left.
    static QString sanitise(const QString &wanted);
    // The name a client asked for in raw Upload-Metadata: relativePath, else filename, else
    // name; empty when none.
    static QString wantedName(const QByteArray &metadata);
    // The modification time a client asked for in raw Upload-Metadata ("mtime", MtimeWire's
    // format, parsed strictly and bounded); nullopt when absent or not a time.
    static std::optional<timespec> wantedTime(const QByteArray &metadata);

    // Makes `source` (a finished upload's file, never written again) visible as
    // DIR/sanitise(wanted): that name when it is free or already holds the same bytes, else the
    // first of " (2)", " (3)"... before its extension that is. The copy is written and synced
    // unnamed (O_TMPFILE) and then linked under its name, so no name ever shows half a file. When
    // the disk has no room for a copy, the name is a hard link to the stored file instead, made
    // read-only (0400) first so that it cannot be written through. With `mtime`, the named file
    // gets that modification time. The relative path it got; empty with a sentence in `error`.
    QString place(const QString &source, const QString &wanted, QString *error,
                  const std::optional<timespec> &mtime = std::nullopt) const;
    // Removes DIR/`relative` if it still holds `source`'s content (its copy or a link to it),
    // then the folders on its way that are left empty. Something else put there, or the copy
    // edited since, is left alone. True when nothing of it is left.
    bool remove(const QString &relative, const QString &source) const;
    QString absolutePath(const QString &relative) const;

private:
    QString m_dir;
};
