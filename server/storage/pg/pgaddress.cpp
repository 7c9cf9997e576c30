#include "pgaddress.h"

#include <QRegularExpression>

#include <libpq-fe.h>

namespace {
const QString Hidden = QStringLiteral("***");

// The password as the text of `spec` holds it, whether or not libpq can parse the rest: in a
// URL's user info, or a keyword `password=...` (quoted or not). Empty when there is none.
QString passwordIn(const QString &spec)
{
    static const QRegularExpression url(
        QStringLiteral(R"(^\s*postgres(?:ql)?://[^:@/?#]*:([^@/?#]*)@)"));
    static const QRegularExpression keyword(
        QStringLiteral(R"((?:^|\s)password\s*=\s*(?:'((?:[^'\\]|\\.)*)'|(\S+)))"));
    static const QRegularExpression query(QStringLiteral(R"([?&]password=([^&#]*))"));
    QRegularExpressionMatch m = url.match(spec);
    if (m.hasMatch())
        return m.captured(1);
    m = query.match(spec);
    if (m.hasMatch())
        return m.captured(1);
    m = keyword.match(spec);
    if (m.hasMatch())
        return m.hasCaptured(1) ? m.captured(1) : m.captured(2);
    return {};
}

QString redactWith(QString text, const QString &secret)
{
    if (!secret.isEmpty())
        text.replace(secret, Hidden);
    return text;
}
} // namespace

std::optional<PgAddress> PgAddress::parse(const QString &spec, QString *error)
{
    const QString raw = passwordIn(spec);
    char *message = nullptr;
    PQconninfoOption *options = PQconninfoParse(spec.toUtf8().constData(), &message);
    if (!options) {
        const QString why =
            message ? QString::fromUtf8(message).trimmed() : QStringLiteral("out of memory");
        PQfreemem(message);
        *error =
            QStringLiteral("not a PostgreSQL address (postgresql://USER@HOST/DB or "
                           "host=... dbname=...): %1")
                .arg(redactWith(redactWith(why, raw),
                                QString::fromUtf8(QByteArray::fromPercentEncoding(raw.toUtf8()))));
        return std::nullopt;
    }
    PgAddress address;
    address.m_rawPassword = raw.toUtf8();
    for (PQconninfoOption *o = options; o->keyword; ++o) {
        if (!o->val)
            continue;
        const QByteArray keyword(o->keyword);
        if (keyword == "password")
            address.m_password = QByteArray(o->val);
        else
            address.m_keywords.append({keyword, QByteArray(o->val)});
    }
    PQconninfoFree(options);
    return address;
}

QByteArray PgAddress::value(const QByteArray &keyword) const
{
    for (const auto &kv : m_keywords) {
        if (kv.first == keyword)
            return kv.second;
    }
    return {};
}

QString PgAddress::describe() const
{
    const QString host =
        QString::fromUtf8(value("host").isEmpty() ? value("hostaddr") : value("host"));
    const QString port = QString::fromUtf8(value("port"));
    return QStringLiteral("%1@%2%3/%4")
        .arg(QString::fromUtf8(value("user")),
             host.isEmpty() ? QStringLiteral("(default socket)") : host,
             port.isEmpty() ? QString() : QLatin1Char(':') + port,
             QString::fromUtf8(value("dbname")));
}

QString PgAddress::redact(const QString &text) const
{
    QString out = redactWith(text, QString::fromUtf8(m_password));
    return redactWith(out, QString::fromUtf8(m_rawPassword));
}

QList<QPair<QByteArray, QByteArray>>
PgAddress::keywords(const QList<QPair<QByteArray, QByteArray>> &extra) const
{
    QList<QPair<QByteArray, QByteArray>> all = m_keywords;
    for (const auto &kv : extra) {
        if (value(kv.first).isEmpty())
            all.append(kv);
    }
    if (!m_password.isEmpty())
        all.append({QByteArrayLiteral("password"), m_password});
    return all;
}
