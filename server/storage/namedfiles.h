#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

struct timespec;

// Finished uploads under the names their clients gave them, in a folder people browse (hoistd
// --named-dir DIR): DIR/<relativePath, else filename, from the Upload-Metadata>, a hard link to
// the stored file, or a copy where the file system refuses links. That name comes from the
// network, so it is hostile until sanitise() made it a plain relative path; every folder on the
// way is opened without following symlinks, so nothing lands outside DIR; a name already taken
// gets " (2)", " (3)", ... and is never overwritten. Holds nothing but DIR's path: safe from any
// thread (two uploads of one name each get their own, atomically).
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
    // DIR/sanitise(wanted), or with " (n)" before its extension when that is taken. A hard link
    // makes the shared file read-only (0400), so that editing it in place cannot change a stored
    // upload. With `mtime`, the named file gets that modification time (on a hard link, the
    // stored file too: they are one inode). The relative path it got; empty with a sentence in
    // `error`.
    QString place(const QString &source, const QString &wanted, QString *error,
                  const std::optional<timespec> &mtime = std::nullopt) const;
    // Removes DIR/`relative` if it still is `source` (the same file; for a copy, a regular file of
    // its size), then the folders on its way that are left empty. Something else put there is
    // left alone. True when nothing of it is left.
    bool remove(const QString &relative, const QString &source) const;
    QString absolutePath(const QString &relative) const;

private:
    QString m_dir;
};
