// TransferSchedule: the text form (rules, precedence, errors with line numbers), what is in force
// at a moment and until when, across midnight, the end of the week and daylight saving changes;
// MeteredPolicy's text; GovernorState::decide() for every combination of schedule, metered link,
// override and the person's own limit.
#include "commandline.h"
#include "governorstate.h"
#include "transferschedule.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

namespace {
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 HourMs = 3600 * 1000;
const QTimeZone Utc = QTimeZone::utc();

// Monday 2026-11-23 is a Monday.
qint64 at(const QString &dateTime, const QTimeZone &zone = Utc)
{
    const QDateTime dt = QDateTime::fromString(dateTime, QStringLiteral("yyyy-MM-dd HH:mm"));
    return QDateTime(dt.date(), dt.time(), zone).toMSecsSinceEpoch();
}

TransferSchedule parsed(const QString &text)
{
    QList<TransferSchedule::ParseError> errors;
    const TransferSchedule s = TransferSchedule::parse(text, &errors);
    for (const auto &e : errors)
        qWarning("%s", qPrintable(e.text()));
    return s;
}

enum Day { Mon, Tue, Wed, Thu, Fri, Sat, Sun };
} // namespace

class tst_TransferSchedule : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rulesFillTheirHours();
    void laterLinesWin();
    void hoursPastMidnightBelongToTheNextDay();
    void errorsNameTheirLines_data();
    void errorsNameTheirLines();
    void textRoundTrips();
    void nightsAreWrittenAsOneLine();
    void ratesParseLikeTheCommandLine();
    void inForceAndUntil();
    void untilWrapsMidnightAndWeek();
    void uniformWeekHasNoEnd();
    void daylightSavingStarts();
    void daylightSavingEnds();
    void meteredPolicyText();
    void decideCombinesRules();
    void commandLineReadsScheduleAndMetered();
};

void tst_TransferSchedule::rulesFillTheirHours()
{
    const TransferSchedule s = parsed(QStringLiteral("# office hours\n"
                                                     "Mon-Fri 09-17 limit 2M   # the office link\n"
                                                     "\n"
                                                     "Sat,Sun paused\n"
                                                     "Wed 12:00-13:00 limit 512K\n"));
    QCOMPARE(s.rules().size(), 3);
    QCOMPARE(s.rules().at(0).line, 2);
    QCOMPARE(s.rules().at(0).text, QStringLiteral("Mon-Fri 09-17 limit 2M"));
    QCOMPARE(s.modeAt(Mon, 8), ScheduleMode::full());
    QCOMPARE(s.modeAt(Mon, 9), ScheduleMode::limited(2 * MiB));
    QCOMPARE(s.modeAt(Fri, 16), ScheduleMode::limited(2 * MiB));
    QCOMPARE(s.modeAt(Fri, 17), ScheduleMode::full());
    QCOMPARE(s.modeAt(Wed, 12), ScheduleMode::limited(512 * KiB));
    QCOMPARE(s.modeAt(Wed, 13), ScheduleMode::limited(2 * MiB));
    for (int h = 0; h < 24; ++h) {
        QCOMPARE(s.modeAt(Sat, h), ScheduleMode::paused());
        QCOMPARE(s.modeAt(Sun, h), ScheduleMode::paused());
    }
    QCOMPARE(s.rates(), (QList<qint64>{512 * KiB, 2 * MiB}));
    QVERIFY(!s.isEmpty());
    QVERIFY(parsed(QStringLiteral("# nothing\n\n")).isEmpty());
}

void tst_TransferSchedule::laterLinesWin()
{
    const TransferSchedule s = parsed(QStringLiteral("* paused\nweekdays 08-18 full\n"
                                                     "Fri 08-18 limit 1M\n"));
    QCOMPARE(s.modeAt(Tue, 7), ScheduleMode::paused());
    QCOMPARE(s.modeAt(Tue, 8), ScheduleMode::full());
    QCOMPARE(s.modeAt(Fri, 8), ScheduleMode::limited(MiB));
    QCOMPARE(s.modeAt(Sat, 12), ScheduleMode::paused());
    // The rule of an hour is the last that named it.
    const TransferSchedule::InForce f = s.at(at(QStringLiteral("2026-11-27 10:00")), Utc);
    QCOMPARE(f.rule, 2);
}

void tst_TransferSchedule::hoursPastMidnightBelongToTheNextDay()
{
    // Friday night runs into Saturday morning; Sunday night into Monday (the week wraps).
    const TransferSchedule s = parsed(QStringLiteral("Fri,Sun 22-06 paused\n22-24 limit 1M\n"));
    QCOMPARE(s.modeAt(Fri, 21), ScheduleMode::full());
    QCOMPARE(s.modeAt(Fri, 22), ScheduleMode::limited(MiB)); // the later line
    QCOMPARE(s.modeAt(Sat, 0), ScheduleMode::paused());
    QCOMPARE(s.modeAt(Sat, 5), ScheduleMode::paused());
    QCOMPARE(s.modeAt(Sat, 6), ScheduleMode::full());
    QCOMPARE(s.modeAt(Mon, 3), ScheduleMode::paused());
    QCOMPARE(s.modeAt(Fri, 3), ScheduleMode::full());
    QCOMPARE(s.modeAt(Tue, 23), ScheduleMode::limited(MiB)); // no days: every day
}

void tst_TransferSchedule::errorsNameTheirLines_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<int>>("lines");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("day") << QStringLiteral("Mon full\nMnn-Fri paused\n") << QList<int>{2}
                         << QStringLiteral("Mnn-Fri");
    QTest::newRow("hours") << QStringLiteral("# c\n\nMon 09-25 paused\n") << QList<int>{3}
                           << QStringLiteral("09-25");
    QTest::newRow("empty range") << QStringLiteral("Mon 09-09 paused") << QList<int>{1}
                                 << QStringLiteral("09-09");
    QTest::newRow("no rate") << QStringLiteral("Mon limit") << QList<int>{1}
                             << QStringLiteral("rate");
    QTest::newRow("bad rate") << QStringLiteral("Mon limit fast") << QList<int>{1}
                              << QStringLiteral("2M");
    QTest::newRow("rate below 1K")
        << QStringLiteral("* limit 100") << QList<int>{1} << QStringLiteral("1K");
    QTest::newRow("mode") << QStringLiteral("Mon 09-17 slow") << QList<int>{1}
                          << QStringLiteral("slow");
    QTest::newRow("no mode") << QStringLiteral("Mon 09-17") << QList<int>{1}
                             << QStringLiteral("mode");
    QTest::newRow("extra") << QStringLiteral("Mon paused now") << QList<int>{1}
                           << QStringLiteral("now");
    QTest::newRow("several") << QStringLiteral("bad\nMon full\n* 1-2 whatever\n")
                             << QList<int>{1, 3} << QString();
}

void tst_TransferSchedule::errorsNameTheirLines()
{
    QFETCH(QString, text);
    QFETCH(QList<int>, lines);
    QFETCH(QString, mentions);
    QList<TransferSchedule::ParseError> errors;
    const TransferSchedule s = TransferSchedule::parse(text, &errors);
    QVERIFY(s.isEmpty()); // nothing half-applied
    QCOMPARE(errors.size(), lines.size());
    for (int i = 0; i < lines.size(); ++i) {
        QCOMPARE(errors.at(i).line, lines.at(i));
        QVERIFY(errors.at(i).text().startsWith(QStringLiteral("line %1: ").arg(lines.at(i))));
    }
    if (!mentions.isEmpty())
        QVERIFY2(errors.constFirst().message.contains(mentions),
                 qPrintable(errors.constFirst().message));
}

void tst_TransferSchedule::textRoundTrips()
{
    const TransferSchedule s = parsed(QStringLiteral(
        "Mon-Fri 09-17 limit 2M\nSat,Sun paused\n* 23-07 limit 1536K\nWed 12-13 full\n"));
    const QString text = s.toText();
    QVERIFY2(text.contains(QStringLiteral("Sat,Sun")), qPrintable(text));
    const TransferSchedule again = parsed(text);
    QCOMPARE(again, s);
    QCOMPARE(again.toText(), text);
    // Days with the same hours share lines.
    QCOMPARE(parsed(QStringLiteral("Mon-Fri 09-17 limit 2M\n")).toText(),
             QStringLiteral("Mon-Fri 09-17 limit 2M\n"));
    QCOMPARE(parsed(QStringLiteral("* paused\n")).toText(), QStringLiteral("* paused\n"));
    // A run shared by days is one line, whichever days share it.
    QCOMPARE(parsed(QStringLiteral("* 23-07 limit 2M\nMon-Fri 09-17 paused\nSat 09-17 paused\n"))
                 .toText(),
             QStringLiteral("* 23-07 limit 2M\nMon-Sat 09-17 paused\n"));
    QCOMPARE(TransferSchedule().toText(), QString());
    // An hour painted in the grid.
    TransferSchedule painted;
    painted.setMode(Tue, 3, ScheduleMode::limited(100 * KiB));
    QCOMPARE(painted.toText(), QStringLiteral("Tue 03-04 limit 100K\n"));
}

void tst_TransferSchedule::nightsAreWrittenAsOneLine()
{
    // Friday night into Saturday; the week's last night into its first morning.
    QCOMPARE(parsed(QStringLiteral("Fri 22-06 paused\n")).toText(),
             QStringLiteral("Fri 22-06 paused\n"));
    QCOMPARE(parsed(QStringLiteral("Sun 23-02 limit 1M\n")).toText(),
             QStringLiteral("Sun 23-02 limit 1M\n"));
    // Not joined: a morning of other days, or one that would overlap the evening.
    const QString apart = parsed(QStringLiteral("Fri 22-24 paused\nMon 00-06 paused\n")).toText();
    QCOMPARE(parsed(apart), parsed(QStringLiteral("Fri 22-24 paused\nMon 00-06 paused\n")));
    QCOMPARE(apart.count(QLatin1Char('\n')), 2);
    const TransferSchedule overlap = parsed(QStringLiteral("Mon 05-24 paused\nTue 00-07 paused\n"));
    QCOMPARE(parsed(overlap.toText()), overlap);
}

void tst_TransferSchedule::ratesParseLikeTheCommandLine()
{
    QCOMPARE(ScheduleMode::parseRate(QStringLiteral("512K")), 512 * KiB);
    QCOMPARE(ScheduleMode::parseRate(QStringLiteral("2M")), 2 * MiB);
    QCOMPARE(ScheduleMode::parseRate(QStringLiteral("1.5M/s")), 3 * MiB / 2);
    QCOMPARE(ScheduleMode::parseRate(QStringLiteral("1048576")), MiB);
    QCOMPARE(ScheduleMode::parseRate(QStringLiteral("500")), qint64(-1));
    QCOMPARE(ScheduleMode::parseRate(QStringLiteral("x")), qint64(-1));
    QCOMPARE(ScheduleMode::rateText(3 * MiB / 2), QStringLiteral("1536K"));
    QCOMPARE(ScheduleMode::limited(2 * MiB).label(), QStringLiteral("2 MiB/s"));
}

void tst_TransferSchedule::inForceAndUntil()
{
    const TransferSchedule s = parsed(QStringLiteral("Mon-Fri 09-17 limit 2M\n"));
    TransferSchedule::InForce f = s.at(at(QStringLiteral("2026-11-23 10:30")), Utc);
    QCOMPARE(f.mode, ScheduleMode::limited(2 * MiB));
    QCOMPARE(f.rule, 0);
    QCOMPARE(f.untilMs, at(QStringLiteral("2026-11-23 17:00")));
    f = s.at(at(QStringLiteral("2026-11-23 17:00")), Utc);
    QCOMPARE(f.mode, ScheduleMode::full());
    QCOMPARE(f.rule, -1);
    QCOMPARE(f.untilMs, at(QStringLiteral("2026-11-24 09:00")));
    // Friday evening: full speed until Monday morning.
    f = s.at(at(QStringLiteral("2026-11-27 18:00")), Utc);
    QCOMPARE(f.untilMs, at(QStringLiteral("2026-11-30 09:00")));
    // Adjacent hours of the same mode from different rules: the mode goes on.
    const TransferSchedule two = parsed(QStringLiteral("Mon 09-12 paused\nMon 12-14 paused\n"));
    f = two.at(at(QStringLiteral("2026-11-23 10:00")), Utc);
    QCOMPARE(f.rule, 0);
    QCOMPARE(f.untilMs, at(QStringLiteral("2026-11-23 14:00")));
}

void tst_TransferSchedule::untilWrapsMidnightAndWeek()
{
    const TransferSchedule s = parsed(QStringLiteral("Sun 22-02 paused\n"));
    // Sunday 23:15: paused until Monday 02:00 (the next week, past midnight).
    TransferSchedule::InForce f = s.at(at(QStringLiteral("2026-11-29 23:15")), Utc);
    QCOMPARE(f.mode, ScheduleMode::paused());
    QCOMPARE(f.untilMs, at(QStringLiteral("2026-11-30 02:00")));
    // Monday 03:00: full until next Sunday 22:00, six days and more ahead.
    f = s.at(at(QStringLiteral("2026-11-30 03:00")), Utc);
    QCOMPARE(f.untilMs, at(QStringLiteral("2026-12-06 22:00")));
}

void tst_TransferSchedule::uniformWeekHasNoEnd()
{
    TransferSchedule::InForce f =
        parsed(QStringLiteral("* limit 1M")).at(at(QStringLiteral("2026-11-25 12:00")), Utc);
    QCOMPARE(f.mode, ScheduleMode::limited(MiB));
    QCOMPARE(f.untilMs, qint64(0));
    f = TransferSchedule().at(at(QStringLiteral("2026-11-25 12:00")), Utc);
    QCOMPARE(f.mode, ScheduleMode::full());
    QCOMPARE(f.untilMs, qint64(0));
}

void tst_TransferSchedule::daylightSavingStarts()
{
    // Berlin, Sunday 2026-03-29: 02:00 CET becomes 03:00 CEST; that night has 23 hours.
    const QTimeZone berlin("Europe/Berlin");
    QVERIFY(berlin.isValid());
    const TransferSchedule s = parsed(QStringLiteral("* 03-05 paused\n"));
    const qint64 evening = at(QStringLiteral("2026-03-28 23:00"), berlin);
    TransferSchedule::InForce f = s.at(evening, berlin);
    QCOMPARE(f.mode, ScheduleMode::full());
    // 03:00 on the wall clock: four hours on by the wall clock, three in fact.
    QCOMPARE(f.untilMs, at(QStringLiteral("2026-03-29 03:00"), berlin));
    QCOMPARE(f.untilMs - evening, 3 * HourMs);
    // An hour that does not exist that night never comes into force.
    const TransferSchedule gap = parsed(QStringLiteral("Sun 02-03 paused\n"));
    f = gap.at(at(QStringLiteral("2026-03-29 01:30"), berlin), berlin);
    QCOMPARE(f.mode, ScheduleMode::full());
    QCOMPARE(f.untilMs, at(QStringLiteral("2026-04-05 02:00"), berlin));
}

void tst_TransferSchedule::daylightSavingEnds()
{
    // Berlin, Sunday 2026-10-25: 03:00 CEST becomes 02:00 CET; that night has 25 hours.
    const QTimeZone berlin("Europe/Berlin");
    const TransferSchedule s = parsed(QStringLiteral("* 03-05 paused\n"));
    const qint64 evening = at(QStringLiteral("2026-10-24 23:00"), berlin);
    TransferSchedule::InForce f = s.at(evening, berlin);
    QCOMPARE(f.untilMs - evening, 5 * HourMs); // four hours by the wall clock
    QCOMPARE(QDateTime::fromMSecsSinceEpoch(f.untilMs, berlin).time(), QTime(3, 0));
    // In the repeated hour (02:30 CET, the second time): paused from 03:00, half an hour on.
    const qint64 second = QDateTime(QDate(2026, 10, 25), QTime(1, 30), Utc).toMSecsSinceEpoch();
    QCOMPARE(QDateTime::fromMSecsSinceEpoch(second, berlin).time(), QTime(2, 30));
    f = s.at(second, berlin);
    QCOMPARE(f.untilMs - second, HourMs / 2);
    // Paused 03-05 ends at 05:00 local, two real hours.
    f = s.at(f.untilMs, berlin);
    QCOMPARE(f.mode, ScheduleMode::paused());
    QCOMPARE(QDateTime::fromMSecsSinceEpoch(f.untilMs, berlin).time(), QTime(5, 0));
}

void tst_TransferSchedule::meteredPolicyText()
{
    MeteredPolicy p;
    QVERIFY(MeteredPolicy::parse(QStringLiteral("limit:512K"), &p));
    QCOMPARE(p.action, MeteredPolicy::Action::Limit);
    QCOMPARE(p.rate, 512 * KiB);
    QCOMPARE(p.text(), QStringLiteral("limit:512K"));
    QVERIFY(MeteredPolicy::parse(QStringLiteral("ignore"), &p));
    QCOMPARE(p.action, MeteredPolicy::Action::Ignore);
    QVERIFY(MeteredPolicy::parse(QStringLiteral("pause"), &p));
    QCOMPARE(p.action, MeteredPolicy::Action::Pause);
    QVERIFY(!MeteredPolicy::parse(QStringLiteral("limit"), &p));
    QVERIFY(!MeteredPolicy::parse(QStringLiteral("limit:1"), &p));
    QVERIFY(!MeteredPolicy::parse(QStringLiteral("stop"), &p));
    QCOMPARE(MeteredPolicy().action, MeteredPolicy::Action::Pause); // the default
}

void tst_TransferSchedule::decideCombinesRules()
{
    const TransferSchedule s = parsed(QStringLiteral("Mon 09-17 limit 2M\nMon 17-18 paused\n"));
    const qint64 limited = at(QStringLiteral("2026-11-23 10:00"));
    const qint64 paused = at(QStringLiteral("2026-11-23 17:30"));
    const qint64 free = at(QStringLiteral("2026-11-23 20:00"));
    const MeteredPolicy pause;
    const MeteredPolicy limit1M{MeteredPolicy::Action::Limit, MiB};
    const MeteredPolicy limit4M{MeteredPolicy::Action::Limit, 4 * MiB};
    const MeteredPolicy ignore{MeteredPolicy::Action::Ignore, 0};
    const auto decide = [&](qint64 t, bool metered, const MeteredPolicy &p,
                            GovernorOverride o = {}) {
        return GovernorState::decide(s, s.at(t, Utc), metered, p, o, t);
    };

    GovernorState g = decide(limited, false, pause);
    QCOMPARE(g.paused, false);
    QCOMPARE(g.rate, 2 * MiB);
    QCOMPARE(g.cause, GovernorState::Cause::Schedule);
    QCOMPARE(g.ruleText, QStringLiteral("Mon 09-17 limit 2M"));
    QCOMPARE(g.untilMs, at(QStringLiteral("2026-11-23 17:00")));

    g = decide(paused, false, pause);
    QVERIFY(g.paused);
    QCOMPARE(g.cause, GovernorState::Cause::Schedule);
    QCOMPARE(g.ruleLine, 2);

    g = decide(free, false, pause);
    QVERIFY(!g.paused);
    QCOMPARE(g.rate, qint64(0));
    QCOMPARE(g.cause, GovernorState::Cause::None);

    // Metered: pause beats the schedule's limit; the lower of two rates wins.
    g = decide(limited, true, pause);
    QVERIFY(g.paused);
    QCOMPARE(g.cause, GovernorState::Cause::Metered);
    g = decide(limited, true, limit1M);
    QCOMPARE(g.rate, MiB);
    QCOMPARE(g.cause, GovernorState::Cause::Metered);
    g = decide(limited, true, limit4M);
    QCOMPARE(g.rate, 2 * MiB);
    QCOMPARE(g.cause, GovernorState::Cause::Schedule);
    g = decide(free, true, ignore);
    QVERIFY(!g.paused);
    QCOMPARE(g.rate, qint64(0));
    // A schedule's pause is named as the schedule's, with its end, even on a metered link.
    g = decide(paused, true, pause);
    QCOMPARE(g.cause, GovernorState::Cause::Schedule);

    // An override lifts both until it ends.
    g = decide(paused, true, pause, GovernorOverride{paused + HourMs});
    QVERIFY(!g.paused);
    QCOMPARE(g.rate, qint64(0));
    QCOMPARE(g.cause, GovernorState::Cause::Override);
    QCOMPARE(g.untilMs, paused + HourMs);
    g = decide(paused, false, pause, GovernorOverride{paused - 1}); // over
    QVERIFY(g.paused);

    // The person's own limit is the scheduler's business: the stricter holds there
    // (tst_scheduledupload checks it on the wire); the state names only the rule's.
    QVERIFY(!decide(paused, false, pause).describe(paused).isEmpty());
    QVERIFY(decide(free, false, pause).describe(free).contains(QStringLiteral("Full speed")));
    QVERIFY(GovernorState::decide(TransferSchedule(), TransferSchedule().at(free, Utc), false,
                                  pause, {}, free)
                .describe(free)
                .isEmpty());
}

void tst_TransferSchedule::commandLineReadsScheduleAndMetered()
{
    QTemporaryDir dir;
    const auto write = [&](const QString &name, const QByteArray &text) {
        QFile file(dir.filePath(name));
        return file.open(QIODevice::WriteOnly) && file.write(text) == text.size() ? file.fileName()
                                                                                  : QString();
    };
    const QString good = write(QStringLiteral("good.txt"), "# weekdays\nMon-Fri 09-17 limit 2M\n");
    const QString bad = write(QStringLiteral("bad.txt"), "Mon paused\nMnday full\n* 9-9 full\n");
    const QStringList base{QStringLiteral("hoist"), QStringLiteral("--headless"),
                           QStringLiteral("-e"), QStringLiteral("http://127.0.0.1:1/files/"),
                           QStringLiteral("f")};

    CommandLineResult r = parseCommandLine(base + QStringList{QStringLiteral("--schedule"), good});
    QVERIFY2(r.ok(), qPrintable(r.text));
    QCOMPARE(r.options.schedulePath, good);
    QCOMPARE(r.options.schedule.modeAt(Tue, 10), ScheduleMode::limited(2 * MiB));
    QCOMPARE(r.options.metered.action, MeteredPolicy::Action::Pause);
    QVERIFY(!r.options.meteredGiven);

    r = parseCommandLine(base + QStringList{QStringLiteral("--schedule"), bad});
    QCOMPARE(r.status, CommandLineResult::Status::UsageError);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.text.contains(QStringLiteral("hoist: %1:2: unknown days \"Mnday\"").arg(bad)),
             qPrintable(r.text));
    QVERIFY2(r.text.contains(QStringLiteral("hoist: %1:3: hours \"9-9\"").arg(bad)),
             qPrintable(r.text));

    r = parseCommandLine(
        base + QStringList{QStringLiteral("--schedule"), dir.filePath(QStringLiteral("none"))});
    QCOMPARE(r.status, CommandLineResult::Status::UsageError);
    QVERIFY(r.text.contains(QStringLiteral("--schedule")));

    r = parseCommandLine(
        base + QStringList{QStringLiteral("--on-metered"), QStringLiteral("limit:512K")});
    QVERIFY2(r.ok(), qPrintable(r.text));
    QVERIFY(r.options.meteredGiven);
    QCOMPARE(r.options.metered.action, MeteredPolicy::Action::Limit);
    QCOMPARE(r.options.metered.rate, 512 * KiB);
    r = parseCommandLine(base
                         + QStringList{QStringLiteral("--on-metered"), QStringLiteral("stop")});
    QCOMPARE(r.status, CommandLineResult::Status::UsageError);
}

QTEST_GUILESS_MAIN(tst_TransferSchedule)
#include "tst_transferschedule.moc"
