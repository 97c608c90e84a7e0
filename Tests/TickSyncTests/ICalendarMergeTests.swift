import Foundation
import Testing
import TickSync

/// The three-way merge of a to-do (`ICalendarMerge.merge`) on VALARMs.
@Suite("iCalendar three-way merge: alarms")
struct ICalendarMergeTests {
    static func calendar(summary: String, alarm: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick//EN", "BEGIN:VTODO", "UID:t-1", "DTSTAMP:20261201T000000Z",
          "SUMMARY:\(summary)", "DUE:20261211T150000Z", "BEGIN:VALARM"] + alarm + ["END:VALARM", "END:VTODO", "END:VCALENDAR"])
            .map { $0 + "\r\n" }.joined()
    }

    /// Found by a tester: Radicale and Xandikos give a VALARM's properties back sorted, so the
    /// server's unchanged alarm differed from the base as text; with a title changed on the
    /// phone, Tick's alarm edit was "changed on both sides" and lost to the server's.
    @Test("an alarm changed in Tick and one the server only reordered: Tick's alarm and the server's title, no conflict")
    func reorderedAlarmIsUnchanged() {
        let tick = ["UID:a-1", "ACTION:DISPLAY", "DESCRIPTION:Haircut", "TRIGGER;RELATED=END:-PT1H"]
        let base = Self.calendar(summary: "Haircut", alarm: tick)
        let local = Self.calendar(summary: "Haircut", alarm: ["UID:a-1", "ACTION:DISPLAY", "DESCRIPTION:Haircut", "TRIGGER;RELATED=END:-PT2H"])
        let server = Self.calendar(summary: "Haircut (phone)", alarm: tick.sorted())
        for localIsNewer in [true, false] {
            let merged = ICalendarMerge.merge(base: base, local: local, server: server, localIsNewer: localIsNewer)
            #expect(merged.conflicts.isEmpty, "\(merged.conflicts)")
            #expect(merged.text.contains("SUMMARY:Haircut (phone)\r\n"))
            #expect(merged.text.contains("TRIGGER;RELATED=END:-PT2H\r\n") && !merged.text.contains("-PT1H"), "\(merged.text)")
        }
        // Changed on both sides for real: still a conflict, the newer side's alarm kept.
        let changedThere = Self.calendar(summary: "Haircut (phone)", alarm: (tick.dropLast() + ["TRIGGER;RELATED=END:-PT3H"]).sorted())
        let both = ICalendarMerge.merge(base: base, local: local, server: changedThere, localIsNewer: true)
        #expect(both.conflicts.map(\.property) == ["VALARM"])
        #expect(both.conflicts.first?.lostValue.contains("-PT3H") == true)
        #expect(both.text.contains("-PT2H"))
    }

    static func twoAlarms(summary: String, _ first: [String], _ second: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick//EN", "BEGIN:VTODO", "UID:t-1", "DTSTAMP:20261201T000000Z",
          "SUMMARY:\(summary)", "DUE:20261211T150000Z", "BEGIN:VALARM"] + first + ["END:VALARM", "BEGIN:VALARM"] + second
            + ["END:VALARM", "END:VTODO", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    }

    /// A tester: an older Tick wrote a to-do's display VALARM before its audio one (then kept
    /// lines); this one writes them in the order they came, so after the upgrade Tick's side
    /// differed from the base in order alone, and a phone's change to the audio alarm was lost
    /// to a "changed on both sides".
    @Test("alarms only reordered on one side: the other side's change to one of them is kept, no conflict, in that side's order")
    func reorderedAlarmsAreUnchanged() {
        let display = ["ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT15M"], audio = ["ACTION:AUDIO", "TRIGGER:-PT30M"]
        let phone = ["ACTION:AUDIO", "TRIGGER:-PT20M"]
        let base = Self.twoAlarms(summary: "Call", display, audio)
        let local = Self.twoAlarms(summary: "Call Ann", audio, display)
        let server = Self.twoAlarms(summary: "Call", display, phone)
        for localIsNewer in [true, false] {
            let merged = ICalendarMerge.merge(base: base, local: local, server: server, localIsNewer: localIsNewer)
            #expect(merged.conflicts.isEmpty, "\(merged.conflicts)")
            #expect(merged.text.contains("SUMMARY:Call Ann\r\n"))
            #expect(merged.text.contains("TRIGGER:-PT15M\r\nEND:VALARM\r\nBEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER:-PT20M"), "\(merged.text)")
        }
    }

    /// A tester: the same todo.txt imported on two machines gives both the same UIDs; their
    /// first sync reported "CREATED changed on both sides" once a reminder, and the later
    /// creation won. The earlier is kept, without a conflict; a real difference still is one.
    @Test("a CREATED both sides gave: the earlier kept, no conflict")
    func createdOnBothSides() {
        let early = Self.repeating(["CREATED:20261206T081500Z"])
        let late = Self.repeating(["CREATED:20261206T081547Z"])
        for base in [nil, Self.repeating(["CREATED:20261201T000000Z"])] {
            for (local, server) in [(early, late), (late, early)] {
                for localIsNewer in [true, false] {
                    let merged = ICalendarMerge.merge(base: base, local: local, server: server, localIsNewer: localIsNewer)
                    #expect(merged.conflicts.isEmpty, "\(merged.conflicts)")
                    #expect(merged.text.contains("CREATED:20261206T081500Z\r\n") && !merged.text.contains("081547Z"), "\(merged.text)")
                }
            }
        }
        // Nor a place both sides gave (each import its own X-APPLE-SORT-ORDER): the newer side's.
        let placed = ICalendarMerge.merge(base: nil, local: Self.repeating(["X-APPLE-SORT-ORDER:818240418"]),
                                          server: Self.repeating(["X-APPLE-SORT-ORDER:818240420"]), localIsNewer: true)
        #expect(placed.conflicts.isEmpty && placed.text.contains("X-APPLE-SORT-ORDER:818240418\r\n"), "\(placed)")
        let titled = ICalendarMerge.merge(base: nil, local: Self.repeating(["CREATED:20261206T081500Z", "DESCRIPTION:mine"]),
                                          server: Self.repeating(["CREATED:20261206T081547Z", "DESCRIPTION:theirs"]), localIsNewer: true)
        #expect(titled.conflicts.map(\.property) == ["DESCRIPTION"])
    }

    static func repeating(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick//EN", "BEGIN:VTODO", "UID:r-1", "DTSTAMP:20261201T000000Z",
          "SUMMARY:Water the plants"] + lines + ["END:VTODO", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    }

    /// Found by a tester: a daily to-do completed twice on the server (due Dec 9) and once in
    /// Tick, later (due Dec 8): the newer side's Dec 8 won and the server's completion was
    /// reported lost. Both sides' completions hold at the later occurrence, whichever is newer.
    @Test("a repeating to-do completed onward on both sides: the later occurrence, no conflict")
    func repeatingCompletedOnBothSides() {
        let base = Self.repeating(["DTSTART;TZID=Europe/Berlin:20261207T080000", "DUE;TZID=Europe/Berlin:20261207T090000",
                                   "RRULE:FREQ=DAILY;COUNT=10"])
        let local = Self.repeating(["DTSTART;TZID=Europe/Berlin:20261208T080000", "DUE;TZID=Europe/Berlin:20261208T090000",
                                    "RRULE:FREQ=DAILY;COUNT=9"])
        let server = Self.repeating(["DTSTART;TZID=Europe/Berlin:20261209T080000", "DUE;TZID=Europe/Berlin:20261209T090000",
                                     "RRULE:FREQ=DAILY;COUNT=8"])
        for localIsNewer in [true, false] {
            for (l, s, expected) in [(local, server, "20261209"), (server, local, "20261209")] {
                let merged = ICalendarMerge.merge(base: base, local: l, server: s, localIsNewer: localIsNewer)
                #expect(merged.conflicts.isEmpty, "\(merged.conflicts)")
                #expect(merged.text.contains("DUE;TZID=Europe/Berlin:\(expected)T090000\r\n"), "\(merged.text)")
                #expect(merged.text.contains("DTSTART;TZID=Europe/Berlin:\(expected)T080000\r\n"))
                #expect(merged.text.contains("RRULE:FREQ=DAILY;COUNT=8\r\n"))
            }
        }
        // A due date moved back on one side is an edit, not a completion: merged as any value.
        let movedBack = Self.repeating(["DTSTART;TZID=Europe/Berlin:20261205T080000", "DUE;TZID=Europe/Berlin:20261205T090000",
                                        "RRULE:FREQ=DAILY;COUNT=10"])
        let edit = ICalendarMerge.merge(base: base, local: movedBack, server: server, localIsNewer: true)
        #expect(edit.text.contains("DUE;TZID=Europe/Berlin:20261205T090000\r\n"))
        #expect(edit.conflicts.map(\.property).contains("DUE"))
        // Another rule on one side: no longer the same series, merged value by value.
        let weekly = Self.repeating(["DTSTART;TZID=Europe/Berlin:20261208T080000", "DUE;TZID=Europe/Berlin:20261208T090000",
                                     "RRULE:FREQ=WEEKLY"])
        let ruled = ICalendarMerge.merge(base: base, local: weekly, server: server, localIsNewer: true)
        #expect(ruled.text.contains("RRULE:FREQ=WEEKLY\r\n"))
        #expect(ruled.conflicts.map(\.property).contains("RRULE"))
    }

    static func dated(summary: String, _ due: String) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick//EN", "BEGIN:VTODO", "UID:t-1", "DTSTAMP:20261201T000000Z",
          "SUMMARY:\(summary)", due, "END:VTODO", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    }

    /// A tester: Radicale gives `DUE;TZID=GMT:…` back as `…Z`; compared as text, a phone's
    /// later title change made Tick's new due date a conflict, lost to the server's.
    @Test("a date the server gave in another form of the same meaning is unchanged there: the other side's change is kept", arguments: [
        ("DUE;TZID=GMT:20261212T150000", "DUE:20261212T150000Z"),
        ("DUE;TZID=GMT:20261212T150000", "DUE;TZID=GMT:20261212T150000Z"),
        ("DUE;TZID=Asia/Seoul:20261213T000000", "DUE:20261212T150000Z"),
        ("DUE;TZID=\"Europe/London\":20261212T150000", "DUE;X-SERVER=1;TZID=Europe/London:20261212T150000"),
        ("DUE;VALUE=DATE:20261212", "DUE:20261212"),
        ("DTSTART;TZID=UTC:20261212T150000", "DTSTART:20261212T150000Z"),
    ])
    func dateInAnotherForm(tick: String, server: String) {
        let name = String(tick.prefix { $0 != ";" && $0 != ":" })
        let changed = name + ":20261218T150000Z"
        let base = Self.dated(summary: "Dentist", tick)
        let local = Self.dated(summary: "Dentist", changed)
        let theirs = Self.dated(summary: "Dentist (phone)", server)
        for localIsNewer in [true, false] {
            let merged = ICalendarMerge.merge(base: base, local: local, server: theirs, localIsNewer: localIsNewer)
            #expect(merged.conflicts.isEmpty, "\(merged.conflicts)")
            #expect(merged.text.contains("SUMMARY:Dentist (phone)\r\n") && merged.text.contains(changed + "\r\n"), "\(merged.text)")
        }
        // Unchanged on both sides in meaning: Tick's own form is kept, and nothing is to be sent.
        let unchanged = ICalendarMerge.merge(base: base, local: base, server: Self.dated(summary: "Dentist", server), localIsNewer: true)
        #expect(unchanged.text.contains(tick + "\r\n"))
        #expect(ICalendarMerge.sameValues(unchanged.text, Self.dated(summary: "Dentist", server)))
    }

    @Test("dates that differ in meaning are still changes: a floating time is not the UTC one, and both sides changing one is a conflict")
    func datesThatDiffer() {
        let base = Self.dated(summary: "Dentist", "DUE:20261212T150000")
        #expect(!ICalendarMerge.sameValues(base, Self.dated(summary: "Dentist", "DUE:20261212T150000Z")))
        #expect(!ICalendarMerge.sameValues(Self.dated(summary: "Dentist", "DUE;TZID=Asia/Seoul:20261212T150000"),
                                           Self.dated(summary: "Dentist", "DUE:20261212T150000Z")))
        let both = ICalendarMerge.merge(base: base, local: Self.dated(summary: "Dentist", "DUE:20261218T150000"),
                                        server: Self.dated(summary: "Dentist", "DUE:20261219T150000"), localIsNewer: true)
        #expect(both.conflicts.map(\.property) == ["DUE"])
        #expect(both.conflicts.first?.lostValue == "DUE:20261219T150000")
        #expect(both.text.contains("DUE:20261218T150000\r\n"))
    }

    static func series(notes: String?, overrides: [[String]], due: String = "DUE;TZID=Europe/Paris:20261210T090000") -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick//EN", "BEGIN:VTODO", "UID:w-1", "DTSTAMP:20261201T000000Z",
                     "SUMMARY:Water plants", due, "RRULE:FREQ=DAILY"]
        if let notes { lines.append("DESCRIPTION:\(notes)") }
        lines.append("END:VTODO")
        for override in overrides { lines += ["BEGIN:VTODO", "UID:w-1"] + override + ["END:VTODO"] }
        lines.append("END:VCALENDAR")
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// A tester (t56): a phone completed one occurrence as Thunderbird does (an override with
    /// `RECURRENCE-ID` and `STATUS:COMPLETED`) while Tick changed the notes: the override,
    /// absent from the base, was taken for "changed on both sides" (absent locally), Tick's side
    /// won, the phone's completion was deleted from the server and the series not moved on.
    @Test("an override one side added, the other side leaving the occurrence alone: kept, no conflict, with the other side's edit")
    func overrideAddedOnOneSide() {
        let done = ["RECURRENCE-ID;TZID=Europe/Paris:20261210T090000", "DTSTAMP:20261206T100000Z", "SUMMARY:Water plants",
                    "STATUS:COMPLETED", "COMPLETED:20261206T100000Z", "PERCENT-COMPLETE:100"]
        let base = Self.series(notes: nil, overrides: [])
        let local = Self.series(notes: "bring the watering can", overrides: [])
        let server = Self.series(notes: nil, overrides: [done])
        for localIsNewer in [true, false] {
            for (mine, theirs) in [(local, server), (server, local)] {
                let merged = ICalendarMerge.merge(base: base, local: mine, server: theirs, localIsNewer: localIsNewer)
                #expect(merged.conflicts.isEmpty, "\(merged.conflicts)")
                #expect(merged.text.contains("RECURRENCE-ID;TZID=Europe/Paris:20261210T090000\r\n"), "\(merged.text)")
                #expect(merged.text.contains("STATUS:COMPLETED\r\n") && merged.text.contains("DESCRIPTION:bring the watering can\r\n"))
            }
        }
        // An override the base had and one side removed, the other leaving it: removed.
        let removed = ICalendarMerge.merge(base: server, local: local, server: server, localIsNewer: false)
        #expect(removed.conflicts.isEmpty && !removed.text.contains("RECURRENCE-ID"))
        // Added on both sides, differently: a conflict, the newer side's kept.
        let other = done.map { $0 == "COMPLETED:20261206T100000Z" ? "COMPLETED:20261206T110000Z" : $0 }
        let both = ICalendarMerge.merge(base: base, local: Self.series(notes: nil, overrides: [other]), server: server, localIsNewer: true)
        #expect(both.conflicts.map(\.property) == ["RECURRENCE-ID;TZID=Europe/Paris:20261210T090000"])
        #expect(both.text.contains("COMPLETED:20261206T110000Z") && !both.text.contains("COMPLETED:20261206T100000Z"))
        // No base (a first sync): every difference is decided by which side is newer, as before.
        let first = ICalendarMerge.merge(base: nil, local: local, server: server, localIsNewer: true)
        #expect(first.conflicts.map(\.property).contains("RECURRENCE-ID;TZID=Europe/Paris:20261210T090000"))
    }

    /// A tester (t58, D7): the phone completed the 09:00 occurrence (an override added) while
    /// Tick moved the series to 10:00; the override kept naming 09:00, an occurrence the series
    /// no longer had, and the completion was lost on every device without a conflict. It now
    /// names the series' current occurrence, so the completion moves the series on.
    @Test("an override added for the current occurrence while the other side changed its time: moved to the new time")
    func overrideFollowsTheSeriesNewTime() {
        let done = ["RECURRENCE-ID;TZID=Europe/Paris:20261210T090000", "DTSTAMP:20261206T100000Z", "SUMMARY:Water plants",
                    "DUE;TZID=Europe/Paris:20261210T090000", "STATUS:COMPLETED", "COMPLETED:20261206T100000Z"]
        let base = Self.series(notes: nil, overrides: [])
        let retimed = Self.series(notes: nil, overrides: [], due: "DUE;TZID=Europe/Paris:20261210T100000")
        for rid in [done[0], "RECURRENCE-ID:20261210T080000Z"] {
            let server = Self.series(notes: nil, overrides: [[rid] + done.dropFirst()])
            for localIsNewer in [true, false] {
                for (mine, theirs) in [(retimed, server), (server, retimed)] {
                    let merged = ICalendarMerge.merge(base: base, local: mine, server: theirs, localIsNewer: localIsNewer)
                    #expect(merged.conflicts.isEmpty, "\(merged.conflicts)")
                    #expect(merged.text.contains("RECURRENCE-ID;TZID=Europe/Paris:20261210T100000\r\n"), "\(merged.text)")
                    #expect(!merged.text.contains("T090000") && !merged.text.contains("T080000Z"), "\(merged.text)")
                    #expect(merged.text.components(separatedBy: "DUE;TZID=Europe/Paris:20261210T100000\r\n").count == 3,
                            "the series' and the override's due: \(merged.text)")
                }
            }
        }
        // The other side moved the series a day on at the same time (as completing the same
        // occurrence does): the override stays at the occurrence it names.
        let nextDay = Self.series(notes: nil, overrides: [], due: "DUE;TZID=Europe/Paris:20261211T090000")
        let server = Self.series(notes: nil, overrides: [done])
        let advanced = ICalendarMerge.merge(base: base, local: nextDay, server: server, localIsNewer: true)
        #expect(advanced.conflicts.isEmpty)
        #expect(advanced.text.contains("RECURRENCE-ID;TZID=Europe/Paris:20261210T090000\r\n"), "\(advanced.text)")
        // A later occurrence follows the time too; an override at another time (not an
        // occurrence of the series as the base had it) stays where it is.
        let later = done.map { $0.replacingOccurrences(of: "20261210T090000", with: "20261212T090000") }
        let other = ICalendarMerge.merge(base: base, local: retimed, server: Self.series(notes: nil, overrides: [later]), localIsNewer: true)
        #expect(other.text.contains("RECURRENCE-ID;TZID=Europe/Paris:20261212T100000\r\n"), "\(other.text)")
        let offGrid = done.map { $0.replacingOccurrences(of: "20261210T090000", with: "20261212T093000") }
        let kept = ICalendarMerge.merge(base: base, local: retimed, server: Self.series(notes: nil, overrides: [offGrid]), localIsNewer: true)
        #expect(kept.text.contains("RECURRENCE-ID;TZID=Europe/Paris:20261212T093000\r\n"), "\(kept.text)")
        // Moved to another day and time (t59): the completion stays with the day it named, so
        // that no day nobody completed is marked done (also when Tick completed the same
        // occurrence itself and changed the time).
        for due in ["DUE;TZID=Europe/Paris:20261211T100000", "DUE;TZID=Europe/Paris:20261211T090000"] {
            let moved = ICalendarMerge.merge(base: base, local: Self.series(notes: nil, overrides: [], due: due), server: server,
                                             localIsNewer: true)
            #expect(moved.text.contains("RECURRENCE-ID;TZID=Europe/Paris:20261210T090000\r\n"), "\(moved.text)")
        }
        // Two occurrences completed on the phone, the time changed in Tick: both follow (t59).
        let second = done.map { $0.replacingOccurrences(of: "20261210T090000", with: "20261211T090000") }
        let two = ICalendarMerge.merge(base: base, local: retimed, server: Self.series(notes: nil, overrides: [done, second]),
                                       localIsNewer: true)
        #expect(two.text.contains("RECURRENCE-ID;TZID=Europe/Paris:20261210T100000\r\n")
                && two.text.contains("RECURRENCE-ID;TZID=Europe/Paris:20261211T100000\r\n")
                && two.text.contains("DUE;TZID=Europe/Paris:20261211T100000\r\n") && !two.text.contains("T090000"), "\(two.text)")
        // The second one in UTC, as Xandikos keeps it (t60): the same.
        let secondInUTC = ["RECURRENCE-ID:20261211T080000Z"] + second.dropFirst()
        let utc = ICalendarMerge.merge(base: base, local: retimed, server: Self.series(notes: nil, overrides: [done, secondInUTC]),
                                       localIsNewer: true)
        #expect(utc.text.contains("RECURRENCE-ID;TZID=Europe/Paris:20261211T100000\r\n") && !utc.text.contains("T080000Z"), "\(utc.text)")
        // Two overrides of one value in two zones are two (found by fuzzing: one was dropped).
        let elsewhere = ["RECURRENCE-ID;TZID=America/New_York:20261212T090000", "SUMMARY:Water plants", "STATUS:COMPLETED"]
        let samePlace = ["RECURRENCE-ID;TZID=Europe/Paris:20261212T090000", "SUMMARY:Water plants", "STATUS:COMPLETED"]
        let both2 = Self.series(notes: nil, overrides: [elsewhere, samePlace])
        let kept2 = ICalendarMerge.merge(base: nil, local: both2, server: both2, localIsNewer: true)
        #expect(kept2.text.contains("America/New_York:20261212T090000") && kept2.text.contains("Europe/Paris:20261212T090000"), "\(kept2.text)")
        // The same wall clock in another zone (t59): the key's value is the same, the zone not.
        let zoned = ICalendarMerge.merge(base: base, local: Self.series(notes: nil, overrides: [], due: "DUE;TZID=America/New_York:20261210T090000"),
                                         server: server, localIsNewer: true)
        #expect(zoned.text.contains("RECURRENCE-ID;TZID=America/New_York:20261210T090000\r\n")
                && !zoned.text.contains("Europe/Paris"), "\(zoned.text)")
        // The side that added the override changed the time itself: nothing to follow.
        let both = ICalendarMerge.merge(base: base, local: retimed,
                                        server: Self.series(notes: nil, overrides: [done], due: "DUE;TZID=Europe/Paris:20261210T110000"),
                                        localIsNewer: true)
        #expect(both.text.contains("RECURRENCE-ID;TZID=Europe/Paris:20261210T090000\r\n"), "\(both.text)")
    }

    /// A tester (t59): `tick serve` moves a series on when a phone PUTs a completed override,
    /// so the server held Dec 11 09:00 with the override while Tick had moved the series to
    /// Dec 10 10:00; the later day was taken for an occurrence "completed onward" and Tick's
    /// time was lost without a conflict. The server's own move is taken back for the merge; the
    /// override follows Tick's time and moves the series on again when Tick reads it.
    @Test("a completion the server applied itself, with Tick's change of the time: Tick's time, the override at it")
    func completionAppliedByTheServer() {
        let done = ["RECURRENCE-ID;TZID=Europe/Paris:20261210T090000", "DTSTAMP:20261206T100000Z", "SUMMARY:Water plants",
                    "STATUS:COMPLETED", "COMPLETED:20261206T100000Z"]
        let base = Self.series(notes: nil, overrides: [])
        let retimed = Self.series(notes: nil, overrides: [], due: "DUE;TZID=Europe/Paris:20261210T100000")
        let applied = Self.series(notes: nil, overrides: [done], due: "DUE;TZID=Europe/Paris:20261211T090000")
        for localIsNewer in [true, false] {
            let merged = ICalendarMerge.merge(base: base, local: retimed, server: applied, localIsNewer: localIsNewer)
            #expect(merged.conflicts.isEmpty, "\(merged.conflicts)")
            #expect(merged.text.contains("RECURRENCE-ID;TZID=Europe/Paris:20261210T100000\r\n")
                    && merged.text.components(separatedBy: "DUE;TZID=Europe/Paris:20261210T100000\r\n").count == 2, "\(merged.text)")
        }
        // Without a completed override added there, a later day on the server is its own change:
        // both changed the due date, a conflict (no "completed onward" for a change of time).
        let postponed = Self.series(notes: nil, overrides: [], due: "DUE;TZID=Europe/Paris:20261211T090000")
        let both = ICalendarMerge.merge(base: base, local: retimed, server: postponed, localIsNewer: true)
        #expect(both.conflicts.map(\.property) == ["DUE"], "\(both.conflicts)")
        #expect(both.text.contains("DUE;TZID=Europe/Paris:20261210T100000\r\n"))
    }

    /// A tester (t59, B-6): the series' start and due moved an hour later; the phone's override
    /// gave its due at its start (08:00, the series' start time): the start moved, the due
    /// stayed, before the start (which a server refuses).
    @Test("an override's due given at its own start moves with the start")
    func overrideDueAtItsStart() {
        func series(_ start: String, _ due: String, overrides: [[String]]) -> String {
            var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick//EN", "BEGIN:VTODO", "UID:w-1", "DTSTAMP:20261201T000000Z",
                         "SUMMARY:Water plants", "DTSTART;TZID=Europe/Paris:20261210T\(start)", "DUE;TZID=Europe/Paris:20261210T\(due)",
                         "RRULE:FREQ=DAILY", "END:VTODO"]
            for override in overrides { lines += ["BEGIN:VTODO", "UID:w-1"] + override + ["END:VTODO"] }
            return (lines + ["END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
        }
        let done = ["RECURRENCE-ID;TZID=Europe/Paris:20261210T080000", "DTSTART;TZID=Europe/Paris:20261210T080000",
                    "DUE;TZID=Europe/Paris:20261210T080000", "STATUS:COMPLETED", "COMPLETED:20261206T100000Z"]
        let merged = ICalendarMerge.merge(base: series("080000", "090000", overrides: []), local: series("090000", "100000", overrides: []),
                                          server: series("080000", "090000", overrides: [done]), localIsNewer: true)
        #expect(merged.text.contains("RECURRENCE-ID;TZID=Europe/Paris:20261210T090000\r\n"), "\(merged.text)")
        let override = merged.text.components(separatedBy: "RECURRENCE-ID").last ?? ""
        #expect(override.contains("DTSTART;TZID=Europe/Paris:20261210T090000\r\n")
                && override.contains("DUE;TZID=Europe/Paris:20261210T090000\r\n"), "\(override)")
    }

    /// Found by fuzzing the merge (fuzz/merge): a component inside the to-do that is not an
    /// alarm (a client's own, kept by Tick's reader as it came) was dropped by every merge, and
    /// the merged text Tick wrote back took it off the server.
    @Test("a client's own component inside the to-do is kept by the merge, and merged as one value")
    func otherComponentsKept() {
        func todo(_ summary: String, _ children: [String]) -> String {
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick//EN", "BEGIN:VTODO", "UID:o-1", "SUMMARY:\(summary)"] + children
                + ["END:VTODO", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
        }
        let own = ["BEGIN:X-CLIENT-STATE", "X-VIEW:compact", "END:X-CLIENT-STATE"]
        let base = todo("A", own)
        for (local, server) in [(todo("B", own), todo("A", own)), (todo("A", own), todo("B", own))] {
            let merged = ICalendarMerge.merge(base: base, local: local, server: server, localIsNewer: true)
            #expect(merged.text.contains("BEGIN:X-CLIENT-STATE\r\nX-VIEW:compact\r\nEND:X-CLIENT-STATE\r\n"), "\(merged.text)")
            #expect(merged.conflicts.isEmpty)
        }
        // Changed on the server only: the server's; removed there: gone.
        let changed = ICalendarMerge.merge(base: base, local: todo("B", own), server: todo("A", ["BEGIN:X-CLIENT-STATE", "X-VIEW:full",
                                                                                             "END:X-CLIENT-STATE"]), localIsNewer: true)
        #expect(changed.text.contains("X-VIEW:full") && !changed.text.contains("X-VIEW:compact"))
        let removed = ICalendarMerge.merge(base: base, local: todo("B", own), server: todo("A", []), localIsNewer: true)
        #expect(!removed.text.contains("X-CLIENT-STATE"))
        // No base: the two sides alike keep it.
        #expect(ICalendarMerge.merge(base: nil, local: base, server: base, localIsNewer: false).text.contains("X-VIEW:compact"))
    }

    /// Found by fuzzing the merge: two alarms under one UID (or two alike without one) were
    /// one to the merge, and one of them was dropped; and an alarm the server gave a new UID
    /// was written back under the old one.
    @Test("alarms given twice under one UID are both kept; a UID changed on one side is that side's")
    func alarmsUnderOneUID() {
        let first = ["UID:dup", "ACTION:DISPLAY", "DESCRIPTION:Tagged", "TRIGGER:-PT1H"]
        let second = ["UID:dup", "ACTION:DISPLAY", "DESCRIPTION:Tagged", "TRIGGER:-PT2H"]
        let twice = Self.tagged(["CATEGORIES:a"], alarms: [first, second])
        for base in [twice, Self.tagged(["CATEGORIES:a"], alarms: [first])] {
            let merged = ICalendarMerge.merge(base: base, local: Self.tagged(["CATEGORIES:a,b"], alarms: [first, second]), server: twice,
                                              localIsNewer: true)
            #expect(merged.text.contains("TRIGGER:-PT1H") && merged.text.contains("TRIGGER:-PT2H"), "\(merged.text)")
        }
        let renamed = ["UID:new-uid"] + first.dropFirst()
        let merged = ICalendarMerge.merge(base: Self.tagged(["CATEGORIES:a"], alarms: [first]),
                                          local: Self.tagged(["CATEGORIES:a,b"], alarms: [first]),
                                          server: Self.tagged(["CATEGORIES:a"], alarms: [renamed]), localIsNewer: true)
        #expect(merged.text.contains("UID:new-uid") && !merged.text.contains("UID:dup") && merged.conflicts.isEmpty, "\(merged.text)")
        // Tags in two lines changed on one side: that side's lines, whatever the order of its
        // tags (fuzz/merge: they became one line of Tick's, in another order).
        let twoLines = ICalendarMerge.merge(base: Self.tagged(["CATEGORIES:old", "CATEGORIES:kept"]),
                                            local: Self.tagged(["CATEGORIES:old", "CATEGORIES:kept"]),
                                            server: Self.tagged(["CATEGORIES:new", "CATEGORIES:kept"]), localIsNewer: true)
        #expect(twoLines.text.contains("CATEGORIES:new\r\nCATEGORIES:kept\r\n"), "\(twoLines.text)")
        // Tags Tick left alone and the server wrote in another order: the server's lines (fuzz/merge).
        let reorderedThere = ICalendarMerge.merge(base: Self.tagged(["CATEGORIES:a,b"]), local: Self.tagged(["CATEGORIES:a,b"]),
                                                  server: Self.tagged(["CATEGORIES:b,a"]), localIsNewer: true)
        #expect(reorderedThere.text.contains("CATEGORIES:b,a\r\n"), "\(reorderedThere.text)")
        // Without a base, two alarms alike (their lines in another order) are two (fuzz/merge).
        let reordered = ["UID:dup", "TRIGGER:-PT1H", "ACTION:DISPLAY", "DESCRIPTION:Tagged"]
        let three = Self.tagged(["CATEGORIES:a"], alarms: [first, second, reordered])
        let firstSync = ICalendarMerge.merge(base: nil, local: three, server: three, localIsNewer: true)
        #expect(firstSync.text.components(separatedBy: "BEGIN:VALARM").count == 4, "\(firstSync.text)")
        #expect(ICalendarMerge.sameValues(firstSync.text, three))
        // Properties in another order are the same values.
        #expect(ICalendarMerge.sameValues(Self.tagged(["CATEGORIES:a", "PRIORITY:1"]), Self.tagged(["PRIORITY:1", "CATEGORIES:a"])))
    }

    static func tagged(_ categories: [String], alarms: [[String]] = []) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick//EN", "BEGIN:VTODO", "UID:g-1", "DTSTAMP:20261201T000000Z",
                     "SUMMARY:Tagged"] + categories
        for alarm in alarms { lines += ["BEGIN:VALARM"] + alarm + ["END:VALARM"] }
        lines += ["END:VTODO", "END:VCALENDAR"]
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// A tester (t56): Tick added a tag and an alarm, the phone another tag and another alarm;
    /// CATEGORIES and the VALARMs were each one value "changed on both sides", and Tick's
    /// additions were lost to the phone's. Tags and alarms are sets: both additions stay.
    @Test("tags and alarms added or removed on each side are all kept or removed, with no conflict")
    func tagsAndAlarmsMergeOneByOne() {
        let hour = ["UID:al-1", "ACTION:DISPLAY", "DESCRIPTION:Tagged", "TRIGGER:-PT1H"]
        let twoHours = ["UID:al-2", "ACTION:DISPLAY", "DESCRIPTION:Tagged", "TRIGGER:-PT2H"]
        let day = ["UID:al-0", "ACTION:DISPLAY", "DESCRIPTION:Tagged", "TRIGGER:-P1D"]
        let base = Self.tagged(["CATEGORIES:base,old"], alarms: [day])
        let local = Self.tagged(["CATEGORIES:base,old,fromtick"], alarms: [day, hour])
        // The phone removed "old" and the day-before alarm, added a tag with an escaped comma and an alarm.
        let server = Self.tagged(["CATEGORIES:base,from\\,phone"], alarms: [twoHours])
        for localIsNewer in [true, false] {
            let merged = ICalendarMerge.merge(base: base, local: local, server: server, localIsNewer: localIsNewer)
            #expect(merged.conflicts.isEmpty, "\(merged.conflicts)")
            #expect(merged.text.contains("CATEGORIES:base,fromtick,from\\,phone\r\n"), "\(merged.text)")
            #expect(merged.text.contains("TRIGGER:-PT1H") && merged.text.contains("TRIGGER:-PT2H") && !merged.text.contains("-P1D"),
                    "\(merged.text)")
        }
        // One side's tags unchanged: the other side's lines as they are (two lines stay two).
        let two = Self.tagged(["CATEGORIES:base", "CATEGORIES:old,new"])
        let kept = ICalendarMerge.merge(base: base, local: two, server: base, localIsNewer: false)
        #expect(kept.text.contains("CATEGORIES:base\r\nCATEGORIES:old,new\r\n") && kept.conflicts.isEmpty, "\(kept.text)")
        // Every tag removed on one side: no CATEGORIES line.
        let none = ICalendarMerge.merge(base: base, local: Self.tagged([]), server: base, localIsNewer: false)
        #expect(!none.text.contains("CATEGORIES"))
        // The same alarm (its UID) changed differently on both sides: a conflict, the newer kept.
        let local2 = Self.tagged(["CATEGORIES:base,old"], alarms: [day.map { $0 == "TRIGGER:-P1D" ? "TRIGGER:-P2D" : $0 }])
        let server2 = Self.tagged(["CATEGORIES:base,old"], alarms: [day.map { $0 == "TRIGGER:-P1D" ? "TRIGGER:-P3D" : $0 }])
        let both = ICalendarMerge.merge(base: base, local: local2, server: server2, localIsNewer: true)
        #expect(both.conflicts.map(\.property) == ["VALARM"])
        #expect(both.conflicts.first?.lostValue.contains("TRIGGER:-P3D") == true)
        #expect(both.text.contains("TRIGGER:-P2D") && !both.text.contains("-P3D"))
    }

    /// t58: Tick replacing its alarms whole (`--no-alarm --alarm …`) gives each a new UID, and
    /// a phone's removal of one of the unchanged ones came back; "PhoneTag" added here and
    /// "phonetag" there were both kept, though Tick takes them for one tag.
    @Test("alarms given new UIDs but unchanged are the same alarms; tags differing in case are one tag")
    func reUIDedAlarmsAndTagCase() {
        let hour = ["ACTION:DISPLAY", "DESCRIPTION:Tagged", "TRIGGER:-PT1H"], twoHours = ["ACTION:DISPLAY", "DESCRIPTION:Tagged", "TRIGGER:-PT2H"]
        let base = Self.tagged(["CATEGORIES:base"], alarms: [["UID:a1"] + hour, ["UID:a2"] + twoHours])
        let local = Self.tagged(["CATEGORIES:base,PhoneTag"], alarms: [["UID:n1"] + hour, ["UID:n2"] + twoHours])
        let server = Self.tagged(["CATEGORIES:base,phonetag"], alarms: [["UID:a2"] + twoHours])
        for localIsNewer in [true, false] {
            let merged = ICalendarMerge.merge(base: base, local: local, server: server, localIsNewer: localIsNewer)
            #expect(merged.conflicts.isEmpty, "\(merged.conflicts)")
            #expect(!merged.text.contains("TRIGGER:-PT1H") && merged.text.components(separatedBy: "TRIGGER:-PT2H").count == 2, "\(merged.text)")
            #expect(merged.text.contains("CATEGORIES:base,PhoneTag\r\n"), "\(merged.text)")
        }
    }
}
