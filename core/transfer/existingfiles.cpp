#include "existingfiles.h"

namespace {
// Extensions of two parts that "(2)" must not split: "backup (2).tar.gz", not "backup.tar (2).gz".
const char *const DoubleExtensions[] = {".tar.gz", ".tar.bz2", ".tar.xz", ".tar.zst"};
} // namespace

QString ExistingFilesText::numbered(const QString &name, int n)
{
    qsizetype dot = -1;
    for (const char *extension : DoubleExtensions) {
        if (name.endsWith(QLatin1String(extension), Qt::CaseInsensitive)
            && name.size() > qsizetype(qstrlen(extension))) {
            dot = name.size() - qsizetype(qstrlen(extension));
            break;
        }
    }
    if (dot < 0)
        dot = name.lastIndexOf(QLatin1Char('.'));
    if (dot <= 0) // no extension, or a dot file such as .bashrc
        dot = name.size();
    return name.left(dot) + QStringLiteral(" (%1)").arg(n) + name.mid(dot);
}
