#pragma once

#include <QFile>
#include <QString>

#include "trtext.h"

// Opens `path` for reading (unbuffered) into `file`, only if it is a regular file, and without
// ever waiting in open(): a path that became a named pipe since it was queued would otherwise
// hold the calling thread (the GUI thread, for a request's body) until a writer comes, which may
// be never. False, with the reason on `problem` when given, for anything else.
bool openRegularFile(QFile &file, const QString &path, QString *problem = nullptr);

// Why a file of this st_mode cannot be uploaded ("not a regular file (a named pipe)"); empty for
// a regular file.
QString notRegularFileReason(unsigned mode);
// The same kept untranslated, for a reason that is stored (translated where it is shown).
TrText notRegularFileText(unsigned mode);
// An errno from open() or stat() in a person's words ("no such file or folder").
QString fileErrorText(int error);
