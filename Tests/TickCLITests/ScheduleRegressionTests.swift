import Foundation
import Testing
import TestSupport

/// Bugs a QA pass found in repeats, alarms, `done --occurrence`, `edit --no-due`, imports
/// and messages; each kept with the right value.
@Suite("Regressions in repeats and alarms (QA pass)")
struct ScheduleRegressionTests {
    func show(_ cli: CLIHarness, _ number: String) throws -> [String: Any] {
        try #require(try cli.json("show", number) as? [String: Any])
    }

    @Test("--repeat-from completion: done twice on one day moves on each time and never records the open occurrence")
    func completionTwiceOnOneDay() throws {
        let cli = CLIHarness(zone: "UTC")
        cli.variables["TICK_NOW"] = "2026-01-01T10:00:00Z"
        cli.ok("add", "water", "--due", "2026-01-01", "--repeat", "every 3 days", "--repeat-from", "completion")
        cli.variables["TICK_NOW"] = "2026-01-04T15:00:00Z"
        #expect(cli.ok("done", "1") == "Completed #1 \"water\" (Jan 1, 2026); next: Jan 7, 2026\n")
        #expect(cli.ok("done", "1") == "Completed #1 \"water\" (Jan 7, 2026); next: Jan 10, 2026\n")
        #expect(try show(cli, "1")["due"] as? String == "2026-01-10")
        #expect(cli.ok("show", "1").contains("2 occurrences done"))
        // The open occurrence is Jan 10; completing it by date works once.
        #expect(cli.ok("done", "1", "--occurrence", "2026-01-10") == "Completed #1 \"water\" (Jan 10, 2026); next: Jan 13, 2026\n")
    }

    @Test("weekdays from completion, completed on the day before in another zone, still moves forward")
    func weekdaysAcrossZones() throws {
        let cli = CLIHarness(zone: "Asia/Tokyo")
        cli.variables["TICK_NOW"] = "2026-01-01T10:00:00Z"
        cli.ok("add", "standup", "--due", "2026-01-05", "--repeat", "weekdays", "--repeat-from", "completion")
        cli.variables["TZ"] = "America/Los_Angeles"
        cli.variables["TICK_NOW"] = "2026-01-05T03:00:00Z" // Sunday Jan 4 in Los Angeles
        #expect(cli.ok("done", "1").hasSuffix("; next: Jan 6, 2026\n"))
        #expect(try show(cli, "1")["due"] as? String == "2026-01-06")
        #expect(cli.ok("done", "1").hasSuffix("; next: Jan 7, 2026\n"))
        #expect(try show(cli, "1")["due"] as? String == "2026-01-07")
    }
}
