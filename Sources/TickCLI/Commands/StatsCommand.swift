import Foundation
import TickActions
import TickInterchange
import TickModel
import TickTerminal

/// `tick stats [--json]`: open, overdue, due today, done this week and this month, per list.
struct StatsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "stats",
        abstract: "Show open, overdue, due today, done this week and this month, per list.",
        discussion: """
            Overdue: open and past its due date or time. Today: due today, whether or not its time has passed.
            Week and Month: completions since the first day of this week (see the week-start setting) and of
            this month, each completed occurrence of a repeating reminder included.
            """)
    static let arguments: [ArgumentDefinition] = [CommonOptions.json]

    let json: Bool

    init(parsed: ParsedArguments) throws(CommandError) {
        json = parsed.has("json")
    }

    func run(in context: CommandContext) throws {
        let report = try context.actions().stats()
        if json {
            context.print(StatsCommand.object(for: report).serialized())
            return
        }
        func cells(_ stats: ReminderStats) -> [String] {
            [stats.open, stats.overdue, stats.dueToday, stats.doneThisWeek, stats.doneThisMonth].map(String.init)
        }
        var rows = report.lists.map { ["● " + TerminalText.sanitized($0.list.name)] + cells($0.stats) }
        rows.append(["  All"] + cells(report.total))
        // Short headers, so that the lists' names keep their room on a narrow terminal.
        let table = TextTable(columns: [.userText("List", minWidth: 8, lineWidth: context.environment.width)]
                              + ["Open", "Overdue", "Today", "Week", "Month"].map { TextTable.Column($0, alignment: .right) },
                              gap: 1)
        for line in table.render(rows: rows, totalWidth: context.environment.width ?? Int.max / 4) { context.print(line) }
    }

    /// `{ "weekStart": "YYYY-MM-DD", "monthStart": …, "lists": [{ "id", "name", "open",
    /// "overdue", "dueToday", "doneThisWeek", "doneThisMonth" }], "total": { … } }`.
    static func object(for report: StatsReport) -> JSONValue {
        func figures(_ stats: ReminderStats) -> [(String, JSONValue)] {
            [("open", .int(Int64(stats.open))), ("overdue", .int(Int64(stats.overdue))), ("dueToday", .int(Int64(stats.dueToday))),
             ("doneThisWeek", .int(Int64(stats.doneThisWeek))), ("doneThisMonth", .int(Int64(stats.doneThisMonth)))]
        }
        return .object([
            ("weekStart", .string(report.weekStart.description)),
            ("monthStart", .string(report.monthStart.description)),
            ("lists", .array(report.lists.map { .object([("id", .string($0.list.id.rawValue)), ("name", .string($0.list.name))] + figures($0.stats)) })),
            ("total", .object(figures(report.total))),
        ])
    }
}
