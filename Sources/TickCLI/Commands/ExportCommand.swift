import Foundation
import TickActions
import TickModel
import TickTerminal
import TickStore
import TickInterchange

/// `tick export`: every reminder (or one list) in a standard format.
struct ExportCommand: Command {
    static let configuration = CommandConfiguration(
        name: "export",
        abstract: "Export reminders to standard output or a file.",
        discussion: """
            json is Tick's own archive: every list and reminder with every field; 'tick import'
            restores it. ics writes iCalendar (RFC 5545): one VCALENDAR per list with
            reminders (lists without any are left out), one after another, with each reminder as a VTODO and what an import kept written back
            unchanged. todotxt writes one line per reminder. Completed reminders are included.
            """)

    static let arguments: [ArgumentDefinition] = [
        .option("format", value: "format", help: "json (default), ics or todotxt."),
        .option("list", short: "l", value: "name", help: "Only this list."),
        .option("output", short: "o", value: "file", help: "Write to this file (replaced atomically) instead of standard output."),
    ]

    let format: InterchangeFormat
    let listName: String?
    let outputPath: String?

    init(parsed: ParsedArguments) throws(CommandError) {
        format = try parsed.value("format").map { text throws(CommandError) in
            try InterchangeFormat.named(text, allowed: InterchangeFormat.exportable)
        } ?? .json
        guard InterchangeFormat.exportable.contains(format) else {
            throw .usage("tick cannot export \(format.rawValue); use one of "
                         + InterchangeFormat.exportable.map(\.rawValue).joined(separator: ", "))
        }
        listName = parsed.value("list")
        outputPath = parsed.value("output")
    }

    func run(in context: CommandContext) throws {
        let contents = try context.actions().exportContents(of: listName.map { .named($0) })
        let (lists, reminders) = (contents.lists, contents.reminders)
        let text: String
        switch format {
        case .json:
            text = TickJSON.archiveText(lists: lists, reminders: reminders, exportedAt: context.now)
        case .ics:
            text = ICalendarWriter().write(lists: lists, reminders: reminders)
            if text.isEmpty {
                // An iCalendar file needs a VCALENDAR, and a VCALENDAR a component (RFC 5545 §3.4, §3.6).
                let what = listName.map { "the list '\(TerminalText.sanitized($0))' has no reminders" } ?? "there are no reminders"
                context.warn("\(what); an iCalendar file needs at least one, so nothing was written")
                return
            }
        case .taskwarrior:
            throw CommandError.usage("tick cannot export taskwarrior")
        case .todotxt:
            // The first list is where an import puts lines without a +project: leave it implicit.
            var names = Dictionary(lists.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            if listName == nil, let first = lists.first { names[first.id] = nil }
            let zone = context.dateContext.timeZone
            var lines = ""
            for reminder in reminders {
                lines += TodoTxtWriter.line(for: reminder, listName: names[reminder.listID], timeZone: zone) + "\n"
            }
            text = lines
        }
        guard let outputPath, outputPath != "-" else {
            context.output.write(text)
            return
        }
        try ExportCommand.writeFile(text, to: context.environment.absolute(outputPath), shownAs: outputPath)
        context.errors.write("Exported \(reminders.count) reminder\(reminders.count == 1 ? "" : "s") to \(outputPath)\n")
    }

    /// Replaces the file at `path` with `text` atomically (a temporary file renamed over
    /// it), following a symbolic link to its target and keeping the target's permissions;
    /// a new file is private (0600), as the reminders in it are.
    static func writeFile(_ text: String, to path: String, shownAs name: String) throws {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let manager = FileManager.default
        let mode = (try? manager.attributesOfItem(atPath: target)[.posixPermissions] as? Int) ?? 0o600
        let temporary = target + ".tick-\(getpid()).tmp"
        guard manager.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: mode]) else {
            throw CommandError.runtime("cannot write \(name): \(String(cString: strerror(errno)))")
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(atPath: temporary)
            throw CommandError.runtime("cannot write \(name): \(reason)")
        }
    }
}
