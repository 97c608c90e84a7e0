import CSQLite
import Foundation
import TickModel

/// Where the row being decoded sits: its table and the column that identifies it, so
/// that a value that cannot be read is reported with its table, row and column.
struct RowPlace {
    /// The table, as named in the schema (`reminder`, `list`, `occurrence`).
    var table: String
    /// The name of the key column shown in errors (`number`, `id`, `reminder`).
    var key: String
    /// The index of that key column in the query's result.
    var keyIndex: Int32

    /// A row of `reminder` read with `Database.reminderColumns` or `ReminderSummary.columns`.
    static let reminder = RowPlace(table: "reminder", key: "number", keyIndex: 0)
}

/// Typed reads of the current row that throw instead of defaulting: a stored value that
/// is not what the schema says (written by hand, by another program, or by a bug) stops
/// the read with `StoreError.Kind.unreadableValue`, so that nothing built from a guess is
/// shown or written back over the real value.
extension Statement {
    /// The error for column `index` of the current row, which cannot be read because of
    /// `reason`. The column's name comes from SQLite (https://sqlite.org/c3ref/column_name.html).
    func unreadable(_ index: Int32, in place: RowPlace, _ reason: String) -> StoreError {
        let column = sqlite3_column_name(handle, index).map { String(cString: $0) } ?? "#\(index)"
        let key: String
        switch sqlite3_column_type(handle, place.keyIndex) {
        case SQLITE_INTEGER: key = String(int(place.keyIndex))
        case SQLITE_NULL: key = "NULL"
        default: key = "'" + text(place.keyIndex) + "'"
        }
        return StoreError.unreadable(table: place.table, row: "\(place.key) \(key)", column: column, reason)
    }

    /// The integer in column `index`; it must be stored as an integer.
    /// - Throws: `StoreError` (`.unreadableValue`) for text, a real or NULL.
    func integer(_ index: Int32, in place: RowPlace) throws(StoreError) -> Int64 {
        guard sqlite3_column_type(handle, index) == SQLITE_INTEGER else {
            throw unreadable(index, in: place, "not an integer")
        }
        return int(index)
    }

    /// The instant in column `index` (`Timestamp` text); NULL is not allowed.
    /// - Throws: `StoreError` (`.unreadableValue`) for NULL or text that is not a timestamp.
    func timestamp(_ index: Int32, in place: RowPlace) throws(StoreError) -> Date {
        guard let date = withBytes(index, { Timestamp.date(bytes: $0) }) else {
            throw unreadable(index, in: place, isNull(index) ? "no timestamp" : "not a timestamp YYYY-MM-DDTHH:MM:SS.sssZ")
        }
        return date
    }

    /// The instant in column `index` (`Timestamp` text) as its UTC wall clock and
    /// milliseconds, without making a `Date` (`ArchiveRow`).
    /// - Throws: `StoreError` (`.unreadableValue`) as `timestamp(_:in:)` does.
    func timestampParts(_ index: Int32, in place: RowPlace) throws(StoreError) -> (LocalDateTime, Int) {
        guard let parts = withBytes(index, { Timestamp.parts(bytes: $0) }) else {
            throw unreadable(index, in: place, isNull(index) ? "no timestamp" : "not a timestamp YYYY-MM-DDTHH:MM:SS.sssZ")
        }
        return parts
    }

    /// The instant in column `index` (`Timestamp` text), or nil for NULL.
    /// - Throws: `StoreError` (`.unreadableValue`) for text that is not a timestamp.
    func optionalTimestamp(_ index: Int32, in place: RowPlace) throws(StoreError) -> Date? {
        isNull(index) ? nil : try timestamp(index, in: place)
    }

    /// The due or start date stored in column `index` with its zone in column
    /// `zoneIndex` (see `DueColumns`), or nil for NULL.
    /// - Throws: `StoreError` (`.unreadableValue`) for text in none of the three forms,
    ///   or a timed value without its zone.
    func due(_ index: Int32, zone zoneIndex: Int32, in place: RowPlace) throws(StoreError) -> Due? {
        if isNull(index) { return nil }
        let due = withBytes(index) { DueColumns.due(bytes: $0, zone: self.optionalText(zoneIndex)) }
        guard let due else {
            let isTimedWithoutZone = withBytes(index) { $0.count == 20 } && isNull(zoneIndex)
            throw unreadable(isTimedWithoutZone ? zoneIndex : index, in: place,
                             isTimedWithoutZone ? "a timed date without its time zone"
                                                : "not a date YYYY-MM-DD, YYYY-MM-DDTHH:MM:SS or YYYY-MM-DDTHH:MM:SSZ")
        }
        return due
    }

    /// The tags in column `index` (a JSON array of strings, see `JSONColumns`).
    /// - Throws: `StoreError` (`.unreadableValue`) for anything but a JSON array of strings.
    func tags(_ index: Int32, in place: RowPlace) throws(StoreError) -> [String] {
        if isText(index, equalTo: "[]") { return [] }
        guard let tags = JSONColumns.tags(text(index)) else {
            throw unreadable(index, in: place, "not a JSON array of strings")
        }
        return tags
    }

    /// The alarms in column `index` (a JSON array of alarm objects, see `JSONColumns`) of
    /// the reminder whose UID is `reminderUID`.
    /// - Throws: `StoreError` (`.unreadableValue`) for anything `JSONColumns.alarms` refuses.
    func alarms(_ index: Int32, reminderUID: ReminderUID, in place: RowPlace) throws(StoreError) -> [Alarm] {
        if isText(index, equalTo: "[]") { return [] }
        do {
            return try JSONColumns.alarms(text(index), reminderUID: reminderUID)
        } catch {
            throw unreadable(index, in: place, error.reason)
        }
    }

    /// The recurrence rule in column `index` (`RRULE` value text), or nil for NULL. Never
    /// fails: a rule Tick cannot expand is kept verbatim (see `RecurrenceRule`).
    func recurrence(_ index: Int32) -> RecurrenceRule? {
        optionalText(index).map(RecurrenceRule.init(rruleValue:))
    }

    /// The recurrence basis in column `index`: `due` or `completion`.
    /// - Throws: `StoreError` (`.unreadableValue`) for anything else.
    func recurrenceBasis(_ index: Int32, in place: RowPlace) throws(StoreError) -> RecurrenceBasis {
        if isText(index, equalTo: "due") { return .due }
        if isText(index, equalTo: "completion") { return .completion }
        throw unreadable(index, in: place, "neither 'due' nor 'completion'")
    }
}
