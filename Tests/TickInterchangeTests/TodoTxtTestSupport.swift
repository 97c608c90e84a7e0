import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

/// Fixed clock and zones for the todo.txt tests: nothing here reads the wall clock or
/// the machine's time zone.
enum TodoTxtFixture {
    /// 2026-05-20T13:45:00Z, a Wednesday afternoon: not a midnight anywhere near.
    static let now = Date(timeIntervalSince1970: 1_779_284_700)

    /// A zone by IANA name; the tests need real zones (offsets, DST), not the machine's.
    static func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier))
    }

    /// The calendar day of `instant` in `zone`, as `YYYY-MM-DD`.
    static func day(_ instant: Date?, in zone: TimeZone) -> String? {
        instant.map { LocalDateTime($0, in: zone).day.description }
    }

    /// Parses and plans `text` in one go.
    static func plan(_ text: String, zone: TimeZone) throws -> [ImportedReminder] {
        try TodoTxtImport.plan(TodoTxtParser.parse(text, source: nil), now: now, timeZone: zone)
    }

    /// The single item `line` parses into.
    static func item(_ line: String) throws -> TodoTxtItem {
        let items = try TodoTxtParser.parse(line, source: nil)
        try #require(items.count == 1)
        return items[0]
    }

    /// The file's lines written back from a plan, joined with LF; without the `uid:`
    /// word each line ends with (checked to be there), unless `keepingUIDs`.
    static func export(_ planned: [ImportedReminder], zone: TimeZone, keepingUIDs: Bool = false,
                       sourceLocation: SourceLocation = #_sourceLocation) -> String {
        planned.map { line($0.reminder, listName: $0.listName, zone: zone, keepingUID: keepingUIDs, sourceLocation: sourceLocation) }
            .joined(separator: "\n") + "\n"
    }

    /// The line written for `reminder`, without the `uid:` word it ends with (checked to
    /// be there and to hold the reminder's UID), unless `keepingUID`.
    static func line(_ reminder: Reminder, listName: String?, zone: TimeZone, keepingUID: Bool = false,
                     sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let line = TodoTxtWriter.line(for: reminder, listName: listName, timeZone: zone)
        let word = " " + TodoTxtIdentity.word(for: reminder.uid)
        #expect(line.hasSuffix(word), sourceLocation: sourceLocation)
        return keepingUID ? line : String(line.dropLast(word.count))
    }
}

/// The corpus of real-world todo.txt files: `todotxt/` of `Fixture.corpus`.
enum TodoTxtCorpus {
    static let folder = URL(fileURLWithPath: Fixture.corpus + "/todotxt", isDirectory: true)

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func text(_ name: String) throws -> String {
        try #require(String(data: data(name), encoding: .utf8))
    }

    /// Every `.txt` file of the corpus folder, sorted.
    static func allFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }.sorted()
    }
}

/// What todo.txt can carry of an imported reminder, with dates at day precision: two
/// imports of the same task must agree on all of it.
struct TodoTxtFieldsSeen: Equatable, CustomStringConvertible {
    var listName: String?
    var title: String
    var tags: [String]
    var due: Due?
    var start: Due?
    var priority: Priority
    var completedDay: String?
    var createdDay: String?

    init(_ planned: ImportedReminder, zone: TimeZone) {
        listName = planned.listName
        title = planned.reminder.title
        tags = planned.reminder.tags
        due = planned.reminder.due
        start = planned.reminder.start
        priority = planned.reminder.priority
        completedDay = TodoTxtFixture.day(planned.reminder.completedAt, in: zone)
        createdDay = TodoTxtFixture.day(planned.reminder.createdAt, in: zone)
    }

    var description: String {
        "\(listName ?? "-") | \(title) | \(tags) | \(String(describing: due)) | \(String(describing: start)) | "
            + "\(priority) | \(completedDay ?? "-") | \(createdDay ?? "-")"
    }
}
