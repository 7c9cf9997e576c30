// Fuzz target for exclude and watch patterns (core/files/pathpatterns.h), typed by people in the
// window, given to --exclude and kept with every watched folder. The input is patterns, one a
// line, then an empty line and relative paths, one a line ("name/" is a folder). Every pattern
// goes through PathPatterns::problem and the matcher; the verdicts are checked against a glob
// matcher of this file's own (`*` and `?` within one name, `[abc]`, `[!a-z]` sets, case ignored
// for ASCII, a pattern without a slash on the name, with one on the whole path, a trailing slash
// for folders only) wherever the pattern is plain ASCII and its sets plain; elsewhere against
// invariants only: no crash, a folder matched whenever a file of the same path is, and a list
// matches exactly when one of its patterns does. Same entry point as fuzz_tuswire.cpp.

#include "pathpatterns.h"

#include <QByteArray>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "fuzz_pathpatterns: check failed at %s:%d: %s\n", __FILE__,       \
                         __LINE__, #cond);                                                         \
            std::abort();                                                                          \
        }                                                                                          \
    } while (0)

namespace {
constexpr int MaxOracleChars = 200;
// Enough to mix them; more would only make each input slower (a regex compiled per pattern).
constexpr int MaxPatterns = 16;
constexpr int MaxPaths = 64;

struct Token {
    enum Kind { Literal, One, Star, Set } kind = Literal;
    char c = 0;
    bool negated = false;
    std::vector<std::pair<char, char>> ranges;
};

char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

bool sameClass(char a, char b)
{
    const auto cls = [](char c) {
        return c >= 'a' && c <= 'z' ? 1 : c >= 'A' && c <= 'Z' ? 2 : c >= '0' && c <= '9' ? 3 : 0;
    };
    return cls(a) != 0 && cls(a) == cls(b);
}

// The glob as tokens; nullopt when it is not one (an unclosed set, a '/' in a set); `plain`
// false when it uses what this oracle does not model (non-ASCII, '[', '\\' or '^' in sets, a
// range across character classes).
std::optional<std::vector<Token>> tokens(const QByteArray &glob, bool *plain)
{
    std::vector<Token> out;
    for (qsizetype i = 0; i < glob.size(); ++i) {
        const char c = glob.at(i);
        if (uchar(c) >= 0x80)
            *plain = false;
        Token t;
        if (c == '*') {
            t.kind = Token::Star;
        } else if (c == '?') {
            t.kind = Token::One;
        } else if (c == '[') {
            t.kind = Token::Set;
            ++i;
            if (i < glob.size() && glob.at(i) == '!') {
                t.negated = true;
                ++i;
            }
            bool first = true;
            for (;; first = false) {
                if (i >= glob.size())
                    return std::nullopt;
                const char m = glob.at(i);
                if (m == ']' && !first)
                    break;
                if (m == '/')
                    return std::nullopt;
                // '=', '.' and ':' first in a set open PCRE's POSIX forms ("[=a=]", "[:alpha:]"),
                // which it refuses or reads otherwise.
                if (m == '[' || m == '\\' || m == '^' || m == ']' || uchar(m) >= 0x80
                    || uchar(m) < 0x20 || (first && (m == '=' || m == '.' || m == ':')))
                    *plain = false;
                if (i + 2 < glob.size() && glob.at(i + 1) == '-' && glob.at(i + 2) != ']') {
                    if (!sameClass(m, glob.at(i + 2)) || m > glob.at(i + 2))
                        *plain = false;
                    t.ranges.push_back({m, glob.at(i + 2)});
                    i += 3;
                } else {
                    if (m == '-')
                        *plain = false;
                    t.ranges.push_back({m, m});
                    ++i;
                }
            }
        } else {
            t.c = c;
        }
        out.push_back(t);
    }
    return out;
}

bool inSet(const Token &t, char c)
{
    bool in = false;
    for (const auto &[from, to] : t.ranges) {
        for (char x : {c, lower(c), char(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c)})
            in = in || (x >= from && x <= to);
    }
    return in != t.negated;
}

bool single(const Token &t, char c)
{
    switch (t.kind) {
    case Token::Literal:
        return lower(t.c) == lower(c);
    case Token::One:
        return c != '/';
    case Token::Set:
        return c != '/' && inSet(t, c);
    case Token::Star:
        break;
    }
    return false;
}

// Whole-subject match by dynamic programming: at[j] is whether the tokens so far match
// subject[0, j).
bool globMatches(const std::vector<Token> &glob, const QByteArray &subject)
{
    const qsizetype n = subject.size();
    std::vector<char> at(size_t(n + 1), 0);
    at[0] = 1;
    for (const Token &t : glob) {
        std::vector<char> next(size_t(n + 1), 0);
        if (t.kind == Token::Star) {
            for (qsizetype j = 0; j <= n; ++j) {
                next[size_t(j)] =
                    at[size_t(j)] || (j > 0 && next[size_t(j - 1)] && subject.at(j - 1) != '/');
            }
        } else {
            for (qsizetype j = 1; j <= n; ++j)
                next[size_t(j)] = at[size_t(j - 1)] && single(t, subject.at(j - 1));
        }
        at.swap(next);
    }
    return at[size_t(n)];
}

QByteArray trimmedAscii(const QByteArray &s)
{
    return s.trimmed();
}

// One pattern against the oracle, where the oracle applies.
void checkPattern(const QByteArray &line, const QList<QPair<QByteArray, bool>> &paths)
{
    const QString text = QString::fromUtf8(line);
    const QString problem = PathPatterns::problem(text);
    const PathPatterns patterns(QStringList{text});
    FUZZ_CHECK(patterns.patterns().size() == (problem.isEmpty() ? 1 : 0));
    for (const auto &[path, folder] : paths) {
        const QString relative = QString::fromUtf8(path);
        const bool asFile = patterns.matches(relative, false);
        const bool asFolder = patterns.matches(relative, true);
        FUZZ_CHECK(!asFile || asFolder);
        FUZZ_CHECK(patterns.matches(relative, folder) == (folder ? asFolder : asFile));
    }
    bool plain = line.size() <= MaxOracleChars && text.toUtf8() == line;
    QByteArray glob = trimmedAscii(line);
    for (char c : line)
        plain = plain && uchar(c) < 0x80 && (uchar(c) >= 0x20 || c == '\t');
    const bool empty = glob.isEmpty() || glob == "/";
    const bool folderOnly = glob.endsWith('/');
    if (folderOnly)
        glob.chop(1);
    bool valid = !empty && tokens(glob, &plain).has_value();
    if (!plain)
        return;
    FUZZ_CHECK(problem.isEmpty() == valid);
    if (!valid)
        return;
    const bool anchored = glob.startsWith('/');
    if (anchored)
        glob.remove(0, 1);
    const bool wholePath = anchored || glob.contains('/');
    const std::optional<std::vector<Token>> compiled = tokens(glob, &plain);
    FUZZ_CHECK(compiled);
    for (const auto &[path, folder] : paths) {
        if (path.size() > MaxOracleChars || QString::fromUtf8(path).toUtf8() != path)
            continue;
        bool ascii = true;
        for (char c : path)
            ascii = ascii && uchar(c) < 0x80;
        if (!ascii)
            continue;
        const QByteArray subject = wholePath ? path : path.mid(path.lastIndexOf('/') + 1);
        const bool expected = (!folderOnly || folder) && globMatches(*compiled, subject);
        FUZZ_CHECK(patterns.matches(QString::fromUtf8(path), folder) == expected);
    }
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype split = input.indexOf("\n\n");
    const QList<QByteArray> lines =
        (split < 0 ? input : input.left(split)).split('\n').mid(0, MaxPatterns);
    QList<QPair<QByteArray, bool>> paths;
    if (split >= 0) {
        for (QByteArray path : input.mid(split + 2).split('\n').mid(0, MaxPaths)) {
            const bool folder = path.endsWith('/');
            if (folder)
                path.chop(1);
            paths.append({path, folder});
        }
    }
    QStringList all;
    QList<PathPatterns> each;
    for (const QByteArray &line : lines) {
        checkPattern(line, paths);
        all << QString::fromUtf8(line);
        each.append(PathPatterns(QStringList{all.constLast()}));
    }
    // A list matches exactly when one of its patterns does.
    const PathPatterns together(all);
    for (const auto &[path, folder] : paths) {
        bool any = false;
        for (const PathPatterns &one : each)
            any = any || one.matches(QString::fromUtf8(path), folder);
        FUZZ_CHECK(together.matches(QString::fromUtf8(path), folder) == any);
    }
    for (const QString &pattern : PathPatterns::defaultExcludes())
        FUZZ_CHECK(PathPatterns::problem(pattern).isEmpty());
    return 0;
}
