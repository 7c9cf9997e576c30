#include "pathpatterns.h"

#include <QCoreApplication>

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(PathPatterns)
};

// The same pattern with every run of `*` and `?` that holds a star written as its `?`s and one
// `*` ("a**?*" is "a?*"), which matches the same names. Written out, each star is a "[^/]*" the
// regex backtracks over: from about 30 in a row PCRE stops at its match limit, which reads as no
// match (fuzz_pathpatterns found "***…*[!0-9]?.log" missing "x0.log"). Inside a set such a run
// is a set of the same characters.
QString withOneStarPerRun(const QString &pattern)
{
    QString out;
    out.reserve(pattern.size());
    for (qsizetype i = 0; i < pattern.size();) {
        const QChar c = pattern.at(i);
        if (c != QLatin1Char('*') && c != QLatin1Char('?')) {
            out.append(c);
            ++i;
            continue;
        }
        qsizetype questions = 0;
        bool star = false;
        for (; i < pattern.size()
               && (pattern.at(i) == QLatin1Char('*') || pattern.at(i) == QLatin1Char('?'));
             ++i) {
            if (pattern.at(i) == QLatin1Char('*'))
                star = true;
            else
                ++questions;
        }
        out.append(QString(questions, QLatin1Char('?')));
        if (star)
            out.append(QLatin1Char('*'));
    }
    return out;
}

// Qt's conversion of a wildcard, with its negated sets kept off the '/' between names, as `*` and
// `?` are: it writes "[!x]" as "[^x]", which took "a[!x]b" to match "a/b" (fuzz_pathpatterns).
// A '/' cannot be written into the wildcard's set (the conversion refuses one there), so it goes
// into the regex's: each class that opens with "[^" gets one, after a ']' that opens it.
QString wildcardRegex(const QString &pattern)
{
    QString rx = QRegularExpression::wildcardToRegularExpression(withOneStarPerRun(pattern));
    bool inClass = false;
    for (qsizetype i = 0; i < rx.size(); ++i) {
        const QChar c = rx.at(i);
        if (c == QLatin1Char('\\')) {
            ++i; // an escaped character, in a class or out of one
            continue;
        }
        if (inClass) {
            inClass = c != QLatin1Char(']');
            continue;
        }
        if (c != QLatin1Char('['))
            continue;
        inClass = true;
        qsizetype first = i + 1;
        if (first < rx.size() && rx.at(first) == QLatin1Char('^')) {
            ++first;
            if (first < rx.size() && rx.at(first) == QLatin1Char(']'))
                ++first; // "[^]…]": a ']' first is one of the class's characters
            rx.insert(first, QLatin1Char('/'));
        } else if (first < rx.size() && rx.at(first) == QLatin1Char(']')) {
            ++first;
        }
        i = first - 1; // the class's first character is taken as is, even ']'
    }
    return rx;
}
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
            QRegularExpression(wildcardRegex(pattern), QRegularExpression::CaseInsensitiveOption);
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
