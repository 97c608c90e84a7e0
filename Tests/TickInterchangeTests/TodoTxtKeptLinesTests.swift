import Foundation
import Testing
import TickModel
@testable import TickInterchange

/// What a todo.txt line says beyond Tick's fields (its letter `D`…`Z`, its dates as
/// calendar days, a missing creation date) comes back in the export, in any zone.
@Suite("todo.txt kept letter and days")
struct TodoTxtKeptLinesTests {
    /// Zones from UTC−11 to UTC+14, with and without DST.
    static let zones = ["Asia/Seoul", "Europe/Berlin", "Pacific/Pago_Pago", "Pacific/Kiritimati", "America/New_York",
                        "Pacific/Auckland", "UTC"]

    static let file = """
        (A) 2026-01-05 Call Mom +Family @phone due:2026-01-09
        x 2026-01-07 2026-01-05 Filed taxes
        (D) 2026-03-01 Someday maybe
        (Z) Way later
        x 2026-02-28 Done without creation pri:Q
        Plain line
        (C) 2026-12-31 Year end

        """

    /// Import in one zone, export in another: the same text, every date the same day.
    @Test(arguments: zones)
    func daysLettersAndMissingDatesComeBackInEveryZone(_ exportZone: String) throws {
        for importZone in Self.zones {
            let planned = try TodoTxtFixture.plan(Self.file, zone: TodoTxtFixture.zone(importZone))
            #expect(TodoTxtFixture.export(planned, zone: try TodoTxtFixture.zone(exportZone)) == Self.file,
                    "import \(importZone), export \(exportZone)")
        }
    }

    @Test func theLineKeepsWhatTicksFieldsCannotHold() throws {
        let planned = try TodoTxtFixture.plan(Self.file, zone: TodoTxtFixture.zone("Asia/Seoul"))
        #expect(planned.map(\.reminder.iCalendarExtras) == [
            "X-TODOTXT-CREATED:2026-01-05",
            "X-TODOTXT-CREATED:2026-01-05\nX-TODOTXT-COMPLETED:2026-01-07",
            "X-TODOTXT-PRIORITY:D\nX-TODOTXT-CREATED:2026-03-01",
            "X-TODOTXT-PRIORITY:Z\nX-TODOTXT-CREATED:NONE",
            "X-TODOTXT-PRIORITY:Q\nX-TODOTXT-CREATED:NONE\nX-TODOTXT-COMPLETED:2026-02-28",
            "X-TODOTXT-CREATED:NONE",
            "X-TODOTXT-CREATED:2026-12-31",
        ])
        #expect(planned.map(\.reminder.priority.level) == [.high, .none, .low, .low, .low, .none, .low])
    }

    /// Once Tick changes a date, its instant is the truth: the kept day no longer applies.
    @Test func aDateChangedInTickIsWrittenAsItsDayInTheExportsZone() throws {
        let zone = try TodoTxtFixture.zone("Asia/Seoul")
        var reminder = try TodoTxtFixture.plan("x 2026-01-07 2026-01-05 Filed taxes", zone: zone)[0].reminder
        // Completed again at 2026-02-01T20:00Z: February 2 in Seoul, February 1 in Berlin.
        reminder.completedAt = Date(timeIntervalSince1970: 1_769_976_000)
        #expect(TodoTxtFixture.line(reminder, listName: nil, zone: zone) == "x 2026-02-02 2026-01-05 Filed taxes")
        #expect(TodoTxtFixture.line(reminder, listName: nil, zone: try TodoTxtFixture.zone("Europe/Berlin"))
                == "x 2026-02-01 2026-01-05 Filed taxes")
    }

    /// The kept letter stands for low only: a priority changed in Tick writes its own letter.
    @Test(arguments: [(Priority.high, "(A) Way later"), (.medium, "(B) Way later"), (.low, "(Z) Way later"),
                      (Priority(iCalendarValue: 7), "(Z) Way later"), (.none, "Way later")])
    func theKeptLetterIsWrittenWhileThePriorityIsLow(_ priority: Priority, _ expected: String) throws {
        let zone = try TodoTxtFixture.zone("UTC")
        var reminder = try TodoTxtFixture.plan("(Z) Way later", zone: zone)[0].reminder
        reminder.priority = priority
        #expect(TodoTxtFixture.line(reminder, listName: nil, zone: zone) == expected)
    }

    /// Without a creation date a title must not stand where `x`, a priority or a date is read.
    @Test(arguments: [
        ("x marks the spot", nil, "2026-05-20 x marks the spot"),
        ("(A) fake priority", nil, "2026-05-20 (A) fake priority"),
        ("2026-01-01 starts with a date", nil, "2026-05-20 2026-01-01 starts with a date"),
        ("x marks the spot", Priority.low, "(Z) x marks the spot"),
        ("2026-01-01 starts with a date", Priority.low, "(Z) 2026-05-20 2026-01-01 starts with a date"),
        ("(a) lowercase is text", nil, "(a) lowercase is text"),
        ("xylophone", nil, "xylophone"),
    ] as [(String, Priority?, String)])
    func aTitleWithoutCreationDateNeverTakesTheStructuralPlaces(_ title: String, _ priority: Priority?,
                                                                _ expected: String) throws {
        let zone = try TodoTxtFixture.zone("UTC")
        var reminder = try TodoTxtFixture.plan(priority == nil ? "placeholder" : "(Z) placeholder", zone: zone)[0].reminder
        reminder.title = title
        let line = TodoTxtFixture.line(reminder, listName: nil, zone: zone)
        #expect(line == expected)
        let back = try TodoTxtFixture.plan(line, zone: zone)[0].reminder
        #expect(back.title == title)
        #expect(!back.isCompleted)
    }

    /// A stored reminder whose line changed gets the line's kept values with the change;
    /// an unchanged line leaves the stored reminder, kept lines and all, as it was.
    @Test func mergingTakesTheKeptValuesOnlyWithAChange() throws {
        let seoul = try TodoTxtFixture.zone("Asia/Seoul")
        let stored = Reminder(listID: ImportedReminder.placeholderListID, title: "Pay rent", priority: .low,
                              iCalendarExtras: "LOCATION:Home", createdAt: Date(timeIntervalSince1970: 1_767_600_000))
        // 2026-01-05T08:00Z: January 5 in Seoul, written (C) 2026-01-05.
        let same = try TodoTxtFixture.plan("(C) 2026-01-05 Pay rent", zone: seoul)[0].reminder
        #expect(TodoTxtImport.merged(same, onto: stored, timeZone: seoul).iCalendarExtras == "LOCATION:Home")
        #expect(TodoTxtImport.merged(same, onto: stored, timeZone: seoul).createdAt == stored.createdAt)

        let changed = try TodoTxtFixture.plan("(E) Pay rent", zone: seoul)[0].reminder
        let merged = TodoTxtImport.merged(changed, onto: stored, timeZone: seoul)
        #expect(merged.iCalendarExtras == "LOCATION:Home\nX-TODOTXT-PRIORITY:E\nX-TODOTXT-CREATED:NONE")
        #expect(TodoTxtFixture.line(merged, listName: nil, zone: seoul) == "(E) Pay rent")
    }

    /// Kept lines edited by hand (in an iCalendar file) into nonsense are not used.
    @Test func keptLinesThatAreNotWellFormedAreIgnored() {
        let kept = TodoTxtKeptLines("X-TODOTXT-PRIORITY:a\nX-TODOTXT-CREATED:2026-02-30\nX-TODOTXT-COMPLETED:soon\nX-TODOTXT-OTHER:1")
        #expect(kept == TodoTxtKeptLines(priorityLetter: nil, creation: nil, completion: nil))
        #expect(TodoTxtKeptLines("X-TODOTXT-PRIORITY:B").priorityLetter == nil)
    }
}
