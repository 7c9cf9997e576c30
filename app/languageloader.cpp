#include "languageloader.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>

namespace {
// Where qt_add_translations (app/CMakeLists.txt) embeds the compiled .qm files.
constexpr auto ResourceDir = ":/i18n";
constexpr auto Fallback = "en";
} // namespace

QStringList LanguageLoader::available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString LanguageLoader::install(const QString &language)
{
    QCoreApplication::removeTranslator(&m_hoist);
    QCoreApplication::removeTranslator(&m_qt);
    const QString dir = QLatin1String(ResourceDir);
    const QString hoist = QStringLiteral("hoist");
    // A chosen language, else the system's list of preferred languages (LANGUAGE, LC_MESSAGES,
    // LANG), best match first. English stays loaded as the fallback: its plural forms.
    const bool chosen = available().contains(language);
    const QLocale locale = chosen ? QLocale(language) : QLocale::system();
    bool loaded = chosen ? m_hoist.load(hoist + QLatin1Char('_') + language, dir)
                         : m_hoist.load(locale, hoist, QStringLiteral("_"), dir);
    if (!loaded)
        loaded = m_hoist.load(hoist + QLatin1Char('_') + QLatin1String(Fallback), dir);
    if (loaded)
        QCoreApplication::installTranslator(&m_hoist);
    // The name as in available(): the .qm file's, ":/i18n/hoist_zh_CN.qm" (language() says
    // "en_US").
    const QString inUse =
        loaded ? QFileInfo(m_hoist.filePath()).completeBaseName().mid(hoist.size() + 1)
               : QLatin1String(Fallback);
    // Qt's own texts only when ours are not English; Debian: qt6-translations-l10n. Without that
    // package the standard buttons stay in English and nothing else changes.
    if (!inUse.startsWith(QLatin1String(Fallback))
        && m_qt.load(QLocale(inUse), QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&m_qt);
    return inUse;
}

QString LanguageLoader::installFrom(const QSettings &settings)
{
    return install(settings.value(QLatin1String(SettingsKey)).toString());
}
