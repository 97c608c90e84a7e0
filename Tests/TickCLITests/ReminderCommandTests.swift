import Foundation
import Testing
import TestSupport

@Suite("tick add, list, show, done, edit, delete")
struct ReminderCommandTests {
    @Test("add prints what it did, with the due date in words")
    func add() {
        let cli = CLIHarness()
        #expect(cli.ok("add", "Buy milk", "--due", "tomorrow") == "Added #1 \"Buy milk\" to Reminders, due Tomorrow\n")
        #expect(cli.ok("add", "Buy", "oat", "milk") == "Added #2 \"Buy oat milk\" to Reminders\n")
    }

    @Test("blank titles are refused with exit status 1 and nothing is saved", arguments: [
        "", "   ", "\u{3000}", "\u{00A0}\u{00A0}", "\u{200B}", " \t\u{3000}\u{200B} ",
    ])
    func blankTitle(title: String) throws {
        let cli = CLIHarness()
        let result = cli.run("add", title)
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("tick: error: the title is empty or only white space"))
        #expect(result.output.isEmpty)
        let all = try #require(try cli.json("list", "all") as? [Any])
        #expect(all.isEmpty)
    }

    @Test("titles are trimmed of white space and invisible characters")
    func trimmed() throws {
        let cli = CLIHarness()
        cli.ok("add", "\u{3000} 우유 사기\u{200B} ")
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["title"] as? String == "우유 사기")
    }

    @Test("a date the grammar does not know is a usage error naming the text; nothing is saved")
    func badDate() throws {
        let cli = CLIHarness()
        let result = cli.run("add", "x", "--due", "blorpday")
        #expect(result.status == 64)
        #expect(result.errors.contains("blorpday"))
        let all = try #require(try cli.json("list", "all") as? [Any])
        #expect(all.isEmpty)
    }

    @Test("list shows the default list in manual order, one row per reminder")
    func list() {
        let cli = CLIHarness()
        cli.ok("add", "first")
        cli.ok("add", "second\nline", "--priority", "high", "--flag")
        cli.ok("add", "third", "--due", "2026-11-28")
        let lines = cli.ok("list").split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("● Reminders"))
        #expect(lines[1] == "#1  [ ]  first")
        #expect(lines[2] == "#2  [ ]  !!! second line             ⚑")
        #expect(lines[3].hasPrefix("#3  [ ]  third"))
        #expect(lines[3].contains("Yesterday"))
    }

    @Test("done, undone and toggle; completed reminders leave the list and enter 'completed'")
    func completion() throws {
        let cli = CLIHarness()
        cli.ok("add", "a")
        cli.ok("add", "b")
        #expect(cli.ok("done", "1") == "Completed #1 \"a\"\n")
        #expect(cli.ok("done", "#1") == "Completed #1 \"a\" (already completed)\n")
        #expect(!cli.ok("list").contains("  a"))
        #expect(cli.ok("list", "completed").contains("[x]  a"))
        #expect(cli.ok("toggle", "1", "2") == "Reopened #1 \"a\"\nCompleted #2 \"b\"\n")
        #expect(cli.ok("undone", "2") == "Reopened #2 \"b\"\n")
        let shown = try #require(try cli.json("show", "2") as? [String: Any])
        #expect(shown["completed"] as? Bool == false)
        #expect(shown["completedAt"] is NSNull)
    }

    @Test("done with a missing number changes nothing, even for the numbers that exist")
    func doneAllOrNothing() throws {
        let cli = CLIHarness()
        cli.ok("add", "a")
        let result = cli.run("done", "1", "99")
        #expect(result.status == 1)
        #expect(result.errors.contains("there is no reminder #99"))
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["completed"] as? Bool == false)
    }

    @Test("edit of a missing number: a value Tick cannot read is the usage error (64), reported before the lookup", arguments: [
        (["--remind", "garbage"], "--remind: "), (["--due", "garbage"], "--due: "), (["--start", "25:00"], "--start: "),
        (["--repeat", "sometimes"], "--repeat: "), (["--priority", "urgent"], "priority"), (["--parent", "x"], "--parent: "),
    ])
    func editUsageBeforeLookup(options: [String], message: String) {
        let cli = CLIHarness()
        cli.ok("add", "a", "--due", "tomorrow")
        let result = cli.run(["edit", "99"] + options)
        #expect(result.status == 64)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(!result.errors.contains("no reminder"))
    }

    @Test("edit of a missing number with values that read: 'no reminder' (1), also when the values would not fit a reminder")
    func editMissingAfterValues() {
        let cli = CLIHarness()
        for options in [["--due", "tomorrow"], ["--repeat", "daily"], ["--repeat-from", "completion"], ["--list", "Nowhere"]] {
            let result = cli.run(["edit", "99"] + options)
            #expect(result.status == 1, "\(options)")
            #expect(result.errors.contains("there is no reminder #99"), "\(options): \(result.errors)")
        }
    }

    @Test("edit sets and clears every field")
    func edit() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Groceries")
        cli.ok("add", "Buy milk", "--notes", "2 cartons", "--due", "tomorrow")
        cli.ok("edit", "1", "--title", "Buy oat milk", "--due", "2026-12-03 17:30", "--no-notes", "--flag",
               "--priority", "medium", "--tag", "food", "--url", "https://example.org", "--list", "Groceries")
        var shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["title"] as? String == "Buy oat milk")
        #expect(shown["notes"] as? String == "")
        #expect(shown["due"] as? String == "2026-12-03T17:30:00+09:00")
        #expect(shown["dueKind"] as? String == "timed")
        #expect(shown["dueTimeZone"] as? String == "Asia/Seoul")
        #expect(shown["flagged"] as? Bool == true)
        #expect(shown["priority"] as? String == "medium")
        #expect(shown["tags"] as? [String] == ["food"])
        #expect(shown["url"] as? String == "https://example.org")
        #expect(shown["list"] as? String == "Groceries")
        cli.ok("edit", "1", "--no-due", "--no-flag", "--priority", "none", "--no-tags", "--no-url")
        shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["due"] is NSNull)
        #expect(shown["flagged"] as? Bool == false)
        #expect(shown["priority"] as? String == "none")
        #expect(shown["tags"] as? [String] == [])
        #expect(shown["url"] is NSNull)
    }

    @Test("edit of several numbers makes the same change to each in one transaction")
    func bulkEdit() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Garden")
        for title in ["a", "b", "c", "d"] { cli.ok("add", title) }
        #expect(cli.ok("edit", "1", "3", "4", "3", "--flag", "--due", "2026-12-04", "--tag", "yard", "--list", "Garden")
                == "Updated #1 \"a\"\nUpdated #3 \"c\"\nUpdated #4 \"d\"\n")
        for number in ["1", "3", "4"] {
            let shown = try #require(try cli.json("show", number) as? [String: Any])
            #expect(shown["flagged"] as? Bool == true)
            #expect(shown["due"] as? String == "2026-12-04")
            #expect(shown["tags"] as? [String] == ["yard"])
            #expect(shown["list"] as? String == "Garden")
        }
        let untouched = try #require(try cli.json("show", "2") as? [String: Any])
        #expect(untouched["flagged"] as? Bool == false && untouched["list"] as? String == "Reminders")
        // --json: an array for several, the object for one (as before).
        let several = try #require(try cli.json("edit", "1", "2", "--priority", "high") as? [[String: Any]])
        #expect(several.map { $0["priority"] as? String } == ["high", "high"])
        #expect(try cli.json("edit", "2", "--no-flag") is [String: Any])
        // One missing number: nothing changes, the error names it.
        let refused = cli.run("edit", "1", "99", "3", "--no-flag", "--untag", "yard")
        #expect(refused.status == 1 && refused.errors.contains("there is no reminder #99"))
        let first = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(first["flagged"] as? Bool == true && first["tags"] as? [String] == ["yard"])
        // A title is for one reminder.
        let titled = cli.run("edit", "1", "2", "--title", "same")
        #expect(titled.status == 64 && titled.errors.contains("--title changes one reminder; give one number (2 given)"))
    }

    @Test("list week: overdue, then the next seven days by day; list upcoming: from today on")
    func weekAndUpcoming() throws {
        // The harness's clock: Sunday 2026-11-29, 21:00 in Seoul.
        let cli = CLIHarness()
        cli.ok("lists", "add", "Work")
        cli.ok("add", "old", "--due", "2026-11-20")
        cli.ok("add", "tonight", "--due", "2026-11-29 22:00")
        cli.ok("add", "tuesday", "--due", "2026-12-01", "--list", "Work")
        cli.ok("add", "saturday", "--due", "2026-12-05")
        cli.ok("add", "next sunday", "--due", "2026-12-06")
        cli.ok("add", "no date")
        let week = cli.ok("list", "week")
        #expect(week.hasPrefix("Week  4\nOverdue  1\n"), "\(week)")
        #expect(week.contains("\n\nToday  1\n") && week.contains("\n\nTuesday, Dec 1, 2026  1\n")
                && week.contains("\n\nSaturday, Dec 5, 2026  1\n"))
        #expect(!week.contains("next sunday") && !week.contains("no date"))
        let upcoming = cli.ok("list", "upcoming")
        #expect(upcoming.hasPrefix("Upcoming  4\nToday  1\n") && upcoming.contains("next sunday") && !upcoming.contains("old"))
        let json = try #require(try cli.json("list", "week", "--list", "Work") as? [[String: Any]])
        #expect(json.map { $0["title"] as? String } == ["tuesday"])
        #expect(cli.ok("list", "week", "--limit", "2").hasPrefix("Week  2\n"))
        cli.ok("done", "1", "2", "3", "4", "5")
        #expect(cli.ok("list", "week") == "Week  0\nNothing due in the next seven days.\n")
    }

    @Test("--due-before and --due-after: days for an all-day date, instants with a time; undated left out; --limit after")
    func dueRange() throws {
        // The harness's clock: Sunday 2026-11-29, 21:00 in Seoul.
        let cli = CLIHarness()
        cli.ok("add", "monday", "--due", "2026-11-30")
        cli.ok("add", "monday noon", "--due", "2026-11-30 12:00")
        cli.ok("add", "tuesday milk", "--due", "2026-12-01")
        cli.ok("add", "friday milk", "--due", "2026-12-04 18:00")
        cli.ok("add", "someday milk")
        func titles(_ arguments: String...) throws -> [String] {
            let output = cli.ok(arguments + ["--json"])
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
            return rows.compactMap { $0["title"] as? String }
        }
        #expect(try titles("list", "--due-before", "2026-12-01") == ["monday", "monday noon"])
        #expect(try titles("list", "--due-after", "2026-11-30") == ["tuesday milk", "friday milk"])
        #expect(try titles("list", "--due-after", "2026-11-30 06:00", "--due-before", "2026-12-04 18:00") == ["monday noon", "tuesday milk"])
        #expect(try titles("list", "--due-after", "2026-11-30", "--limit", "1") == ["tuesday milk"])
        #expect(try titles("search", "milk", "--due-before", "fri") == ["tuesday milk"])
        #expect(cli.ok("list", "--due-before", "2026-12-01").hasPrefix("● Reminders  5 open, showing 2\n"))
        let bad = cli.run("list", "--due-after", "someday")
        #expect(bad.status == 64 && bad.errors.contains("--due-after: cannot read 'someday' as a date"))
    }

    @Test("tags: every tag with its open count; a tag with a space or a quote is shown in quotes")
    func tags() throws {
        let cli = CLIHarness()
        #expect(cli.ok("tags") == "No open reminder has a tag.\n")
        cli.ok("add", "a", "--tag", "garden", "--tag", "garden work")
        cli.ok("add", "b", "--tag", "Garden", "--tag", "say \"hi\"")
        cli.ok("add", "c", "--tag", "old")
        cli.ok("done", "3")
        #expect(cli.ok("tags") == "#garden         2\n#\"garden work\"  1\n#\"say \\\"hi\\\"\"   1\n")
        let all = try #require(try cli.json("tags", "--all") as? [[String: Any]])
        #expect(all.map { $0["tag"] as? String } == ["garden", "garden work", "old", "say \"hi\""])
        #expect(all.map { $0["open"] as? Int } == [2, 1, 0, 1])
        #expect(all.map { $0["total"] as? Int } == [2, 1, 1, 1])
        // Listings and show quote them the same way, so where a tag ends is never in doubt.
        #expect(cli.ok("list").contains("a #garden #\"garden work\""))
        #expect(cli.ok("show", "2").contains("#Garden #\"say \\\"hi\\\"\""))
    }

    @Test("edit refuses contradictions, empty edits and blank titles", arguments: [
        (["edit", "1", "--due", "today", "--no-due"], Int32(64)),
        (["edit", "1"], Int32(64)),
        (["edit", "1", "--title", "\u{3000}"], Int32(1)),
        (["edit", "7", "--flag"], Int32(1)),
        (["edit", "x", "--flag"], Int32(64)),
    ])
    func editErrors(arguments: [String], status: Int32) throws {
        let cli = CLIHarness()
        cli.ok("add", "keep me")
        let result = cli.run(arguments)
        #expect(result.status == status)
        #expect(result.errors.hasPrefix("tick: error: "))
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["title"] as? String == "keep me")
    }

    @Test("move reorders and every listing follows")
    func move() {
        let cli = CLIHarness()
        for title in ["a", "b", "c"] { cli.ok("add", title) }
        #expect(cli.ok("move", "3", "--before", "1") == "Moved #3 \"c\" to position 1\n")
        #expect(cli.ok("list").contains("#3  [ ]  c\n#1  [ ]  a\n#2  [ ]  b"))
        cli.ok("move", "3", "--after", "2")
        #expect(cli.ok("list").contains("#1  [ ]  a\n#2  [ ]  b\n#3  [ ]  c"))
        cli.ok("move", "1", "--to", "2")
        #expect(cli.ok("list").contains("#2  [ ]  b\n#1  [ ]  a\n#3  [ ]  c"))
        #expect(cli.run("move", "1").status == 64)
        #expect(cli.run("move", "1", "--before", "1").status == 64)
        #expect(cli.run("move", "1", "--to", "0").status == 64)
    }

    /// A tester: with subtasks in the list, `move 4 --to 3` said "position 3" and put D on the
    /// sixth row (places counted the list's flat order, subtasks among them), and a subtask's
    /// `--to 1` changed nothing that `tick list` showed.
    @Test("move --to counts the rows at the reminder's level as tick list shows them: top-level ones, or a parent's subtasks")
    func moveAmongSiblings() {
        let cli = CLIHarness()
        for title in ["A", "B", "C", "D"] { cli.ok("add", title) }
        for title in ["A1", "A2", "A3"] { cli.ok("add", title, "--parent", "1") }
        func titles() -> [String] {
            cli.ok("list").split(separator: "\n").dropFirst().map { $0.split(separator: " ").last.map(String.init) ?? "" }
        }
        #expect(titles() == ["A", "A1", "A2", "A3", "B", "C", "D"])
        #expect(cli.ok("move", "4", "--to", "3") == "Moved #4 \"D\" to position 3\n")
        #expect(titles() == ["A", "A1", "A2", "A3", "B", "D", "C"])
        #expect(cli.ok("move", "4", "--to", "1") == "Moved #4 \"D\" to position 1\n")
        #expect(titles() == ["D", "A", "A1", "A2", "A3", "B", "C"])
        #expect(cli.ok("move", "7", "--to", "1") == "Moved #7 \"A3\" to position 1 among the subtasks of #1 \"A\"\n")
        #expect(titles() == ["D", "A", "A3", "A1", "A2", "B", "C"])
        #expect(cli.ok("move", "7", "--to", "9") == "Moved #7 \"A3\" to position 3 among the subtasks of #1 \"A\"\n")
        #expect(titles() == ["D", "A", "A1", "A2", "A3", "B", "C"])
        #expect(cli.ok("move", "5", "--before", "6") == "Moved #5 \"A1\" to position 1 among the subtasks of #1 \"A\"\n")
        // Past the end of the top level: last, after every subtask of the others.
        #expect(cli.ok("move", "4", "--to", "99") == "Moved #4 \"D\" to position 4\n")
        #expect(titles() == ["A", "A1", "A2", "A3", "B", "C", "D"])
        // t72: beside a reminder at another level, it takes that level (it went among its own
        // siblings instead, and that was reported as done); never among its own subtasks.
        #expect(cli.ok("move", "6", "--before", "4") == "Moved #6 \"A2\" to position 4 (no longer a subtask of #1 \"A\")\n")
        #expect(titles() == ["A", "A1", "A3", "B", "C", "A2", "D"])
        #expect(cli.ok("move", "4", "--after", "5") == "Moved #4 \"D\" to position 2 among the subtasks of #1 \"A\"\n")
        #expect(titles() == ["A", "A1", "D", "A3", "B", "C", "A2"])
        let refused = cli.run("move", "1", "--before", "4")
        #expect(refused.status == 1)
        #expect(refused.errors == "tick: error: #4 is a subtask of #1; a reminder cannot be placed among its own subtasks\n")
    }

    /// t75: `--limit 5` showed a parent without the subtasks under it (added after the other
    /// rows, so later in the flat order), and rows that come after them.
    @Test("list --limit shows the first rows of the listing as it nests subtasks, completed ones too with --completed")
    func limitedListingNests() {
        let cli = CLIHarness()
        for title in ["A", "B", "C", "D", "E"] { cli.ok("add", title) }
        for title in ["A1", "A2"] { cli.ok("add", title, "--parent", "1") }
        #expect(cli.ok("list", "--limit", "4").hasSuffix("#1  [ ]  A\n#6  [ ]    A1\n#7  [ ]    A2\n#2  [ ]  B\n"))
        cli.ok("done", "6")
        #expect(cli.ok("list", "--limit", "3").hasSuffix("#1  [ ]  A\n#7  [ ]    A2\n#2  [ ]  B\n"))
        #expect(cli.ok("list", "--limit", "3", "--completed").hasSuffix("#1  [ ]  A\n#6  [x]    A1\n#7  [ ]    A2\n"))
    }

    @Test("delete removes reminders; their numbers are never used again")
    func delete() {
        let cli = CLIHarness()
        cli.ok("add", "a")
        cli.ok("add", "b")
        #expect(cli.ok("delete", "2") == "Deleted #2 \"b\"\n")
        #expect(cli.ok("add", "c") == "Added #3 \"c\" to Reminders\n")
        #expect(cli.run("delete", "2").status == 1)
    }

    @Test("search finds words in titles and notes, across lists")
    func search() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Groceries", "--color", "green")
        cli.ok("add", "Buy milk", "--list", "Groceries")
        cli.ok("add", "우유 사기", "--notes", "milk for 아침")
        cli.ok("add", "Other")
        let found = try #require(try cli.json("search", "milk") as? [[String: Any]])
        #expect(found.map { $0["title"] as? String } == ["우유 사기", "Buy milk"])
        #expect(cli.ok("search", "zzz").contains("No reminders match"))
        #expect(cli.run("search").status == 64)
    }

    @Test("--tag and the server clean tags by one rule: trimmed, a leading # or @ and the space after it dropped, each once")
    func tagsAreCleanedByOneRule() throws {
        let cli = CLIHarness()
        cli.ok("add", "Water the plants", "--tag", "# garden, @Home,home , 집")
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["tags"] as? [String] == ["garden", "Home", "집"])
        let refused = cli.run("add", "Nothing", "--tag", "# ")
        #expect(refused.status == 64)
        #expect(refused.errors.contains("--tag: a tag is empty"))
    }

    @Test("show prints every field; --json carries them with stable keys")
    func show() throws {
        let cli = CLIHarness()
        cli.ok("add", "우유 사기", "--due", "fri 9am", "--priority", "high", "--notes", "2 cartons", "--tag", "food")
        let text = cli.ok("show", "1")
        #expect(text.hasPrefix("#1  [ ]  우유 사기\n"))
        #expect(text.contains("Priority:    high"))
        #expect(text.contains("    2 cartons"))
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        let keys = ["number", "uid", "listID", "list", "title", "notes", "due", "dueKind", "dueTimeZone", "start",
                    "startKind", "startTimeZone", "priority", "iCalendarPriority", "flagged", "completed", "completedAt",
                    "position", "parentUID", "tags", "url", "recurrence", "repeatFrom", "alarms", "iCalendarExtras", "createdAt",
                    "modifiedAt", "subtasks"]
        #expect(Set(shown.keys) == Set(keys))
        #expect(shown["due"] as? String == "2026-12-04T09:00:00+09:00")
        #expect(shown["iCalendarPriority"] as? Int == 1)
        #expect(shown["createdAt"] as? String == "2026-11-29T12:00:00Z")
    }

    @Test("subtasks are listed under their parent")
    func subtasks() throws {
        let cli = CLIHarness()
        cli.ok("add", "Trip")
        cli.ok("add", "Other")
        cli.ok("add", "Pack", "--parent", "1")
        let lines = cli.ok("list").split(separator: "\n").map(String.init)
        #expect(lines[1...] == ["#1  [ ]  Trip", "#3  [ ]    Pack", "#2  [ ]  Other"])
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["subtasks"] as? [Int] == [3])
        #expect(cli.run("edit", "1", "--parent", "3").status == 1)
    }
}

@Suite("--json on commands that change data")
struct ChangeJSONTests {
    @Test("add, done, toggle and edit print the reminders they changed")
    func changes() throws {
        let cli = CLIHarness()
        let added = try #require(try cli.json("add", "Buy milk", "--due", "2026-12-01", "--flag") as? [String: Any])
        #expect(added["number"] as? Int == 1)
        #expect(added["due"] as? String == "2026-12-01")
        #expect(added["dueKind"] as? String == "allDay")
        #expect(added["flagged"] as? Bool == true)
        #expect(added["list"] as? String == "Reminders")
        let done = try #require(try cli.json("done", "1") as? [[String: Any]])
        #expect(done.first?["completed"] as? Bool == true)
        #expect(done.first?["completedAt"] as? String == "2026-11-29T12:00:00Z")
        let toggled = try #require(try cli.json("toggle", "1") as? [[String: Any]])
        #expect(toggled.first?["completed"] as? Bool == false)
        let edited = try #require(try cli.json("edit", "1", "--due", "tomorrow 9am") as? [String: Any])
        #expect(edited["due"] as? String == "2026-11-30T09:00:00+09:00")
        #expect(edited["dueKind"] as? String == "timed")
    }

    @Test("import --json reports counts")
    func importJSON() throws {
        let cli = CLIHarness()
        cli.files["t.txt"] = Data("a\nb +Work\n".utf8)
        let report = try #require(try cli.json("import", "t.txt") as? [String: Any])
        #expect(report["added"] as? Int == 2)
        #expect(report["createdLists"] as? [String] == ["Work"])
        #expect(report["dryRun"] as? Bool == false)
    }
}
