import Foundation
import TickModel

/// The current row of a query of `Database.reminderColumns`, as the Tick JSON archive writes
/// it (`ArchivedReminder`): the numbers, dates, tags' places and alarms are decoded (and
/// checked, column after column as `decodeReminder` checks them, so a bad row fails with the
/// same error) when the row is met; the texts (UID, list, title, notes, parent, URL, kept
/// iCalendar lines) stay in SQLite's buffer and are quoted from there.
///
/// Valid only inside the closure it is handed to (`Database.forEachArchiveRow`): the next
/// step of the statement replaces the texts it reads.
public struct ArchiveRow: ArchivedReminder {
    private let row: Statement
    public let number: Reminder.Number
    public let due: Due?
    public let start: Due?
    public let priority: Priority
    public let isFlagged: Bool
    public let position: Int64
    public let alarms: [Alarm]
    /// The three instants as stored: UTC wall clocks (what the archive writes) and milliseconds.
    public let completedAtUTC: LocalDateTime?
    public let createdAtUTC: LocalDateTime
    public let modifiedAtUTC: LocalDateTime
    private let millis: (completed: Int, created: Int, modified: Int)
    public let recurrenceBasis: RecurrenceBasis
    private let tags: Tags

    /// Where a row's tags are: none (`[]`), between the quotes of a plain array
    /// (`JSONColumns.simpleStringRanges`), or decoded (an array with escapes).
    private enum Tags {
        case none
        case plain([Range<Int>])
        case decoded([String])
    }

    /// Decodes and checks what is not text in `row`'s current row.
    /// - Parameter salvaging: nil to refuse a value that cannot be read; else it is called with
    ///   each such value's error and the row is read with that value left out (`tick export
    ///   --salvage`, what can still be read of a damaged database): no date, no priority, no
    ///   flag, no tags or alarms, place 0, open, repeating from the due date, made and changed
    ///   at 1970-01-01T00:00:00Z.
    /// - Throws: `StoreError` (`.unreadableValue`) naming the reminder's number and the
    ///   column, the first one `decodeReminder` would name (never when salvaging, but for the
    ///   number itself).
    init(_ row: Statement, salvaging: ((StoreError) -> Void)? = nil) throws(StoreError) {
        let place = RowPlace.reminder
        self.row = row
        /// `read()`'s value, or, when salvaging, `absent` after saying why.
        func value<T>(_ absent: T, _ read: () throws(StoreError) -> T) throws(StoreError) -> T {
            guard let salvaging else { return try read() }
            do { return try read() } catch {
                salvaging(error)
                return absent
            }
        }
        let epoch = (LocalDateTime(secondsSinceEpochAsUTC: 0), 0)
        number = .init(try row.integer(0, in: place))
        due = try value(nil) { () throws(StoreError) in try row.due(5, zone: 6, in: place) }
        start = try value(nil) { () throws(StoreError) in try row.due(7, zone: 8, in: place) }
        priority = Priority(iCalendarValue: Int(try value(0) { () throws(StoreError) in try row.integer(9, in: place) }))
        isFlagged = try value(0) { () throws(StoreError) in try row.integer(10, in: place) } != 0
        let completed = row.isNull(11) ? nil : try value(nil) { () throws(StoreError) in try row.timestampParts(11, in: place) }
        position = try value(0) { () throws(StoreError) in try row.integer(12, in: place) }
        if row.isText(14, equalTo: "[]") {
            tags = .none
        } else if let ranges = row.withBytes(14, { JSONColumns.simpleStringRanges($0) }) {
            tags = ranges.isEmpty ? .none : .plain(ranges)
        } else {
            let decoded = try value([]) { () throws(StoreError) in try row.tags(14, in: place) }
            tags = decoded.isEmpty ? .none : .decoded(decoded)
        }
        alarms = row.isText(17, equalTo: "[]") ? []
            : try value([]) { () throws(StoreError) in try row.alarms(17, reminderUID: ReminderUID(row.text(1)), in: place) }
        let created = try value(epoch) { () throws(StoreError) in try row.timestampParts(19, in: place) }
        let modified = try value(created) { () throws(StoreError) in try row.timestampParts(20, in: place) }
        (completedAtUTC, createdAtUTC, modifiedAtUTC) = (completed?.0, created.0, modified.0)
        millis = (completed?.1 ?? 0, created.1, modified.1)
        recurrenceBasis = try value(.due) { () throws(StoreError) in try row.recurrenceBasis(21, in: place) }
    }

    public var completedAt: Date? { completedAtUTC.map { ArchiveRow.date($0, millis.completed) } }
    public var createdAt: Date { ArchiveRow.date(createdAtUTC, millis.created) }
    public var modifiedAt: Date { ArchiveRow.date(modifiedAtUTC, millis.modified) }

    /// The instant `Timestamp.date(bytes:)` reads from the same text.
    private static func date(_ local: LocalDateTime, _ millis: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC) + TimeInterval(millis) / 1000)
    }

    /// The recurrence rule, nil when it does not repeat.
    public var recurrence: RecurrenceRule? { row.recurrence(16) }

    public var tagCount: Int {
        switch tags {
        case .none: 0
        case .plain(let ranges): ranges.count
        case .decoded(let strings): strings.count
        }
    }

    public func listID(reusing previous: ReminderList.ID?) -> ReminderList.ID {
        .init(rawValue: row.text(2, reusing: previous?.rawValue))
    }

    public func quote(_ text: ReminderText, into out: inout ByteBuffer) -> Bool {
        let column: Int32
        switch text {
        case .uid: column = 1
        case .listID: column = 2
        case .title: column = 3
        case .notes: column = 4
        case .parentUID: column = 13
        case .url: column = 15
        case .iCalendarExtras: column = 18
        }
        if (text == .parentUID || text == .url) && row.isNull(column) { return false }
        row.withBytes(column) { JSONText.quote(utf8: $0, into: &out) }
        return true
    }

    public func quoteTag(_ index: Int, into out: inout ByteBuffer) {
        switch tags {
        case .none:
            preconditionFailure("no tag \(index)")
        case .plain(let ranges):
            row.withBytes(14) { JSONText.quote(utf8: UnsafeBufferPointer(rebasing: $0[ranges[index]]), into: &out) }
        case .decoded(let strings):
            JSONText.quote(strings[index], into: &out)
        }
    }
}
