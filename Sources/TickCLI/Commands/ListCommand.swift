import Foundation
import TickActions
import TickModel
import TickTerminal
import TickStore
import TickInterchange

/// `tick list [NAME]`: the reminders of a list or a smart list.
struct ListCommand: Command {
    static let configuration = CommandConfiguration(
        name: "list",
        abstract: "Show the reminders of a list or a smart list.",
        discussion: """
            NAME is one of your lists, or a smart list: today (due today or overdue), scheduled
            (with a due date), flagged, overdue, completed, all (every open reminder); or a view
            of days: week (overdue, then the next seven days, one group a day), upcoming
            (everything due from today on, one group a day).
            Without NAME, the first list. Lists are in manual order (see 'tick move').
            A list of yours named like a smart list is reached with --list NAME; a smart list
            with --list shows only that list's part of it (tick list today --list Work).
            --completed shows the done ones too, as Apple Reminders' Show Completed: a list's,
            today's those due today, scheduled's and flagged's all of theirs, the days' views
            those due on their days, all's every reminder.
            """,
        aliases: ["ls"])

    static let arguments: [ArgumentDefinition] = [
        .positional("name", optional: true, variadic: true, help: "A list name or smart list."),
        .option("list", short: "l", value: "name", help: "A list by name, even one named like a smart list."),
        .flag("completed", short: "c", help: "Include completed reminders (today: those due today)."),
        .option("tag", short: "t", value: "tag", help: "Only reminders with this tag."),
        .option("limit", value: "count", help: "Show at most this many (after sorting)."),
    ] + SortOption.arguments + DueRange.arguments + [
        CommonOptions.json,
    ]

    var name: String?
    var listName: String?
    var includesCompleted: Bool
    var tag: String?
    var limit: Int?
    var order: ReminderOrder?
    var json: Bool
    let parsed: ParsedArguments

    init(parsed: ParsedArguments) throws(CommandError) {
        self.parsed = parsed
        name = parsed.values["name"].map { $0.joined(separator: " ") }
        listName = parsed.value("list")
        // A smart list narrowed to one list (`tick list today --list Work`) is fine;
        // two lists are not.
        if let name, listName != nil, SmartList(rawValue: name.lowercased()) == nil, DayView(rawValue: name.lowercased()) == nil {
            throw .usage("give the list either as NAME or with --list, not both (a smart list such as 'today' takes --list)")
        }
        includesCompleted = parsed.has("completed")
        if includesCompleted, name.flatMap({ SmartList(rawValue: $0.lowercased()) }) == .overdue {
            throw .usage("--completed: a completed reminder is not overdue; see 'tick list completed', "
                         + "or 'tick list today --completed' for today's done ones")
        }
        tag = try parsed.value("tag").map { text throws(CommandError) in try ValueReader.tags([text]).first ?? text }
        limit = try parsed.value("limit").map { text throws(CommandError) in try ValueReader.positiveInt(text, option: "limit") }
        order = try SortOption.order(parsed)
        json = parsed.has("json")
    }

    func run(in context: CommandContext) throws {
        if listName == nil || name != nil, let view = name.flatMap({ DayView(rawValue: $0.lowercased()) }) {
            if order != nil { throw CommandError.usage("--sort: \(view.rawValue) is grouped by day in due order; sort a smart list instead (tick list scheduled --sort title)") }
            try run(view, in: context)
            return
        }
        let smartList = name.flatMap { SmartList(rawValue: $0.lowercased()) }
        let source: ListingSource
        if let smartList {
            source = listName.map { .smartListInList(smartList, listNamed: $0) } ?? .smartList(smartList)
        } else if tag == nil || name != nil || listName != nil {
            source = .list(named: listName ?? name)
        } else {
            source = .everyList
        }
        let range = try DueRange(parsed: parsed, context: context)
        // The list column shows where the rows come from several lists: the source names no list.
        let showsList: Bool
        switch source {
        case .smartList, .everyList: showsList = true
        case .list, .listID, .smartListInList: showsList = false
        }
        let (listing, table): (ListingResult, ReminderTable?)
        do {
            (listing, table) = try context.listingTable(ListingRequest(
                source: source, tag: tag, includesCompleted: includesCompleted, limit: range.isActive ? nil : limit,
                order: order, detail: .forOutput(json: json)), range: range, limit: limit, showsList: showsList)
        } catch ActionError.listNotFound(let missing, let names) where listName == nil && Suggestion.closest(to: missing, among: names) == nil {
            // A typo of a smart list (`tick list tday`) is not a list to create (a tester).
            let views = SmartList.allCases.map(\.rawValue) + [DayView.week.rawValue, DayView.upcoming.rawValue]
            guard let view = Suggestion.closest(to: missing, among: views) else { throw ActionError.listNotFound(name: missing, existing: names) }
            throw CommandError.runtime("there is no list named \(missing.singleQuotedForMessage); did you mean the smart list "
                                       + "\(view.singleQuotedForMessage)? (tick list \(view))")
        }
        guard let table else { return }
        let (lists, heading, total, narrowed) = (listing.lists, listing.list, listing.openCount, listing.narrowedTo)
        let printer = ReminderPrinter(context: context, lists: lists, showsList: showsList)
        let count = table.count
        if let heading {
            var detail = "\(total) open"
            if count < total, limit != nil || range.isActive { detail += ", showing \(count)" }
            context.print(printer.heading(dot: heading.color, title: heading.name, detail: detail))
        } else {
            var title = smartList?.title ?? "Tagged #\(tag ?? "")"
            if let narrowed { title += " in " + narrowed.name }
            let detail = range.isActive ? "\(count)" : limit == count ? "first \(total)" : "\(total)"
            context.print(printer.heading(dot: narrowed?.color, title: title, detail: detail))
        }
        if count == 0 {
            let message = emptyMessage(smartList: smartList, list: heading)
            let width = context.environment.width ?? Int.max / 4
            context.print(context.style.dim(TerminalText.truncated(message, toWidth: width)))
            return
        }
        printer.write(table)
    }

    private func emptyMessage(smartList: SmartList?, list: ReminderList?) -> String {
        switch smartList {
        case .today?: return "Nothing due today."
        case .overdue?: return "Nothing overdue."
        case .scheduled?: return "Nothing scheduled."
        case .flagged?: return "Nothing flagged."
        case .completed?: return "Nothing completed yet."
        case .all?: return "No open reminders. Add one with: tick add TITLE"
        case nil:
            if let list { return "No open reminders in \(TerminalText.sanitized(list.name))." }
            return "No reminders."
        }
    }
}
