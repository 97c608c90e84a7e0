import Foundation
import Testing
import TickModel

@Suite("Recurrence: DST, month ends, leap days, completion, words")
struct RecurrenceBehaviourTests {
    let newYork = zone("America/New_York")

    func reminder(_ due: Due, _ rule: String, basis: RecurrenceBasis = .due, alarms: [Alarm] = [], start: Due? = nil) -> Reminder {
        Reminder(listID: .init(rawValue: "L"), title: "t", due: due, start: start, recurrence: RecurrenceRule(rruleValue: rule), alarms: alarms,
                 createdAt: utc("2026-01-01T00:00:00Z"), recurrenceBasis: basis)
    }

    @Test("09:00 stays 09:00 on the wall clock across both DST changes (New York 2026)")
    func dailyAcrossDST() {
        let (days, _) = rolledSeries("FREQ=DAILY", from: "2026-03-07", limit: 3)
        #expect(days == ["2026-03-07", "2026-03-08", "2026-03-09"])
        var r = reminder(.timed(local("2026-03-07T09:00").instant(in: newYork), timeZone: "America/New_York"), "FREQ=DAILY")
        var instants: [Date] = []
        for _ in 0..<3 {
            if case .timed(let i, _)? = r.due { instants.append(i) }
            r = r.completingOccurrence(at: utc("2026-01-01T00:00:00Z"), in: newYork).reminder
        }
        #expect(instants == [utc("2026-03-07T14:00:00Z"), utc("2026-03-08T13:00:00Z"), utc("2026-03-09T13:00:00Z")])
        var fall = reminder(.timed(local("2026-10-31T09:00").instant(in: newYork), timeZone: "America/New_York"), "FREQ=WEEKLY")
        fall = fall.completingOccurrence(at: utc("2026-01-01T00:00:00Z"), in: newYork).reminder
        #expect(fall.due == .timed(utc("2026-11-07T14:00:00Z"), timeZone: "America/New_York"))
    }

    /// Found by a tester (sync with a phone): a to-do at 40 % (`STATUS:IN-PROCESS`,
    /// `PERCENT-COMPLETE:40`, kept from the server) completed in Tick went to its next
    /// occurrence still at 40 %, in process.
    @Test("completing an occurrence leaves its progress behind: the next one has no kept STATUS, PERCENT-COMPLETE or COMPLETED")
    func progressStaysWithTheOccurrence() {
        var r = reminder(.allDay(day("2026-12-03")), "FREQ=WEEKLY")
        r.iCalendarExtras = "STATUS:IN-PROCESS\r\nX-A:1\r\nPERCENT-COMPLETE;X-P=1:40\r\nBEGIN:VALARM\r\nSTATUS:x\r\nEND:VALARM\r\n"
            + "completed:20261201T000000Z\r\nSTATUSX:2\r\nBEGIN:VTODO\r\nPERCENT-COMPLETE:10\r\nEND:VTODO\r\nX-B:2"
        let next = r.completingOccurrence(at: utc("2026-12-03T01:00:00Z"), in: newYork).reminder
        #expect(next.due == .allDay(day("2026-12-10")))
        #expect(next.iCalendarExtras == "X-A:1\r\nBEGIN:VALARM\r\nSTATUS:x\r\nEND:VALARM\r\n"
            + "STATUSX:2\r\nBEGIN:VTODO\r\nPERCENT-COMPLETE:10\r\nEND:VTODO\r\nX-B:2")
        // The last occurrence completes the reminder: its lines stay (the writer weighs them).
        var last = reminder(.allDay(day("2026-12-03")), "FREQ=WEEKLY;COUNT=1")
        last.iCalendarExtras = "PERCENT-COMPLETE:40"
        #expect(last.completingOccurrence(at: utc("2026-12-03T01:00:00Z"), in: newYork).reminder.iCalendarExtras == "PERCENT-COMPLETE:40")
    }

    @Test("an occurrence in the spring-forward gap is read as 03:30 and the next one is 02:30 again")
    func gapIsPinned() {
        var r = reminder(.timed(local("2026-03-07T02:30").instant(in: newYork), timeZone: "America/New_York"), "FREQ=DAILY")
        r = r.completingOccurrence(at: utc("2026-01-01T00:00:00Z"), in: newYork).reminder
        #expect(r.due == .timed(local("2026-03-08T03:30").instant(in: newYork), timeZone: "America/New_York"))
        #expect(r.recurrence == "FREQ=DAILY;BYHOUR=2;BYMINUTE=30")
        r = r.completingOccurrence(at: utc("2026-01-01T00:00:00Z"), in: newYork).reminder
        #expect(r.due == .timed(local("2026-03-09T02:30").instant(in: newYork), timeZone: "America/New_York"))
    }

    @Test("monthly on the 31st skips months without one; monthly on the 30th skips February", arguments: [
        ("2026-01-31", "FREQ=MONTHLY", ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31", "2026-08-31", "2026-10-31", "2026-12-31", "2027-01-31"]),
        ("2026-01-30", "FREQ=MONTHLY", ["2026-01-30", "2026-03-30", "2026-04-30"]),
        ("2026-01-31", "FREQ=MONTHLY;BYMONTHDAY=-1", ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]),
        ("2028-01-31", "FREQ=MONTHLY;BYMONTHDAY=-1", ["2028-01-31", "2028-02-29", "2028-03-31"]),
    ])
    func monthEnds(first: String, rule: String, expected: [String]) {
        #expect(rolledSeries(rule, from: first, limit: expected.count).days == expected)
    }

    @Test("yearly on February 29 occurs in leap years only, skipping 2100")
    func leapDays() {
        #expect(rolledSeries("FREQ=YEARLY", from: "2028-02-29", limit: 3).days == ["2028-02-29", "2032-02-29", "2036-02-29"])
        #expect(rolledSeries("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", from: "2096-02-29", limit: 2).days == ["2096-02-29", "2104-02-29"])
    }

    @Test("all-day rules stay all-day; UNTIL as a DATE is inclusive")
    func allDayUntil() throws {
        var r = reminder(allDay("2026-12-29"), "FREQ=DAILY;UNTIL=20261231")
        var days: [Due?] = []
        for _ in 0..<5 {
            days.append(r.due)
            let (next, outcome) = r.completingOccurrence(at: utc("2026-12-29T10:00:00Z"), in: newYork)
            r = next
            if case .seriesEnded = outcome { break }
        }
        #expect(days == [allDay("2026-12-29"), allDay("2026-12-30"), allDay("2026-12-31")])
        #expect(r.isCompleted)
        #expect(r.due == allDay("2026-12-31"))
    }

    @Test("COUNT counts down in the stored rule, so an export describes what is left")
    func countCountsDown() {
        var r = reminder(allDay("2026-12-01"), "FREQ=WEEKLY;COUNT=3;X-KEEP=1")
        r = r.completingOccurrence(at: utc("2026-12-01T10:00:00Z"), in: newYork).reminder
        #expect(r.recurrence == "FREQ=WEEKLY;COUNT=2;X-KEEP=1")
        r = r.completingOccurrence(at: utc("2026-12-08T10:00:00Z"), in: newYork).reminder
        #expect(r.recurrence == "FREQ=WEEKLY;COUNT=1;X-KEEP=1")
        #expect(!r.isCompleted)
        let (last, outcome) = r.completingOccurrence(at: utc("2026-12-15T10:00:00Z"), in: newYork)
        #expect(outcome == .seriesEnded(completed: allDay("2026-12-15")))
        #expect(last.isCompleted)
    }

    @Test("completion-based: from the completion day, not the due date", arguments: [
        // rule, due, completed at (UTC), expected next due
        ("FREQ=DAILY;INTERVAL=3", "2026-12-01", "2026-12-04T15:00:00Z", "2026-12-07"),
        // Completed early: the next occurrence is still after the one completed
        // (Dec 7 and Dec 10 would go back to or repeat it).
        ("FREQ=DAILY;INTERVAL=3", "2026-12-10", "2026-12-04T15:00:00Z", "2026-12-13"),
        // QA: completing twice on one day must not land on the current occurrence again.
        ("FREQ=DAILY;INTERVAL=3", "2026-01-07", "2026-01-04T15:00:00Z", "2026-01-10"),
        ("FREQ=MONTHLY", "2026-02-28", "2026-01-31T15:00:00Z", "2026-03-31"),
        ("FREQ=WEEKLY;INTERVAL=2", "2026-12-14", "2026-12-04T15:00:00Z", "2026-12-18"),
        // Monday Jan 5, completed when it is still Sunday Jan 4 in New York.
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-01-05", "2026-01-05T03:00:00Z", "2026-01-06"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-01-09", "2026-01-07T15:00:00Z", "2026-01-12"),
        ("FREQ=MONTHLY", "2026-01-15", "2026-01-31T15:00:00Z", "2026-02-28"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-12-03", "2026-12-04T15:00:00Z", "2026-12-07"),
        ("FREQ=YEARLY", "2027-03-01", "2028-02-29T15:00:00Z", "2029-02-28"),
    ])
    func completionBased(rule: String, due: String, completed: String, expected: String) {
        let r = reminder(allDay(due), rule, basis: .completion)
        let (next, outcome) = r.completingOccurrence(at: utc(completed), in: newYork)
        #expect(next.due == allDay(expected))
        #expect(outcome == .advanced(completed: allDay(due), next: allDay(expected)))
        #expect(!next.isCompleted)
    }

    @Test("completion-based keeps the due time of day, in the reminder's zone")
    func completionKeepsTime() {
        let due = Due.timed(local("2026-12-01T18:00").instant(in: newYork), timeZone: "America/New_York")
        let r = reminder(due, "FREQ=DAILY;INTERVAL=2", basis: .completion)
        // 2026-12-05T03:00Z is still Dec 4 in New York.
        let next = r.completingOccurrence(at: utc("2026-12-05T03:00:00Z"), in: zone("Asia/Seoul")).reminder
        #expect(next.due == .timed(local("2026-12-06T18:00").instant(in: newYork), timeZone: "America/New_York"))
    }

    @Test("start and absolute alarms move with the due date; alarms are re-armed; snoozes dropped")
    func startAndAlarmsMove() {
        let seoul = zone("Asia/Seoul")
        let due = Due.timed(local("2026-12-01T09:00").instant(in: seoul), timeZone: "Asia/Seoul")
        let start = Due.allDay(day("2026-11-28"))
        let alarms = [
            Alarm(uid: "rel", trigger: .relative(seconds: -600, toStart: false), firedAt: utc("2026-12-01T00:00:00Z")),
            Alarm(uid: "abs", trigger: .absolute(local("2026-11-30T18:00").instant(in: seoul)), firedAt: utc("2026-11-30T09:00:00Z")),
            Alarm(uid: "snz", trigger: .absolute(utc("2026-12-01T01:00:00Z")), isSnooze: true),
        ]
        let r = reminder(due, "FREQ=MONTHLY", alarms: alarms, start: start)
        let next = r.completingOccurrence(at: utc("2026-12-01T02:00:00Z"), in: seoul).reminder
        #expect(next.due == .timed(local("2027-01-01T09:00").instant(in: seoul), timeZone: "Asia/Seoul"))
        #expect(next.start == allDay("2026-12-29"))
        #expect(next.alarms.map(\.uid) == ["rel", "abs"])
        #expect(next.alarms.allSatisfy { $0.firedAt == nil })
        #expect(next.alarms[1].trigger == .absolute(local("2026-12-31T18:00").instant(in: seoul)))
        #expect(next.nextAlarmDate(in: seoul) == local("2026-12-31T18:00").instant(in: seoul))
        #expect(next.fireDate(of: next.alarms[0], in: seoul) == local("2027-01-01T08:50").instant(in: seoul))
    }

    @Test("rolling onto an occurrence already past leaves its alarms quiet")
    func pastOccurrenceIsQuiet() {
        let r = reminder(allDay("2026-11-01"), "FREQ=WEEKLY", alarms: [Alarm.defaultAlarm(for: allDay("2026-11-01"))])
        let next = r.completingOccurrence(at: utc("2026-11-20T00:00:00Z"), in: newYork).reminder
        #expect(next.due == allDay("2026-11-08"))
        #expect(next.pendingAlarms(in: newYork).isEmpty)
    }

    @Test("undo moves back to the previous occurrence and counts COUNT back up")
    func undo() {
        let r = reminder(allDay("2026-12-01"), "FREQ=DAILY;COUNT=3", start: allDay("2026-11-30"))
        let advanced = r.completingOccurrence(at: utc("2026-12-01T12:00:00Z"), in: newYork).reminder
        let back = advanced.reopeningOccurrence(allDay("2026-12-01"), at: utc("2026-12-01T12:00:00Z"), in: newYork)
        #expect(back.due == allDay("2026-12-01"))
        #expect(back.start == allDay("2026-11-30"))
        #expect(back.recurrence == "FREQ=DAILY;COUNT=3")
    }

    @Test("a due date off the rule is moved to the rule's first day (DTSTART synchronized)")
    func synchronize() {
        let r = reminder(allDay("2026-12-02"), "FREQ=WEEKLY;BYDAY=MO")
        #expect(r.synchronizedWithRecurrence(in: newYork).due == allDay("2026-12-07"))
        let onRule = reminder(allDay("2026-12-07"), "FREQ=WEEKLY;BYDAY=MO")
        #expect(onRule.synchronizedWithRecurrence(in: newYork).due == allDay("2026-12-07"))
        // t72: on the rule's day, at another time than the rule's: moved to the rule's time.
        let atNine = reminder(timed("2026-12-07T14:00:00Z", "America/New_York"), "FREQ=WEEKLY;BYDAY=MO;BYHOUR=6;BYMINUTE=55")
        #expect(atNine.synchronizedWithRecurrence(in: newYork).due == timed("2026-12-07T11:55:00Z", "America/New_York"))
        let offDay = reminder(timed("2026-12-08T14:00:00Z", "America/New_York"), "FREQ=WEEKLY;BYDAY=MO;BYHOUR=6;BYMINUTE=55")
        #expect(offDay.synchronizedWithRecurrence(in: newYork).due == timed("2026-12-14T11:55:00Z", "America/New_York"))
        let onTime = reminder(timed("2026-12-07T11:55:00Z", "America/New_York"), "FREQ=WEEKLY;BYDAY=MO;BYHOUR=6;BYMINUTE=55")
        #expect(onTime.synchronizedWithRecurrence(in: newYork) == onTime)
    }

    @Test("a rule Tick cannot expand completes the reminder and says why")
    func unreadable() {
        let r = reminder(allDay("2026-12-01"), "FREQ=YEARLY;BYWEEKNO=20")
        let (done, outcome) = r.completingOccurrence(at: utc("2026-12-01T12:00:00Z"), in: newYork)
        #expect(done.isCompleted)
        guard case .unreadableRule(let reason) = outcome else { Issue.record("expected unreadableRule"); return }
        #expect(reason.contains("BYWEEKNO"))
    }

    @Test("invalid rules are refused with the part named", arguments: [
        ("FREQ=DAILY;COUNT=2;UNTIL=20261231", "COUNT and UNTIL"),
        ("FREQ=HOURLY", "FREQ=HOURLY"),
        ("INTERVAL=2", "FREQ is missing"),
        ("FREQ=WEEKLY;BYMONTHDAY=3", "BYMONTHDAY"),
        ("FREQ=WEEKLY;BYDAY=2MO", "numbered BYDAY"),
        ("FREQ=MONTHLY;BYMONTHDAY=0", "0 excluded"),
        ("FREQ=MONTHLY;BYDAY=XX", "XX"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL"),
        ("FREQ=DAILY;FOO=1", "FOO"),
        ("FREQ=DAILY;BYHOUR=9,17", "several"),
        ("FREQ=DAILY;UNTIL=2026", "UNTIL"),
    ])
    func invalid(text: String, part: String) {
        do {
            _ = try Recurrence(rruleValue: text)
            Issue.record("\(text) should be refused")
        } catch {
            #expect(error.description.contains(part), "\(error.description)")
        }
    }

    @Test("rules print back canonically", arguments: [
        ("RRULE:freq=monthly;byday=-1fr;count=5", "FREQ=MONTHLY;BYDAY=-1FR;COUNT=5"),
        ("FREQ=WEEKLY;WKST=SU;INTERVAL=2;BYDAY=TU,TH", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU"),
        ("FREQ=DAILY;UNTIL=20261231T235959Z", "FREQ=DAILY;UNTIL=20261231T235959Z"),
    ])
    func canonical(text: String, expected: String) throws {
        #expect(try Recurrence(rruleValue: text).rruleValue == expected)
    }

    @Test("--repeat words become rules", arguments: [
        ("daily", "FREQ=DAILY"), ("Every Day", "FREQ=DAILY"), ("weekly", "FREQ=WEEKLY"),
        ("monthly", "FREQ=MONTHLY"), ("yearly", "FREQ=YEARLY"), ("annually", "FREQ=YEARLY"),
        ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), ("weekends", "FREQ=WEEKLY;BYDAY=SA,SU"),
        ("every 3 days", "FREQ=DAILY;INTERVAL=3"), ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"),
        ("every 1 month", "FREQ=MONTHLY"), ("every 6 months", "FREQ=MONTHLY;INTERVAL=6"),
        ("every 2 years", "FREQ=YEARLY;INTERVAL=2"), ("every other week", "FREQ=WEEKLY;INTERVAL=2"),
        ("every monday", "FREQ=WEEKLY;BYDAY=MO"), ("every fri, tue", "FREQ=WEEKLY;BYDAY=TU,FR"),
        ("every mon and thu", "FREQ=WEEKLY;BYDAY=MO,TH"), ("every mondays", "FREQ=WEEKLY;BYDAY=MO"),
        ("every 2 weeks on mon, thu", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"),
        ("RRULE:FREQ=MONTHLY;BYDAY=2MO", "FREQ=MONTHLY;BYDAY=2MO"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"),
        // Written as Tick writes it: iCalendar readers (libical) drop a rule spaced so (t72).
        ("FREQ=DAILY; COUNT=5", "FREQ=DAILY;COUNT=5"),
        ("FREQ=DAILY;;INTERVAL = 2", "FREQ=DAILY;INTERVAL=2"),
        ("FREQ=WEEKLY;BYDAY=TU, TH", "FREQ=WEEKLY;BYDAY=TU,TH"),
        ("FREQ=MONTHLY;BYMONTHDAY=1, 15", "FREQ=MONTHLY;BYMONTHDAY=1,15"),
    ])
    func phrases(phrase: String, rule: String) throws {
        #expect(try RepeatPhrase.rule(phrase).rruleValue == rule)
    }

    @Test("unknown --repeat words are refused with the words Tick knows", arguments: ["sometimes", "every", "every 0 days", "every blue moon", "RRULE:FREQ=SECONDLY",
                                                                                     "FREQ=DAILY;X-A=1"])
    func badPhrases(phrase: String) {
        #expect(throws: ModelError.self) { try RepeatPhrase.rule(phrase) }
    }

    @Test("descriptions in words", arguments: [
        ("FREQ=DAILY", "2026-12-01", "Daily"),
        ("FREQ=DAILY;INTERVAL=3", "2026-12-01", "Every 3 days"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-12-01", "Weekdays"),
        ("FREQ=WEEKLY;BYDAY=SA,SU", "2026-12-05", "Weekends"),
        ("FREQ=WEEKLY;BYDAY=MO", "2026-12-07", "Every Monday"),
        ("FREQ=WEEKLY", "2026-12-07", "Weekly"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH", "2026-12-01", "Every 2 weeks on Tuesday and Thursday"),
        ("FREQ=MONTHLY", "2026-12-01", "Monthly"),
        ("FREQ=MONTHLY", "2027-01-31", "Monthly on the 31st"),
        ("FREQ=MONTHLY;BYMONTHDAY=31", "2027-01-31", "Monthly on the 31st"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "2026-12-25", "Monthly on the last Friday"),
        ("FREQ=MONTHLY;BYDAY=2MO", "2026-12-14", "Monthly on the 2nd Monday"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "2026-12-31", "Monthly on the last day"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,15", "2026-12-01", "Monthly on the 1st and 15th"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "2026-12-31", "Monthly on the last weekday"),
        ("FREQ=YEARLY", "2026-12-01", "Yearly"),
        ("FREQ=YEARLY", "2028-02-29", "Yearly on February 29"),
        ("FREQ=DAILY;COUNT=5", "2026-12-01", "Daily, 5 times"),
        ("FREQ=WEEKLY;UNTIL=20261231", "2026-12-01", "Weekly, until Dec 31, 2026"),
        ("FREQ=WEEKLY;BYDAY=MO;BYHOUR=6;BYMINUTE=55", "2026-12-07", "Every Monday at 6:55 AM"),
        ("FREQ=DAILY;BYHOUR=0;BYMINUTE=5;COUNT=3", "2026-12-07", "Daily at 12:05 AM, 3 times"),
        ("FREQ=DAILY;BYHOUR=12;BYMINUTE=0;BYSECOND=30", "2026-12-07", "Daily at 12:00:30 PM"),
        ("FREQ=DAILY;BYHOUR=18", "2026-12-07", "Daily in the 6 PM hour"),
        ("FREQ=DAILY;BYMINUTE=30", "2026-12-07", "Daily at minute 30"),
    ])
    func summaries(rule: String, anchor: String, expected: String) throws {
        #expect(try Recurrence(rruleValue: rule).summary(anchor: day(anchor)) == expected)
    }

    @Test("a reminder's summary says when it repeats from completion")
    func completionSummary() {
        let r = reminder(allDay("2026-12-01"), "FREQ=DAILY;INTERVAL=3", basis: .completion)
        #expect(r.recurrenceSummary(in: newYork) == "Every 3 days after completion")
    }
}

@Suite("Alarms: when they ring")
struct AlarmFiringTests {
    func reminder(due: Due?, start: Due? = nil, alarms: [Alarm]) -> Reminder {
        Reminder(listID: .init(rawValue: "L"), title: "t", due: due, start: start, alarms: alarms, createdAt: utc("2026-01-01T00:00:00Z"))
    }

    @Test("relative to due (RELATED=END), to start, with fallbacks; all-day from local midnight")
    func fireDates() {
        let seoul = zone("Asia/Seoul")
        let due = Due.timed(utc("2026-12-14T06:00:00Z"), timeZone: "Asia/Seoul")
        let end = Alarm(trigger: .relative(seconds: -86_400, toStart: false))
        let startRelated = Alarm(trigger: .relative(seconds: -900, toStart: true))
        #expect(reminder(due: due, alarms: [end]).fireDate(of: end, in: seoul) == utc("2026-12-13T06:00:00Z"))
        // TRIGGER:-PT15M (RELATED=START) on a VTODO with DUE and no DTSTART: relative to DUE.
        #expect(reminder(due: due, alarms: [startRelated]).fireDate(of: startRelated, in: seoul) == utc("2026-12-14T05:45:00Z"))
        let withStart = reminder(due: due, start: .timed(utc("2026-12-13T00:00:00Z"), timeZone: "UTC"), alarms: [startRelated])
        #expect(withStart.fireDate(of: startRelated, in: seoul) == utc("2026-12-12T23:45:00Z"))
        let allDayDefault = Alarm.defaultAlarm(for: allDay("2026-12-01"))
        #expect(reminder(due: allDay("2026-12-01"), alarms: [allDayDefault]).fireDate(of: allDayDefault, in: seoul)
                == utc("2026-12-01T00:00:00Z"))
        let none = reminder(due: nil, alarms: [end])
        #expect(none.fireDate(of: end, in: seoul) == nil)
    }

    @Test("alarm offsets", arguments: [
        ("-10m", -600), ("-1h", -3_600), ("-1d", -86_400), ("+15m", 900), ("-1h30m", -5_400), ("-1w", -604_800),
        ("0", 0), ("-PT15M", -900), ("P1D", 86_400), ("PT0S", 0),
    ])
    func offsets(text: String, seconds: Int) throws {
        #expect(try Alarm.offset(parsing: text) == seconds)
    }

    @Test("an offset without a sign or unit is refused with a hint", arguments: ["10m", "-10", "-10x", "soon", "-"])
    func badOffsets(text: String) {
        #expect(throws: ModelError.self) { try Alarm.offset(parsing: text) }
    }

    @Test("an all-day alarm rings at its wall-clock time on DST days", arguments: [
        // zone, all-day due, default alarm (09:00 local) in UTC
        ("Europe/Berlin", "2026-03-29", "2026-03-29T07:00:00Z"),     // spring forward: 09:00 CEST
        ("Europe/Berlin", "2026-10-25", "2026-10-25T08:00:00Z"),     // fall back: 09:00 CET
        ("America/New_York", "2026-11-01", "2026-11-01T14:00:00Z"),  // 09:00 EST
        ("America/New_York", "2026-03-08", "2026-03-08T13:00:00Z"),  // 09:00 EDT
    ])
    func allDayOnDSTDays(identifier: String, due: String, expected: String) {
        let alarm = Alarm.defaultAlarm(for: allDay(due))
        #expect(reminder(due: allDay(due), alarms: [alarm]).fireDate(of: alarm, in: zone(identifier)) == utc(expected))
    }

    @Test("days and weeks are wall-clock days across DST (RFC 5545 §3.3.6); hours are exact", arguments: [
        // offset text, fire time in New York for a due of Sunday 2026-03-08 09:00 EDT
        // (that night went from EST to EDT)
        ("-1d", "2026-03-07T09:00"), ("-1w", "2026-03-01T09:00"), ("-P1W", "2026-03-01T09:00"),
        ("-P1D", "2026-03-07T09:00"), ("-1d2h", "2026-03-07T07:00"),
        ("-24h", "2026-03-07T08:00"), ("-PT24H", "2026-03-07T08:00"), ("-168h", "2026-03-01T08:00"),
        ("-1h", "2026-03-08T08:00"),
    ])
    func nominalDaysExactHours(text: String, expected: String) throws {
        let newYork = zone("America/New_York")
        let due = Due.timed(local("2026-03-08T09:00").instant(in: newYork), timeZone: "America/New_York")
        let alarm = try Alarm.alarmOffset(parsing: text).alarm()
        #expect(reminder(due: due, alarms: [alarm]).fireDate(of: alarm, in: zone("UTC")) == local(expected).instant(in: newYork))
    }

    @Test("-24h is exact; -1d and -1d2h are nominal days", arguments: [
        ("-24h", true), ("-PT24H", true), ("-36h", true), ("-1d", false), ("-P1D", false), ("-1d2h", false), ("-1w", false), ("-90m", false),
    ])
    func exactness(text: String, isExact: Bool) throws {
        #expect(try Alarm.alarmOffset(parsing: text).isExact == isExact)
    }

    @Test("snooze lengths", arguments: [("15m", 900), ("1h", 3_600), ("2h30m", 9_000), ("PT10M", 600)])
    func snoozeLengths(text: String, seconds: Int) {
        #expect(Alarm.positiveSeconds(parsing: text) == seconds)
    }

    /// t72: `snooze 1 9999d` was "not a date, weekday or time", `--alarm -9999d` "write a
    /// number and a unit".
    @Test("a length past ten years is said to be too long, not unreadable")
    func tooLongLengths() {
        #expect(Alarm.positiveSeconds(parsing: "3650d") == 3_650 * 86_400)
        #expect(Alarm.positiveSeconds(parsing: "3651d") == nil)
        for text in ["3651d", "9999d", "99999h", "-9999d", "+1h9999999m", "522w", "3650d87599h", "3649d25h", "999999999999999999999d"] {
            #expect(Alarm.isTooLongLength(text), "\(text)")
        }
        for text in ["3650d", "3649d24h", "1h", "blorp", "12", "9999", "tomorrow", "-", "d5", "5dd"] {
            #expect(!Alarm.isTooLongLength(text), "\(text)")
        }
        #expect(throws: ModelError.invalidDuration("-9999d", reason: Alarm.tooLongReason)) { try Alarm.alarmOffset(parsing: "-9999d") }
        #expect(throws: ModelError.invalidDuration("9999d", reason: Alarm.tooLongReason)) { try Alarm.alarmOffset(parsing: "9999d") }
    }
}
