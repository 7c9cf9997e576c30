#include "languageloader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLibraryInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {
constexpr int LupdateTimeoutMs = 120000;
constexpr int HoistTimeoutMs = 30000;

// One message of a Qt Linguist file.
struct Message {
    QString context;
    QString source;
    QString comment; // the disambiguation: part of the key
    bool numerus = false;
    bool finished = false;
    QStringList forms; // the translation, or each plural form
};

QString keyOf(const Message &m)
{
    return m.context + QChar(0) + m.source + QChar(0) + m.comment;
}

QString describe(const Message &m)
{
    return QStringLiteral("%1: \"%2\"").arg(m.context, m.source);
}

QList<Message> readTs(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            current = Message();
            current.context = context;
            current.numerus =
                xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (name == QLatin1String("comment")) {
            current.comment = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            current.finished = type.isEmpty();
            if (current.numerus) {
                while (xml.readNextStartElement())
                    current.forms << xml.readElementText();
            } else {
                current.forms << xml.readElementText();
            }
            messages << current; // <translation> is a message's last child that matters
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

// %1..%99 and %n, as a set: a translation may reorder them but not drop or invent one.
QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("%(?:n|L?[1-9][0-9]?)"));
    QSet<QString> found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured().remove(QLatin1Char('L')));
    return found;
}

// An accelerator: '&' before a character, not the escaped "&&".
bool hasAccelerator(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("(?<!&)&[^&\\s]"));
    return text.contains(pattern);
}

QStringList sorted(QSet<QString> set)
{
    QStringList list(set.begin(), set.end());
    list.sort();
    return list;
}
} // namespace

// Every string a person sees is translated: lupdate over today's sources finds no message that
// the committed .ts files lack or leave unfinished, placeholders and accelerators survive
// translation, and the compiled catalogues (embedded in the binary) translate at run time, from
// the settings key or from the system's language.
class TestTranslations : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QList<Message> m_fresh; // what lupdate finds in the sources now

    static QString tsPath(const QString &language)
    {
        return QStringLiteral(HOIST_SOURCE_DIR "/resources/translations/hoist_%1.ts").arg(language);
    }

    // The hoist binary with a settings folder of its own and the language environment given.
    QString runHoist(const QStringList &arguments, const QString &lang, const QString &configDir)
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES"})
            env.remove(QLatin1String(name));
        env.insert(QStringLiteral("LANG"), lang);
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), configDir);
        process.setProcessEnvironment(env);
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(qEnvironmentVariable("HOIST_BINARY"), arguments);
        if (!process.waitForFinished(HoistTimeoutMs))
            return QStringLiteral("(did not finish)");
        return QString::fromUtf8(process.readAll());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // The same options as app/CMakeLists.txt gives lupdate, over the same folders.
        const QString fresh = m_dir.filePath(QStringLiteral("fresh.ts"));
        QProcess lupdate;
        lupdate.setWorkingDirectory(QStringLiteral(HOIST_SOURCE_DIR));
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        lupdate.start(QStringLiteral(HOIST_LUPDATE),
                      {QStringLiteral("-locations"), QStringLiteral("none"),
                       QStringLiteral("-no-obsolete"), QStringLiteral("core"), QStringLiteral("ui"),
                       QStringLiteral("app"), QStringLiteral("-ts"), fresh});
        QVERIFY2(lupdate.waitForFinished(LupdateTimeoutMs), "lupdate did not finish");
        const QString said = QString::fromUtf8(lupdate.readAll());
        QVERIFY2(lupdate.exitCode() == 0, qPrintable(said));
        // "tr() cannot be called without context": such a string is in no catalogue at all.
        QVERIFY2(!said.contains(QLatin1String("cannot be called without context")),
                 qPrintable(said));
        QString error;
        m_fresh = readTs(fresh, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(m_fresh.size() > 200, qPrintable(QString::number(m_fresh.size())));
        qInfo("%d messages in the sources", int(m_fresh.size()));
    }

    void everyStringTranslated_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("pluralForms");
        QTest::newRow("en") << QStringLiteral("en") << 2;
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << 1;
    }

    void everyStringTranslated()
    {
        QFETCH(QString, language);
        QFETCH(int, pluralForms);
        QString error;
        const QList<Message> committed = readTs(tsPath(language), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QHash<QString, Message> byKey;
        for (const Message &m : committed)
            byKey.insert(keyOf(m), m);

        QStringList problems;
        for (const Message &fresh : m_fresh) {
            const auto it = byKey.constFind(keyOf(fresh));
            if (it == byKey.constEnd()) {
                problems << QStringLiteral("missing (run scripts/update-translations.sh): %1")
                                .arg(describe(fresh));
                continue;
            }
            const Message &m = *it;
            if (!m.finished) {
                problems << QStringLiteral("unfinished: %1").arg(describe(m));
                continue;
            }
            if (m.numerus && m.forms.size() != pluralForms) {
                problems << QStringLiteral("%1 plural forms instead of %2: %3")
                                .arg(m.forms.size())
                                .arg(pluralForms)
                                .arg(describe(m));
                continue;
            }
            const QSet<QString> wanted = placeholders(m.source);
            for (const QString &form : m.forms) {
                if (form.trimmed().isEmpty()) {
                    problems << QStringLiteral("empty translation: %1").arg(describe(m));
                } else if (placeholders(form) != wanted) {
                    problems << QStringLiteral("placeholders %1 in \"%2\", %3 in the source: %4")
                                    .arg(sorted(placeholders(form)).join(QLatin1Char(',')), form,
                                         sorted(wanted).join(QLatin1Char(',')), describe(m));
                } else if (hasAccelerator(m.source) != hasAccelerator(form)) {
                    problems << QStringLiteral("accelerator (&) lost or added in \"%1\": %2")
                                    .arg(form, describe(m));
                }
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("hoist_%1.ts: %2 problem(s):\n  %3")
                                                    .arg(language)
                                                    .arg(problems.size())
                                                    .arg(problems.join(QLatin1String("\n  ")))));
    }

    // The .qm files embedded by qt_add_translations load and translate, plurals included.
    void catalogueTranslates()
    {
        LanguageLoader loader;
        QCOMPARE(loader.install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(QCoreApplication::translate("MainWindow", "Pause all"),
                 QStringLiteral("全部暂停"));
        QCOMPARE(QCoreApplication::translate("EndpointChoice", "This computer"),
                 QStringLiteral("本机"));
        QCOMPARE(QCoreApplication::translate("FailureHandler", " · %n tries", nullptr, 5),
                 QStringLiteral(" · 尝试 5 次"));
        // Qt's own words (standard buttons) come from qtbase's catalogue when it is installed
        // (Debian: qt6-translations-l10n, in scripts/setup.sh).
        if (QFile::exists(QLibraryInfo::path(QLibraryInfo::TranslationsPath)
                          + QStringLiteral("/qtbase_zh_CN.qm")))
            QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"),
                     QStringLiteral("取消"));

        QCOMPARE(loader.install(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(QCoreApplication::translate("MainWindow", "Pause all"),
                 QStringLiteral("Pause all"));
        QCOMPARE(QCoreApplication::translate("FailureHandler", " · %n tries", nullptr, 1),
                 QStringLiteral(" · 1 try"));
        QCOMPARE(QCoreApplication::translate("FailureHandler", " · %n tries", nullptr, 3),
                 QStringLiteral(" · 3 tries"));
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("Cancel"));
    }

    // The binary: --help and usage errors follow the system language, or the settings key.
    void binaryFollowsLanguage()
    {
        const QString config = m_dir.filePath(QStringLiteral("config"));
        QVERIFY(QDir().mkpath(config));
        const QString english =
            runHoist({QStringLiteral("--help")}, QStringLiteral("C.UTF-8"), config);
        QVERIFY2(english.contains(QLatin1String("Files and folders to upload.")),
                 qPrintable(english));
        QVERIFY2(english.startsWith(QLatin1String("Usage: hoist [options]")), qPrintable(english));

        const QString chinese =
            runHoist({QStringLiteral("--help")}, QStringLiteral("zh_CN.UTF-8"), config);
        QVERIFY2(chinese.contains(QStringLiteral("要上传的文件和文件夹。")), qPrintable(chinese));
        // Qt's "Usage:" translated too, and our program name put in its place.
        QVERIFY2(chinese.startsWith(QStringLiteral("用法：hoist [选项]")), qPrintable(chinese));

        const QString usage = runHoist({QStringLiteral("--headless"), QStringLiteral("-c"),
                                        QStringLiteral("0"), QStringLiteral("x")},
                                       QStringLiteral("zh_CN.UTF-8"), config);
        QVERIFY2(usage.contains(QStringLiteral("--concurrency 必须是 auto 或 1 到 64 之间的整数")),
                 qPrintable(usage));

        // The settings key wins over the system: what the settings dialog stores.
        QFile settings(config + QStringLiteral("/hoist/hoist.conf"));
        QVERIFY(QDir().mkpath(config + QStringLiteral("/hoist")));
        QVERIFY(settings.open(QIODevice::WriteOnly));
        settings.write("[General]\nlanguage=zh_CN\n");
        settings.close();
        const QString chosen =
            runHoist({QStringLiteral("--help")}, QStringLiteral("C.UTF-8"), config);
        QVERIFY2(chosen.contains(QStringLiteral("要上传的文件和文件夹。")), qPrintable(chosen));
        QVERIFY(settings.open(QIODevice::WriteOnly));
        settings.write("[General]\nlanguage=en\n");
        settings.close();
        const QString back =
            runHoist({QStringLiteral("--help")}, QStringLiteral("zh_CN.UTF-8"), config);
        QVERIFY2(back.contains(QLatin1String("Files and folders to upload.")), qPrintable(back));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
