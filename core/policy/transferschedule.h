#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QTimeZone>

#include <array>

// What uploads may do in one hour of the week: go at full speed, go at most at a rate, or wait.
struct ScheduleMode {
    enum class Kind : quint8 { Full, Limited, Paused };
    Kind kind = Kind::Full;
    qint64 rate = 0; // bytes per second; Limited only

    static ScheduleMode full() { return {}; }
    static ScheduleMode paused() { return {Kind::Paused, 0}; }
    static ScheduleMode limited(qint64 bytesPerSecond) { return {Kind::Limited, bytesPerSecond}; }

    bool operator==(const ScheduleMode &o) const { return kind == o.kind && rate == o.rate; }
    bool operator!=(const ScheduleMode &o) const { return !(*this == o); }
    // As the text form writes it: "full", "paused", "limit 2M".
    QString text() const;
    // For a person: "Full speed", "Paused", "2 MiB/s".
    QString label() const;

    // A rate as the command line's --limit-rate reads it: "512K" (512 KiB/s), "2M", "1.5M/s",
    // "1048576"; binary units. -1 when not a rate or below MinRate.
    static qint64 parseRate(const QString &text);
    // The shortest text parseRate() reads back: "2M", "512K", "1536K", "1000".
    static QString rateText(qint64 bytesPerSecond);
    // Below this a limit would make every upload crawl into its stall timeout.
    static constexpr qint64 MinRate = 1024;
};

// A week of ScheduleModes by the hour, in local time, and its text form: one rule a line,
//
//     # comments and blank lines are ignored
//     Mon-Fri 09-17 limit 2M      days, hours (from-to, the end not included), what
//     Sat,Sun paused              no hours: the whole day
//     * 23-07 full                *: every day; 23-07 runs past midnight into the next day
//     22-24 limit 512K            no days: every day
//
// Days are Mon…Sun (or full English names, any case), ranges (Fri-Mon wraps), lists, "*",
// "weekdays", "weekend". Hours are 0-24, written 9, 09 or 09:00. Later lines win where they
// overlap; hours no line names go at full speed. Unlike qBittorrent's one alternative rate for one
// time range, there may be any number of rules and rates.
// The rules are evaluated in local time (a QTimeZone, the system's by default), so "09-17" means
// 09:00 to 17:00 on the wall clock also on the days daylight saving starts or ends.
class TransferSchedule final {
    Q_DECLARE_TR_FUNCTIONS(TransferSchedule)
public:
    static constexpr int Days = 7;
    static constexpr int Hours = 24;
    static constexpr int Slots = Days * Hours;

    struct ParseError {
        int line = 0;
        QString message;
        QString text() const; // "line 3: …"
    };
    // A rule as it was read: its line number (1-based) and its text without the comment.
    struct Rule {
        int line = 0;
        QString text;
    };
    // What is in force at a moment, by which rule, and until when.
    struct InForce {
        ScheduleMode mode;
        int rule = -1;      // index in rules(); -1: no rule names this hour (full speed)
        qint64 untilMs = 0; // the next moment the mode changes; 0: never (the week is uniform)
    };

    TransferSchedule() { m_ruleOf.fill(-1); }

    // Reads the text form. On errors returns an empty schedule and lists every bad line.
    static TransferSchedule parse(const QString &text, QList<ParseError> *errors);
    // The text form: one line per run of equal hours, days with equal hours sharing lines
    // ("Mon-Fri 09-17 limit 2M"). parse(toText()) gives the same hours.
    QString toText() const;

    // No hour is other than full speed.
    bool isEmpty() const;
    // day: 0 Monday … 6 Sunday; hour 0-23.
    ScheduleMode modeAt(int day, int hour) const { return m_slots[index(day, hour)]; }
    // For the grid: changes one hour; it then belongs to no rule until the text is made again.
    void setMode(int day, int hour, const ScheduleMode &mode);
    const QList<Rule> &rules() const { return m_rules; }
    // The distinct rates of Limited hours, ascending.
    QList<qint64> rates() const;

    InForce at(qint64 wallMs, const QTimeZone &zone = QTimeZone::systemTimeZone()) const;

    bool operator==(const TransferSchedule &o) const { return m_slots == o.m_slots; }
    bool operator!=(const TransferSchedule &o) const { return !(*this == o); }

private:
    static int index(int day, int hour) { return day * Hours + hour; }
    // Reads one line (no comment, not blank) into the slots it names; an error or empty.
    QString apply(const QString &line, int rule);

    std::array<ScheduleMode, Slots> m_slots{};
    std::array<int, Slots> m_ruleOf{};
    QList<Rule> m_rules;
};
