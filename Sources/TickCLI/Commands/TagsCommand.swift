import Foundation
import TickModel
import TickStore
import TickTerminal
import TickInterchange

/// `tick tags`: every tag with its open count (like `tick lists`); `tick list --tag T`
/// shows one tag's reminders.
struct TagsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "tags",
        abstract: "Show every tag with its open count.",
        discussion: """
            A tag with white space, '#' or a quote in it is shown in double quotes: #"garden work".
            See one tag's reminders with: tick list all --tag garden
            """)
    static let arguments: [ArgumentDefinition] = [
        .flag("all", help: "Also show tags that only completed reminders carry."),
        CommonOptions.json,
    ]

    let showsAll: Bool
    let json: Bool

    init(parsed: ParsedArguments) throws(CommandError) {
        showsAll = parsed.has("all")
        json = parsed.has("json")
    }

    func run(in context: CommandContext) throws {
        let counts = try context.actions().store.read { db in try db.tagCounts() }.filter { showsAll || $0.open > 0 }
        if json {
            context.print(JSONValue.array(counts.map {
                .object([("tag", .string($0.tag)), ("open", .int(Int64($0.open))), ("total", .int(Int64($0.total)))])
            }).serialized())
            return
        }
        guard !counts.isEmpty else {
            context.print(showsAll ? "No tags yet. Add one with: tick edit N --tag garden" : "No open reminder has a tag.")
            return
        }
        let rows = counts.map { [TerminalText.sanitized(TagNames.shown($0.tag)), String($0.open)] }
        let table = TextTable(columns: [.userText(lineWidth: context.environment.width), TextTable.Column(alignment: .right)])
        for line in table.render(rows: rows, totalWidth: context.environment.width ?? Int.max / 4) { context.print(line) }
    }
}
