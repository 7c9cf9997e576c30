#pragma once

#include <QPalette>
#include <QString>

// The window's colours: the desktop's, or Hoist's own light or dark ones (Fusion with a palette,
// which looks the same on every desktop). Applied to the whole application at once.
class Theme final {
public:
    enum class Choice { System, Light, Dark };

    // As stored in the settings: "system", "light", "dark" (anything else: System).
    static Choice fromName(const QString &name);
    static QString name(Choice choice);

    // Fusion's dark palette: dark bases, light text, a blue that reads on both.
    static QPalette darkPalette();
    // Applies `choice` to the running application; System brings back the style and palette
    // the application started with.
    static void apply(Choice choice);
};
