import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// Listings sorted by due date with a limit (`tick list today --limit 50`, the server's
/// pages of `today`, `scheduled` and `overdue`) read only the rows that can be among
/// their first ones, and give exactly the first rows of the whole listing.
@Suite("Limited listings by due date")
struct DueLimitTests {
    /// 400 open reminders due from 15 days before the clock to 15 days after, in every
    /// form, timed ones in zones far east and west of the reader's; a few completed.
    static func filled() throws -> Sample {
        let sample = try Sample()
        var random = SeededGenerator(seed: 14)
        let today = CalendarDay(year: 2026, month: 11, day: 29) ?? CalendarDay(daysSinceEpoch: 0)
        for index in 0..<400 {
            let day = today.adding(days: Int.random(in: -15...15, using: &random))
            let hour = Int.random(in: 0..<24, using: &random)
            let due: Due
            switch index % 4 {
            case 0: due = .allDay(day)
            case 1: due = .floating(try #require(LocalDateTime(day: day, hour: hour, minute: 30)))
            default:
                let zone: TimeZoneIdentifier = index % 4 == 2 ? "Pacific/Kiritimati" : "America/Anchorage"
                let local = try #require(LocalDateTime(day: day, hour: hour, minute: 0))
                due = .timed(local.instant(in: try #require(zone.timeZone)), timeZone: zone)
            }
            try sample.add("r\(index)", due: due, completed: index % 17 == 0, flagged: index % 5 == 0)
        }
        return sample
    }

    @Test("the first rows of the whole listing, in every zone", arguments: [
        SmartList.today, .overdue, .scheduled,
    ], ["Pacific/Kiritimati", "Asia/Seoul", "UTC", "America/Anchorage", "Pacific/Pago_Pago"])
    func sameRows(smartList: SmartList, zone: String) throws {
        let sample = try Self.filled()
        let whole = try sample.titles(ReminderFilter(smartList: smartList), zone: zone)
        #expect(whole.count > 100)
        for limit in [1, 2, 7, 20, 50, 99, 170, whole.count, whole.count + 5] {
            let limited = try sample.titles(ReminderFilter(smartList: smartList, limit: limit), zone: zone)
            #expect(limited == Array(whole.prefix(limit)), "\(smartList) in \(zone), limit \(limit)")
        }
    }

    @Test("a limit of 20 reads about four days of rows, not the whole listing", arguments: [SmartList.today, .scheduled])
    func readsFewRows(smartList: SmartList) throws {
        let sample = try Self.filled()
        let zone = try #require(TimeZone(identifier: "Asia/Seoul"))
        let filter = ReminderFilter(smartList: smartList, limit: 20)
        let (read, whole) = try sample.store.read { db in
            let query = try db.limitedByDue(Database.listingQuery(filter, now: Fixture.now, timeZone: zone, columns: "r.number"),
                                            filter: filter, limit: 20, now: Fixture.now, timeZone: zone, columns: "r.number")
            var read = 0
            try db.forEachRow(query.sql, query.arguments) { _ in read += 1 }
            // One upper bound on due: with two, SQLite ranged over the wider one (all of today's candidates).
            #expect(query.sql.components(separatedBy: "r.due < ?").count == 2, "\(query.sql)")
            return (read, try db.reminders(ReminderFilter(smartList: smartList), now: Fixture.now, timeZone: zone).count)
        }
        // About 12 open rows a day: 20 rows end on the second day, the bound is three days later.
        #expect(read >= 20 && read < 90, "read \(read) of \(whole)")
        #expect(whole > 150)
    }
}
