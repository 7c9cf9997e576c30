#pragma once

#include <QByteArray>
#include <QString>

// Content-Disposition for a download named `filename` (RFC 6266): "attachment", an ASCII
// filename for old clients (anything else, quotes, backslashes and percent signs as '_') and
// filename*=UTF-8''<percent-encoded> (RFC 8187) for the rest; control and format characters
// (newlines, bidi overrides) dropped from both. "download" when nothing is left. The name is a
// client's: nothing of it can end the header, the quoted string or the parameter early.
QByteArray attachmentDisposition(const QString &filename);
