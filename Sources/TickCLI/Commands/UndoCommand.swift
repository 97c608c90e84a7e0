import Foundation
import TickActions
import TickInterchange
import TickModel
import TickStore
import TickTerminal

/// `tick undo [ID] [--list [--all]] [--json]`: takes back a change a command made, from the
/// change journal (schema version 8), or lists the changes it can take back.
struct UndoCommand: Command {
    static let configuration = CommandConfiguration(
        name: "undo",
        abstract: "Take back the last change (or change ID); --list shows what can be undone.",
        discussion: """
            Every command that changes reminders or lists (add, done, undone, toggle, edit, snooze, move, delete,
            lists add/rename/color/move/delete, import) is one change in the journal, which keeps the last \(Database.journalDepth).
            'tick undo' takes back the newest change not undone yet; run it again to go further back. Deleted reminders
            and lists come back with their numbers, places and completed occurrences; added ones are deleted; edited
            fields get their old values. A field, reminder or list changed since by anything else (another command,
            the UI, sync, the server) is never overwritten: then nothing is undone and the error says what changed.
            'tick serve' journals each request's change (web app, API, CalDAV clients), so it can be undone here.
            Not journaled: 'tick ui' (it has its own undo, u), 'tick sync' and the agent.
            """)
    static let arguments: [ArgumentDefinition] = [
        .positional("id", optional: true, help: "The change to take back (see --list); default: the newest not undone."),
        .flag("list", help: "Show the changes that can be undone, newest first, instead of undoing."),
        .flag("all", help: "With --list: also show changes already undone."),
        CommonOptions.json,
    ]

    let id: Int64?
    let listsChanges: Bool
    let showsAll: Bool
    let json: Bool

    init(parsed: ParsedArguments) throws(CommandError) {
        if let text = parsed.value("id") {
            guard let value = Int64(text), value > 0 else {
                throw .usage("'\(TerminalText.sanitized(text))' is not a change number; see 'tick undo --list'")
            }
            id = value
        } else {
            id = nil
        }
        listsChanges = parsed.has("list")
        showsAll = parsed.has("all")
        json = parsed.has("json")
        if showsAll && !listsChanges { throw .usage("--all goes with --list") }
        if listsChanges && id != nil { throw .usage("--list takes no change number") }
    }

    func run(in context: CommandContext) throws {
        let actions = try context.actions()
        if listsChanges {
            let changes = try actions.undoableChanges(includingUndone: showsAll)
            if json {
                context.print(JSONValue.array(changes.map(TickJSON.object(for:))).serialized())
            } else {
                printChanges(changes, in: context)
            }
            return
        }
        let result = try actions.undo(id)
        context.undoneChange = result.change.id
        if json {
            context.print(UndoCommand.object(for: result).serialized())
        } else {
            printResult(result, in: context)
        }
    }

    private func printChanges(_ changes: [JournalChange], in context: CommandContext) {
        guard !changes.isEmpty else {
            context.print(showsAll ? "The journal is empty: no command has changed anything yet." : "Nothing to undo.")
            return
        }
        let formatter = DueFormatter(context: context.dateContext)
        var rows: [[String]] = []
        for change in changes {
            var what = UndoCommand.described(change.summary)
            if let undone = change.undoneAt { what += " (undone " + formatter.string(for: undone) + ")" }
            rows.append([String(change.id), formatter.string(for: change.madeAt), UndoCommand.shown(change.command), what])
        }
        // The command keeps its room on a narrow terminal; what it did gives way first.
        let table = TextTable(columns: [TextTable.Column(alignment: .right), TextTable.Column(),
                                        TextTable.Column(minWidth: 16, isFlexible: true), TextTable.Column(isFlexible: true)])
        for line in table.render(rows: rows, totalWidth: context.environment.width ?? Int.max / 4) { context.print(line) }
    }

    /// The widest a command line is shown (in terminal columns), whatever the terminal: a
    /// `tick delete` of 60,000 numbers is a line of 300 KB (`--json` gives it whole).
    static let commandWidth = 200

    /// `command` as shown to people: sanitized, cut to `commandWidth` columns with an ellipsis.
    static func shown(_ command: String) -> String {
        TerminalText.truncated(TerminalText.sanitized(command), toWidth: commandWidth)
    }

    private func printResult(_ result: UndoResult, in context: CommandContext) {
        let formatter = DueFormatter(context: context.dateContext)
        context.print("Undid change \(result.change.id), made " + formatter.string(for: result.change.madeAt) + ": "
                      + UndoCommand.shown(result.change.command))
        var lines: [String] = []
        lines += result.listsRestored.map { "Restored list \($0.name.singleQuotedForMessage)" }
        lines += result.listsReverted.map { "Put back list \($0.name.singleQuotedForMessage)" }
        lines += result.restored.map { "Restored \($0.number) \($0.title.quotedForMessage)" }
        lines += result.reverted.map { "Put back \($0.number) \($0.title.quotedForMessage)" }
        lines += result.removed.map { "Deleted \($0.number) \($0.title.quotedForMessage)" }
        lines += result.listsRemoved.map { "Deleted list \($0.name.singleQuotedForMessage)" }
        let shown = 20
        for line in lines.prefix(shown) { context.print("  " + line) }
        if lines.count > shown { context.print("  … and \(lines.count - shown) more") }
        if lines.isEmpty { context.print("  (everything it changed was already as it had been)") }
    }

    /// "2 reminders deleted, 1 list added".
    static func described(_ summary: JournalSummary) -> String {
        func count(_ number: Int, _ noun: String, _ verb: String) -> String? {
            number == 0 ? nil : "\(number) \(noun)\(number == 1 ? "" : "s") \(verb)"
        }
        let parts = [count(summary.remindersAdded, "reminder", "added"), count(summary.remindersDeleted, "reminder", "deleted"),
                     count(summary.remindersChanged, "reminder", "changed"), count(summary.listsAdded, "list", "added"),
                     count(summary.listsDeleted, "list", "deleted"), count(summary.listsChanged, "list", "changed")]
        return parts.compactMap { $0 }.joined(separator: ", ")
    }

    /// `{ "change": {…}, "restored", "reverted", "removed": [reminders], "listsRestored",
    /// "listsReverted", "listsRemoved": [lists] }`.
    static func object(for result: UndoResult) -> JSONValue {
        func reminders(_ list: [Reminder]) -> JSONValue { .array(list.map { TickJSON.object(for: $0, listName: nil) }) }
        func lists(_ list: [ReminderList]) -> JSONValue { .array(list.map { TickJSON.object(for: $0) }) }
        return .object([
            ("change", TickJSON.object(for: result.change)),
            ("restored", reminders(result.restored)), ("reverted", reminders(result.reverted)), ("removed", reminders(result.removed)),
            ("listsRestored", lists(result.listsRestored)), ("listsReverted", lists(result.listsReverted)),
            ("listsRemoved", lists(result.listsRemoved)),
        ])
    }
}

/// Words written back as a POSIX shell reads them, for command lines shown to people
/// (`tick undo --list`).
enum ShellWords {
    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-")

    /// `word` as is when the shell takes it so, else in single quotes (a quote inside as `'\''`).
    static func quoted(_ word: String) -> String {
        if !word.isEmpty && word.allSatisfy({ plain.contains($0) }) { return word }
        return "'" + word.replacingScalars(["'": "'\\''"]) + "'"
    }

    /// Characters a POSIX shell reads as more than a letter of a word.
    private static let special = Set(" \t\n'\"\\$`|&;<>()*?[]#~!{}^")

    /// `word` for a command a message shows between its own single quotes (`Create it with
    /// 'tick lists add "My Stuff"'`): as is when the shell takes it so (Korean too), else in
    /// double quotes with `"` `\` `$` and a backquote escaped, so that what is between the
    /// message's quotes runs as shown; a word with `!` (history expansion in double quotes)
    /// in single quotes (`quoted`). Control characters are the caller's to remove
    /// (`TerminalText.sanitized`).
    static func inMessage(_ word: String) -> String {
        if !word.isEmpty && !word.contains(where: { special.contains($0) }) { return word }
        if word.contains("!") { return quoted(word) }
        var out = "\""
        for character in word {
            if character == "\"" || character == "\\" || character == "$" || character == "`" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }
}
