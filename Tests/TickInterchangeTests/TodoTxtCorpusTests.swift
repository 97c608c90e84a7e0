import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

/// The real-world todo.txt files of `../shared/corpus/todotxt/` (see MANIFEST.md there):
/// each parses and plans with the expected reminders, and import → export → import is a
/// fixed point for every one of them.
@Suite("todo.txt corpus")
struct TodoTxtCorpusTests {
    struct Sample: Sendable {
        var line: Int
        var title: String
        var list: String? = nil
        var priority: Priority.Level = .none
        var tags: [String] = []
        var due: String? = nil
        var start: String? = nil
        /// The creation day; nil when the line has none and `createdAt` must be `now`.
        var created: String? = nil
        /// The completion day; nil for open reminders.
        var completed: String? = nil
    }

    struct FileExpectation: Sendable, CustomTestStringConvertible {
        var file: String
        /// The line number of every task, in order: its count is the number of reminders.
        var lines: [Int]
        var completedLines: [Int]
        var samples: [Sample]
        var testDescription: String { file }
    }

    static let expectations: [FileExpectation] = [
        FileExpectation(file: "sleek-e2e-complex.txt", lines: Array(1...16), completedLines: [4, 5], samples: [
            Sample(line: 1, title: "High priority task created:2026-01-15", list: "work", priority: .high,
                   tags: ["computer"], due: "2026-12-31", start: "2026-08-20"),
            Sample(line: 4, title: "Completed task created:2026-01-10", completed: "2026-08-10"),
            Sample(line: 6, title: "Task with multiple contexts", list: "project1", tags: ["home", "personal", "work"]),
            Sample(line: 12, title: "Task with pomodoro estimation pm:4", priority: .high, tags: ["work"], due: "2026-10-15"),
            Sample(line: 14, title: "Task with all attributes +home rec:1d pm:2 created:2026-02-15", list: "work",
                   priority: .low, tags: ["context", "admin", "home"], due: "2026-11-30", start: "2026-10-01"),
        ]),
        FileExpectation(file: "todotxt-cli-t1250-priority-lookalikes.txt", lines: Array(1...5), completedLines: [], samples: [
            Sample(line: 1, title: "smell the uppercase Roses", list: "flowers", priority: .medium, tags: ["outside"]),
            Sample(line: 2, title: "notice the sunflowers", priority: .low),
            Sample(line: 3, title: "(m)others will notice this"),
            Sample(line: 4, title: "(n) not a prioritized task"),
            Sample(line: 5, title: "notice the (C)opyright"),
        ]),
        FileExpectation(file: "todotxt-cli-t1310-context-edge-cases.txt", lines: Array(1...11), completedLines: [], samples: [
            Sample(line: 1, title: "-- Some context 1 task, whitespace, one char", priority: .high, tags: ["1"]),
            Sample(line: 5, title: "-- weird context", tags: ["con05@con06"]),
            Sample(line: 8, title: "someone@example.com -- Some context 2 task", tags: ["con02"]),
            Sample(line: 9, title: "(@school or @home) integrate @x and", list: "math", priority: .medium, tags: ["x", "y"]),
            Sample(line: 10, title: "say thanks w:@OtherContributors", priority: .low, tags: ["SomeMaintainer"]),
            Sample(line: 11, title: "stop"),
        ]),
        FileExpectation(file: "todotxt-cli-t1320-projects-spacing-and-dates.txt", lines: Array(1...10), completedLines: [5],
                        samples: [
            Sample(line: 1, title: "+flowers", list: "roses"),
            Sample(line: 4, title: "prioritized +flowers", list: "roses", priority: .medium, created: "2024-02-21"),
            Sample(line: 5, title: "done +flowers", list: "roses", created: "2024-02-19", completed: "2024-02-21"),
            Sample(line: 7, title: "+flowers at the front with leading space", list: "roses"),
            Sample(line: 8, title: "my +flowers are +roses in the middle", list: "flowers"),
            Sample(line: 10, title: "at the back with trailing space +roses", list: "flowers"),
        ]),
        FileExpectation(file: "todotxt-cli-t1350-listall-mixed-done.txt", lines: Array(1...5), completedLines: [2, 4], samples: [
            Sample(line: 2, title: "tend the garden", tags: ["outside"], completed: "2011-08-08"),
            Sample(line: 4, title: "go outside", list: "wakeup", completed: "2011-12-26"),
            Sample(line: 5, title: "stop", priority: .high),
        ]),
        FileExpectation(file: "todotxt-spec-readme-examples.txt", lines: Array(1...19), completedLines: [15, 19], samples: [
            Sample(line: 2, title: "Schedule Goodwill pickup", list: "GarageSale", priority: .medium, tags: ["phone"]),
            Sample(line: 4, title: "pies", tags: ["GroceryStore"]),
            Sample(line: 6, title: "Really gotta call Mom (A)", tags: ["phone", "someday"]),
            Sample(line: 7, title: "(b) Get back to the boss"),
            Sample(line: 8, title: "(B)->Submit TPS report"),
            Sample(line: 9, title: "Document +TodoTxt task format", list: "TodoTxt", created: "2011-03-02"),
            Sample(line: 10, title: "Call Mom", priority: .high, created: "2011-03-02"),
            Sample(line: 11, title: "Call Mom 2011-03-02", priority: .high),
            Sample(line: 12, title: "Call Mom +PeaceLoveAndHappiness", list: "Family", priority: .high, tags: ["iphone", "phone"]),
            Sample(line: 13, title: "Email SoAndSo at soandso@example.com"),
            Sample(line: 14, title: "Learn how to add 2+2"),
            Sample(line: 15, title: "Call Mom", completed: "2011-03-03"),
            Sample(line: 16, title: "xylophone lesson"),
            Sample(line: 17, title: "X 2012-01-01 Make resolutions"),
            Sample(line: 18, title: "x Find ticket prices", priority: .high),
            Sample(line: 19, title: "Review Tim's pull request", list: "TodoTxtTouch", tags: ["github"],
                   created: "2011-03-01", completed: "2011-03-02"),
        ]),
        FileExpectation(file: "topydo-list-command-test.txt", lines: [1, 2, 3, 4, 6, 7, 8], completedLines: [7], samples: [
            Sample(line: 1, title: "Foo @Context2 Not@Context +Project1 Not+Project", list: "Project1", priority: .low, tags: ["Context2"],
                   created: "2015-11-05"),
            Sample(line: 2, title: "Bar p:1", list: "Project2", priority: .low, tags: ["Context1"]),
            Sample(line: 4, title: "Drink beer @ home", priority: .low),
            Sample(line: 6, title: "13 + 29 = 42", priority: .low),
            Sample(line: 7, title: "Completed but with date:2014-12-12", completed: "2014-12-12"),
            Sample(line: 8, title: "hidden item h:1"),
        ]),
        FileExpectation(file: "topydo-listformat.txt", lines: Array(1...6), completedLines: [6], samples: [
            Sample(line: 1, title: "Bar", list: "Project2", priority: .low, tags: ["Context1"], due: "2015-09-30",
                   start: "2015-09-29", created: "2015-08-31"),
            Sample(line: 2, title: "Lorem ipsum dolorem sit amet. Red @fox +jumped over the lazy:bar and jar", list: "jumped",
                   priority: .low, tags: ["fox"], due: "2015-11-08", start: "2015-11-07", created: "2015-11-06"),
            Sample(line: 5, title: "Drink beer @ home id:1 p:2 ical:foobar"),
        ]),
        FileExpectation(file: "topydo-sorter-test14-threshold-due.txt", lines: Array(1...8), completedLines: [], samples: [
            Sample(line: 1, title: "4 Length of 0 days", due: "2016-04-25", start: "2016-04-25"),
            Sample(line: 2, title: "2 No length (zero)", created: "2016-04-25"),
            Sample(line: 5, title: "2 Length of 1 day", due: "2016-04-26", start: "2016-04-25"),
            Sample(line: 6, title: "Length of 2 days with creation", due: "2016-04-27", created: "2016-04-25"),
        ]),
        FileExpectation(file: "topydo-unicode-tag.txt", lines: [1], completedLines: [], samples: [
            Sample(line: 1, title: "And some spécial tag:◄", priority: .low),
        ]),
    ]

    static var files: [String] { expectations.map(\.file) }

    @Test(.enabled(if: Fixture.needsCorpus())) func everyCorpusFileHasExpectations() throws {
        #expect(try TodoTxtCorpus.allFiles() == Self.files.sorted())
    }

    @Test(.enabled(if: Fixture.needsCorpus()), arguments: expectations)
    func parsesAndPlansTheFile(_ expected: FileExpectation) throws {
        let zone = try TodoTxtFixture.zone("UTC")
        let items = try TodoTxtParser.parse(TodoTxtCorpus.data(expected.file), source: expected.file)
        #expect(items.map(\.lineNumber) == expected.lines)
        #expect(items.filter(\.isCompleted).map(\.lineNumber) == expected.completedLines)

        let planned = try TodoTxtImport.plan(items, now: TodoTxtFixture.now, timeZone: zone)
        #expect(planned.map(\.lineNumber) == expected.lines)
        #expect(planned.filter(\.reminder.isCompleted).map(\.lineNumber) == expected.completedLines)
        for sample in expected.samples {
            let found = try #require(planned.first { $0.lineNumber == sample.line }, "line \(sample.line)")
            let reminder = found.reminder
            #expect(reminder.title == sample.title, "line \(sample.line)")
            #expect(found.listName == sample.list, "line \(sample.line)")
            #expect(reminder.priority.level == sample.priority, "line \(sample.line)")
            #expect(reminder.tags == sample.tags, "line \(sample.line)")
            #expect(reminder.due == sample.due.flatMap(CalendarDay.init).map(Due.allDay), "line \(sample.line)")
            #expect(reminder.start == sample.start.flatMap(CalendarDay.init).map(Due.allDay), "line \(sample.line)")
            #expect(TodoTxtFixture.day(reminder.completedAt, in: zone) == sample.completed, "line \(sample.line)")
            if let created = sample.created {
                #expect(TodoTxtFixture.day(reminder.createdAt, in: zone) == created, "line \(sample.line)")
            } else {
                // No creation date: created at its completion, or at the import.
                #expect(reminder.createdAt == (reminder.completedAt ?? TodoTxtFixture.now), "line \(sample.line)")
            }
            #expect(reminder.modifiedAt == TodoTxtFixture.now)
        }
    }

    @Test(.enabled(if: Fixture.needsCorpus()), arguments: files)
    func dataAndStringReadTheSame(_ file: String) throws {
        #expect(try TodoTxtParser.parse(TodoTxtCorpus.data(file), source: file)
                == TodoTxtParser.parse(TodoTxtCorpus.text(file), source: file))
    }

    /// Import, export, import: the second import equals the first in everything todo.txt
    /// carries, and exporting again gives the same text. Zones far apart (UTC+14, UTC−11,
    /// a zone with a midnight DST gap) catch any day slipping between midnight and export.
    @Test(.enabled(if: Fixture.needsCorpus()), arguments: files, ["UTC", "Asia/Seoul", "America/Sao_Paulo", "Pacific/Kiritimati", "Pacific/Pago_Pago"])
    func importExportImportIsAFixedPoint(_ file: String, _ zoneID: String) throws {
        let zone = try TodoTxtFixture.zone(zoneID)
        let first = try TodoTxtFixture.plan(TodoTxtCorpus.text(file), zone: zone)
        let exported = TodoTxtFixture.export(first, zone: zone)
        let second = try TodoTxtFixture.plan(exported, zone: zone)
        #expect(second.count == first.count)
        for (before, after) in zip(first, second) {
            #expect(TodoTxtFieldsSeen(after, zone: zone) == TodoTxtFieldsSeen(before, zone: zone), "line \(before.lineNumber)")
        }
        #expect(TodoTxtFixture.export(second, zone: zone) == exported)
    }

    @Test(.enabled(if: Fixture.needsCorpus())) func exportOfTheSpecExamplesKeepsTheirShape() throws {
        let zone = try TodoTxtFixture.zone("UTC")
        let planned = try TodoTxtFixture.plan(TodoTxtCorpus.text("todotxt-spec-readme-examples.txt"), zone: zone)
        let lines = TodoTxtFixture.export(planned, zone: zone).split(separator: "\n")
        #expect(lines[1] == "(B) Schedule Goodwill pickup +GarageSale @phone")
        #expect(lines[9] == "(A) 2011-03-02 Call Mom")
        #expect(lines[18] == "x 2011-03-02 2011-03-01 Review Tim's pull request +TodoTxtTouch @github")
    }
}
