import Foundation
import TestSupport
import Testing
import TickModel

/// Dates at the edges of what Tick handles (`SupportedDates`, years 2 to 9998): inside,
/// they are shown and queried right in every zone; outside, refused with a message.
@Suite("Dates at the edges of the supported years")
struct DateRangeTests {
    @Test("a due date outside years 2 to 9998 is refused, naming the range; nothing is added", arguments: [
        "9999-12-31 23:59", "9999-01-01", "0001-06-01", "0001-12-31 23:00",
    ])
    func refused(due: String) {
        let cli = CLIHarness(zone: "UTC")
        let result = cli.run("add", "far", "--due", due)
        #expect(result.status == 64)
        #expect(result.errors.contains("outside the dates Tick handles (years 2 to 9998)"), "\(result.errors)")
        #expect(cli.run("list", "all").output.contains("far") == false)
    }

    @Test("the last and first supported days are shown with the time given, in the zones farthest east and west",
          arguments: ["Pacific/Kiritimati", "Etc/GMT+12", "UTC", "Asia/Seoul"])
    func edgesShown(zone: String) throws {
        let cli = CLIHarness(zone: zone)
        _ = cli.ok("add", "last", "--due", "9998-12-31 23:59")
        _ = cli.ok("add", "first", "--due", "0002-01-01 00:01")
        let shown = cli.ok("list", "all")
        #expect(shown.contains("Dec 31, 9998") && shown.contains("11:59 PM"), "\(shown)")
        #expect(shown.contains("Jan 1, 2") && shown.contains("12:01 AM"), "\(shown)")
        let json = cli.ok("show", "1", "--json")
        #expect(json.contains("\"9998-12-31T23:59:00"), "\(json)")
    }

    @Test("TICK_NOW outside years 2 to 9998 is a usage error, not a crash")
    func nowOutsideRefused() {
        let cli = CLIHarness(zone: "UTC")
        cli.variables["TICK_NOW"] = "9999-12-31T00:00:00Z"
        let result = cli.run("list", "today")
        #expect(result.status == 64)
        #expect(result.errors.contains("TICK_NOW='9999-12-31T00:00:00Z' is outside the dates Tick handles (years 2 to 9998)"))
    }

    @Test("today at the last supported instant, in the zone farthest east (already 9999 there), lists what is due",
          arguments: ["Pacific/Kiritimati", "Etc/GMT+12"])
    func todayAtTheEnd(zone: String) {
        let cli = CLIHarness(zone: zone)
        _ = cli.ok("add", "due then", "--due", "9998-12-31")
        cli.variables["TICK_NOW"] = "9998-12-31T23:59:59Z"
        let result = cli.run("list", "today")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("due then"))
    }
}
