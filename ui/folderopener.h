#pragma once

#include <QString>

// Opens the folder holding a file for a person, the file selected where the desktop can: the
// file manager's org.freedesktop.FileManager1 ShowItems over D-Bus (Nautilus, Dolphin, Nemo,
// Thunar... answer it, started on demand), else the folder through QDesktopServices.
namespace FolderOpener {

// Asks without waiting; falls back to the folder alone when no file manager answers or it refuses.
void showFile(const QString &filePath);
// True when a file manager on the session bus offers ShowItems (running or activatable). Asks
// the bus synchronously: not for the GUI thread's way to a click.
bool canSelectFiles();

} // namespace FolderOpener
