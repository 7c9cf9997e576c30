#include "userconfig.h"

#include "opensslruntime.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <openssl/crypto.h>

#include <sys/stat.h>

#include <cmath>

namespace {
constexpr qint64 MaxConfigBytes = 1024 * 1024;
constexpr double MaxExactJsonInteger = 9007199254740992.0; // 2^53
constexpr int Sha256Bytes = 32;
constexpr double MaxUnfinishedLimit = 1e9;

QByteArray sha256(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
}

// Visible ASCII without spaces or commas: what fits in one Authorization header unambiguously.
bool isTokenText(const QString &token)
{
    for (QChar c : token) {
        if (c.unicode() < 0x21 || c.unicode() > 0x7e || c == QLatin1Char(','))
            return false;
    }
    return true;
}

QString lineAndColumn(const QByteArray &json, int offset)
{
    const QByteArray before = json.left(offset);
    const int line = int(before.count('\n')) + 1;
    const int column = offset - int(before.lastIndexOf('\n'));
    return QStringLiteral("line %1, column %2").arg(line).arg(column);
}

// The count `name` ("maxUnfinished", "maxUploads") in `object`, when there: -1 when absent, -2
// when not a whole number >= 0.
int countIn(const QJsonObject &object, const char *name)
{
    const QJsonValue value = object.value(QLatin1String(name));
    if (value.isUndefined())
        return -1;
    const double count = value.toDouble(-1);
    if (!value.isDouble() || count < 0 || count > MaxUnfinishedLimit || std::floor(count) != count)
        return -2;
    return int(count);
}

constexpr char BadMaxUnfinished[] =
    "\"maxUnfinished\" must be a whole number of uploads (0 to 10^9)";
constexpr char BadMaxUploads[] = "\"maxUploads\" must be a whole number of uploads (0 to 10^9)";

std::optional<HoistdUser> parseUser(const QJsonValue &value, const QString &where, QString *error)
{
    const auto fail = [&](const QString &why) {
        *error = where + QStringLiteral(": ") + why;
        return std::nullopt;
    };
    if (!value.isObject())
        return fail(QStringLiteral("must be an object with name, token and quota"));
    const QJsonObject object = value.toObject();
    static const QSet<QString> known{QStringLiteral("name"),          QStringLiteral("token"),
                                     QStringLiteral("tokenSha256"),   QStringLiteral("quota"),
                                     QStringLiteral("maxUnfinished"), QStringLiteral("metrics"),
                                     QStringLiteral("maxUploads")};
    for (const QString &key : object.keys()) {
        if (!known.contains(key))
            return fail(QStringLiteral("unknown field \"%1\" (expected name, token or "
                                       "tokenSha256, quota, maxUnfinished, maxUploads, metrics)")
                            .arg(key));
    }
    HoistdUser user;
    static const QRegularExpression namePattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9._-]{1,64}")));
    user.name = object.value(QLatin1String("name")).toString();
    if (!namePattern.match(user.name).hasMatch())
        return fail(QStringLiteral("\"name\" must be 1 to 64 letters, digits, '.', '_' or '-'"));

    const bool hasToken = object.contains(QLatin1String("token"));
    if (hasToken == object.contains(QLatin1String("tokenSha256")))
        return fail(QStringLiteral("give exactly one of \"token\" and \"tokenSha256\""));
    if (hasToken) {
        const QString token = object.value(QLatin1String("token")).toString();
        if (token.size() < UserConfig::MinTokenChars || !isTokenText(token))
            return fail(QStringLiteral("\"token\" must be a string of at least %1 visible ASCII "
                                       "characters without spaces or commas")
                            .arg(UserConfig::MinTokenChars));
        user.tokenHash = sha256(token.toLatin1());
    } else {
        const QString hex = object.value(QLatin1String("tokenSha256")).toString();
        static const QRegularExpression hexPattern(
            QRegularExpression::anchoredPattern(QStringLiteral("[0-9a-fA-F]{64}")));
        if (!hexPattern.match(hex).hasMatch())
            return fail(QStringLiteral("\"tokenSha256\" must be 64 hexadecimal digits"));
        user.tokenHash = QByteArray::fromHex(hex.toLatin1());
    }

    const QJsonValue quota = object.value(QLatin1String("quota"));
    const double bytes = quota.toDouble(-1);
    if (!quota.isDouble() || bytes < 0 || bytes > MaxExactJsonInteger || std::floor(bytes) != bytes)
        return fail(QStringLiteral("\"quota\" must be a whole number of bytes (0 to 2^53)"));
    user.quota = qint64(bytes);
    user.maxUnfinished = countIn(object, "maxUnfinished");
    if (user.maxUnfinished == -2)
        return fail(QLatin1String(BadMaxUnfinished));
    user.maxUploads = countIn(object, "maxUploads");
    if (user.maxUploads == -2)
        return fail(QLatin1String(BadMaxUploads));

    const QJsonValue metrics = object.value(QLatin1String("metrics"));
    if (!metrics.isUndefined() && !metrics.isBool())
        return fail(QStringLiteral("\"metrics\" must be true or false"));
    user.metrics = metrics.toBool(false);
    return user;
}
} // namespace

QByteArray bearerToken(const QByteArray &authorization)
{
    const QByteArray value = authorization.trimmed();
    const int space = value.indexOf(' ');
    if (space < 0 || value.left(space).toLower() != "bearer")
        return {};
    const QByteArray token = value.mid(space + 1).trimmed();
    return token.contains(' ') || token.contains(',') ? QByteArray() : token;
}

std::optional<UserConfig> UserConfig::load(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    struct stat info {};
    if (::fstat(file.handle(), &info) == 0 && (info.st_mode & (S_IROTH | S_IWOTH))) {
        *error = QStringLiteral("%1: readable or writable by every user of this machine; it holds "
                                "the bearer tokens, so run chmod o-rwx on it")
                     .arg(path);
        return std::nullopt;
    }
    const QByteArray json = file.read(MaxConfigBytes + 1);
    if (json.size() > MaxConfigBytes) {
        *error = QStringLiteral("%1: larger than %2 bytes").arg(path).arg(MaxConfigBytes);
        return std::nullopt;
    }
    auto config = parse(json, error);
    if (!config)
        *error = path + QStringLiteral(": ") + *error;
    return config;
}

std::optional<UserConfig> UserConfig::parse(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1: %2").arg(lineAndColumn(json, parseError.offset),
                                              parseError.errorString());
        return std::nullopt;
    }
    const QJsonObject root = document.object();
    const bool onlyKnown = root.size()
                           == 1 + int(root.contains(QLatin1String("maxUnfinished")))
                                  + int(root.contains(QLatin1String("maxUploads")));
    if (!document.isObject() || !root.value(QLatin1String("users")).isArray() || !onlyKnown) {
        *error = QStringLiteral("the file must be one object with a field \"users\", an array of "
                                "users, and optionally \"maxUnfinished\" and \"maxUploads\"");
        return std::nullopt;
    }
    const QJsonArray users = root.value(QLatin1String("users")).toArray();
    if (users.isEmpty()) {
        *error = QStringLiteral("\"users\" is empty: nobody could upload");
        return std::nullopt;
    }
    UserConfig config;
    config.m_defaultMaxUnfinished = countIn(root, "maxUnfinished");
    if (config.m_defaultMaxUnfinished == -2) {
        *error = QLatin1String(BadMaxUnfinished);
        return std::nullopt;
    }
    config.m_defaultMaxUploads = countIn(root, "maxUploads");
    if (config.m_defaultMaxUploads == -2) {
        *error = QLatin1String(BadMaxUploads);
        return std::nullopt;
    }
    QSet<QString> names;
    QSet<QByteArray> hashes;
    for (qsizetype i = 0; i < users.size(); ++i) {
        const QString where = QStringLiteral("users[%1]").arg(i);
        auto user = parseUser(users.at(i), where, error);
        if (!user)
            return std::nullopt;
        if (names.contains(user->name)) {
            *error = QStringLiteral("%1: the name \"%2\" is used twice").arg(where, user->name);
            return std::nullopt;
        }
        if (hashes.contains(user->tokenHash)) {
            *error = QStringLiteral("%1: the same token as an earlier user").arg(where);
            return std::nullopt;
        }
        names.insert(user->name);
        hashes.insert(user->tokenHash);
        config.m_users.append(*user);
    }
    return config;
}

const HoistdUser *UserConfig::authenticate(const QByteArray &authorization) const
{
    const QByteArray token = bearerToken(authorization);
    if (token.isEmpty())
        return nullptr;
    const QByteArray hash = sha256(token);
    const HoistdUser *match = nullptr;
    // Every user compared, no early exit: the time taken says nothing about who matched.
    for (const HoistdUser &user : m_users) {
        if (user.tokenHash.size() == Sha256Bytes
            && CRYPTO_memcmp(user.tokenHash.constData(), hash.constData(), Sha256Bytes) == 0)
            match = &user;
    }
    return match;
}
