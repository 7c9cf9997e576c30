#include "appsettings.h"

#include "pathpatterns.h"
#include "targetsettings.h"
#include "uploadscheduler.h"

#include <QSettings>

#include <cstddef>

namespace {
// The fixed cap (kept while Auto is on, for when it goes off), and whether Auto is on: "auto" or
// "fixed". A file from before Auto has the number alone (migrateConcurrency).
const char *const concurrencyKey = "concurrency";
const char *const concurrencyModeKey = "concurrencyMode";
const char *const autoMode = "auto";
const char *const fixedMode = "fixed";
const char *const perServerKey = "perServer";
const char *const rateLimitKey = "rateLimit";
const char *const chunkSizeKey = "chunkSize";
// Seconds; 0: never. ("retries", a count of tries before failing, is no longer read: a
// transient failure ends an upload only after this long without progress.)
const char *const giveUpAfterKey = "giveUpAfter";
const char *const batchActionKey = "batchFinished";
const char *const batchCommandKey = "batchCommand";
const char *const startInTrayKey = "startInTray";
const char *const closeBehaviourKey = "closeBehaviour";
const char *const languageKey = "language";
const char *const themeKey = "theme";
const char *const scheduleKey = "schedule/rules";
const char *const scheduleRatesKey = "schedule/rates";
const char *const meteredKey = "schedule/onMetered";
const char *const overrideKey = "schedule/overrideUntil";
const char *const watchingPausedKey = "watchingPaused";
const char *const excludeKey = "excludePatterns";
const char *const watchedKey = "watchedFolders";

// Stored as words, so that the file reads well and survives reordering the enums.
const char *const batchActionNames[] = {"nothing", "notify",   "command",
                                        "suspend", "shutdown", "quit"};
const char *const closeBehaviourNames[] = {"ask", "tray", "quit"};

template <typename Enum, std::size_t N>
Enum fromName(const char *key, const char *const (&names)[N], Enum fallback)
{
    const QString stored = QSettings().value(QLatin1String(key)).toString();
    for (std::size_t i = 0; i < N; ++i) {
        if (stored == QLatin1String(names[i]))
            return Enum(i);
    }
    return fallback;
}

void store(const char *key, const QVariant &value)
{
    QSettings().setValue(QLatin1String(key), value);
}

// Once, for a file from before Auto: a stored 3 was that Hoist's default, most likely never
// chosen, and becomes Auto, the new default; any other number was chosen and stays a fixed cap.
// The mode is written, so that a 3 chosen from now on stays a 3.
void migrateConcurrency()
{
    QSettings settings;
    if (settings.contains(QLatin1String(concurrencyModeKey))
        || !settings.contains(QLatin1String(concurrencyKey)))
        return;
    const bool oldDefault =
        settings.value(QLatin1String(concurrencyKey)).toInt() == AppSettings::OldDefaultConcurrency;
    settings.setValue(QLatin1String(concurrencyModeKey),
                      QLatin1String(oldDefault ? autoMode : fixedMode));
}
} // namespace

AppSettings::AppSettings(UploadScheduler *scheduler, QObject *parent)
    : QObject(parent)
    , m_scheduler(scheduler)
    , m_targets(new TargetSettings(this))
{
    Q_ASSERT(scheduler);
    // Requests that never grow past one chunk: the chunk size was fixed (--chunk-size).
    m_chunkSizeFixed = m_scheduler->maxRequestSize() == 0;
}

void AppSettings::restore(const Given &given)
{
    const QSettings settings;
    const auto has = [&settings](const char *key) { return settings.contains(QLatin1String(key)); };
    migrateConcurrency();
    if (!given.concurrency && has(concurrencyKey))
        m_scheduler->setConcurrency(settings.value(QLatin1String(concurrencyKey)).toInt());
    if (!given.concurrency && has(concurrencyModeKey))
        m_scheduler->setAutoConcurrency(settings.value(QLatin1String(concurrencyModeKey)).toString()
                                        != QLatin1String(fixedMode));
    if (!given.perServer && has(perServerKey))
        m_scheduler->setPerServerLimit(settings.value(QLatin1String(perServerKey)).toInt());
    if (!given.rateLimit && has(rateLimitKey))
        m_scheduler->setRateLimit(settings.value(QLatin1String(rateLimitKey)).toLongLong());
    if (!given.chunkSize && has(chunkSizeKey))
        applyChunkSize(settings.value(QLatin1String(chunkSizeKey)).toLongLong());
    applyExcludes();
    if (!given.giveUpAfter && has(giveUpAfterKey)) {
        RetryPolicy policy = m_scheduler->retryPolicy();
        policy.giveUpAfter = std::chrono::seconds(
            qMax<qint64>(0, settings.value(QLatin1String(giveUpAfterKey)).toLongLong()));
        m_scheduler->setRetryPolicy(policy);
    }
}

bool AppSettings::autoConcurrency() const
{
    return m_scheduler->autoConcurrency();
}

void AppSettings::setAutoConcurrency(bool on)
{
    m_scheduler->setAutoConcurrency(on);
    store(concurrencyModeKey, QLatin1String(on ? autoMode : fixedMode));
    Q_EMIT limitsChanged();
}

int AppSettings::concurrency() const
{
    return m_scheduler->concurrency();
}

void AppSettings::setConcurrency(int limit)
{
    m_scheduler->setConcurrency(limit); // the cap first, so that it is in force once Auto is off
    m_scheduler->setAutoConcurrency(false);
    store(concurrencyKey, m_scheduler->concurrency());
    store(concurrencyModeKey, QLatin1String(fixedMode));
    Q_EMIT limitsChanged();
}

int AppSettings::perServerLimit() const
{
    return m_scheduler->perServerLimit();
}

void AppSettings::setPerServerLimit(int limit)
{
    m_scheduler->setPerServerLimit(limit);
    store(perServerKey, m_scheduler->perServerLimit());
    Q_EMIT limitsChanged();
}

qint64 AppSettings::rateLimit() const
{
    return m_scheduler->rateLimit();
}

void AppSettings::setRateLimit(qint64 bytesPerSecond)
{
    m_scheduler->setRateLimit(bytesPerSecond);
    store(rateLimitKey, m_scheduler->rateLimit());
    Q_EMIT limitsChanged();
}

qint64 AppSettings::chunkSize() const
{
    return m_chunkSizeFixed ? m_scheduler->chunkSize() : 0;
}

void AppSettings::setChunkSize(qint64 bytes)
{
    applyChunkSize(bytes);
    store(chunkSizeKey, chunkSize());
    Q_EMIT limitsChanged();
}

// For uploads queued from now on: a queued upload keeps the chunk size it was made with.
void AppSettings::applyChunkSize(qint64 bytes)
{
    m_chunkSizeFixed = bytes > 0;
    m_scheduler->setChunkSize(m_chunkSizeFixed ? bytes : DefaultChunkSize);
    m_scheduler->setMaxRequestSize(m_chunkSizeFixed ? 0 : MaxRequestSize);
}

qint64 AppSettings::giveUpAfterMs() const
{
    return m_scheduler->retryPolicy().giveUpAfter.count();
}

void AppSettings::setGiveUpAfterMs(qint64 ms)
{
    RetryPolicy policy = m_scheduler->retryPolicy();
    policy.giveUpAfter = std::chrono::milliseconds(qMax<qint64>(0, ms));
    m_scheduler->setRetryPolicy(policy);
    store(giveUpAfterKey, qint64(policy.giveUpAfter.count() / 1000));
}

AppSettings::BatchAction AppSettings::batchAction() const
{
    return fromName(batchActionKey, batchActionNames, BatchAction::Notify);
}

void AppSettings::setBatchAction(BatchAction action)
{
    store(batchActionKey, QString::fromLatin1(batchActionNames[int(action)]));
}

QString AppSettings::batchCommand() const
{
    return QSettings().value(QLatin1String(batchCommandKey)).toString();
}

void AppSettings::setBatchCommand(const QString &command)
{
    store(batchCommandKey, command);
}

bool AppSettings::startInTray() const
{
    return QSettings().value(QLatin1String(startInTrayKey), false).toBool();
}

void AppSettings::setStartInTray(bool on)
{
    store(startInTrayKey, on);
}

AppSettings::CloseBehaviour AppSettings::closeBehaviour() const
{
    return fromName(closeBehaviourKey, closeBehaviourNames, CloseBehaviour::Ask);
}

void AppSettings::setCloseBehaviour(CloseBehaviour behaviour)
{
    store(closeBehaviourKey, QString::fromLatin1(closeBehaviourNames[int(behaviour)]));
}

QString AppSettings::language() const
{
    return QSettings().value(QLatin1String(languageKey)).toString();
}

void AppSettings::setLanguage(const QString &language)
{
    store(languageKey, language);
}

QString AppSettings::theme() const
{
    return QSettings().value(QLatin1String(themeKey)).toString();
}

void AppSettings::setTheme(const QString &theme)
{
    store(themeKey, theme);
}

QString AppSettings::scheduleText() const
{
    return QSettings().value(QLatin1String(scheduleKey)).toString();
}

void AppSettings::setScheduleText(const QString &text)
{
    store(scheduleKey, text);
}

QList<qint64> AppSettings::scheduleRates() const
{
    QList<qint64> rates;
    const QStringList stored = QSettings().value(QLatin1String(scheduleRatesKey)).toStringList();
    for (const QString &text : stored) {
        const qint64 rate = ScheduleMode::parseRate(text);
        if (rate > 0 && !rates.contains(rate))
            rates.append(rate);
    }
    return rates;
}

void AppSettings::setScheduleRates(const QList<qint64> &rates)
{
    QStringList texts;
    for (const qint64 rate : rates)
        texts << ScheduleMode::rateText(rate);
    store(scheduleRatesKey, texts);
}

qint64 AppSettings::scheduleOverrideUntil() const
{
    return QSettings().value(QLatin1String(overrideKey)).toLongLong();
}

void AppSettings::setScheduleOverrideUntil(qint64 untilMs)
{
    if (untilMs > 0)
        store(overrideKey, untilMs);
    else
        QSettings().remove(QLatin1String(overrideKey));
}

bool AppSettings::watchingPaused() const
{
    return QSettings().value(QLatin1String(watchingPausedKey)).toBool();
}

void AppSettings::setWatchingPaused(bool paused)
{
    store(watchingPausedKey, paused);
}

MeteredPolicy AppSettings::meteredPolicy() const
{
    MeteredPolicy policy;
    MeteredPolicy::parse(QSettings().value(QLatin1String(meteredKey)).toString(), &policy);
    return policy; // the default (pause) unless a valid one was stored
}

void AppSettings::setMeteredPolicy(const MeteredPolicy &policy)
{
    store(meteredKey, policy.text());
}

QStringList AppSettings::excludePatterns() const
{
    const QSettings settings;
    if (!settings.contains(QLatin1String(excludeKey)))
        return PathPatterns::defaultExcludes();
    return settings.value(QLatin1String(excludeKey)).toStringList();
}

void AppSettings::setExcludePatterns(const QStringList &patterns)
{
    // Stored even when empty: a person who removed every pattern wants none, not the defaults.
    store(excludeKey, patterns);
    applyExcludes();
    Q_EMIT excludePatternsChanged();
}

void AppSettings::setRunExcludes(const QStringList &patterns)
{
    m_runExcludes = patterns;
    applyExcludes();
    Q_EMIT excludePatternsChanged();
}

void AppSettings::applyExcludes()
{
    m_scheduler->setExcludePatterns(PathPatterns(effectiveExcludes()));
}

QList<WatchedFolder> AppSettings::watchedFolders() const
{
    QList<WatchedFolder> folders;
    const QVariantList stored = QSettings().value(QLatin1String(watchedKey)).toList();
    for (const QVariant &v : stored) {
        WatchedFolder folder = WatchedFolder::fromMap(v.toMap());
        if (!folder.folder.isEmpty())
            folders.append(folder);
    }
    return folders;
}

void AppSettings::setWatchedFolders(const QList<WatchedFolder> &folders)
{
    QVariantList stored;
    for (const WatchedFolder &folder : folders)
        stored.append(folder.toMap());
    store(watchedKey, stored);
    Q_EMIT watchedFoldersChanged();
}
