#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>

class QJsonObject;
class QMetaObject;

// Text for a person kept untranslated: a source text with its translation context and its
// arguments, translated each time it is shown. A reason stored under one language then reads in
// the language in use when it is shown, not the one it was made in. Words that are not ours (a
// server's answer, the network library's errorString(), a path) are literals and stay as they are.
//
// Mark the source so that lupdate finds it, under the context given here:
//   TrText("TusHttp", QT_TRANSLATE_NOOP("TusHttp", "Connection refused by %1")).arg(server)
//   TrText::of(staticMetaObject, QT_TR_NOOP("Cannot read %1: %2")).arg(name, problem)
class TrText final {
public:
    TrText() = default;
    // Plain words, shown as they are (implicit, so a QString can be an argument).
    TrText(const QString &literal); // NOLINT(google-explicit-constructor)
    TrText(const char *context, const char *source, int n = -1);
    static TrText of(const QMetaObject &context, const char *source, int n = -1);

    // Arguments fill %1, %2, ... in order, as QString::arg does; a TrText argument is translated
    // when the whole is.
    TrText arg(const TrText &a) const;
    TrText arg(const TrText &a, const TrText &b) const;
    TrText arg(const TrText &a, const TrText &b, const TrText &c) const;
    TrText arg(qint64 number) const;
    // Appends another text after this one (" · 3 tries" after a cause).
    TrText followedBy(const TrText &more) const;

    bool isEmpty() const;
    bool isTranslatable() const { return !m_source.isEmpty(); }
    // In the language installed now.
    QString toString() const;

    const QByteArray &context() const { return m_context; }
    const QByteArray &source() const { return m_source; }
    const QList<TrText> &arguments() const { return m_args; }

    // A compact JSON text that fromJson() reads back; empty for an empty text.
    QString toJson() const;
    // The text stored by toJson(); an unreadable one is taken as plain words.
    static TrText fromJson(const QString &json);

    friend bool operator==(const TrText &a, const TrText &b);
    friend bool operator!=(const TrText &a, const TrText &b) { return !(a == b); }

private:
    QJsonObject toObject() const;
    static TrText fromObject(const QJsonObject &o);

    QByteArray m_context;
    QByteArray m_source; // empty: m_literal is the text
    QString m_literal;
    QList<TrText> m_args;
    QList<TrText> m_more; // appended texts
    int m_n = -1;         // for %n plurals; -1: none
};

Q_DECLARE_METATYPE(TrText)
