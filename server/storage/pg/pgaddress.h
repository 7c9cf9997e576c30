#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

// Where hoistd's index lives (`--index`): a URL `postgresql://USER[:PASSWORD]@HOST[:PORT]/DB`
// (or `postgres://`) or a libpq keyword string (`host=/socket/dir dbname=hoist user=hoistd`),
// parsed by libpq itself (PQconninfoParse), so both forms mean exactly what they mean to psql.
// The password is kept apart and never appears in describe() or in any text that went through
// redact(): error messages and log lines only ever name the user, host, port and database.
class PgAddress final {
public:
    // nullopt (and why, without the password) when libpq cannot read `spec`.
    static std::optional<PgAddress> parse(const QString &spec, QString *error);

    // "user@host:port/db" for logs; never the password.
    QString describe() const;
    // `text` with every occurrence of the password (as given, and percent-encoded as in the URL)
    // replaced by "***".
    QString redact(const QString &text) const;
    // Everything libpq needs to connect (the password included), plus `extra` keywords the
    // caller adds (connect_timeout, options...) unless the address already sets them.
    QList<QPair<QByteArray, QByteArray>>
    keywords(const QList<QPair<QByteArray, QByteArray>> &extra) const;
    QByteArray value(const QByteArray &keyword) const;

private:
    QList<QPair<QByteArray, QByteArray>> m_keywords; // without the password
    QByteArray m_password;
    QByteArray m_rawPassword; // as written in a URL (percent-encoded), for redact()
};
