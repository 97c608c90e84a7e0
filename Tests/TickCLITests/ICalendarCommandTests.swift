import Foundation
import Testing
import TestSupport

/// `tick import` and `tick export` with iCalendar and Taskwarrior files, against a real
/// database: summaries, warnings on stderr, re-imports that update instead of
/// duplicating, and exports that read back the same.
@Suite("tick import and export: iCalendar and Taskwarrior")
struct ICalendarCommandTests {
    static func corpus(_ folder: String, _ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: Fixture.corpus + "/" + folder + "/" + name))
    }

    static let vtodos = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        X-WR-CALNAME:Groceries\r
        X-APPLE-CALENDAR-COLOR:#FF9500\r
        BEGIN:VTODO\r
        UID:g-1\r
        SUMMARY:Oat milk\\, 2 cartons\r
        CATEGORIES:food\r
        DUE;VALUE=DATE:20261201\r
        X-APPLE-SORT-ORDER:2\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:g-2\r
        SUMMARY:Bread\r
        X-APPLE-SORT-ORDER:1\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:g-3\r
        SUMMARY:Crumbs\r
        RELATED-TO;RELTYPE=PARENT:g-2\r
        X-APPLE-SORT-ORDER:3\r
        DUE;TZID=Mars/Olympus:20261201T090000\r
        END:VTODO\r
        BEGIN:VEVENT\r
        UID:e-1\r
        DTSTART:20261201T090000Z\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test("importing an .ics file: summary with skipped components, warnings on stderr, list in sort order")
    func importICS() throws {
        let cli = CLIHarness()
        cli.files["groceries.ics"] = Data(Self.vtodos.utf8)
        let result = cli.run("import", "groceries.ics")
        #expect(result.status == 0)
        #expect(result.lines == ["Imported 3 reminders into Groceries.", "New lists: Groceries", "Skipped 1 VEVENT."])
        // A zone warning names the first line that uses the zone (it named the BEGIN:VTODO line, 17).
        #expect(result.errors.hasPrefix("tick: warning: groceries.ics line 22: TZID 'Mars/Olympus' is not a time zone"))
        let lines = cli.ok("list", "Groceries").split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        // Numbers and places follow X-APPLE-SORT-ORDER; the subtask sits under its parent.
        #expect(lines[1].hasPrefix("#1  [ ]  Bread"))
        #expect(lines[2].hasPrefix("#3  [ ]    Crumbs"))
        #expect(lines[3].hasPrefix("#2  [ ]  Oat milk, 2 cartons #food"))
        let lists = try #require(try cli.json("lists") as? [[String: Any]])
        #expect(lists.first { $0["name"] as? String == "Groceries" }?["color"] as? String == "#FF9500")
    }

    /// Found by a tester: a calendar of events imported by mistake made an empty list, to be
    /// deleted by hand. A VCALENDAR without a VTODO makes no list; one with to-dos still does.
    /// A tester: `RRULE:FREQ=YEARLY;BYWEEKNO=20` and `FREQ=HOURLY` were imported without a
    /// word; `tick done` was the first to say the rule cannot be expanded.
    @Test("a repeat rule Tick cannot expand is kept, and the import says so with its line")
    func unexpandableRuleWarned() throws {
        let cli = CLIHarness()
        cli.files["rules.ics"] = Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            X-WR-CALNAME:Rules\r
            BEGIN:VTODO\r
            UID:r-1\r
            SUMMARY:Week twenty\r
            DUE;VALUE=DATE:20261201\r
            RRULE:FREQ=YEARLY;BYWEEKNO=20\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:r-2\r
            SUMMARY:Weekly\r
            DUE;VALUE=DATE:20261201\r
            RRULE:FREQ=WEEKLY\r
            END:VTODO\r
            END:VCALENDAR\r

            """.utf8)
        let result = cli.run("import", "rules.ics")
        #expect(result.status == 0)
        #expect(result.errors.hasPrefix("tick: warning: rules.ics line 4: \"Week twenty\" repeats by RRULE:FREQ=YEARLY;BYWEEKNO=20, "
                                        + "which Tick cannot expand ("), "\(result.errors)")
        #expect(result.errors.contains("the rule is kept as written, but completing it completes it for good"))
        #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
        let json = try #require(try cli.json("import", "rules.ics", "--json") as? [String: Any])
        #expect((json["warnings"] as? [String])?.contains { $0.contains("BYWEEKNO") } == true, "\(json)")
    }

    /// A tester: a rule without DUE or DTSTART (RFC 5545 asks for DTSTART), and an archive's
    /// reminder with a rule and no due date, were imported without a word, shown as repeating,
    /// and `tick done` completed them for good; the archive's warnings named "line N" for the
    /// reminder's place in its array, and only the first piece of a big archive was checked.
    @Test("a repeating reminder without a due date is imported with a warning; an archive's warnings name reminders[i]")
    func repeatWithoutDueWarned() throws {
        let cli = CLIHarness()
        cli.files["nodue.ics"] = Data(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VTODO", "UID:n1", "SUMMARY:No due",
                                       "RRULE:FREQ=DAILY", "END:VTODO", "END:VCALENDAR", ""].joined(separator: "\r\n").utf8)
        let ics = cli.run("import", "nodue.ics")
        #expect(ics.status == 0)
        #expect(ics.errors == "tick: warning: nodue.ics line 4: \"No due\" repeats but has no due date, which is its first occurrence; "
                + "the rule is kept, but completing it completes it for good (give it one with tick edit N --due)\n", "\(ics.errors)")
        // An archive past the first piece: its 5,001st reminder repeats without a due date.
        let other = CLIHarness()
        other.ok("add", "Template")
        var archive = try #require(try JSONSerialization.jsonObject(with: Data(other.ok("export", "--format", "json").utf8)) as? [String: Any])
        let template = try #require((archive["reminders"] as? [[String: Any]])?.first)
        let count = 5_001 // `Actions.importPieceSize` is 5,000
        var reminders: [[String: Any]] = (0..<count).map { index in
            var copy = template
            copy["uid"] = "u-\(index)"
            copy["number"] = index + 10
            copy["title"] = "R \(index)"
            return copy
        }
        reminders[count - 1]["recurrence"] = "FREQ=WEEKLY"
        reminders[1]["recurrence"] = "FREQ=HOURLY"
        reminders[1]["due"] = "2026-12-01"
        reminders[1]["dueKind"] = "allDay"
        archive["reminders"] = reminders
        other.files["big.json"] = try JSONSerialization.data(withJSONObject: archive)
        let restored = other.run("import", "big.json", "--format", "json")
        #expect(restored.status == 0, "\(restored.errors)")
        #expect(restored.errors.contains("big.json: reminders[1]: \"R 1\" repeats by RRULE:FREQ=HOURLY"), "\(restored.errors)")
        #expect(restored.errors.contains("big.json: reminders[\(count - 1)]: \"R \(count - 1)\" repeats but has no due date"),
                "\(restored.errors)")
    }

    @Test("an .ics of events alone makes no list; the summary says what was skipped")
    func eventsMakeNoList() throws {
        let cli = CLIHarness()
        cli.files["my-calendar.ics"] = Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            X-WR-CALNAME:Holidays\r
            BEGIN:VEVENT\r
            UID:e-1\r
            DTSTART:20261201T090000Z\r
            END:VEVENT\r
            END:VCALENDAR\r
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            X-WR-CALNAME:Errands\r
            BEGIN:VTODO\r
            UID:t-1\r
            SUMMARY:Post office\r
            END:VTODO\r
            END:VCALENDAR\r

            """.utf8)
        let dry = cli.run("import", "my-calendar.ics", "--dry-run")
        #expect(!dry.output.contains("Holidays"), "\(dry.output)")
        let result = cli.run("import", "my-calendar.ics")
        #expect(result.status == 0)
        #expect(result.lines == ["Imported 1 reminder into Errands.", "New lists: Errands", "Skipped 1 VEVENT."], "\(result.lines)")
        let lists = try #require(try cli.json("lists") as? [[String: Any]])
        #expect(lists.compactMap { $0["name"] as? String }.sorted() == ["Errands", "Reminders"])
    }

    @Test("re-importing the same file updates by UID and never duplicates")
    func reimport() throws {
        let cli = CLIHarness()
        cli.files["groceries.ics"] = Data(Self.vtodos.utf8)
        cli.ok("import", "groceries.ics")
        let again = cli.run("import", "groceries.ics")
        #expect(again.lines.first == "Imported 3 reminders (3 unchanged) into Groceries.")
        let all = try #require(try cli.json("list", "all") as? [[String: Any]])
        #expect(all.count == 3)
        // Edited in the file: updated in place, same number.
        cli.files["groceries.ics"] = Data(Self.vtodos.replacingOccurrences(of: "SUMMARY:Bread", with: "SUMMARY:Rye bread").utf8)
        #expect(cli.run("import", "groceries.ics").lines.first == "Imported 3 reminders (1 updated, 2 unchanged) into Groceries.")
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["title"] as? String == "Rye bread")
        #expect(try #require(try cli.json("list", "all") as? [Any]).count == 3)
    }

    @Test("re-importing on another day: dates the file does not give keep their stored values")
    func reimportLater() throws {
        let cli = CLIHarness()
        cli.files["bare.ics"] = Data("BEGIN:VTODO\r\nUID:n\r\nSUMMARY:no dates\r\nSTATUS:COMPLETED\r\nEND:VTODO\r\n".utf8)
        cli.ok("import", "bare.ics")
        cli.variables["TICK_NOW"] = "2026-12-05T08:00:00Z"
        #expect(cli.run("import", "bare.ics").lines.first == "Imported 1 reminder (1 unchanged) into bare.")
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["createdAt"] as? String == "2026-11-29T12:00:00Z")
        #expect(shown["completedAt"] as? String == "2026-11-29T12:00:00Z")
        // A real change is saved, with the creation date kept.
        cli.files["bare.ics"] = Data("BEGIN:VTODO\r\nUID:n\r\nSUMMARY:renamed\r\nSTATUS:COMPLETED\r\nEND:VTODO\r\n".utf8)
        #expect(cli.run("import", "bare.ics").lines.first == "Imported 1 reminder (1 updated) into bare.")
        let renamed = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(renamed["title"] as? String == "renamed")
        #expect(renamed["createdAt"] as? String == "2026-11-29T12:00:00Z")
        #expect(renamed["modifiedAt"] as? String == "2026-12-05T08:00:00Z")
    }

    @Test("export --format ics writes every list; --list one; it imports back the same")
    func exportICS() throws {
        let cli = CLIHarness()
        cli.files["groceries.ics"] = Data(Self.vtodos.utf8)
        cli.ok("import", "groceries.ics")
        cli.ok("add", "Call the bank", "--tag", "admin", "--url", "https://example.org/form")
        let all = cli.ok("export", "--format", "ics")
        #expect(all.components(separatedBy: "BEGIN:VCALENDAR\r\n").count == 3)
        #expect(all.contains("X-WR-CALNAME:Reminders\r\n"))
        #expect(all.contains("URL:https://example.org/form\r\n"))
        #expect(all.contains("SUMMARY:Oat milk\\, 2 cartons\r\n"))
        let one = cli.ok("export", "--format", "ics", "--list", "Groceries")
        #expect(one.components(separatedBy: "BEGIN:VCALENDAR\r\n").count == 2)
        #expect(!one.contains("Call the bank"))

        // Into a fresh database and out again: the same text.
        let other = CLIHarness()
        other.files["all.ics"] = Data(all.utf8)
        let result = other.run("import", "all.ics")
        #expect(result.status == 0)
        #expect(other.ok("export", "--format", "ics") == all)
    }

    @Test("export --format ics leaves out empty lists; an empty --list writes nothing and says so")
    func exportEmptyLists() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Empty")
        let none = cli.run("export", "--format", "ics")
        #expect(none.status == 0)
        #expect(none.output.isEmpty)
        #expect(none.errors == "tick: warning: there are no reminders; an iCalendar file needs at least one, so nothing was written\n")
        cli.ok("add", "x", "--list", "Empty")
        let all = cli.ok("export", "--format", "ics")
        #expect(all.components(separatedBy: "BEGIN:VCALENDAR\r\n").count == 2)
        #expect(!all.contains("X-WR-CALNAME:Reminders"))
        let named = cli.run("export", "--format", "ics", "--list", "Reminders", "--output", "out.ics")
        #expect(named.status == 0)
        #expect(named.errors.contains("the list 'Reminders' has no reminders"))
        #expect(!FileManager.default.fileExists(atPath: cli.folder.file("out.ics")))
    }

    @Test("every corpus .ics file goes through the database and back to the same export", .enabled(if: Fixture.needsCorpus()), arguments: Fixture.corpusFiles("ics"))
    func corpusThroughDatabase(path: String) throws {
        let name = (path as NSString).lastPathComponent
        let first = CLIHarness()
        first.files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(first.run("import", name).status == 0)
        let exported = first.ok("export", "--format", "ics")
        let second = CLIHarness()
        second.files["back.ics"] = Data(exported.utf8)
        #expect(second.run("import", "back.ics").status == 0)
        let again = second.ok("export", "--format", "ics")
        let third = CLIHarness()
        third.files["again.ics"] = Data(again.utf8)
        #expect(third.run("import", "again.ics").status == 0)
        #expect(third.ok("export", "--format", "ics") == again)
        #expect(again == exported)
    }

    @Test("a file that cannot be read is refused with its line; nothing is imported")
    func refused() throws {
        let cli = CLIHarness()
        cli.files["broken.ics"] = Data("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:1\r\nSUMMARY:x\r\nEND:VCALENDAR\r\n".utf8)
        let result = cli.run("import", "broken.ics")
        #expect(result.status == 1)
        #expect(result.errors == "tick: error: broken.ics line 5: END:VCALENDAR does not close BEGIN:VTODO of line 2; "
                + "the file is damaged or was cut and pasted wrongly\nNothing was imported.\n")
        #expect(try #require(try cli.json("list", "all") as? [Any]).isEmpty)
    }

    @Test("many warnings: the first 20 on stderr, then a count; --json has them all")
    func manyWarnings() throws {
        var text = "BEGIN:VCALENDAR\r\n"
        for index in 1...25 { text += "BEGIN:VTODO\r\nUID:w\(index)\r\nSUMMARY:x\r\nRRULE:FREQ=NEVER\r\nEND:VTODO\r\n" }
        text += "END:VCALENDAR\r\n"
        let cli = CLIHarness()
        cli.files["w.ics"] = Data(text.utf8)
        let result = cli.run("import", "w.ics")
        let lines = result.errors.split(separator: "\n")
        #expect(lines.count == 21)
        #expect(lines.last == "tick: warning: 5 more warnings not shown; 'tick import --json' lists them all")
        let other = CLIHarness()
        other.files["w.ics"] = Data(text.utf8)
        let summary = try #require(try other.json("import", "w.ics") as? [String: Any])
        #expect((summary["warnings"] as? [String])?.count == 25)
    }

    @Test("importing Taskwarrior JSON: projects become lists, deleted tasks are counted, re-import updates", .enabled(if: Fixture.needsCorpus()))
    func importTaskwarrior() throws {
        let cli = CLIHarness()
        cli.files["export.json"] = try Self.corpus("taskwarrior", "taskwarrior-testdata-export.json")
        let result = cli.run("import", "export.json")
        #expect(result.status == 0)
        #expect(result.lines.first == "Imported 32 reminders into Reminders, colortask, wth.")
        #expect(result.lines.contains("Skipped 1 deleted task."))
        let again = cli.run("import", "export.json")
        #expect(again.lines.first == "Imported 32 reminders (32 unchanged) into Reminders, colortask, wth.")
        #expect(try #require(try cli.json("list", "all", "--completed") as? [Any]).count == 32)
    }

    @Test("the format is told by name and content: .json that is not a Tick archive is Taskwarrior")
    func detection() throws {
        let cli = CLIHarness()
        cli.files["tasks"] = Data(#"{"uuid":"a","description":"from stdin-like file","status":"pending"}"#.utf8)
        #expect(cli.run("import", "tasks").lines.first == "Imported 1 reminder into Reminders.")
        cli.files["cal.txt.ics"] = Data("BEGIN:VTODO\r\nUID:b\r\nSUMMARY:bare\r\nEND:VTODO\r\n".utf8)
        #expect(cli.run("import", "cal.txt.ics").lines.first == "Imported 1 reminder into cal.txt.")
        cli.files["noext"] = Data("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:c\r\nSUMMARY:guessed\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        #expect(cli.run("import", "noext").status == 0)
        #expect(try #require(try cli.json("list", "all") as? [Any]).count == 3)
    }

    @Test("export refuses formats it cannot write; import and export help name the formats")
    func formats() {
        let cli = CLIHarness()
        let refused = cli.run("export", "--format", "taskwarrior")
        #expect(refused.status == 64)
        #expect(refused.errors.contains("json, todotxt, ics"))
        #expect(cli.run("export", "--format", "icalendar").status == 0)
        #expect(cli.ok("help", "import").contains("Taskwarrior"))
        #expect(cli.ok("help", "export").contains("ics"))
    }

    @Test("a tag with a comma: CATEGORIES:a\\,b,c gives a,b and c; --tag 'a\\,b' selects it; the export escapes it")
    func tagWithComma() throws {
        let cli = CLIHarness()
        cli.files["t.ics"] = Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Tags\r\nBEGIN:VTODO\r\nUID:t-1\r\nSUMMARY:x\r\nCATEGORIES:a\\,b,c\r\nEND:VTODO\r\nBEGIN:VTODO\r\nUID:t-2\r\nSUMMARY:y\r\nCATEGORIES:a,b\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        cli.ok("import", "t.ics")
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["tags"] as? [String] == ["a,b", "c"])
        let withComma = try #require(try cli.json("list", "all", "--tag", "a\\,b") as? [[String: Any]])
        #expect(withComma.map { $0["title"] as? String } == ["x"])
        let plain = try #require(try cli.json("list", "all", "--tag", "a") as? [[String: Any]])
        #expect(plain.map { $0["title"] as? String } == ["y"])
        let exported = cli.ok("export", "--format", "ics", "--list", "Tags")
        #expect(exported.contains("CATEGORIES:a\\,b,c\r\n"))
        #expect(exported.contains("CATEGORIES:a,b\r\n"))
    }

    /// A tester: with TZ=UTC, a due date a server gave back as UTC (Tick wrote `TZID=GMT`,
    /// Radicale kept `…Z`) showed "(given in UTC)", as if it were another zone's clock.
    @Test("show says the zone a due date was given in only when its clock is not this machine's (UTC, GMT, Etc/UTC are one)",
          arguments: [("UTC", "DUE:20261210T090000Z", false), ("Etc/UTC", "DUE;TZID=GMT:20261210T090000", false),
                      ("GMT", "DUE:20261210T090000Z", false), ("Asia/Seoul", "DUE:20261210T090000Z", true),
                      ("UTC", "DUE;TZID=America/New_York:20261210T090000", true),
                      ("America/New_York", "DUE;TZID=US/Eastern:20261210T090000", false)])
    func givenInAnotherZone(zone: String, due: String, isNoted: Bool) throws {
        let cli = CLIHarness()
        cli.variables["TZ"] = zone
        cli.files["z.ics"] = Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:z-1\r\nSUMMARY:x\r\n\(due)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        cli.ok("import", "z.ics")
        let shown = cli.ok("show", "1")
        #expect(shown.contains("(given in ") == isNoted, "\(zone), \(due): \(shown)")
    }

    @Test("--tag splits at commas; a backslash before a comma keeps it", arguments: [
        (["a,b"], ["a", "b"]), (["a\\,b"], ["a,b"]), (["a\\,b,c", "#d"], ["a,b", "c", "d"]),
        (["back\\slash"], ["back\\slash"]), (["end\\"], ["end\\"]),
    ])
    func tagOption(values: [String], tags: [String]) throws {
        let cli = CLIHarness()
        cli.ok(["add", "x"] + values.flatMap { ["--tag", $0] })
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["tags"] as? [String] == tags)
    }

    @Test("show names the EXDATEs and RDATEs that change a repeat; done skips an excluded date")
    func exceptionsAndAdditions() {
        let cli = CLIHarness()
        cli.files["yearly.ics"] = Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Test//Test//EN\r
            BEGIN:VTODO\r
            UID:yearly-1\r
            SUMMARY:Renew passport\r
            DUE;VALUE=DATE:20270101\r
            RRULE:FREQ=YEARLY;INTERVAL=2\r
            EXDATE;VALUE=DATE:20290101,20290102\r
            EXDATE;VALUE=DATE:20330101\r
            RDATE;VALUE=DATE:20270601\r
            END:VTODO\r
            END:VCALENDAR\r

            """.utf8)
        cli.ok("import", "yearly.ics")
        #expect(cli.ok("show", "1").contains(
            "Repeats:     Every 2 years, except Jan 1, 2029, Jan 1, 2033; also Jun 1, 2027  (RRULE:FREQ=YEARLY;INTERVAL=2)"))
        #expect(cli.ok("done", "1").contains("Jun 1, 2027"))
        #expect(cli.ok("done", "1").contains("Jan 1, 2031"))
        #expect(cli.ok("show", "1").contains("except Jan 1, 2033  (RRULE:"))
        #expect(cli.ok("export", "--format", "ics").contains("EXDATE;VALUE=DATE:20290101,20290102\r\n"))
    }

    /// Found by a tester: a newer version of a to-do whose date moved into the future kept the
    /// old date's silenced alarm (from the stored reminder, or from Tick's own `ACKNOWLEDGED`),
    /// and it never rang; a todo.txt line's new due day left the alarm silenced at midnight.
    @Test("an import that moves a to-do's date into the future arms its alarm again; so does a todo.txt due day")
    func importedDateMoveArmsTheAlarm() throws {
        let cli = CLIHarness(zone: "UTC")
        cli.variables["TICK_NOW"] = "2026-12-04T10:00:00Z"
        func todo(due: String, modified: String, acknowledged: String? = nil) -> Data {
            let ack = acknowledged.map { "ACKNOWLEDGED;X-TICK-SILENCED=TRUE:\($0)\r\n" } ?? ""
            return Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nBEGIN:VTODO\r\nUID:todo-1\r\n"
                + "DTSTAMP:20261201T000000Z\r\nLAST-MODIFIED:\(modified)\r\nSUMMARY:Pay rent\r\nDUE:\(due)\r\n"
                + "BEGIN:VALARM\r\nUID:A1\r\nACTION:DISPLAY\r\nDESCRIPTION:Pay rent\r\nTRIGGER:-PT15M\r\n\(ack)END:VALARM\r\n"
                + "END:VTODO\r\nEND:VCALENDAR\r\n").utf8)
        }
        cli.files["v1.ics"] = todo(due: "20261203T090000Z", modified: "20261201T000000Z")
        cli.ok("import", "v1.ics")
        #expect(cli.ok("show", "1").contains("did not ring (already past)"))
        cli.files["v2.ics"] = todo(due: "20261206T090000Z", modified: "20261204T000000Z")
        cli.ok("import", "v2.ics")
        let moved = cli.ok("show", "1")
        #expect(moved.contains("15 minutes before due (Dec 6, 2026 8:45 AM)") && !moved.contains("did not ring"), "\(moved)")
        // Tick's own export of the silenced alarm, with the date moved on: acknowledged before
        // the new instant, so pending again.
        cli.files["v3.ics"] = todo(due: "20261207T090000Z", modified: "20261204T080000Z", acknowledged: "20261204T100000Z")
        cli.ok("import", "v3.ics")
        #expect(!cli.ok("show", "1").contains("did not ring"))
        // todo.txt: the line has no alarms; a new due day moves the stored ones as an edit does.
        cli.ok("add", "Bins", "--due", "2026-12-03 7am")
        #expect(cli.ok("show", "2").contains("did not ring (already past)"))
        let line = cli.ok("export", "--format", "todotxt").split(separator: "\n").first { $0.contains("Bins") }
        let moved2 = try #require(line).replacingOccurrences(of: "due:2026-12-03", with: "due:2026-12-06")
        cli.files["todo.txt"] = Data((moved2 + "\n").utf8)
        cli.ok("import", "todo.txt")
        let bins = cli.ok("show", "2")
        #expect(bins.contains("Dec 6, 2026 9:00 AM") && !bins.contains("did not ring"), "\(bins)")
    }

    /// Found by a tester: a file whose parent links loop (A under B, B under C, C under A; one
    /// under itself) was imported as it was: `show` said "Subtask of: #1 self", a list drew a
    /// subtask at the top, and `tick edit` refused the reminder for its parent. The first of a
    /// loop is made top-level, said in a warning.
    @Test("an import whose parent links loop makes the first of each loop top-level and says so")
    func parentLoopsAreBroken() throws {
        let cli = CLIHarness(zone: "UTC")
        func todo(_ uid: String, parent: String) -> String {
            "BEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20261201T000000Z\r\nSUMMARY:\(uid)\r\nRELATED-TO:\(parent)\r\nEND:VTODO\r\n"
        }
        cli.files["loops.ics"] = Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\n" + todo("A", parent: "B")
            + todo("B", parent: "C") + todo("C", parent: "A") + todo("self", parent: "self") + "END:VCALENDAR\r\n").utf8)
        let result = cli.run("import", "loops.ics")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("#1 \"A\" was made a top-level reminder"), "\(result.errors)")
        #expect(result.errors.contains("#4 \"self\" was made a top-level reminder"), "\(result.errors)")
        let reminders = try #require(try cli.json("list", "all") as? [[String: Any]])
        let parents = Dictionary(uniqueKeysWithValues: reminders.map { ($0["title"] as? String ?? "", $0["parentUID"] as? String) })
        #expect(parents["A"] == .some(nil) && parents["self"] == .some(nil), "\(parents)")
        #expect(parents["B"] == "C" && parents["C"] == "A", "\(parents)")
        #expect(!cli.ok("show", "4").contains("Subtask of"))
        cli.ok("edit", "1", "--list", "Reminders")
    }

    /// Found with a tester's finding on the multi-user server (a CalDAV member's `RELATED-TO`
    /// naming the owner's private reminder): an `.ics` of two calendars whose VTODO in one
    /// names a parent in the other made a subtask across lists, which Tick's own edits refuse
    /// ("a subtask lives in its parent's list"); `list all` nested it and `show` listed it.
    @Test("a RELATED-TO naming a reminder of another list is kept but makes no subtask: list all, show")
    func parentInAnotherList() throws {
        let cli = CLIHarness(zone: "UTC")
        cli.files["two.ics"] = Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:A\r\nBEGIN:VTODO\r\nUID:p\r\nSUMMARY:Parent\r\n"
            + "END:VTODO\r\nBEGIN:VTODO\r\nUID:own\r\nSUMMARY:Own step\r\nRELATED-TO:p\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            + "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:B\r\nBEGIN:VTODO\r\nUID:c\r\nSUMMARY:Child\r\nRELATED-TO:p\r\n"
            + "END:VTODO\r\nEND:VCALENDAR\r\n").utf8)
        cli.ok("import", "two.ics")
        let all = cli.ok("list", "all").split(separator: "\n").map(String.init)
        #expect(all.contains { $0.hasPrefix("#2  [ ]    Own step") }, "\(all)")
        #expect(all.contains { $0.hasPrefix("#3  [ ]  Child") }, "\(all)")
        let parent = cli.ok("show", "1")
        #expect(parent.contains("Own step") && !parent.contains("Child"), "\(parent)")
        #expect(cli.ok("show", "3").contains("p (in the list 'A', not this one: no subtask here)"))
        #expect(try cli.json("show", "3", "--json") as? [String: Any] != nil)
        #expect(cli.ok("export", "--format", "ics", "--list", "B").contains("RELATED-TO:p"))
    }

    /// Found by a tester: a subtask whose parent is in neither the file nor the database (a list
    /// exported alone, the parent in another list) was imported without a word; `show` said
    /// "(not in this database)" only later. The link is kept and the import says so.
    @Test("an import whose subtasks name a parent found nowhere keeps the links and says so, in one line for many")
    func parentsNotFound() throws {
        let cli = CLIHarness(zone: "UTC")
        cli.files["a.json"] = Data(("{\"format\": \"tick\", \"version\": 1, \"lists\": [], \"reminders\": ["
            + "{\"uid\": \"p\", \"title\": \"Parent\", \"listID\": \"L\"}, {\"uid\": \"c1\", \"title\": \"Child\", \"listID\": \"L\", \"parentUID\": \"p\"},"
            + "{\"uid\": \"c2\", \"title\": \"Orphan\", \"listID\": \"L\", \"parentUID\": \"elsewhere\"}]}").utf8)
        let result = cli.run("import", "a.json")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("#3 \"Orphan\" names a parent (elsewhere) that is neither in the file nor in this database; "
                                       + "the link is kept"), "\(result.errors)")
        #expect(!result.errors.contains("Child"), "\(result.errors)")
        #expect(cli.ok("show", "3").contains("elsewhere (not in this database)"))
        let many = (1...5).map { "BEGIN:VTODO\r\nUID:m\($0)\r\nDTSTAMP:20261201T000000Z\r\nSUMMARY:M\($0)\r\nRELATED-TO:gone\r\nEND:VTODO\r\n" }
        cli.files["many.ics"] = Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\n" + many.joined() + "END:VCALENDAR\r\n").utf8)
        let five = cli.run("import", "many.ics")
        #expect(five.errors.contains("5 reminders (#4, #5, #6 …) name a parent that is neither in the file nor in this database"),
                "\(five.errors)")
        // Imported again unchanged: nothing new to say.
        #expect(!cli.run("import", "a.json").errors.contains("names a parent"))
    }

    /// Found by a tester: an iCalendar file named `cal.txt` was imported as fourteen todo.txt
    /// lines ("BEGIN:VCALENDAR", "VERSION:2.0", …). The bytes decide; `--format todotxt` on
    /// such a file is refused, saying what it is.
    @Test("an iCalendar file named .txt is read as iCalendar; --format todotxt on it is refused")
    func iCalendarNamedTxt() throws {
        let cli = CLIHarness(zone: "UTC")
        let text = "\u{FEFF}BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nBEGIN:VTODO\r\nUID:x-1\r\n"
            + "DTSTAMP:20261201T000000Z\r\nSUMMARY:From a calendar\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        cli.files["cal.txt"] = Data(text.utf8)
        let refused = cli.run("import", "--format", "todotxt", "cal.txt")
        #expect(refused.status == 64)
        #expect(refused.errors.contains("is an iCalendar file"), "\(refused.errors)")
        #expect(try #require(try cli.json("list", "all") as? [Any]).isEmpty, "nothing imported")
        cli.ok("import", "cal.txt")
        let titles = try #require(try cli.json("list", "all") as? [[String: Any]]).compactMap { $0["title"] as? String }
        #expect(titles == ["From a calendar"])
    }

    /// Found by a tester: the warning named the types in one order whichever property had
    /// which ("DATE and DATE-TIME" for a DATE start and a timed due).
    @Test("DUE and DTSTART of different value types: the warning names each one's type", arguments: [
        ("DTSTART;VALUE=DATE:20261201\r\nDUE:20261203T090000Z", "DUE is a DATE-TIME, DTSTART a DATE"),
        ("DTSTART:20261201T090000Z\r\nDUE;VALUE=DATE:20261203", "DUE is a DATE, DTSTART a DATE-TIME"),
    ])
    func valueTypesNamed(_ dates: String, _ said: String) throws {
        let cli = CLIHarness(zone: "UTC")
        cli.files["t.ics"] = Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nBEGIN:VTODO\r\nUID:x-1\r\n"
            + "DTSTAMP:20261201T000000Z\r\nSUMMARY:Typed\r\n\(dates)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n").utf8)
        let result = cli.run("import", "t.ics")
        #expect(result.status == 0)
        #expect(result.errors.contains(said), "\(result.errors)")
    }
}
