#include "trtext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaObject>

namespace {
const QString ContextKey = QStringLiteral("c");
const QString SourceKey = QStringLiteral("s");
const QString LiteralKey = QStringLiteral("t");
const QString ArgsKey = QStringLiteral("a");
const QString MoreKey = QStringLiteral("m");
const QString PluralKey = QStringLiteral("n");

// %1 ... %99 replaced in one pass, so an argument holding "%2" is not filled in turn.
QString substitute(const QString &text, const QStringList &args)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('%') && i + 1 < text.size() && text.at(i + 1).isDigit()) {
            qsizetype end = i + 1;
            int number = 0;
            while (end < text.size() && end < i + 3 && text.at(end).isDigit())
                number = number * 10 + text.at(end++).digitValue();
            if (number >= 1 && number <= args.size()) {
                out += args.at(number - 1);
                i = end - 1;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace

TrText::TrText(const QString &literal)
    : m_literal(literal)
{
}

TrText::TrText(const char *context, const char *source, int n)
    : m_context(context)
    , m_source(source)
    , m_n(n)
{
}

TrText TrText::of(const QMetaObject &context, const char *source, int n)
{
    return TrText(context.className(), source, n);
}

TrText TrText::arg(const TrText &a) const
{
    TrText t = *this;
    t.m_args.append(a);
    return t;
}

TrText TrText::arg(const TrText &a, const TrText &b) const
{
    return arg(a).arg(b);
}

TrText TrText::arg(const TrText &a, const TrText &b, const TrText &c) const
{
    return arg(a).arg(b).arg(c);
}

TrText TrText::arg(qint64 number) const
{
    return arg(TrText(QString::number(number)));
}

TrText TrText::followedBy(const TrText &more) const
{
    TrText t = *this;
    t.m_more.append(more);
    return t;
}

bool TrText::isEmpty() const
{
    return m_source.isEmpty() && m_literal.isEmpty() && m_more.isEmpty();
}

QString TrText::toString() const
{
    QString text = m_source.isEmpty()
                       ? m_literal
                       : QCoreApplication::translate(m_context.constData(), m_source.constData(),
                                                     nullptr, m_n);
    if (!m_args.isEmpty()) {
        QStringList args;
        args.reserve(m_args.size());
        for (const TrText &a : m_args)
            args.append(a.toString());
        text = substitute(text, args);
    }
    for (const TrText &more : m_more)
        text += more.toString();
    return text;
}

QString TrText::toJson() const
{
    if (isEmpty())
        return {};
    return QString::fromUtf8(QJsonDocument(toObject()).toJson(QJsonDocument::Compact));
}

TrText TrText::fromJson(const QString &json)
{
    if (json.isEmpty())
        return {};
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8());
    return doc.isObject() ? fromObject(doc.object()) : TrText(json);
}

bool operator==(const TrText &a, const TrText &b)
{
    return a.m_context == b.m_context && a.m_source == b.m_source && a.m_literal == b.m_literal
           && a.m_args == b.m_args && a.m_more == b.m_more && a.m_n == b.m_n;
}

QJsonObject TrText::toObject() const
{
    QJsonObject o;
    if (isTranslatable()) {
        o.insert(ContextKey, QString::fromUtf8(m_context));
        o.insert(SourceKey, QString::fromUtf8(m_source));
    } else {
        o.insert(LiteralKey, m_literal);
    }
    const auto insertList = [&o](const QString &key, const QList<TrText> &texts) {
        if (texts.isEmpty())
            return;
        QJsonArray array;
        for (const TrText &t : texts)
            array.append(t.toObject());
        o.insert(key, array);
    };
    insertList(ArgsKey, m_args);
    insertList(MoreKey, m_more);
    if (m_n >= 0)
        o.insert(PluralKey, m_n);
    return o;
}

TrText TrText::fromObject(const QJsonObject &o)
{
    TrText t;
    if (o.contains(SourceKey)) {
        t.m_context = o.value(ContextKey).toString().toUtf8();
        t.m_source = o.value(SourceKey).toString().toUtf8();
    } else {
        t.m_literal = o.value(LiteralKey).toString();
    }
    const auto readList = [&o](const QString &key) {
        QList<TrText> texts;
        for (const QJsonValue &v : o.value(key).toArray())
            texts.append(fromObject(v.toObject()));
        return texts;
    };
    t.m_args = readList(ArgsKey);
    t.m_more = readList(MoreKey);
    t.m_n = o.value(PluralKey).toInt(-1);
    return t;
}
