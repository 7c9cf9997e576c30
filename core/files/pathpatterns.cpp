#include "pathpatterns.h"

#include <QCoreApplication>

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(PathPatterns)
};
} // namespace

PathPatterns::PathPatterns(const QStringList &patterns)
{
    for (const QString &given : patterns) {
        const QString trimmed = given.trimmed();
        if (!problem(trimmed).isEmpty())
            continue; // unusable ones are refused where people type them
        QString pattern = trimmed;
        Compiled compiled;
        compiled.folderOnly = pattern.endsWith(QLatin1Char('/'));
        if (compiled.folderOnly)
            pattern.chop(1);
        // "/build/": only at the top, as in .gitignore.
        const bool anchored = pattern.startsWith(QLatin1Char('/'));
        if (anchored)
            pattern.remove(0, 1);
        compiled.wholePath = anchored || pattern.contains(QLatin1Char('/'));
        // Anchored, and `*` never crosses a slash (Qt's default wildcard conversion).
        compiled.regex =
            QRegularExpression(QRegularExpression::wildcardToRegularExpression(pattern),
                               QRegularExpression::CaseInsensitiveOption);
        compiled.regex.optimize();
        m_patterns.append(trimmed);
        m_compiled.append(compiled);
    }
}

QStringList PathPatterns::defaultExcludes()
{
    return {QStringLiteral(".DS_Store"), QStringLiteral("Thumbs.db"), QStringLiteral("~$*"),
            QStringLiteral("*.tmp"), QStringLiteral(".git/")};
}

QString PathPatterns::problem(const QString &text)
{
    const QString pattern = text.trimmed();
    if (pattern.isEmpty() || pattern == QLatin1String("/"))
        return Text::tr("the pattern is empty");
    QString body = pattern;
    if (body.endsWith(QLatin1Char('/')))
        body.chop(1);
    const QRegularExpression regex(QRegularExpression::wildcardToRegularExpression(body));
    if (!regex.isValid())
        return Text::tr("“%1” is not a valid pattern: %2").arg(pattern, regex.errorString());
    return {};
}

bool PathPatterns::matches(const QString &relativePath, bool folder) const
{
    if (m_compiled.isEmpty())
        return false;
    const qsizetype slash = relativePath.lastIndexOf(QLatin1Char('/'));
    const QStringView name = QStringView(relativePath).mid(slash + 1);
    for (const Compiled &c : m_compiled) {
        if (c.folderOnly && !folder)
            continue;
        if (c.regex.match(c.wholePath ? QStringView(relativePath) : name).hasMatch())
            return true;
    }
    return false;
}
