#pragma once

#include "ifexists.h"

#include <QString>

#include <optional>

// --if-exists skip|overwrite|rename, protocol-neutral: read once here for every protocol that
// can tell whether the target exists (WebDAV, SFTP).
namespace IfExistsOption {
inline constexpr char Name[] = "if-exists";
// The option's value as a setting; nullopt when it is none of the three words.
std::optional<IfExists> parse(const QString &value);
QString toString(IfExists mode);
// The sentence for a value that is none of them.
QString problem(const QString &value);
} // namespace IfExistsOption
