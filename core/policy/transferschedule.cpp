#include "transferschedule.h"

#include "formatting.h"

#include <QRegularExpression>

#include <algorithm>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 GiB = 1024 * MiB;

// English on purpose: a schedule file means the same on every machine, whatever its language.
const char *const DayNames[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
const char *const LongDayNames[] = {"monday", "tuesday",  "wednesday", "thursday",
                                    "friday", "saturday", "sunday"};
const char *const WrittenDays[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};

int dayFromName(const QString &word)
{
    const QString lower = word.toLower();
    for (int d = 0; d < TransferSchedule::Days; ++d) {
        if (lower == QLatin1String(DayNames[d]) || lower == QLatin1String(LongDayNames[d]))
            return d;
    }
    return -1;
}

// "Mon-Fri,Sun", "*", "weekdays": the days it names, or false.
bool parseDays(const QString &text, std::array<bool, TransferSchedule::Days> *days)
{
    days->fill(false);
    const QString lower = text.toLower();
    if (lower == QLatin1String("*") || lower == QLatin1String("daily")) {
        days->fill(true);
        return true;
    }
    for (const QString &item : text.split(QLatin1Char(','))) {
        const QString word = item.toLower();
        if (word == QLatin1String("weekdays")) {
            for (int d = 0; d < 5; ++d)
                (*days)[d] = true;
            continue;
        }
        if (word == QLatin1String("weekend") || word == QLatin1String("weekends")) {
            (*days)[5] = (*days)[6] = true;
            continue;
        }
        const QStringList ends = item.split(QLatin1Char('-'));
        if (ends.size() > 2)
            return false;
        const int from = dayFromName(ends.constFirst());
        const int to = ends.size() == 2 ? dayFromName(ends.constLast()) : from;
        if (from < 0 || to < 0)
            return false;
        for (int d = from;; d = (d + 1) % TransferSchedule::Days) { // Fri-Mon wraps
            (*days)[d] = true;
            if (d == to)
                break;
        }
    }
    return true;
}

bool isHoursWord(const QString &word)
{
    return !word.isEmpty() && word.at(0).isDigit();
}

// "09-17", "9:00-17:00", "23-07": from and to, whole hours 0-24, different.
bool parseHours(const QString &text, int *from, int *to)
{
    static const QRegularExpression re(QRegularExpression::anchoredPattern(
        QStringLiteral(R"((\d{1,2})(?::00)?-(\d{1,2})(?::00)?)")));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return false;
    *from = m.captured(1).toInt();
    *to = m.captured(2).toInt();
    if (*from == 24)
        *from = 0;
    return *from >= 0 && *from <= 23 && *to >= 0 && *to <= 24 && *from != *to % 24;
}

QString hourText(int hour)
{
    return QStringLiteral("%1").arg(hour, 2, 10, QLatin1Char('0'));
}

// "Mon-Fri", "Mon,Wed", "Sat,Sun", "*"
QString daysText(const std::array<bool, TransferSchedule::Days> &days)
{
    if (std::all_of(days.cbegin(), days.cend(), [](bool b) { return b; }))
        return QStringLiteral("*");
    QStringList parts;
    for (int d = 0; d < TransferSchedule::Days;) {
        if (!days[d]) {
            ++d;
            continue;
        }
        int end = d;
        while (end + 1 < TransferSchedule::Days && days[end + 1])
            ++end;
        const QString first = QLatin1String(WrittenDays[d]);
        if (end == d)
            parts << first;
        else if (end == d + 1)
            parts << first << QLatin1String(WrittenDays[end]);
        else
            parts << first + QLatin1Char('-') + QLatin1String(WrittenDays[end]);
        d = end + 1;
    }
    return parts.join(QLatin1Char(','));
}
} // namespace

// ---- ScheduleMode ---------------------------------------------------------------------------

QString ScheduleMode::text() const
{
    switch (kind) {
    case Kind::Full:
        return QStringLiteral("full");
    case Kind::Paused:
        return QStringLiteral("paused");
    case Kind::Limited:
        break;
    }
    return QStringLiteral("limit ") + rateText(rate);
}

QString ScheduleMode::label() const
{
    switch (kind) {
    case Kind::Full:
        return TransferSchedule::tr("Full speed");
    case Kind::Paused:
        return TransferSchedule::tr("Paused");
    case Kind::Limited:
        break;
    }
    // Whole units read as people wrote them ("2 MiB/s", not "2.00 MiB/s").
    for (const auto &[unit, name] : {std::pair{GiB, "GiB/s"}, {MiB, "MiB/s"}, {KiB, "KiB/s"}}) {
        if (rate >= unit && rate % unit == 0)
            return QStringLiteral("%1 %2").arg(rate / unit).arg(QLatin1String(name));
    }
    return formatSpeed(double(rate));
}

qint64 ScheduleMode::parseRate(const QString &text)
{
    QString t = text.trimmed();
    if (t.endsWith(QLatin1String("/s"), Qt::CaseInsensitive))
        t.chop(2);
    const qint64 rate = parseSize(t);
    return rate >= MinRate ? rate : -1;
}

QString ScheduleMode::rateText(qint64 bytesPerSecond)
{
    for (const auto &[unit, suffix] : {std::pair{GiB, 'G'}, {MiB, 'M'}, {KiB, 'K'}}) {
        if (bytesPerSecond >= unit && bytesPerSecond % unit == 0)
            return QString::number(bytesPerSecond / unit) + QLatin1Char(suffix);
    }
    return QString::number(bytesPerSecond);
}

// ---- TransferSchedule -----------------------------------------------------------------------

QString TransferSchedule::ParseError::text() const
{
    return TransferSchedule::tr("line %1: %2").arg(line).arg(message);
}

TransferSchedule TransferSchedule::parse(const QString &text, QList<ParseError> *errors)
{
    TransferSchedule schedule;
    QList<ParseError> found;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        QString line = lines.at(i);
        const qsizetype hash = line.indexOf(QLatin1Char('#'));
        if (hash >= 0)
            line.truncate(hash);
        line = line.simplified();
        if (line.isEmpty())
            continue;
        const int rule = int(schedule.m_rules.size());
        schedule.m_rules.append({i + 1, line});
        const QString error = schedule.apply(line, rule);
        if (!error.isEmpty())
            found.append({i + 1, error});
    }
    if (errors)
        *errors = found;
    return found.isEmpty() ? schedule : TransferSchedule();
}

QString TransferSchedule::apply(const QString &line, int rule)
{
    QStringList words = line.split(QLatin1Char(' '));
    std::array<bool, Days> days;
    days.fill(true);
    // The days are optional: a line may begin with its hours, or with what it does.
    const QString first = words.constFirst().toLower();
    const bool isAction = first == QLatin1String("full") || first == QLatin1String("paused")
                          || first == QLatin1String("pause") || first == QLatin1String("limit");
    if (!isAction && !isHoursWord(first)) {
        if (!parseDays(words.constFirst(), &days))
            return tr("unknown days \"%1\" (write Mon…Sun, a range such as Mon-Fri, a list such as "
                      "Sat,Sun, or *)")
                .arg(words.constFirst());
        words.removeFirst();
    }
    int from = 0;
    int to = 24;
    if (!words.isEmpty() && isHoursWord(words.constFirst())) {
        if (!parseHours(words.constFirst(), &from, &to))
            return tr("hours \"%1\" must be FROM-TO in whole hours from 0 to 24, such as 09-17 "
                      "or 23-07")
                .arg(words.constFirst());
        words.removeFirst();
    }
    if (words.isEmpty())
        return tr("says no mode: end it with full, paused or limit RATE");
    ScheduleMode mode;
    const QString action = words.takeFirst().toLower();
    if (action == QLatin1String("full")) {
        mode = ScheduleMode::full();
    } else if (action == QLatin1String("paused") || action == QLatin1String("pause")) {
        mode = ScheduleMode::paused();
    } else if (action == QLatin1String("limit")) {
        if (words.isEmpty())
            return tr("limit needs a rate, such as limit 2M or limit 512K");
        const qint64 rate = ScheduleMode::parseRate(words.takeFirst());
        if (rate < 0)
            return tr("limit needs a rate such as 2M, 512K or 1048576 (bytes per second), at "
                      "least 1K");
        mode = ScheduleMode::limited(rate);
    } else {
        return tr("\"%1\" is not a mode: write full, paused or limit RATE").arg(action);
    }
    if (!words.isEmpty())
        return tr("unexpected \"%1\" after the mode").arg(words.join(QLatin1Char(' ')));

    // Hours past midnight (23-07) belong to the next day: "Fri 23-07" is Friday night.
    const int span = (to - from + 24) % 24 == 0 ? 24 : (to - from + 24) % 24;
    for (int d = 0; d < Days; ++d) {
        if (!days[d])
            continue;
        for (int h = 0; h < span; ++h) {
            const int hour = from + h;
            const int slot = index((d + hour / Hours) % Days, hour % Hours);
            m_slots[slot] = mode;
            m_ruleOf[slot] = rule;
        }
    }
    return {};
}

QString TransferSchedule::toText() const
{
    // Each run of equal hours once, with every day that has the same run: "* 00-07 limit 2M"
    // rather than seven lines. Runs of one day never overlap, so the order does not matter;
    // they come by their first day, then by hour.
    struct Run {
        int from;
        int to;
        ScheduleMode mode;
        std::array<bool, Days> days;
    };
    QList<Run> runs;
    for (int d = 0; d < Days; ++d) {
        for (int h = 0; h < Hours;) {
            const ScheduleMode mode = m_slots[index(d, h)];
            int end = h + 1;
            while (end < Hours && m_slots[index(d, end)] == mode)
                ++end;
            if (mode.kind != ScheduleMode::Kind::Full) {
                auto same = std::find_if(runs.begin(), runs.end(), [&](const Run &r) {
                    return r.from == h && r.to == end && r.mode == mode;
                });
                if (same == runs.end()) {
                    runs.append({h, end, mode, {}});
                    same = runs.end() - 1;
                }
                same->days[d] = true;
            }
            h = end;
        }
    }
    // A night written as one ("* 23-07"): the morning run of the days after those of an evening
    // run, in the same mode, joins it. Only when the morning ends before the evening begins, or
    // the line would read as hours of one day.
    for (qsizetype m = 0; m < runs.size(); ++m) {
        Run &morning = runs[m];
        if (morning.from != 0 || morning.to == Hours)
            continue;
        for (qsizetype e = 0; e < runs.size(); ++e) {
            const Run &evening = runs.at(e);
            if (e == m || evening.to != Hours || evening.from <= morning.to
                || evening.mode != morning.mode)
                continue;
            std::array<bool, Days> next{};
            for (int d = 0; d < Days; ++d)
                next[(d + 1) % Days] = evening.days[d];
            if (next != morning.days)
                continue;
            morning = {evening.from, morning.to, morning.mode, evening.days};
            runs.removeAt(e);
            if (e < m)
                --m; // what was at m moved down by one
            break;
        }
    }
    QStringList lines;
    for (const Run &run : std::as_const(runs)) {
        const QString hours =
            run.from == 0 && run.to == Hours
                ? QString()
                : hourText(run.from) + QLatin1Char('-') + hourText(run.to) + QLatin1Char(' ');
        lines << daysText(run.days) + QLatin1Char(' ') + hours + run.mode.text();
    }
    return lines.isEmpty() ? QString() : lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

bool TransferSchedule::isEmpty() const
{
    return std::all_of(m_slots.cbegin(), m_slots.cend(),
                       [](const ScheduleMode &m) { return m.kind == ScheduleMode::Kind::Full; });
}

void TransferSchedule::setMode(int day, int hour, const ScheduleMode &mode)
{
    if (day < 0 || day >= Days || hour < 0 || hour >= Hours)
        return;
    m_slots[index(day, hour)] = mode;
    m_ruleOf[index(day, hour)] = -1;
}

QList<qint64> TransferSchedule::rates() const
{
    QList<qint64> rates;
    for (const ScheduleMode &m : m_slots) {
        if (m.kind == ScheduleMode::Kind::Limited && !rates.contains(m.rate))
            rates.append(m.rate);
    }
    std::sort(rates.begin(), rates.end());
    return rates;
}

TransferSchedule::InForce TransferSchedule::at(qint64 wallMs, const QTimeZone &zone) const
{
    const QDateTime local = QDateTime::fromMSecsSinceEpoch(wallMs, zone);
    const int slot = index(local.date().dayOfWeek() - 1, local.time().hour());
    InForce now;
    now.mode = m_slots[slot];
    now.rule = m_ruleOf[slot];
    // The next local hour whose mode differs, walked by the calendar (not by adding 3600 s), so
    // that a day of 23 or 25 hours still changes at the hours the rules name. An hour skipped
    // by daylight saving never comes into force; one repeated is in force both times.
    QDate date = local.date();
    int hour = local.time().hour();
    for (int step = 0; step <= Slots; ++step) {
        if (++hour == Hours) {
            hour = 0;
            date = date.addDays(1);
        }
        if (m_slots[index(date.dayOfWeek() - 1, hour)] == now.mode)
            continue;
        const QDateTime start(date, QTime(hour, 0), zone);
        // In a gap Qt either refuses the time or moves it on: the hour does not exist.
        if (!start.isValid() || start.time().hour() != hour || start.toMSecsSinceEpoch() <= wallMs)
            continue;
        now.untilMs = start.toMSecsSinceEpoch();
        break;
    }
    return now;
}
