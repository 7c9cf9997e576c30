#include "ifexistsoption.h"

#include <QCoreApplication>

namespace IfExistsOption {

std::optional<IfExists> parse(const QString &value)
{
    const QString word = value.trimmed().toLower();
    if (word == QLatin1String("skip"))
        return IfExists::Skip;
    if (word == QLatin1String("overwrite"))
        return IfExists::Overwrite;
    if (word == QLatin1String("rename"))
        return IfExists::Rename;
    return std::nullopt;
}

QString toString(IfExists mode)
{
    switch (mode) {
    case IfExists::Skip:
        return QStringLiteral("skip");
    case IfExists::Rename:
        return QStringLiteral("rename");
    case IfExists::Ask:
        return QStringLiteral("ask"); // a window setting; parse() refuses it
    case IfExists::Overwrite:
        break;
    }
    return QStringLiteral("overwrite");
}

QString problem(const QString &value)
{
    return QCoreApplication::translate("IfExistsOption",
                                       "--if-exists must be skip, overwrite or rename, not \"%1\"")
        .arg(value);
}

} // namespace IfExistsOption
