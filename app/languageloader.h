#pragma once

#include <QString>
#include <QStringList>
#include <QTranslator>

class QSettings;

// Puts Hoist's texts, and Qt's own (standard buttons, the command line's "Usage:"), in the
// person's language: the one chosen in the settings (key `language`), else the system's. Needs
// the application object; the translators stay installed while this lives.
class LanguageLoader final {
    Q_DISABLE_COPY_MOVE(LanguageLoader)
public:
    // The QSettings key: "" or missing follows the system, otherwise a name from available().
    static constexpr const char *SettingsKey = "language";

    LanguageLoader() = default;

    // The languages Hoist is translated into ("en", "zh_CN"), as stored under SettingsKey.
    static QStringList available();
    // `language` as stored under SettingsKey; "" (or an unknown name) follows the system.
    // Returns the language now in use, English when nothing better matched.
    QString install(const QString &language);
    // install() with what `settings` holds.
    QString installFrom(const QSettings &settings);

private:
    QTranslator m_hoist;
    QTranslator m_qt;
};
