#pragma once

#include <QString>

#include <functional>

// Opens the folder holding a file for a person, the file selected where the desktop can: the
// file manager's org.freedesktop.FileManager1 ShowItems over D-Bus (Nautilus, Dolphin, Nemo,
// Thunar... answer it, started on demand), else the folder through QDesktopServices.
namespace FolderOpener {

// Called with the folder's path when nothing on this desktop could open it.
using NotShown = std::function<void(const QString &folder)>;
// Asks without waiting; falls back to the folder alone when no file manager answers or it
// refuses, and calls `notShown` when that fails too.
void showFile(const QString &filePath, NotShown notShown = {});
// True when a file manager on the session bus offers ShowItems (running or activatable). Asks
// the bus synchronously: not for the GUI thread's way to a click.
bool canSelectFiles();

} // namespace FolderOpener
