import Foundation

/// The texts of a reminder that the Tick JSON archive writes as JSON strings.
public enum ReminderText: Sendable, CaseIterable {
    case uid, listID, title, notes, parentUID, url, iCalendarExtras
}

/// A reminder as the Tick JSON archive writes it (`TickJSON.ReminderWriter`), whether it
/// was decoded into a `Reminder` or is read in place from a stored row (`ArchiveRow` of
/// TickStore): the texts are quoted straight from where they are, so that an export of
/// 100,000 reminders need not make seven `String`s of each and free them again.
///
/// The values are those of the `Reminder` the row decodes to: a writer given either writes
/// the same bytes (`ArchiveRowTests` checks it on every kind of stored value).
public protocol ArchivedReminder {
    /// Its stable number.
    var number: Reminder.Number { get }
    /// Its due date, nil for none.
    var due: Due? { get }
    /// When it starts, nil for no start.
    var start: Due? { get }
    /// Its priority.
    var priority: Priority { get }
    /// Whether it is flagged.
    var isFlagged: Bool { get }
    /// When it was completed, nil while open.
    var completedAt: Date? { get }
    /// Its place in its list.
    var position: Int64 { get }
    /// How it repeats, nil when it does not.
    var recurrence: RecurrenceRule? { get }
    /// What the next occurrence counts from.
    var recurrenceBasis: RecurrenceBasis { get }
    /// Its alarms, in order.
    var alarms: [Alarm] { get }
    /// When it was made.
    var createdAt: Date { get }
    /// When it last changed.
    var modifiedAt: Date { get }
    /// Its tags, as many as `quoteTag(_:into:)` writes.
    var tagCount: Int { get }
    /// `completedAt`, `createdAt` and `modifiedAt` to the whole second as UTC wall clocks,
    /// what the archive writes: a stored row has them so (its text) and need not make a
    /// `Date` and take it apart again for each (a sixth of an export's work).
    var completedAtUTC: LocalDateTime? { get }
    var createdAtUTC: LocalDateTime { get }
    var modifiedAtUTC: LocalDateTime { get }
    /// Its list, `previous` itself when that is the same list (rows come a list at a time).
    func listID(reusing previous: ReminderList.ID?) -> ReminderList.ID
    /// Appends `text` as a JSON string literal (`JSONText.quote`) to `out` and returns
    /// true, or returns false, appending nothing, when it is absent (`parentUID` and `url`).
    func quote(_ text: ReminderText, into out: inout ByteBuffer) -> Bool
    /// Appends tag `index` (0 ..< `tagCount`, in stored order) as a JSON string literal.
    func quoteTag(_ index: Int, into out: inout ByteBuffer)
}

extension ArchivedReminder {
    public var completedAtUTC: LocalDateTime? { completedAt.map(LocalDateTime.utcSecond(of:)) }
    public var createdAtUTC: LocalDateTime { LocalDateTime.utcSecond(of: createdAt) }
    public var modifiedAtUTC: LocalDateTime { LocalDateTime.utcSecond(of: modifiedAt) }
}

extension LocalDateTime {
    /// The UTC wall clock of `instant`'s whole second (a fraction dropped, toward the past).
    public static func utcSecond(of instant: Date) -> LocalDateTime {
        LocalDateTime(secondsSinceEpochAsUTC: Int(instant.timeIntervalSince1970.rounded(.down)))
    }
}

extension Reminder: ArchivedReminder {
    public var tagCount: Int { tags.count }

    public func listID(reusing previous: ReminderList.ID?) -> ReminderList.ID { listID }

    public func quote(_ text: ReminderText, into out: inout ByteBuffer) -> Bool {
        let value: String?
        switch text {
        case .uid: value = uid.rawValue
        case .listID: value = listID.rawValue
        case .title: value = title
        case .notes: value = notes
        case .parentUID: value = parentUID?.rawValue
        case .url: value = url
        case .iCalendarExtras: value = iCalendarExtras
        }
        guard let value else { return false }
        JSONText.quote(value, into: &out)
        return true
    }

    public func quoteTag(_ index: Int, into out: inout ByteBuffer) {
        JSONText.quote(tags[index], into: &out)
    }
}
