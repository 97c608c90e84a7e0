import Foundation
import Testing
import TestSupport

@Suite("tick stats")
struct StatsCommandTests {
    @Test("open, overdue, due today, done this week and this month per list, with the week start and repeating reminders")
    func figures() throws {
        let cli = CLIHarness()   // Asia/Seoul
        cli.variables["TICK_NOW"] = "2026-11-24T03:00:00Z"   // Tuesday Nov 24, noon in Seoul
        cli.ok("add", "Done last month", "--due", "2026-11-02")
        cli.ok("lists", "add", "Garden")
        cli.ok("add", "Rake leaves", "--list", "Garden", "--due", "2026-11-20")
        cli.variables["TICK_NOW"] = "2026-11-30T23:00:00Z"   // Tuesday Dec 1, 8:00 in Seoul
        cli.ok("done", "1")   // not this month in Seoul's time? It is Dec 1 there: this month
        cli.variables["TICK_NOW"] = "2026-12-03T01:00:00Z"   // Thursday Dec 3, 10:00 in Seoul
        cli.ok("add", "Water plants", "--list", "Garden", "--due", "today 9am")
        cli.ok("add", "Buy bulbs", "--list", "Garden", "--due", "today 18:00")
        cli.ok("add", "Trash", "--due", "2026-12-03", "--repeat", "daily")
        cli.ok("done", "5")      // one occurrence this week
        cli.ok("done", "5")      // and the next one
        cli.ok("add", "Call mom", "--flag")
        cli.ok("add", "Quick one")
        cli.ok("done", "7")
        let report = try #require(try cli.json("stats", "--json") as? [String: Any])
        #expect(report["weekStart"] as? String == "2026-11-30")
        #expect(report["monthStart"] as? String == "2026-12-01")
        let lists = try #require(report["lists"] as? [[String: Any]])
        let reminders = try #require(lists.first { $0["name"] as? String == "Reminders" })
        let garden = try #require(lists.first { $0["name"] as? String == "Garden" })
        // Reminders: open Trash (due Dec 5 now) and Call mom; done: #1 (Dec 1), two Trash occurrences, #7.
        #expect(reminders["open"] as? Int == 2 && reminders["overdue"] as? Int == 0 && reminders["dueToday"] as? Int == 0)
        #expect(reminders["doneThisWeek"] as? Int == 4 && reminders["doneThisMonth"] as? Int == 4)
        // Garden: Rake leaves (overdue since Nov 20), Water plants (today 9:00, past), Buy bulbs (today 18:00).
        #expect(garden["open"] as? Int == 3 && garden["overdue"] as? Int == 2 && garden["dueToday"] as? Int == 2)
        #expect(garden["doneThisWeek"] as? Int == 0)
        let total = try #require(report["total"] as? [String: Any])
        #expect(total["open"] as? Int == 5 && total["doneThisMonth"] as? Int == 4)

        // With the week beginning on Thursday, only today's completions are this week's.
        cli.variables["TICK_WEEK_START"] = "thursday"
        let thursday = try #require(try cli.json("stats", "--json") as? [String: Any])
        #expect(thursday["weekStart"] as? String == "2026-12-03")
        #expect((thursday["total"] as? [String: Any])?["doneThisWeek"] as? Int == 3)

        let text = cli.ok("stats")
        #expect(text.hasPrefix("List"))
        #expect(text.contains("● Garden"))
        #expect(text.split(separator: "\n").last?.hasPrefix("  All") == true)
        // On a terminal 40 columns wide the lists' names keep their room.
        cli.variables["COLUMNS"] = "40"
        let narrow = cli.ok("stats").split(separator: "\n")
        #expect(narrow.allSatisfy { $0.count <= 40 })
        #expect(narrow.contains { $0.hasPrefix("● Remind") } && narrow.contains { $0.hasPrefix("● Garden") })
    }
}
