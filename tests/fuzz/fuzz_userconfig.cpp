// Fuzz target for hoistd's --config file (server/protocol/userconfig.h): the users, their
// bearer tokens (or the tokens' SHA-256) and quotas, as JSON a person wrote. Every input is
// parsed; an independent oracle checks what is accepted against the file's rules: names of 1 to
// 64 of [A-Za-z0-9._-] used once, a 32-byte hash per user, none twice, quotas whole numbers of
// bytes up to 2^53, maxUnfinished -1 or 0 to 10^9; every refusal says why. Each user given a
// "token" is then found by an Authorization header carrying it, and only by that. Same entry
// point as fuzz_tuswire.cpp (libFuzzer or fuzz_driver.cpp).

#include "userconfig.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "fuzz_userconfig: check failed at %s:%d: %s\n", __FILE__,         \
                         __LINE__, #cond);                                                         \
            std::abort();                                                                          \
        }                                                                                          \
    } while (0)

namespace {
bool isName(const QString &name)
{
    if (name.isEmpty() || name.size() > 64)
        return false;
    for (QChar c : name) {
        const char16_t u = c.unicode();
        const bool ok = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9')
                        || u == '.' || u == '_' || u == '-';
        if (!ok)
            return false;
    }
    return true;
}

void checkConfig(const QByteArray &json)
{
    QString error;
    const std::optional<UserConfig> config = UserConfig::parse(json, &error);
    if (!config) {
        FUZZ_CHECK(!error.isEmpty());
        return;
    }
    // Whatever was accepted is a JSON object with a non-empty "users" array, one entry a user.
    const QJsonDocument document = QJsonDocument::fromJson(json);
    FUZZ_CHECK(document.isObject());
    const QJsonArray given = document.object().value(QLatin1String("users")).toArray();
    FUZZ_CHECK(!config->users().isEmpty() && config->users().size() == given.size());
    FUZZ_CHECK(config->defaultMaxUnfinished() >= -1
               && config->defaultMaxUnfinished() <= 1000000000);
    QSet<QString> names;
    QSet<QByteArray> hashes;
    for (qsizetype i = 0; i < config->users().size(); ++i) {
        const HoistdUser &user = config->users().at(i);
        const QJsonObject object = given.at(i).toObject();
        FUZZ_CHECK(isName(user.name) && !names.contains(user.name));
        FUZZ_CHECK(user.name == object.value(QLatin1String("name")).toString());
        FUZZ_CHECK(user.tokenHash.size() == 32 && !hashes.contains(user.tokenHash));
        FUZZ_CHECK(user.quota >= 0 && user.quota <= (qint64(1) << 53));
        FUZZ_CHECK(user.maxUnfinished >= -1 && user.maxUnfinished <= 1000000000);
        names.insert(user.name);
        hashes.insert(user.tokenHash);
        const QString token = object.value(QLatin1String("token")).toString();
        if (object.contains(QLatin1String("token"))) {
            FUZZ_CHECK(token.size() >= UserConfig::MinTokenChars);
            FUZZ_CHECK(user.tokenHash
                       == QCryptographicHash::hash(token.toLatin1(), QCryptographicHash::Sha256));
            const HoistdUser *found = config->authenticate("Bearer " + token.toLatin1());
            FUZZ_CHECK(found && found->name == user.name);
            FUZZ_CHECK(config->authenticate("bearer  " + token.toLatin1() + "  ") == found);
            // One character more or less is another token.
            const HoistdUser *longer = config->authenticate("Bearer " + token.toLatin1() + "x");
            FUZZ_CHECK(!longer || longer->name != user.name);
            FUZZ_CHECK(!config->authenticate("Basic " + token.toLatin1()));
            FUZZ_CHECK(!config->authenticate(token.toLatin1()));
        } else {
            FUZZ_CHECK(
                user.tokenHash.toHex()
                == object.value(QLatin1String("tokenSha256")).toString().toLower().toLatin1());
        }
    }
}

// Whatever the header, authentication answers a user of the file or nobody.
void checkAuthorization(const QByteArray &input)
{
    static const std::optional<UserConfig> config = [] {
        QString error;
        return UserConfig::parse(R"({"users": [
            {"name": "alice", "token": "alice-token-0123456789", "quota": 10},
            {"name": "bob", "tokenSha256":
             "0000000000000000000000000000000000000000000000000000000000000000", "quota": 0}]})",
                                 &error);
    }();
    FUZZ_CHECK(config);
    const HoistdUser *user = config->authenticate(input.left(512));
    const QByteArray token = bearerToken(input.left(512));
    FUZZ_CHECK(!token.contains(' ') && !token.contains(','));
    FUZZ_CHECK(!user
               || (user->name == QLatin1String("alice") && token == "alice-token-0123456789"));
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    checkConfig(input);
    checkAuthorization(input);
    return 0;
}
