import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

/// Reading and writing iCalendar in tests, with a fixed clock and no database: lists and
/// reminders get identifiers and positions the way the store gives them.
enum ICalendarFixture {
    /// The import time: 2026-11-29T12:00:00Z.
    static let now = Fixture.now

    /// Reads `text` as a file named `name` (its list name without `.ics`).
    static func read(_ text: String, name: String = "test.ics", workers: Int = 1) throws -> ImportBatch {
        let stem = (name as NSString).deletingPathExtension
        return try ICalendarReader(now: now, fileListName: stem, workerCount: workers).read(Data(text.utf8), source: name)
    }

    /// The only reminder `text` holds.
    static func reminder(_ text: String) throws -> Reminder {
        let batch = try read(text)
        try #require(batch.reminders.count == 1, "expected one reminder, got \(batch.reminders.count)")
        return batch.reminders[0].reminder
    }

    /// A VCALENDAR around `lines` (joined with CRLF).
    static func calendar(_ lines: [String], header: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Test//EN"] + header + lines + ["END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n"
    }

    /// A VCALENDAR with one VTODO holding `lines` (and a UID unless `lines` has one).
    static func vtodo(_ lines: [String], header: [String] = []) -> String {
        let uid = lines.contains { $0.hasPrefix("UID") } ? [] : ["UID:test-1"]
        return calendar(["BEGIN:VTODO"] + uid + lines + ["END:VTODO"], header: header)
    }

    /// What the store would hold after importing `batch` into an empty database: the
    /// batch's lists (plus "Reminders" for reminders without a list), each reminder in
    /// its list at the end, later duplicates replacing earlier ones.
    static func stored(_ batch: ImportBatch) -> (lists: [ReminderList], reminders: [Reminder]) {
        var lists: [ReminderList] = [ReminderList(id: .init(rawValue: "default"), name: ReminderList.defaultName, createdAt: now)]
        for list in batch.lists where !lists.contains(where: { $0.name.lowercased() == list.name.lowercased() }) {
            var list = list
            list.id = .init(rawValue: "list-\(lists.count)")
            lists.append(list)
        }
        var reminders: [Reminder] = []
        var positions: [ReminderList.ID: Int64] = [:]
        for item in batch.reminders {
            var reminder = item.reminder
            let list = lists.first { $0.name.lowercased() == (item.listName ?? ReminderList.defaultName).lowercased() } ?? lists[0]
            reminder.listID = list.id
            positions[list.id, default: 0] += 1024
            reminder.position = positions[list.id] ?? 0
            if let index = reminders.firstIndex(where: { $0.uid == reminder.uid }) {
                reminder.position = reminders[index].position
                reminders[index] = reminder
            } else {
                reminders.append(reminder)
            }
        }
        // The store lists reminders by list, then by position.
        let order = Dictionary(uniqueKeysWithValues: lists.enumerated().map { ($1.id, $0) })
        reminders.sort { (order[$0.listID] ?? 0, $0.position) < (order[$1.listID] ?? 0, $1.position) }
        return (lists, reminders)
    }

    /// Import then export, as `tick import` and `tick export --format ics` would.
    static func roundTrip(_ text: String, name: String = "test.ics") throws -> String {
        let (lists, reminders) = stored(try read(text, name: name))
        return ICalendarWriter().write(lists: lists, reminders: reminders)
    }
}
