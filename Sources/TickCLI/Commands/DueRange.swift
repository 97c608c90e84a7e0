import Foundation
import TickActions
import TickModel
import TickStore

/// `--due-before DATE` and `--due-after DATE` of `list` and `search`: only reminders due
/// strictly before or after a date, read by the date grammar. An all-day DATE compares days
/// (`--due-before fri`: due Thursday or earlier); a DATE with a time compares instants (an
/// all-day due date counts from the start of its day). Reminders without a due date are
/// left out when either is given.
struct DueRange {
    static let arguments: [ArgumentDefinition] = [
        .option("due-before", value: "date", help: "Only reminders due before this date (a day, or a day and time)."),
        .option("due-after", value: "date", help: "Only reminders due after this date."),
    ]

    var before: Due?
    var after: Due?
    /// Completed reminders are kept only when due on this day or later (the week's view:
    /// done, a reminder due before today is not overdue); nil keeps them all.
    var completedFrom: CalendarDay?

    /// A range from bounds already read (nil: no bound on that side).
    init(before: Due? = nil, after: Due? = nil) {
        self.before = before
        self.after = after
    }

    /// Whether a range was given (the listing is then cut to `--limit` after it).
    var isActive: Bool { before != nil || after != nil }

    /// Reads the options of `parsed` against the context's clock and zone.
    /// - Throws: `CommandError.usage` naming the option for a date the grammar refuses.
    init(parsed: ParsedArguments, context: CommandContext) throws(CommandError) {
        before = try parsed.value("due-before").map { text throws(CommandError) in try ValueReader.due(text, option: "due-before", context: context) }
        after = try parsed.value("due-after").map { text throws(CommandError) in try ValueReader.due(text, option: "due-after", context: context) }
    }

    /// Whether `due` lies inside the range, in `zone`.
    func contains(_ due: Due?, in zone: TimeZone) -> Bool {
        guard isActive else { return true }
        guard let due else { return false }
        if let before, !(Self.compare(due, before, in: zone) < 0) { return false }
        if let after, !(Self.compare(due, after, in: zone) > 0) { return false }
        return true
    }

    /// Whether `row` is kept: inside the range, and not completed before `completedFrom`.
    private func keeps(_ row: some DueCarrying, in zone: TimeZone) -> Bool {
        if let completedFrom, row.isCompleted, (row.due.map { $0.day(in: zone) < completedFrom } ?? true) { return false }
        return contains(row.due, in: zone)
    }

    /// The order of `due` against the bound: by day for an all-day bound, by instant
    /// otherwise (an all-day `due` from the start of its day).
    private static func compare(_ due: Due, _ bound: Due, in zone: TimeZone) -> Int {
        if case .allDay(let day) = bound {
            let dueDay = due.day(in: zone)
            return dueDay < day ? -1 : dueDay > day ? 1 : 0
        }
        let a = start(of: due, in: zone), b = start(of: bound, in: zone)
        return a < b ? -1 : a > b ? 1 : 0
    }

    private static func start(of due: Due, in zone: TimeZone) -> Date {
        switch due {
        case .timed(let instant, _): return instant
        case .floating(let local): return local.instant(in: zone)
        case .allDay(let day): return LocalDateTime(day: day, hour: 0, minute: 0)?.instant(in: zone) ?? .distantPast
        }
    }

    /// `rows` inside the range, the first `limit` of them.
    func apply(to rows: ListingRows, limit: Int?, in zone: TimeZone) -> ListingRows {
        let count = limit ?? Int.max
        switch rows {
        case .full(let reminders): return .full(Array(reminders.filter { keeps($0, in: zone) }.prefix(count)))
        case .summaries(let summaries): return .summaries(Array(summaries.filter { keeps($0, in: zone) }.prefix(count)))
        case .visited: preconditionFailure("a listing narrowed to a range is not laid out as it is read")
        }
    }
}
