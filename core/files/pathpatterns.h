#pragma once

#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

// Glob patterns over the files of a folder, for what a walk leaves out (exclude) or takes
// (a watched folder's include patterns): `*` and `?` within one name, `[abc]` sets. A pattern
// without a slash matches a file's or folder's name anywhere below the walked folder
// (`*.tmp`, `~$*`, `Thumbs.db`); one with a slash matches the path relative to it
// (`build/*.o`); a trailing slash means folders only (`.git/`), whose contents are then never
// walked. Case is ignored: files from Windows and macOS come as `THUMBS.DB` or `*.TMP` too.
// Copyable and immutable, so one value can be handed to a worker thread.
class PathPatterns final {
public:
    PathPatterns() = default;
    explicit PathPatterns(const QStringList &patterns);

    // What Hoist leaves out of dropped and watched folders unless told otherwise.
    static QStringList defaultExcludes();
    // Why `pattern` cannot be used, for a person; empty when it can.
    static QString problem(const QString &pattern);

    const QStringList &patterns() const { return m_patterns; }
    bool isEmpty() const { return m_patterns.isEmpty(); }
    // `relativePath`: "sub/name" from the walked folder; `folder`: whether it is one.
    bool matches(const QString &relativePath, bool folder) const;

private:
    struct Compiled {
        QRegularExpression regex;
        bool folderOnly = false;
        bool wholePath = false;
    };
    QStringList m_patterns;
    QList<Compiled> m_compiled;
};
