import Foundation
import TickActions
import TickModel
import TickStore
import TickInterchange
import TickTerminal

/// `tick list week` and `tick list upcoming`: the scheduled reminders grouped by day, as
/// Apple Reminders' Scheduled list shows them.
extension ListCommand {
    /// The views of days.
    enum DayView: String {
        /// What is overdue, then the next seven days from today, one group a day.
        case week
        /// Everything due from today on, one group a day.
        case upcoming
    }

    /// Shows `view`, narrowed to `--list` and `--tag` when given; `--limit` counts rows.
    func run(_ view: DayView, in context: CommandContext) throws {
        let zone = context.dateContext.timeZone
        let today = context.dateContext.today
        // The week: due before the seventh day from today (overdue included); upcoming:
        // due after yesterday.
        var range = view == .week ? DueRange(before: today.adding(checkedDays: 7).map(Due.allDay))
                                  : DueRange(after: .allDay(today.adding(days: -1)))
        // With --completed, the days show what was done on them too; nothing done is overdue.
        range.completedFrom = today
        let source: ListingSource = listName.map { .smartListInList(.scheduled, listNamed: $0) } ?? .smartList(.scheduled)
        let listing = try context.actions().listing(ListingRequest(
            source: source, tag: tag, includesCompleted: includesCompleted, limit: nil, detail: .forOutput(json: json)))
        let lists = listing.lists
        switch range.apply(to: listing.rows, limit: limit, in: zone) {
        case .full(let kept):
            context.print(TickJSON.arrayText(of: kept) { lists[$0.listID]?.name })
            return
        case .visited:
            preconditionFailure("the rows of a view of days are read whole: they are grouped by day")
        case .summaries(let kept):
            let printer = ReminderPrinter(context: context, lists: lists, showsList: listing.narrowedTo == nil)
            var title = view == .week ? "Week" : "Upcoming"
            if let narrowed = listing.narrowedTo { title += " in " + narrowed.name }
            context.print(printer.heading(dot: listing.narrowedTo?.color, title: title, detail: String(kept.count)))
            guard !kept.isEmpty else {
                let message = view == .week ? "Nothing due in the next seven days." : "Nothing upcoming."
                context.print(context.style.dim(TerminalText.truncated(message, toWidth: context.environment.width ?? Int.max / 4)))
                return
            }
            var groups: [(day: CalendarDay, rows: [ReminderSummary])] = []
            for row in kept {
                guard let due = row.due else { continue }
                let day = max(due.day(in: zone), view == .week ? today.adding(days: -1) : today)
                if groups.last?.day == day { groups[groups.count - 1].rows.append(row) } else { groups.append((day, [row])) }
            }
            for (index, group) in groups.enumerated() {
                if index > 0 { context.print() }
                context.print(printer.heading(dot: nil, title: dayTitle(group.day, today: today, context: context),
                                             detail: String(group.rows.count)))
                try printer.write(group.rows)
            }
        }
    }

    /// `Overdue` (the day before today stands for every earlier one), `Today`, `Tomorrow`,
    /// else the weekday and the medium date in the user's locale (`Thursday, Dec 3, 2026`).
    private func dayTitle(_ day: CalendarDay, today: CalendarDay, context: CommandContext) -> String {
        if day < today { return "Overdue" }
        let formatter = DueFormatter(context: context.dateContext)
        let text = formatter.string(for: .allDay(day))
        guard day > today.adding(days: 1) else { return text }
        let weekday = DateFormatter()
        weekday.locale = context.dateContext.locale
        weekday.timeZone = context.dateContext.timeZone
        weekday.setLocalizedDateFormatFromTemplate("EEEE")
        let noon = LocalDateTime(day: day, hour: 12, minute: 0).map { $0.instant(in: context.dateContext.timeZone) }
        return noon.map { weekday.string(from: $0) + ", " + text } ?? text
    }
}
