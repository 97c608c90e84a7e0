import Foundation
import Testing
@testable import TickInterchange
@testable import TickModel
@testable import TickStore

/// The store keeps its own timestamp reader (`Timestamp.date(bytes:)`, on raw row bytes:
/// merging it into `ISODateTime.fields` would copy every value into an array on the hot
/// path of listing rows). These tests hold it to the one ISO 8601 reader instead: on every
/// form the store writes and reads, they give the same instant; Taskwarrior's `…Z` dates
/// agree too.
@Suite("ISO 8601: the store's and Taskwarrior's readers agree with the one reader")
struct ISO8601AgreementTests {
    /// Instants from year 1 to 9999: the edges, leap days, and a fixed pseudo-random spread.
    static let instants: [Int] = {
        var seconds = [-62_135_596_800, 253_402_300_799, 0, -1, 951_782_400, 1_709_164_800, 1_796_000_000]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<400 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            seconds.append(-62_135_596_800 + Int(state >> 11) % 315_537_897_600)
        }
        return seconds
    }()

    @Test("every form the store reads: seconds, 1 to 3 digits of a fraction, with and without Z")
    func storeForms() {
        var compared = 0
        for seconds in Self.instants {
            let wall = LocalDateTime(secondsSinceEpochAsUTC: seconds).description
            for fraction in ["", ".5", ".25", ".125", ".999", ".000"] {
                for zulu in [false, true] {
                    let text = wall + fraction + (zulu ? "Z" : "")
                    let store = Timestamp.date(text)
                    let reader = ISODateTime.instant(wall + fraction + "Z")
                    #expect(store != nil && store == reader, "\(text): \(String(describing: store)) ≠ \(String(describing: reader))")
                    compared += 1
                }
            }
            #expect(Timestamp.date(Timestamp.string(Date(timeIntervalSince1970: TimeInterval(seconds)))) ==
                    ISODateTime.instant(Timestamp.string(Date(timeIntervalSince1970: TimeInterval(seconds)))))
        }
        #expect(compared == Self.instants.count * 12)
    }

    @Test("more than three digits: the store keeps milliseconds (it writes no more), the reader all of them")
    func longFractions() throws {
        let text = "2026-12-01T09:00:00.123456789Z"
        #expect(Timestamp.date(text) == ISODateTime.instant("2026-12-01T09:00:00.123Z"))
        let full = try #require(ISODateTime.instant(text))
        #expect(abs(full.timeIntervalSince1970 - 1_796_115_600.123456789) < 1e-6)
    }

    @Test("days, times and shapes that do not exist are refused by both", arguments: [
        "2026-02-29T09:00:00Z", "2026-13-01T09:00:00Z", "2026-12-01T24:00:00Z", "2026-12-01T09:60:00Z",
        "2026-12-01T09:00:00.Z", "2026-12-01T09:00Z", "2026-12-01", "20261201T090000Z", "2026-12-01T09:00:00ZZ",
    ])
    func refused(text: String) {
        #expect(Timestamp.date(text) == nil)
        #expect(ISODateTime.instant(text) == nil || text == "2026-12-01T09:00Z")
    }

    @Test("Taskwarrior's extended `…Z` dates are the reader's instants, whole seconds")
    func taskwarrior() {
        for seconds in Self.instants {
            let text = LocalDateTime(secondsSinceEpochAsUTC: seconds).description + "Z"
            #expect(TaskwarriorTask.date(text) == ISODateTime.instant(text), "\(text)")
        }
    }
}
