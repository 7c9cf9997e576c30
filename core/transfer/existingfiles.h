#pragma once

#include <QString>

#include <optional>

// What an upload does when its target already holds a file of that name, for protocols that
// write files under their own names (SFTP, WebDAV): one setting, `--if-exists` headless.
enum class ExistingFiles {
    Skip,      // the same size and modification time: left as it is; different: refused
    Overwrite, // replaced (atomically where the server can rename over a file)
    Rename,    // uploaded beside it as "NAME (2).EXT", "NAME (3).EXT", ...
};

namespace ExistingFilesText {
// "skip", "overwrite" or "rename", any case; nullopt for anything else.
std::optional<ExistingFiles> parse(const QString &text);
// `name` (a file name, no folder) as the `n`th of its name (n >= 2): "photo (2).jpg",
// "archive (2).tar.gz" keeps the whole of a known double extension, ".bashrc (2)" a dot file.
QString numbered(const QString &name, int n);
} // namespace ExistingFilesText
