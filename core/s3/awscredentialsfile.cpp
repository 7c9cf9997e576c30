#include "awscredentialsfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileDevice>

namespace {
// Larger than any credentials file; a bigger one is not one (a path given by mistake).
constexpr qint64 MaxFileBytes = 1024 * 1024;

QString tr(const char *text)
{
    return QCoreApplication::translate("AwsCredentialsFile", text);
}

// The line without its comment: '#' or ';' at its start, or after a blank elsewhere (as botocore).
QByteArray withoutComment(const QByteArray &line)
{
    const QByteArray trimmed = line.trimmed();
    if (trimmed.startsWith('#') || trimmed.startsWith(';'))
        return {};
    for (qsizetype i = 1; i < trimmed.size(); ++i) {
        if ((trimmed.at(i) == '#' || trimmed.at(i) == ';')
            && (trimmed.at(i - 1) == ' ' || trimmed.at(i - 1) == '\t'))
            return trimmed.left(i).trimmed();
    }
    return trimmed;
}
} // namespace

std::optional<S3Credentials> AwsCredentialsFile::parse(const QByteArray &text,
                                                       const QString &profile, QString *problem)
{
    const auto fail = [problem](const QString &why) -> std::optional<S3Credentials> {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    S3Credentials found;
    bool inProfile = false;
    bool seen = false;
    for (const QByteArray &raw : text.split('\n')) {
        const QByteArray line = withoutComment(raw);
        if (line.isEmpty())
            continue;
        if (line.startsWith('[') && line.endsWith(']')) {
            QByteArray name = line.mid(1, line.size() - 2).trimmed();
            // The config file's spelling, "[profile NAME]", is accepted here too.
            if (name.startsWith("profile ") && name != DefaultProfile)
                name = name.mid(8).trimmed();
            inProfile = QString::fromUtf8(name) == profile;
            seen = seen || inProfile;
            continue;
        }
        const qsizetype equals = line.indexOf('=');
        if (!inProfile || equals < 0)
            continue;
        const QByteArray key = line.left(equals).trimmed().toLower();
        const QByteArray value = line.mid(equals + 1).trimmed();
        if (key == "aws_access_key_id")
            found.accessKeyId = QString::fromUtf8(value);
        else if (key == "aws_secret_access_key")
            found.secretAccessKey = value;
    }
    if (!seen)
        return fail(tr("it has no profile [%1]").arg(profile));
    if (found.accessKeyId.isEmpty())
        return fail(tr("its profile [%1] has no aws_access_key_id").arg(profile));
    if (found.secretAccessKey.isEmpty())
        return fail(tr("its profile [%1] has no aws_secret_access_key").arg(profile));
    return found;
}

std::optional<S3Credentials> AwsCredentialsFile::read(const QString &path, const QString &profile,
                                                      QString *problem)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (problem)
            *problem = file.errorString();
        return std::nullopt;
    }
    if (file.size() > MaxFileBytes) {
        if (problem)
            *problem = tr("it is too large to be a credentials file");
        return std::nullopt;
    }
    return parse(file.readAll(), profile, problem);
}

bool AwsCredentialsFile::readableByOthers(const QString &path)
{
    const QFileDevice::Permissions permissions = QFile::permissions(path);
    return permissions & (QFileDevice::ReadGroup | QFileDevice::ReadOther);
}
