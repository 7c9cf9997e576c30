#include "tokenkeeper.h"

#include "endpointheaders.h"
#include "s3target.h"
#include "uploadscheduler.h"

#include <QLoggingCategory>
#include <QTimer>

Q_LOGGING_CATEGORY(lcTokens, "hoist.tokens", QtWarningMsg)

namespace {
// An access key id has no ':', a secret may: the first one parts them.
constexpr QChar S3KeySeparator = QLatin1Char(':');

S3Credentials s3KeysOf(const QString &token)
{
    const qsizetype separator = token.indexOf(S3KeySeparator);
    if (separator <= 0)
        return {};
    return {token.left(separator), token.mid(separator + 1).toUtf8()};
}
} // namespace

TokenKeeper::TokenKeeper(UploadScheduler *scheduler, SecretStore *secrets, QObject *parent)
    : QObject(parent)
    , m_scheduler(scheduler)
    , m_secrets(secrets)
{
    Q_ASSERT(scheduler);
    if (!m_secrets) {
        m_keyring = Keyring::Unavailable;
        m_keyringProblem = tr("no keyring");
    } else {
        connect(m_secrets, &SecretStore::readFinished, this, &TokenKeeper::onRead);
        connect(m_secrets, &SecretStore::writeFinished, this, &TokenKeeper::onWritten);
        connect(m_secrets, &SecretStore::removeFinished, this, &TokenKeeper::onRemoved);
    }
    // Every upload's own endpoint, restored ones too: emitted before the scheduler's next pass,
    // so the hold is in place before any of them could start.
    connect(m_scheduler, &UploadScheduler::tasksAdded, this, [this](const QList<TaskId> &ids) {
        QUrl last;
        for (TaskId id : ids) {
            const UploadTask *task = m_scheduler->task(id);
            if (task && task->endpoint() != last) {
                last = task->endpoint();
                lookUp(last);
            }
        }
    });
}

TokenKeeper::~TokenKeeper() = default;

QString TokenKeeper::cleaned(const QString &typed)
{
    QString token = typed.trimmed();
    // "Bearer " and nothing after it, trimmed to "Bearer": nothing left once it is dropped.
    if (token.compare(QLatin1String("bearer"), Qt::CaseInsensitive) == 0)
        return {};
    if (token.startsWith(QLatin1String("bearer "), Qt::CaseInsensitive))
        token = token.mid(7).trimmed();
    // A header value is visible ASCII here (RFC 6750's b64token is narrower still): no line
    // breaks that could add a header, nothing a server would read differently.
    for (const QChar c : std::as_const(token)) {
        if (c.unicode() < 0x21 || c.unicode() > 0x7e)
            return {};
    }
    return token;
}

TokenKeeper::Entry &TokenKeeper::entry(const QUrl &endpoint, const QString &key)
{
    auto it = m_entries.find(key);
    if (it == m_entries.end()) {
        it = m_entries.insert(key, Entry{});
        it->endpoint = endpoint;
    }
    return *it;
}

void TokenKeeper::lookUp(const QUrl &endpoint)
{
    const QString key = EndpointHeaders::keyOf(endpoint);
    if (key.isEmpty())
        return;
    Entry &e = entry(endpoint, key);
    if (e.lookedUp || e.lookingUp)
        return;
    if (!m_secrets || m_keyring == Keyring::Unavailable) {
        e.lookedUp = true; // nothing could have been remembered there
        return;
    }
    e.lookingUp = true;
    e.held = true;
    m_scheduler->holdEndpoint(endpoint, true);
    QTimer::singleShot(m_lookupTimeoutMs, this, [this, key] {
        if (m_entries.value(key).held) {
            qCWarning(lcTokens) << "keyring: no answer for" << key << "in time; uploads go on";
            release(key);
        }
    });
    m_secrets->read(key);
}

bool TokenKeeper::isLookingUp(const QUrl &endpoint) const
{
    return m_entries.value(EndpointHeaders::keyOf(endpoint)).lookingUp;
}

bool TokenKeeper::hasToken(const QUrl &endpoint) const
{
    return !m_entries.value(EndpointHeaders::keyOf(endpoint)).token.isEmpty();
}

bool TokenKeeper::isRemembered(const QUrl &endpoint) const
{
    const Entry e = m_entries.value(EndpointHeaders::keyOf(endpoint));
    return !e.token.isEmpty() && e.remembered;
}

void TokenKeeper::apply(const Entry &e)
{
    if (S3Target::isS3(e.endpoint)) {
        if (m_s3Sink)
            m_s3Sink(e.endpoint, s3KeysOf(e.token));
        return;
    }
    HttpHeaders headers;
    if (!e.token.isEmpty())
        headers.append({QByteArrayLiteral("Authorization"), "Bearer " + e.token.toLatin1()});
    m_scheduler->setEndpointHeaders(e.endpoint, headers);
}

void TokenKeeper::release(const QString &key)
{
    auto it = m_entries.find(key);
    if (it == m_entries.end() || !it->held)
        return;
    it->held = false;
    m_scheduler->holdEndpoint(it->endpoint, false);
}

void TokenKeeper::setToken(const QUrl &endpoint, const QString &token, bool remember)
{
    const QString key = EndpointHeaders::keyOf(endpoint);
    const QString clean = cleaned(token);
    if (key.isEmpty() || clean.isEmpty())
        return;
    Entry &e = entry(endpoint, key);
    e.setDuringLookup = e.lookingUp;
    e.token = clean;
    const bool wasRemembered = e.remembered;
    e.remembered = false; // until the keyring says it kept it
    e.wantRemembered = remember;
    apply(e);
    release(key); // the person's token is the one to use: no need to wait for the keyring's
    if (m_secrets && remember) {
        ++e.writing;
        m_secrets->write(key, clean);
    } else if (m_secrets && (wasRemembered || e.lookingUp || e.writing > 0)) {
        // As in clearToken(): a lookup not answered yet may find an older token there.
        m_secrets->remove(key);
    }
    Q_EMIT tokenChanged(e.endpoint);
}

void TokenKeeper::setS3Keys(const QUrl &target, const S3Credentials &keys, bool remember)
{
    if (!keys.isComplete() || keys.accessKeyId.contains(S3KeySeparator))
        return;
    setToken(target, keys.accessKeyId + S3KeySeparator + QString::fromUtf8(keys.secretAccessKey),
             remember);
}

QString TokenKeeper::s3AccessKeyId(const QUrl &target) const
{
    return s3KeysOf(m_entries.value(EndpointHeaders::keyOf(target)).token).accessKeyId;
}

void TokenKeeper::setRemembered(const QUrl &endpoint, bool remember)
{
    const QString key = EndpointHeaders::keyOf(endpoint);
    const auto it = m_entries.constFind(key);
    if (it == m_entries.cend() || it->token.isEmpty() || it->remembered == remember)
        return;
    setToken(endpoint, it->token, remember);
}

void TokenKeeper::clearToken(const QUrl &endpoint)
{
    const QString key = EndpointHeaders::keyOf(endpoint);
    if (key.isEmpty())
        return;
    Entry &e = entry(endpoint, key);
    e.setDuringLookup = e.lookingUp;
    const bool wasRemembered = e.remembered;
    e.token.clear();
    e.remembered = false;
    e.wantRemembered = false;
    apply(e);
    release(key);
    // Also when a lookup or a write has not answered yet: what is there is to be forgotten.
    if (m_secrets && (wasRemembered || e.lookingUp || e.writing > 0))
        m_secrets->remove(key);
    Q_EMIT tokenChanged(e.endpoint);
}

void TokenKeeper::setKeyring(Keyring state, const QString &problem)
{
    if (m_keyring == state && m_keyringProblem == problem)
        return;
    m_keyring = state;
    m_keyringProblem = problem;
    Q_EMIT keyringChanged();
}

void TokenKeeper::onRead(const QString &key, SecretStore::Outcome outcome, const QString &secret,
                         const QString &problem)
{
    auto it = m_entries.find(key);
    if (it == m_entries.end() || !it->lookingUp)
        return;
    it->lookingUp = false;
    it->lookedUp = true;
    const bool stale = it->setDuringLookup;
    it->setDuringLookup = false;
    if (outcome == SecretStore::Outcome::Unavailable) {
        // Quietly: Hoist works without a keyring; the token dialog says it cannot remember.
        qCDebug(lcTokens) << "keyring unavailable:" << problem;
        setKeyring(Keyring::Unavailable, problem);
    } else {
        setKeyring(Keyring::Available);
    }
    const QString found = cleaned(secret);
    if (outcome == SecretStore::Outcome::Done && !stale && !found.isEmpty()) {
        it->token = found;
        it->remembered = true;
        it->wantRemembered = true;
        apply(*it);
    }
    const QUrl endpoint = it->endpoint;
    release(key);
    Q_EMIT tokenChanged(endpoint);
}

void TokenKeeper::onWritten(const QString &key, SecretStore::Outcome outcome,
                            const QString &problem)
{
    auto it = m_entries.find(key);
    if (it == m_entries.end())
        return;
    it->writing = qMax(0, it->writing - 1);
    if (outcome != SecretStore::Outcome::Done) {
        qCDebug(lcTokens) << "keyring: could not remember" << key << ":" << problem;
        setKeyring(Keyring::Unavailable, problem);
        Q_EMIT rememberFailed(it->endpoint, problem);
        return;
    }
    setKeyring(Keyring::Available);
    // Changed or cleared meanwhile: a later write or remove (queued after this one) has the say.
    if (it->writing > 0 || !it->wantRemembered || it->token.isEmpty())
        return;
    it->remembered = true;
    Q_EMIT tokenChanged(it->endpoint);
}

void TokenKeeper::onRemoved(const QString &key, SecretStore::Outcome outcome,
                            const QString &problem)
{
    // Quietly: without a keyring there was nothing to forget.
    if (outcome != SecretStore::Outcome::Done)
        qCDebug(lcTokens) << "keyring: could not forget" << key << ":" << problem;
}
