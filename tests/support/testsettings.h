#pragma once

#include <QCoreApplication>
#include <QSettings>
#include <QString>

// Keeps test program `program`'s QSettings in `dir` (a temporary folder of its own), never the
// person's: the window and its helpers remember endpoints, columns and limits there.
inline void useTestSettings(const QString &program, const QString &dir)
{
    QCoreApplication::setOrganizationName(QStringLiteral("HoistTests"));
    QCoreApplication::setApplicationName(program);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir);
}
