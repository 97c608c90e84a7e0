import Foundation
import TickActions
import TickInterchange
import TickModel
import TickStore
import TickTerminal

/// `tick check [--repair] [--json]`: SQLite's integrity check with Tick's own functions, and
/// Tick's own checks of what it keeps beside the reminders (`Actions.checkIntegrity`);
/// `--repair` makes that again (`Actions.repairDerivedData`). Exit status 1 while a problem
/// is left.
struct CheckCommand: Command {
    static let configuration = CommandConfiguration(
        name: "check",
        abstract: "Check the database for damage; --repair rebuilds what Tick derives from the reminders.",
        discussion: """
            Runs SQLite's integrity check with Tick's own functions (the sqlite3 shell cannot: Tick's indexes use them), \
            the references between rows, every reminder and list read as Tick reads them, and what Tick keeps beside \
            them: the search index, the counts per list, the tags' rows and the CalDAV resources. Nothing is changed.

            With --repair, what Tick derives (every index, the search index, the counts, the tags' rows, the CalDAV \
            resources) is made again from the reminders and lists, in one transaction, then checked again. The \
            reminders and lists themselves are never changed. When they are what is damaged, keep a copy of the file \
            and export what can be read ('tick export --salvage --db COPY'), then import it into a new database.

            Exit status: 0 when nothing is wrong (after a repair, when nothing is left), 1 otherwise.

            Examples:
              tick check
              tick check --repair
            """)
    static let arguments: [ArgumentDefinition] = [
        .flag("repair", help: "Rebuild the indexes, search index, counts, tags' rows and CalDAV resources, then check again."),
        CommonOptions.json,
    ]

    let repair: Bool
    let json: Bool

    init(parsed: ParsedArguments) throws(CommandError) {
        repair = parsed.has("repair")
        json = parsed.has("json")
    }

    func run(in context: CommandContext) throws {
        let actions = try context.actions()
        let report = try repair ? actions.repairDerivedData() : actions.checkIntegrity()
        let left = report.remaining ?? report.problems
        if json {
            context.print(CheckCommand.object(for: report).serialized())
        } else {
            context.print(CheckCommand.lines(for: report, path: actions.store.path).joined(separator: "\n"))
        }
        if !left.isEmpty {
            throw CommandError.runtime(CheckCommand.advice(for: left, repaired: report.remaining != nil,
                                                           more: report.remaining == nil ? report.isCut : left.count >= 100))
        }
    }

    /// What a person reads: what was checked, each problem, and after a repair what is left.
    static func lines(for report: IntegrityReport, path: String) -> [String] {
        let counted = "\(report.reminderCount) reminder\(report.reminderCount == 1 ? "" : "s") in "
            + "\(report.listCount) list\(report.listCount == 1 ? "" : "s")"
        var lines: [String] = []
        if report.problems.isEmpty {
            return ["Checked \(TerminalText.sanitized(path)) (\(counted)): no problems found."]
        }
        let more = report.isCut ? " (the first \(report.problems.count); there are more)" : ""
        lines.append("Checked \(TerminalText.sanitized(path)) (\(counted)): \(report.problems.count) problem\(report.problems.count == 1 ? "" : "s")\(more):")
        lines += report.problems.map { "  " + TerminalText.sanitized($0.description) }
        if let remaining = report.remaining {
            if remaining.isEmpty {
                lines.append("Rebuilt the indexes, the search index, the counts, the tags' rows and the CalDAV resources: no problems left.")
            } else {
                lines.append("Rebuilt the indexes, the search index, the counts, the tags' rows and the CalDAV resources; "
                             + "\(remaining.count) problem\(remaining.count == 1 ? "" : "s") left:")
                lines += remaining.map { "  " + TerminalText.sanitized($0.description) }
            }
        }
        return lines
    }

    /// The error a check ends with while problems are left: which can be repaired, and what
    /// to do about the rest.
    /// - Parameter more: whether there are more problems than `problems` holds (the check stops
    ///   at 100).
    static func advice(for problems: [IntegrityProblem], repaired: Bool, more: Bool = false) -> String {
        let count = (more ? "more than " : "") + "\(problems.count) problem\(problems.count == 1 && !more ? "" : "s")"
        if problems.allSatisfy(\.isDerived), !repaired {
            return "the database has \(count) in what Tick derives from the reminders (no reminder or list is damaged); "
                + "'tick check --repair' rebuilds it"
        }
        return "the database has \(count)\(repaired ? " that rebuilding did not mend" : ""): the reminders or lists themselves "
            + "are damaged. Keep a copy of the file; what can still be read comes out with 'tick export --salvage' "
            + "(read the copy with --db), and 'tick import' of it, or of a backup, into a new database restores it"
    }

    /// `{ "reminders", "lists", "problems": [{ "part", "detail", "derived" }], "more": Bool,
    /// "remaining": [...] | null }` (`remaining` after `--repair`; `part` one of `file`,
    /// `references`, `values`, `searchIndex`, `listCounts`, `tags`, `calDAV`).
    static func object(for report: IntegrityReport) -> JSONValue {
        func problems(_ list: [IntegrityProblem]) -> JSONValue {
            .array(list.map { .object([("part", .string($0.part.rawValue)), ("detail", .string($0.detail)), ("derived", .bool($0.isDerived))]) })
        }
        return .object([
            ("reminders", .int(Int64(report.reminderCount))),
            ("lists", .int(Int64(report.listCount))),
            ("problems", problems(report.problems)),
            ("more", .bool(report.isCut)),
            ("remaining", report.remaining.map(problems) ?? .null),
        ])
    }
}
