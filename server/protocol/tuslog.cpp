#include "tuslog.h"

#include <cstdio>

void TusLog::line(const QString &text) const
{
    const QByteArray bytes = "hoistd: " + text.toUtf8() + '\n';
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
    std::fflush(stderr);
}

void TusLog::finished(const UploadRecord &r) const
{
    QString kind;
    if (r.concat == UploadRecord::Concat::Partial)
        kind = QStringLiteral(" (partial)");
    else if (r.concat == UploadRecord::Concat::Final)
        kind = QStringLiteral(" (final of %1 partial uploads)").arg(r.parts.size());
    line(QStringLiteral("finished %1 %2 bytes \"%3\"%4%5")
             .arg(r.id)
             .arg(r.length)
             .arg(r.filename)
             .arg(r.owner.isEmpty() ? QString() : QStringLiteral(" owner ") + r.owner)
             .arg(kind));
}
