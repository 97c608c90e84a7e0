import Foundation
import TickModel

/// What a todo.txt line says that Tick's own fields cannot hold, kept with the reminder
/// as `X-TODOTXT-` lines in `Reminder.iCalendarExtras` so that an export writes the line
/// back as it came (and an iCalendar export carries them as valid `X-` properties,
/// RFC 5545 §3.8.8.2, which Tick reads back):
///
/// | line | meaning |
/// | --- | --- |
/// | `X-TODOTXT-PRIORITY:D` | the priority letter, when it is `D`…`Z` (Tick's priority is low, which alone would be written `C`) |
/// | `X-TODOTXT-CREATED:2026-01-05` | the creation date, a calendar day |
/// | `X-TODOTXT-CREATED:NONE` | the line had no creation date |
/// | `X-TODOTXT-COMPLETED:2026-01-07` | the completion date, a calendar day |
///
/// A todo.txt date is a day, not an instant: `2026-01-05` is the 5th wherever the file
/// is read. Tick keeps it as the instant 12:00 UTC of that day (`instant(of:)`, the 5th
/// in every zone from UTC−11 to UTC+11) together with the day itself. The day is written
/// back whatever the zone of the export, as long as the instant is still that day's
/// 12:00 UTC; once Tick changes the date (a reminder completed again, say), the instant
/// is the truth and its day in the export's zone is written.
struct TodoTxtKeptLines: Equatable {
    /// How a line gave its creation date.
    enum Creation: Equatable {
        /// `YYYY-MM-DD`.
        case day(CalendarDay)
        /// The line had none.
        case none
    }

    /// `D`…`Z`, or nil (no priority, or one of `A`, `B`, `C`, which Tick's levels hold).
    var priorityLetter: Character?
    /// The creation date as the line gave it; nil when nothing is known (a reminder
    /// that did not come from todo.txt).
    var creation: Creation?
    /// The completion date as the line gave it.
    var completion: CalendarDay?

    static let priorityName = "X-TODOTXT-PRIORITY"
    static let createdName = "X-TODOTXT-CREATED"
    static let completedName = "X-TODOTXT-COMPLETED"
    private static let names: Set<Substring> = [Substring(priorityName), Substring(createdName), Substring(completedName)]

    /// Values read from a line.
    init(priorityLetter: Character?, creation: Creation?, completion: CalendarDay?) {
        self.priorityLetter = priorityLetter.flatMap { TodoTxtFields.isPriorityLetter($0) && $0 > "C" ? $0 : nil }
        self.creation = creation
        self.completion = completion
    }

    /// The values kept in `extras` (a reminder's `iCalendarExtras`); lines that are not
    /// well formed are ignored.
    ///
    /// - Complexity: O(n) in the length of `extras`.
    init(_ extras: String) {
        guard extras.contains("X-TODOTXT-") else { return }
        for line in extras.split(separator: "\n") {
            guard let (name, value) = TodoTxtKeptLines.property(line) else { continue }
            switch name {
            case TodoTxtKeptLines.priorityName:
                if let letter = TodoTxtFields.priorityLetter(value), letter > "C" { priorityLetter = letter }
            case TodoTxtKeptLines.createdName:
                if value == "NONE" { creation = Creation.none } else if let day = TodoTxtFields.day(value) { creation = .day(day) }
            default:
                completion = TodoTxtFields.day(value)
            }
        }
    }

    /// The lines for these values, joined by `\n` (empty when there are none).
    var text: String {
        var lines: [String] = []
        if let priorityLetter { lines.append("\(TodoTxtKeptLines.priorityName):\(priorityLetter)") }
        switch creation {
        case .day(let day)?: lines.append("\(TodoTxtKeptLines.createdName):\(day)")
        case .none?: lines.append("\(TodoTxtKeptLines.createdName):NONE")
        case nil: break
        }
        if let completion { lines.append("\(TodoTxtKeptLines.completedName):\(completion)") }
        return lines.joined(separator: "\n")
    }

    /// `extras` with its `X-TODOTXT-` lines replaced by `kept`'s (put last).
    ///
    /// - Complexity: O(n) in the length of `extras`.
    static func replacing(in extras: String, with kept: TodoTxtKeptLines) -> String {
        var lines = extras.contains("X-TODOTXT-")
            ? extras.split(separator: "\n", omittingEmptySubsequences: false).filter { property($0) == nil }
            : (extras.isEmpty ? [] : [Substring(extras)])
        let added = kept.text
        if !added.isEmpty { lines.append(Substring(added)) }
        return lines.joined(separator: "\n")
    }

    /// The name and value of a top-level `X-TODOTXT-` line without parameters.
    private static func property(_ line: Substring) -> (name: Substring, value: Substring)? {
        guard line.hasPrefix("X-TODOTXT-"), let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon]
        guard names.contains(name) else { return nil }
        return (name, line[line.index(after: colon)...])
    }

    // MARK: Days

    /// The instant Tick keeps a todo.txt day as: 12:00 UTC of `day`.
    static func instant(of day: CalendarDay) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day.daysSinceEpoch) * 86_400 + 43_200)
    }

    /// The todo.txt priority letter for `priority`: the kept `D`…`Z` while its priority is
    /// low, else `A`/`B`/`C` by level (`TodoTxtFields.letter(for:)`); nil for none.
    func letter(for priority: Priority) -> Character? {
        let letter = TodoTxtFields.letter(for: priority)
        return letter == "C" ? priorityLetter ?? letter : letter
    }

    /// The creation day to write for `reminder`: the kept day while `createdAt` is still
    /// its 12:00 UTC, else the day of `createdAt` in `zone`; nil when the line had none.
    func creationDay(of reminder: Reminder, in zone: TimeZone) -> CalendarDay? {
        switch creation {
        case .none?: return nil
        case .day(let day)? where reminder.createdAt == TodoTxtKeptLines.instant(of: day): return day
        default: return LocalDateTime(reminder.createdAt, in: zone).day
        }
    }

    /// The completion day to write for `reminder` (nil while it is open): the kept day
    /// while `completedAt` is still its 12:00 UTC, else the day of `completedAt` in `zone`.
    func completionDay(of reminder: Reminder, in zone: TimeZone) -> CalendarDay? {
        guard let completedAt = reminder.completedAt else { return nil }
        if let completion, completedAt == TodoTxtKeptLines.instant(of: completion) { return completion }
        return LocalDateTime(completedAt, in: zone).day
    }
}

/// The days a todo.txt line gave for a reminder's creation and completion, while Tick still
/// holds them as those days' 12:00 UTC (`TodoTxtKeptLines`): shown as days, not as a time
/// (12:00 UTC is 9 PM in Seoul; a tester saw "Completed: Dec 3, 9:00 PM" for a day).
public enum TodoTxtDays {
    /// The kept creation day of `reminder`, nil when it has none or `createdAt` moved off it.
    public static func created(_ reminder: Reminder) -> CalendarDay? {
        guard case .day(let day)? = TodoTxtKeptLines(reminder.iCalendarExtras).creation,
              TodoTxtKeptLines.instant(of: day) == reminder.createdAt else { return nil }
        return day
    }

    /// The kept completion day of `reminder`, nil when it has none or `completedAt` moved off it.
    public static func completed(_ reminder: Reminder) -> CalendarDay? {
        guard let day = TodoTxtKeptLines(reminder.iCalendarExtras).completion,
              TodoTxtKeptLines.instant(of: day) == reminder.completedAt else { return nil }
        return day
    }
}
