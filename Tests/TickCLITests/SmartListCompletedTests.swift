import Foundation
import TestSupport
import Testing

/// `--completed` on the smart lists and the views of days, as Apple Reminders' Show
/// Completed: it was accepted and silently ignored by all but `all`.
@Suite("Show Completed in smart lists")
struct SmartListCompletedTests {
    /// Numbers of the rows `output` shows (`#4  [ ]  …`), in order.
    static func numbers(_ output: String) -> [Int] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("#") else { return nil }
            return Int(line.dropFirst().prefix { $0.isNumber })
        }
    }

    /// Seven reminders around `now`, five done; all-day ones sort before timed ones of their day.
    static func sample(zone: String, now: String) -> CLIHarness {
        let cli = CLIHarness(zone: zone)
        cli.variables["TICK_NOW"] = now
        _ = cli.ok("lists", "add", "Work")
        _ = cli.ok("add", "early today, done", "--due", "today 0:30")       // #1: the day before in UTC east of it
        _ = cli.ok("add", "today, open", "--due", "today")                 // #2
        _ = cli.ok("add", "late yesterday, done", "--due", "yesterday 23:30") // #3: done, so not overdue
        _ = cli.ok("add", "yesterday, open", "--due", "yesterday")         // #4: overdue
        _ = cli.ok("add", "late today, done", "--due", "today 23:30", "--list", "Work") // #5: the next day in UTC west of it
        _ = cli.ok("add", "tomorrow, done", "--due", "tomorrow", "--flag") // #6
        _ = cli.ok("add", "no date, done", "--flag")                       // #7
        _ = cli.ok("done", "1", "3", "5", "6", "7")
        return cli
    }

    @Test("today --completed adds the reminders done that are due today, in the zones farthest east and west",
          arguments: [("Pacific/Kiritimati", "2026-11-29T12:00:00Z"), ("Etc/GMT+12", "2026-11-29T12:00:00Z"),
                      ("Asia/Seoul", "2026-11-29T12:00:00Z"), ("America/New_York", "2026-11-29T04:30:00Z")])
    func today(zone: String, now: String) {
        let cli = Self.sample(zone: zone, now: now)
        #expect(Self.numbers(cli.ok("list", "today")) == [4, 2])
        #expect(Self.numbers(cli.ok("list", "today", "--completed")) == [4, 2, 1, 5])
        #expect(Self.numbers(cli.ok("list", "today", "--completed", "--list", "Work")) == [5])
        #expect(Self.numbers(cli.ok("list", "today", "-c", "--limit", "2")) == [4, 2])
    }

    @Test("scheduled and flagged --completed add every done one of theirs; all --completed is every reminder")
    func scheduledAndFlagged() {
        let cli = Self.sample(zone: "Asia/Seoul", now: "2026-11-29T12:00:00Z")
        #expect(Self.numbers(cli.ok("list", "scheduled")) == [4, 2])
        #expect(Self.numbers(cli.ok("list", "scheduled", "--completed")) == [4, 3, 2, 1, 5, 6])
        #expect(Self.numbers(cli.ok("list", "flagged")) == [])
        #expect(Self.numbers(cli.ok("list", "flagged", "--completed")) == [6, 7])
        #expect(Self.numbers(cli.ok("list", "all", "--completed")).sorted() == [1, 2, 3, 4, 5, 6, 7])
        #expect(Self.numbers(cli.ok("list", "completed")).count == 5)
    }

    @Test("week and upcoming --completed show what was done on their days, never under Overdue")
    func days() {
        let cli = Self.sample(zone: "Asia/Seoul", now: "2026-11-29T12:00:00Z")
        let week = cli.ok("list", "week", "--completed")
        #expect(Self.numbers(week) == [4, 2, 1, 5, 6], "\(week)")
        let overdue = week.components(separatedBy: "\n\n").first ?? ""
        #expect(overdue.contains("\nOverdue  1\n") && Self.numbers(overdue) == [4], "\(week)")
        #expect(Self.numbers(cli.ok("list", "week")) == [4, 2])
        #expect(Self.numbers(cli.ok("list", "upcoming", "--completed")) == [2, 1, 5, 6])
    }

    @Test("overdue --completed is refused, saying where done ones are; nothing is listed")
    func overdueRefused() {
        let cli = Self.sample(zone: "UTC", now: "2026-11-29T12:00:00Z")
        let result = cli.run("list", "overdue", "--completed")
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("--completed: a completed reminder is not overdue"), "\(result.errors)")
    }
}
