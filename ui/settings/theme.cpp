#include "theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace {
const QString FusionStyle = QStringLiteral("Fusion");

// What the application had before any choice: what "Follow system" brings back.
struct Startup {
    QString style;
    QPalette palette;
};

const Startup &startup()
{
    static const Startup s{QApplication::style()->name(), QApplication::palette()};
    return s;
}
} // namespace

Theme::Choice Theme::fromName(const QString &name)
{
    if (name == QLatin1String("light"))
        return Choice::Light;
    if (name == QLatin1String("dark"))
        return Choice::Dark;
    return Choice::System;
}

QString Theme::name(Choice choice)
{
    switch (choice) {
    case Choice::Light:
        return QStringLiteral("light");
    case Choice::Dark:
        return QStringLiteral("dark");
    case Choice::System:
        break;
    }
    return QStringLiteral("system");
}

QPalette Theme::darkPalette()
{
    const QColor window(45, 45, 48);
    const QColor base(30, 30, 32);
    const QColor text(225, 225, 228);
    const QColor disabledText(128, 128, 132);
    const QColor highlight(42, 130, 218);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(38, 38, 41));
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabledText);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(255, 90, 90));
    p.setColor(QPalette::Light, QColor(70, 70, 74));
    p.setColor(QPalette::Midlight, QColor(58, 58, 62));
    p.setColor(QPalette::Mid, QColor(36, 36, 38));
    p.setColor(QPalette::Dark, QColor(22, 22, 24));
    p.setColor(QPalette::Shadow, QColor(10, 10, 10));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(110, 170, 240));
    p.setColor(QPalette::LinkVisited, QColor(170, 140, 230));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabledText);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(80, 80, 84));
    p.setColor(QPalette::Disabled, QPalette::HighlightedText, disabledText);
    return p;
}

void Theme::apply(Choice choice)
{
    const Startup &before = startup();
    switch (choice) {
    case Choice::System:
        QApplication::setStyle(before.style);
        QApplication::setPalette(before.palette);
        return;
    case Choice::Light:
        QApplication::setStyle(FusionStyle);
        QApplication::setPalette(QApplication::style()->standardPalette());
        return;
    case Choice::Dark:
        QApplication::setStyle(FusionStyle);
        QApplication::setPalette(darkPalette());
        return;
    }
}
