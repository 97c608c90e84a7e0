import Foundation
import Testing
import TestSupport

/// A Tick archive is a backup: a repeating reminder's completed occurrences go with it
/// (`"completedOccurrences"`), so a restore keeps `stats`, `show` and `undone` as they were.
@Suite("The Tick archive keeps completed occurrences")
struct ArchiveHistoryTests {
    /// A database with a monthly and a daily reminder, each completed a few times this week.
    static func completed() -> CLIHarness {
        let cli = CLIHarness()   // Asia/Seoul
        cli.variables["TICK_NOW"] = "2026-12-03T01:00:00Z"   // Thursday Dec 3, 10:00 in Seoul
        cli.ok("add", "Pay rent", "--due", "2026-12-01 09:00", "--repeat", "monthly")
        cli.ok("add", "Trash", "--due", "2026-12-03", "--repeat", "daily")
        cli.ok("add", "Call mom")
        cli.ok("done", "1")
        cli.ok("done", "1")
        cli.ok("done", "1")
        cli.ok("done", "2")
        return cli
    }

    @Test("restored into a new database: the history, stats, show, undone and the next export are as they were")
    func restore() throws {
        let first = Self.completed()
        let archive = first.ok("export", "--format", "json")
        let reminders = try #require((try JSONSerialization.jsonObject(with: Data(archive.utf8)) as? [String: Any])?["reminders"] as? [[String: Any]])
        let history = try #require(reminders[0]["completedOccurrences"] as? [[String: Any]])
        #expect(history.map { $0["due"] as? String } == ["2026-12-01T09:00:00+09:00", "2027-01-01T09:00:00+09:00", "2027-02-01T09:00:00+09:00"])
        #expect(history.allSatisfy { $0["dueKind"] as? String == "timed" && $0["dueTimeZone"] as? String == "Asia/Seoul"
            && $0["completedAt"] as? String == "2026-12-03T01:00:00Z" })
        #expect((reminders[1]["completedOccurrences"] as? [[String: Any]])?.first?["due"] as? String == "2026-12-03")
        // A reminder without a history has no such member: such archives are as before.
        #expect(reminders[2]["completedOccurrences"] == nil)

        let second = CLIHarness()
        second.variables["TICK_NOW"] = "2026-12-03T02:00:00Z"
        second.files["backup.json"] = Data(archive.utf8)
        let said = second.ok("import", "backup.json")
        #expect(said.contains("Recorded 4 completed occurrences of repeating reminders."))
        #expect(second.ok("show", "1").contains("3 occurrences done"))
        let stats = try #require(try second.json("stats", "--json") as? [String: Any])
        #expect((stats["total"] as? [String: Any])?["doneThisWeek"] as? Int == 4)
        // The export of the restored database gives the same reminders again (the default
        // list is the new database's own: another ID).
        func withoutListIDs(_ text: String) throws -> [NSDictionary] {
            let all = try #require((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["reminders"] as? [[String: Any]])
            return all.map { var reminder = $0; reminder["listID"] = nil; return reminder as NSDictionary }
        }
        #expect(try withoutListIDs(second.ok("export", "--format", "json")) == (try withoutListIDs(archive)))
        // `undone` steps back to the last completed occurrence.
        second.ok("undone", "1")
        let rent = try #require(try second.json("show", "1") as? [String: Any])
        #expect(rent["due"] as? String == "2027-02-01T09:00:00+09:00")
        #expect(second.ok("show", "1").contains("2 occurrences done"))
    }

    @Test("imported again into the same database: nothing recorded twice, a completion kept at its own time")
    func reimport() throws {
        let cli = Self.completed()
        cli.files["backup.json"] = Data(cli.ok("export", "--format", "json").utf8)
        let again = try #require(try cli.json("import", "backup.json", "--json") as? [String: Any])
        #expect(again["completedOccurrences"] as? Int == 0)
        #expect(again["unchanged"] as? Int == 3)
        #expect(cli.ok("show", "1").contains("3 occurrences done"))
        // A dry run into a new database says what it would record, and records nothing.
        let fresh = CLIHarness()
        fresh.files["backup.json"] = cli.files["backup.json"]
        #expect(fresh.ok("import", "backup.json", "--dry-run").contains("Would record 4 completed occurrences of repeating reminders."))
        #expect(fresh.ok("list", "all").isEmpty || !fresh.ok("list", "all").contains("Pay rent"))
    }

    @Test("an occurrence the archive gives badly is refused, naming it, and nothing is imported", arguments: [
        ("{\"dueKind\": \"allDay\", \"completedAt\": \"2026-12-03T01:00:00Z\"}", "reminders[0].completedOccurrences[0]: \"due\" is needed"),
        ("{\"due\": \"2026-12-03\", \"dueKind\": \"allDay\"}", "reminders[0].completedOccurrences[0]: \"completedAt\" is needed"),
        ("{\"due\": \"2026-12-03\", \"dueKind\": \"weekly\", \"completedAt\": \"2026-12-03T01:00:00Z\"}",
         "reminders[0].completedOccurrences[0]: \"dueKind\" must be allDay, timed or floating"),
        ("{\"due\": \"2026-12-03\", \"dueKind\": \"allDay\", \"completedAt\": \"yesterday\"}",
         "reminders[0].completedOccurrences[0]: \"completedAt\" must be an ISO 8601 time"),
    ])
    func refused(occurrence: String, message: String) throws {
        let cli = CLIHarness()
        // Read in pieces (the usual layout) and read whole (reminders before the format).
        let reminder = "{\"uid\": \"r-1\", \"title\": \"Trash\", \"listID\": \"L\", \"due\": \"2026-12-04\", \"dueKind\": \"allDay\", "
            + "\"recurrence\": \"FREQ=DAILY\", \"completedOccurrences\": [\(occurrence)]}"
        let lists = "\"lists\": [{\"id\": \"L\", \"name\": \"Home\", \"color\": \"#FF0000\"}]"
        cli.files["streamed.json"] = Data("{\"format\": \"tick\", \"version\": 1, \(lists), \"reminders\": [\(reminder)]}".utf8)
        cli.files["whole.json"] = Data("{\"reminders\": [\(reminder)], \"format\": \"tick\", \"version\": 1, \(lists)}".utf8)
        for file in ["streamed.json", "whole.json"] {
            let result = cli.run("import", file, "--format", "json")
            #expect(result.status != 0)
            #expect(result.errors.contains(message), "\(file): \(result.errors)")
        }
        #expect(!cli.ok("lists").contains("Home"))
    }

    @Test("an occurrence the archive gives twice is recorded once, at its first completion; a floating one keeps its wall clock")
    func givenTwice() throws {
        let cli = CLIHarness()
        let occurrences = "{\"due\": \"2026-12-03T07:00:00\", \"dueKind\": \"floating\", \"completedAt\": \"2026-12-03T01:00:00Z\"}, "
            + "{\"due\": \"2026-12-03T07:00:00\", \"dueKind\": \"floating\", \"completedAt\": \"2026-12-05T01:00:00Z\"}"
        cli.files["a.json"] = Data(("{\"format\": \"tick\", \"version\": 1, \"lists\": [], \"reminders\": [{\"uid\": \"r-1\", "
            + "\"title\": \"Run\", \"listID\": \"L\", \"due\": \"2026-12-04T07:00:00\", \"dueKind\": \"floating\", "
            + "\"recurrence\": \"FREQ=DAILY\", \"completedOccurrences\": [\(occurrences)]}]}").utf8)
        let said = try #require(try cli.json("import", "a.json", "--json") as? [String: Any])
        #expect(said["completedOccurrences"] as? Int == 1)
        let archive = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("export", "--format", "json").utf8)) as? [String: Any])
        let reminder = try #require((archive["reminders"] as? [[String: Any]])?.first)
        let history = try #require(reminder["completedOccurrences"] as? [[String: Any]])
        #expect(history.count == 1)
        #expect(history.first?["due"] as? String == "2026-12-03T07:00:00" && history.first?["dueKind"] as? String == "floating")
        #expect(history.first?["completedAt"] as? String == "2026-12-03T01:00:00Z")
    }

    @Test("completedOccurrences that is not an array of objects is refused")
    func notAnArray() {
        let cli = CLIHarness()
        cli.files["a.json"] = Data(("{\"format\": \"tick\", \"version\": 1, \"lists\": [], \"reminders\": [{\"uid\": \"r-1\", "
            + "\"title\": \"Trash\", \"listID\": \"L\", \"completedOccurrences\": {\"due\": \"2026-12-03\"}}]}").utf8)
        let result = cli.run("import", "a.json")
        #expect(result.status != 0)
        #expect(result.errors.contains("reminders[0]: \"completedOccurrences\" must be an array of objects"))
    }
}
