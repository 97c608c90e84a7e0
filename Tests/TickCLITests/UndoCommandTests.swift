import Foundation
import Testing
import TestSupport
import TickActions
import TickModel
import TickStore

@Suite("tick undo")
struct UndoCommandTests {
    /// The reminders as `tick list all --json` shows them: number → title.
    private func titles(_ cli: CLIHarness, _ list: String = "all") throws -> [Int: String] {
        let rows = try #require(try cli.json("list", list, "--json") as? [[String: Any]])
        var titles: [Int: String] = [:]
        for row in rows { titles[try #require(row["number"] as? Int)] = row["title"] as? String }
        return titles
    }

    /// Found in stop 41: the help said `tick serve`'s changes were not journaled, while every
    /// request's change is (README "Undo"), and `tick undo` takes it back.
    @Test("the help says what is journaled: tick serve's changes are, tick ui's, sync's and the agent's are not")
    func helpSaysWhatIsJournaled() throws {
        let help = CLIHarness().run("undo", "--help").output
        #expect(help.contains("'tick serve' journals each request's change"))
        #expect(help.contains("Not journaled: 'tick ui' (it has its own undo, u), 'tick sync' and the agent."))
        #expect(!help.contains("'tick serve', 'tick sync'"))
    }

    @Test("several levels deep: a list deleted with its reminders, a delete, a done and an edit come back, newest first")
    func severalLevels() throws {
        let cli = CLIHarness()
        cli.ok("add", "Buy milk", "--due", "2026-12-24")
        cli.ok("add", "Call mom", "--flag")
        cli.ok("add", "캠핑 준비", "--tag", "trip", "--notes", "텐트")
        cli.ok("lists", "add", "Garden", "--color", "green")
        cli.ok("add", "Plant tulips", "--list", "Garden")
        cli.ok("add", "Buy bulbs", "--list", "Garden", "--parent", "4")
        cli.ok("edit", "1", "--title", "Buy oat milk", "--priority", "high")
        cli.ok("done", "2")
        cli.ok("delete", "3")
        cli.ok("lists", "delete", "Garden", "--force")
        #expect(try titles(cli) == [1: "Buy oat milk"])

        let listed = cli.ok("undo", "--list")
        #expect(listed.split(separator: "\n").first?.contains("tick lists delete Garden --force") == true)
        #expect(listed.contains("1 reminder changed"))

        let first = cli.ok("undo")
        #expect(first.hasPrefix("Undid change 10, made "))
        #expect(first.split(separator: "\n").first?.hasSuffix(": tick lists delete Garden --force") == true)
        #expect(first.contains("Restored list 'Garden'"))
        #expect(first.contains("Restored #4 \"Plant tulips\"") && first.contains("Restored #5 \"Buy bulbs\""))
        // The subtask is its parent's again.
        let bulbs = try #require(try cli.json("show", "5", "--json") as? [String: Any])
        let tulips = try #require(try cli.json("show", "4", "--json") as? [String: Any])
        #expect(bulbs["parentUID"] as? String == tulips["uid"] as? String)

        #expect(cli.ok("undo").contains("Restored #3 \"캠핑 준비\""))
        let camping = try #require(try cli.json("show", "3", "--json") as? [String: Any])
        #expect(camping["notes"] as? String == "텐트" && camping["tags"] as? [String] == ["trip"])
        #expect(cli.ok("undo").contains("Put back #2 \"Call mom\""))
        #expect(cli.ok("undo").contains("Put back #1 \"Buy milk\""))
        let milk = try #require(try cli.json("show", "1", "--json") as? [String: Any])
        #expect(milk["priority"] as? String == "none" && milk["title"] as? String == "Buy milk")
        let open = try #require(try cli.json("list", "all", "--json") as? [[String: Any]])
        #expect(open.map { $0["number"] as? Int } == [1, 2, 3, 4, 5])
        // The lists are as they were, Garden in its place.
        let lists = try #require(try cli.json("lists") as? [[String: Any]])
        #expect(lists.map { $0["name"] as? String } == ["Reminders", "Garden"])

        // Further back: the adds.
        #expect(cli.ok("undo").contains("Deleted #5 \"Buy bulbs\""))
        #expect(try titles(cli).count == 4)
        let all = cli.ok("undo", "--list", "--all")
        #expect(all.contains("(undone "))
    }

    /// A tester: an alarm silenced because its time had passed (`add` with a past due date)
    /// was armed again by an edit that moved the date on; the undo put the date back and left
    /// the alarm armed, so the agent rang "Overdue". The same with `done` of a repeating reminder.
    @Test("undo of an edit or a done that armed alarms again puts their silence back with the date")
    func undoPutsAlarmSilenceBack() throws {
        let cli = CLIHarness()
        cli.ok("add", "past due", "--due", "2026-11-28 10:00")
        cli.ok("add", "weekly", "--due", "2026-11-28 10:00", "--repeat", "weekly")
        func silenced(_ number: String) throws -> [Bool] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("show", number, "--json").utf8)) as? [String: Any])
            return (object["alarms"] as? [[String: Any]] ?? []).map { $0["silenced"] as? Bool ?? false }
        }
        #expect(try silenced("1") == [true] && silenced("2") == [true])
        cli.ok("edit", "1", "--due", "2026-12-20 10:00")
        cli.ok("done", "2")
        #expect(try silenced("1") == [false] && silenced("2") == [false])
        cli.ok("undo")
        cli.ok("undo")
        #expect(try silenced("1") == [true], "the edit's undo")
        #expect(try silenced("2") == [true], "the done's undo")
        #expect(cli.ok("agent", "--once", "--stdout").isEmpty)
    }

    @Test("undo puts back only the fields the change wrote; a field changed again since is a conflict that changes nothing")
    func fieldsAndConflicts() throws {
        let cli = CLIHarness()
        cli.ok("add", "Report", "--priority", "low")
        cli.ok("edit", "1", "--title", "Quarterly report")     // change 2
        cli.ok("edit", "1", "--priority", "high")               // change 3
        // Change 2 by its id: the title goes back, the later priority stays.
        #expect(cli.ok("undo", "2").contains("Put back #1 \"Report\""))
        var shown = try #require(try cli.json("show", "1", "--json") as? [String: Any])
        #expect(shown["title"] as? String == "Report" && shown["priority"] as? String == "high")

        cli.ok("edit", "1", "--title", "Annual report")         // change 4
        cli.ok("edit", "1", "--title", "Final report")          // change 5
        let refused = cli.run("undo", "4")
        #expect(refused.status == 1)
        #expect(refused.errors == """
            tick: error: undoing change 4 (tick edit 1 --title 'Annual report') would overwrite later changes, so nothing was undone:
              #1 “Final report”: its title changed since

            """)
        shown = try #require(try cli.json("show", "1", "--json") as? [String: Any])
        #expect(shown["title"] as? String == "Final report")
        // Newest first works, and then the older one too.
        cli.ok("undo")
        cli.ok("undo", "4")
        shown = try #require(try cli.json("show", "1", "--json") as? [String: Any])
        #expect(shown["title"] as? String == "Report")
        #expect(cli.run("undo", "4").errors == "tick: error: change 4 (tick edit 1 --title 'Annual report') was undone already\n")
    }

    /// A tester: a subtask moved to another list after its parent's deletion was linked back
    /// across lists by the undo of that deletion.
    @Test("undoing a parent's deletion leaves a subtask moved to another list since where it is, top-level")
    func subtaskMovedAwayStays() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Errands")
        cli.ok("add", "Trip")
        cli.ok("add", "Tickets", "--parent", "1")
        cli.ok("delete", "1")
        cli.ok("edit", "2", "--list", "Errands")
        cli.ok("undo", "4")
        let tickets = try #require(try cli.json("show", "2", "--json") as? [String: Any])
        #expect(tickets["parentUID"] is NSNull, "\(tickets)")
        #expect(tickets["list"] as? String == "Errands")
        #expect(try titles(cli)[1] == "Trip")
    }

    @Test("a change made outside the journal (the UI, sync, the server) is never overwritten")
    func changesElsewhere() throws {
        let cli = CLIHarness()
        cli.ok("add", "Water plants")
        cli.ok("add", "Feed cat")
        cli.ok("edit", "2", "--flag")
        // Another front end edits both through the actions, without the journal.
        let store = try Store(path: cli.databasePath, now: Date())
        let actions = Actions(store: store, context: ActionContext(dateContext: DateContext(now: Date(), timeZone: .gmt, locale: Locale(identifier: "en_US"))))
        _ = try actions.edit(Reminder.Number(1), ReminderEdit(title: "Water the plants"))
        _ = try actions.edit(Reminder.Number(2), ReminderEdit(isFlagged: false))
        let flag = cli.run("undo")
        #expect(flag.status == 1 && flag.errors.contains("#2 “Feed cat”: its flag changed since"))
        // Undoing the add of 1 would delete an edited reminder.
        let add = cli.run("undo", "1")
        #expect(add.status == 1 && add.errors.contains("#1 “Water the plants” was changed since"))
        #expect(try titles(cli) == [1: "Water the plants", 2: "Feed cat"])
    }

    @Test("a repeating reminder's completion is undone with its occurrence")
    func repeatingCompletion() throws {
        let cli = CLIHarness()
        cli.ok("add", "Take out trash", "--due", "2026-12-07", "--repeat", "weekly")
        cli.ok("done", "1")
        var shown = try #require(try cli.json("show", "1", "--json") as? [String: Any])
        #expect((shown["due"] as? String)?.hasPrefix("2026-12-14") == true)
        cli.ok("undo")
        shown = try #require(try cli.json("show", "1", "--json") as? [String: Any])
        #expect((shown["due"] as? String)?.hasPrefix("2026-12-07") == true)
        // No completed occurrence is left to step back to.
        let back = cli.run("undone", "1")
        #expect(back.status != 0 || !back.output.contains("back to"))
    }

    @Test("an import is undone whole; a dry run and the commands that only read leave no change")
    func importAndReads() throws {
        let cli = CLIHarness()
        cli.ok("add", "Existing")
        var calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        for index in 1...30 {
            calendar += "BEGIN:VTODO\r\nUID:item-\(index)\r\nSUMMARY:Item \(index)\r\nEND:VTODO\r\n"
        }
        calendar += "END:VCALENDAR\r\n"
        cli.files["items.ics"] = Data(calendar.utf8)
        cli.ok("import", "items.ics", "--dry-run")
        cli.ok("list", "all")
        cli.ok("search", "Item")
        cli.ok("import", "items.ics")
        let changes = try #require(try cli.json("undo", "--list", "--json") as? [[String: Any]])
        #expect(changes.count == 2)
        let newest = try #require(changes.first)
        #expect(newest["command"] as? String == "tick import items.ics")
        #expect((newest["reminders"] as? [String: Any])?["added"] as? Int == 30)
        let result = try #require(try cli.json("undo", "--json") as? [String: Any])
        #expect((result["removed"] as? [Any])?.count == 30)
        #expect(try titles(cli) == [1: "Existing"])
    }

    @Test("errors: nothing to undo, an unknown change, bad arguments")
    func errors() {
        let cli = CLIHarness()
        #expect(cli.run("undo").errors == "tick: error: there is nothing to undo (see 'tick undo --list --all' for what was undone)\n")
        #expect(cli.ok("undo", "--list") == "Nothing to undo.\n")
        #expect(cli.run("undo", "7").errors.hasPrefix("tick: error: there is no change 7 in the journal"))
        #expect(cli.run("undo", "x").status == 64)
        #expect(cli.run("undo", "--all").status == 64)
        #expect(cli.run("undo", "--list", "3").status == 64)
    }

    @Test("the journal keeps the newest 100 changes")
    func depth() throws {
        let cli = CLIHarness()
        for index in 1...103 { cli.ok("add", "R\(index)") }
        let changes = try #require(try cli.json("undo", "--list", "--json") as? [[String: Any]])
        #expect(changes.count == 100)
        #expect(changes.first?["id"] as? Int == 103 && changes.last?["id"] as? Int == 4)
    }
}

@Suite("tick undo --list on a narrow terminal")
struct UndoListWidthTests {
    @Test("40 columns: the command keeps its room, what it did gives way")
    func narrow() throws {
        let cli = CLIHarness()
        cli.ok("add", "Buy milk")
        cli.ok("delete", "1")
        cli.variables["COLUMNS"] = "40"
        let lines = cli.ok("undo", "--list").split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines.first?.contains("tick delete 1") == true)
    }

    @Test("a command of hundreds of numbers is shown cut to 200 columns; --json keeps it whole")
    func longCommand() throws {
        let cli = CLIHarness()
        for index in 1...300 { cli.ok("add", "r\(index)") }
        cli.ok(["delete"] + (1...300).map(String.init))
        let lines = cli.ok("undo", "--list").split(separator: "\n")
        #expect(lines.allSatisfy { $0.count < 300 }, "\(lines.map(\.count))")
        #expect(lines.first?.contains("tick delete 1 2 3") == true)
        let listed = try #require(try cli.json("undo", "--list") as? [[String: Any]])
        #expect((listed.first?["command"] as? String)?.hasSuffix(" 299 300") == true)
        let undone = cli.ok("undo")
        #expect(undone.split(separator: "\n").first.map { $0.count < 300 } == true)
    }
}
