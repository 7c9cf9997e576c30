#pragma once

#include <QString>

#include <optional>

namespace ExistingFilesText {
// `name` (a file name, no folder) as the `n`th of its name (n >= 2): "photo (2).jpg",
// "archive (2).tar.gz" keeps the whole of a known double extension, ".bashrc (2)" a dot file.
QString numbered(const QString &name, int n);
} // namespace ExistingFilesText
