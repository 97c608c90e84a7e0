import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

/// Every `.ics` file of `../shared/corpus/ics/` (see MANIFEST.md there): it imports with
/// the expected reminders, lists and skipped components; import → export → import →
/// export is a fixed point; the export keeps every property libical reads in the
/// original VTODOs (but for the normalizations `allowedLoss` documents); and Python's
/// `icalendar` reads the export with the same VTODOs.
@Suite("iCalendar corpus")
struct ICalendarCorpusTests {
    struct Expectation: Sendable {
        var reminders: Int
        var list: String
        var skipped: [String: Int] = [:]
        var warnings: Int = 0
    }

    /// What each file gives. Files the manifest marks invalid or odd are read leniently:
    /// `ical4android-utf8.ics` (a malformed DTSTART, ignored with a warning),
    /// `vobject-vtodo-due-dtstart-type-mismatch.ics` (kept as given, with a warning),
    /// `ical4j-phpicalendar-apple-ical-1.0.ics`, `ical4j-ozmovies-…` and
    /// `kcalendarcore-compat-…` (libical reads them; odd parts are kept verbatim). The two
    /// Apple iCal 1.0 files name their calendars with `X-WR-CALNAME;VALUE=TEXT:`.
    static let expectations: [String: Expectation] = [
        "ical4android-horde-empty-priority.ics": Expectation(reminders: 1, list: "Familie"),
        "ical4android-most-fields1.ics": Expectation(reminders: 1, list: "ical4android-most-fields1", warnings: 1),
        "ical4android-rfc5545-audio-alarm.ics": Expectation(reminders: 1, list: "ical4android-rfc5545-audio-alarm"),
        "ical4android-utf8.ics": Expectation(reminders: 1, list: "ical4android-utf8", warnings: 1),
        "ical4j-ozmovies-apple-ical-1.0-large.ics": Expectation(reminders: 4, list: "OZ Movies", skipped: ["VEVENT": 182]),
        "ical4j-phpicalendar-apple-ical-1.0.ics": Expectation(reminders: 3, list: "Home 1234", skipped: ["VEVENT": 17]),
        // The second VTODO has a COMPLETED date and STATUS:NEEDS-ACTION: read as open, the date kept, a warning.
        "ical4j-rfc5545-sec3.6.2-two-vtodos.ics": Expectation(reminders: 2, list: "ical4j-rfc5545-sec3.6.2-two-vtodos", warnings: 1),
        "icalendar-todos-example-bare-vtodo.ics": Expectation(reminders: 1, list: "icalendar-todos-example-bare-vtodo"),
        "kcalendarcore-apple-ical-1.5.ics": Expectation(reminders: 13, list: "YES2", skipped: ["VEVENT": 14]),
        "kcalendarcore-compat-todos-date-only-dtend.ics": Expectation(reminders: 2, list: "YES2"),
        "kcalendarcore-mozilla-1.0-blank-lines.ics": Expectation(reminders: 1, list: "kcalendarcore-mozilla-1.0-blank-lines",
                                                                 skipped: ["VEVENT": 4]),
        "libical-rfc2445-examples.ics": Expectation(reminders: 2, list: "libical-rfc2445-examples",
                                                    skipped: ["VEVENT": 6, "VJOURNAL": 2, "VFREEBUSY": 4, "VALARM": 4]),
        "nextcloud-tasks-categories-multiple-lines.ics": Expectation(reminders: 1, list: "nextcloud-tasks-categories-multiple-lines"),
        "nextcloud-tasks-reltype-parent.ics": Expectation(reminders: 1, list: "nextcloud-tasks-reltype-parent"),
        "python-caldav-todo8-weekly-byhour-duration.ics": Expectation(reminders: 1, list: "python-caldav-todo8-weekly-byhour-duration"),
        "radicale-event-multiple-vevent-and-vtodo.ics": Expectation(reminders: 1, list: "radicale-event-multiple-vevent-and-vtodo",
                                                                    skipped: ["VEVENT": 1]),
        "radicale-todo1-dtstart-duration-vtimezone.ics": Expectation(reminders: 1, list: "radicale-todo1-dtstart-duration-vtimezone"),
        "radicale-todo9-davdroid-allday-weekly.ics": Expectation(reminders: 1, list: "radicale-todo9-davdroid-allday-weekly"),
        "tasksorg-android-long-description-folded.ics": Expectation(reminders: 1, list: "tasksorg-android-long-description-folded"),
        "tasksorg-apple-ios-repeat-daily-full-vtimezone.ics": Expectation(reminders: 1, list: "tasksorg-apple-ios-repeat-daily-full-vtimezone"),
        "tasksorg-emclient-completed-recurring-task.ics": Expectation(reminders: 1, list: "tasksorg-emclient-completed-recurring-task"),
        "tasksorg-thunderbird-completed-repeating-task.ics": Expectation(reminders: 1, list: "tasksorg-thunderbird-completed-repeating-task"),
        "tasksorg-thunderbird-reminder-after-end.ics": Expectation(reminders: 1, list: "tasksorg-thunderbird-reminder-after-end"),
        "tasksorg-thunderbird-repeat-until-weekdays.ics": Expectation(reminders: 1, list: "tasksorg-thunderbird-repeat-until-weekdays"),
        "tasksorg-thunderbird-snoozed.ics": Expectation(reminders: 1, list: "tasksorg-thunderbird-snoozed"),
        "topydo-unicode-export-crlf.ics": Expectation(reminders: 1, list: "topydo-unicode-export-crlf"),
        "vobject-vtodo-due-dtstart-type-mismatch.ics": Expectation(reminders: 1, list: "vobject-vtodo-due-dtstart-type-mismatch",
                                                                   warnings: 2),
    ]

    static let files = Fixture.corpusFiles("ics")

    static func text(_ path: String) throws -> String {
        try #require(String(data: Data(contentsOf: URL(fileURLWithPath: path)), encoding: .utf8))
    }

    @Test("the corpus is there and every file has an expectation", .enabled(if: Fixture.needsCorpus()))
    func corpusPresent() {
        #expect(Self.files.count == 27)
        let names = Set(Self.files.map { ($0 as NSString).lastPathComponent })
        #expect(names == Set(Self.expectations.keys))
    }

    @Test("every file imports with the expected reminders, list, skipped components and warnings", .enabled(if: Fixture.needsCorpus()),
          arguments: files)
    func imports(path: String) throws {
        let name = (path as NSString).lastPathComponent
        let expected = try #require(Self.expectations[name])
        let batch = try ICalendarFixture.read(try Self.text(path), name: name)
        #expect(batch.reminders.count == expected.reminders)
        #expect(batch.lists.map(\.name) == [expected.list])
        #expect(batch.reminders.allSatisfy { $0.listName == expected.list })
        #expect(Dictionary(uniqueKeysWithValues: batch.skipped.map { ($0.what, $0.count) }) == expected.skipped)
        #expect(batch.warnings.count == expected.warnings, "\(batch.warnings)")
        #expect(Set(batch.reminders.map(\.reminder.uid)).count == batch.reminders.count)
    }

    @Test("reading on four threads gives exactly what one thread gives", .enabled(if: Fixture.needsCorpus()), arguments: files)
    func threadsAgree(path: String) throws {
        let text = try Self.text(path)
        let one = try ICalendarFixture.read(text, workers: 1)
        let four = try ICalendarFixture.read(text, workers: 4)
        #expect(one.reminders == four.reminders)
        #expect(one.warnings == four.warnings)
    }

    @Test("import → export → import → export is a fixed point", .enabled(if: Fixture.needsCorpus()), arguments: files)
    func fixedPoint(path: String) throws {
        let name = (path as NSString).lastPathComponent
        let first = try ICalendarFixture.roundTrip(try Self.text(path), name: name)
        let second = try ICalendarFixture.roundTrip(first, name: name)
        let third = try ICalendarFixture.roundTrip(second, name: name)
        #expect(second == third)
        // Tick's own export already reads back to itself.
        #expect(first == second)
    }

    @Test("no property of the original VTODOs is lost (compared with libical)", .enabled(if: Fixture.needsCorpus()), arguments: files)
    func nothingLost(path: String) throws {
        let name = (path as NSString).lastPathComponent
        let text = try Self.text(path)
        let original = try ICalendarSnapshot(text)
        let exported = try ICalendarSnapshot(try ICalendarFixture.roundTrip(text, name: name))
        for vtodo in original.vtodos {
            let match = try #require(exported.vtodos.first { $0.uid == vtodo.uid && $0.recurrenceID == vtodo.recurrenceID },
                                     "\(name): VTODO \(vtodo.uid) is missing from the export")
            var remaining = match.properties
            var seen = Set<String>()
            for property in vtodo.properties {
                let first = seen.insert(property.name).inserted
                if let index = remaining.firstIndex(of: property) {
                    remaining.remove(at: index)
                } else {
                    #expect(Self.allowedLoss(property, isFirst: first, in: vtodo),
                            "\(name): \(vtodo.uid) lost \(property)")
                }
            }
            for component in vtodo.components {
                let kept = match.components.contains { candidate in
                    candidate.name == component.name
                        && component.properties.allSatisfy { candidate.properties.contains($0) }
                }
                #expect(kept, "\(name): \(vtodo.uid) lost a \(component.name)")
            }
        }
        #expect(exported.vtodos.count == original.vtodos.count)
    }

    /// The documented normalizations of an export (see `VTodoRecord` and `VTodoWriter`):
    /// - `STATUS` decides completion: a `PERCENT-COMPLETE` that says otherwise (100 on an
    ///   open one, less on a done one) is not written back (a `COMPLETED` date on an open
    ///   to-do is: it is kept as given);
    /// - a second copy of a property RFC 5545 allows once is dropped;
    /// - `X-APPLE-SORT-ORDER` is renumbered when the kept values no longer rise in the
    ///   list's order.
    static func allowedLoss(_ property: ICalendarSnapshot.Property, isFirst: Bool,
                            in vtodo: ICalendarSnapshot.VTodo) -> Bool {
        let status = vtodo.properties.first { $0.name == "STATUS" }?.value
        let isDone = status.map { $0 == "COMPLETED" || $0 == "CANCELLED" }
            ?? vtodo.properties.contains { $0.name == "COMPLETED" || ($0.name == "PERCENT-COMPLETE" && $0.value == "100") }
        switch property.name {
        case "PERCENT-COMPLETE": return isDone ? property.value != "100" : property.value == "100"
        case "X-APPLE-SORT-ORDER": return true
        default: return !isFirst && VTodoLines.atMostOnce.contains(property.name)
        }
    }

    @Test("Python's icalendar reads every export with the same VTODOs and UIDs", .enabled(if: Fixture.needsCorpus()), arguments: files)
    func pythonAgrees(path: String) throws {
        let name = (path as NSString).lastPathComponent
        let exported = try ICalendarFixture.roundTrip(try Self.text(path), name: name)
        let snapshot = try ICalendarSnapshot(exported)
        if let answer = try PythonICalendarCheck.expectValid(exported, name: name) {
            #expect(answer.calendars == snapshot.calendars)
            #expect(answer.vtodos == snapshot.vtodos.count)
            #expect(answer.uids == snapshot.vtodos.map(\.uid))
        }
    }
}
