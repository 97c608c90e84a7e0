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
        .flag("salvage", help: "Of a damaged database, write what can still be read (a Tick archive; each value left out is said)."),
    ]

    let format: InterchangeFormat
    let listName: String?
    let outputPath: String?
    /// `--salvage`: what can still be read of a damaged database (`Actions.salvage`).
    let salvages: Bool

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
        salvages = parsed.has("salvage")
        if salvages, format != .json || listName != nil {
            throw .usage("--salvage writes every list as a Tick archive: give neither --format \(format.rawValue) nor --list")
        }
    }

    func run(in context: CommandContext) throws {
        let toFile = outputPath.map { $0 != "-" } ?? false
        if toFile, let outputPath {
            try ExportCommand.refuseDatabase(context.environment.absolute(outputPath), shownAs: outputPath,
                                             database: try context.store().path)
        }
        let log = SalvageLog()
        let export: ((ExportSource) throws -> Int?) throws -> Int? = { body in
            salvages ? try context.actions().salvage(into: log, body) : try context.actions().export(of: listName.map { .named($0) }, body)
        }
        defer { if salvages { ExportCommand.tellSalvaged(log, in: context) } }
        let written = try export { source throws -> Int? in
            // Counting costs a scan of an index: only for a line that is shown.
            var progress: ProgressLine?
            if toFile, context.environment.isErrorTerminal {
                progress = ProgressLine(context: context, verb: "exporting", total: try source.reminderCount())
            }
            defer { progress?.finish() }
            var listed = source.lists
            if format == .ics {
                // A list without reminders is left out: an empty VCALENDAR is not valid.
                listed = try source.lists.filter { try source.reminderCount(inList: $0.id) > 0 }
                if listed.isEmpty {
                    // An iCalendar file needs a VCALENDAR, and a VCALENDAR a component (RFC 5545 §3.4, §3.6).
                    let what = listName.map { "the list '\(TerminalText.sanitized($0))' has no reminders" } ?? "there are no reminders"
                    context.warn("\(what); an iCalendar file needs at least one, so nothing was written")
                    return nil
                }
            }
            let target = try ExportTarget(path: toFile ? outputPath.map(context.environment.absolute) : nil,
                                          shownAs: outputPath ?? "-", output: context.output)
            do {
                let count = try write(source, lists: listed, to: target, progress: progress, in: context)
                try target.commit()
                // Said, not left out unseen (a tester: the export `tick check` advises held 9 of 10).
                let orphans = try source.remindersWithoutTheirList()
                if orphans > 0 {
                    context.warn("\(orphans) reminder\(orphans == 1 ? " is" : "s are") not in this export: \(orphans == 1 ? "its" : "their") "
                                 + "list is not in the database (the file is damaged; 'tick check' says more)")
                }
                return count
            } catch {
                target.discard()
                throw error
            }
        }
        guard let written, toFile, let outputPath else { return }
        context.errors.write("Exported \(written) reminder\(written == 1 ? "" : "s") to \(outputPath)\n")
    }

    /// What `--salvage` left out, one line each (the first 20), then how many in all.
    static func tellSalvaged(_ log: SalvageLog, in context: CommandContext) {
        let left = log.unreadable
        guard !left.isEmpty else { return }
        for error in left.prefix(20) { context.warn("left out: \(error.message)") }
        context.warn("\(left.count) value\(left.count == 1 ? "" : "s") that could not be read \(left.count == 1 ? "was" : "were") left out"
                     + (left.count > 20 ? " (the first 20 are named above)" : ""))
    }

    /// Writes the export of `source` to `target` a reminder at a time, in `format`.
    /// - Returns: the number of reminders written.
    /// - Parameter lists: the lists to write (for iCalendar, those with reminders).
    private func write(_ source: ExportSource, lists: [ReminderList], to target: ExportTarget, progress: ProgressLine?,
                       in context: CommandContext) throws -> Int {
        var out: [UInt8] = []
        // The JSON archive has a buffer of its own (below): the array is the other formats'.
        if format != .json { out.reserveCapacity(ExportTarget.chunk + 16 * 1024) }
        var count = 0
        func reminderWritten() throws {
            count += 1
            progress?.advance()
            if out.count >= ExportTarget.chunk {
                try target.write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        switch format {
        case .json:
            // Written into a buffer of its own: some 40 small appends a reminder.
            var bytes = ByteBuffer(capacity: ExportTarget.chunk + 16 * 1024)
            var writer = TickJSON.ArchiveWriter(lists: source.lists, exportedAt: context.now, into: &bytes)
            // A repeating reminder's completed occurrences go with it (few reminders have any).
            let withHistory = try source.remindersWithCompletedOccurrences()
            try source.forEachArchiveRow { row in
                let history = withHistory.contains(row.number.rawValue) ? try source.completedOccurrences(reminder: row.number) : []
                writer.append(archived: row, completedOccurrences: history, to: &bytes)
                count += 1
                progress?.advance()
                if bytes.count >= ExportTarget.chunk {
                    try bytes.withUnsafeBytes { try target.write($0) }
                    bytes.removeAll()
                }
            }
            writer.end(into: &bytes)
            try bytes.withUnsafeBytes { try target.write($0) }
        case .ics:
            try ICalendarWriter.loadLibrary()
            let writer = ICalendarWriter()
            var dropping = Noted()
            for list in lists {
                // Two passes over the list: its header names the time zones its VTODOs use
                // (the first reads only the dates and kept lines of those that have any).
                var zones = ICalendarWriter.ZoneUse()
                try source.forEachZoneUse(inList: list.id) { zones.note(due: $0, start: $1, extras: $2) }
                var calendar = writer.calendar(for: list, using: zones, into: &out)
                try source.forEachReminder(inList: list.id) { reminder in
                    calendar.append(reminder, to: &out)
                    // A title's or notes' control characters go exactly into X-TICK-TITLE /
                    // X-TICK-NOTES, which Tick reads back; a URL's and tags' have no such place.
                    if ([reminder.url ?? ""] + reminder.tags).contains(where: ICalendarText.hasDroppedControls) {
                        dropping.note(reminder)
                    }
                    try reminderWritten()
                }
                calendar.end(into: &out)
            }
            if let named = dropping.named {
                // Said rather than lost unseen: a Tick archive (--format json) keeps them.
                context.warn((dropping.count == 1 ? "1 reminder holds" : "\(dropping.count) reminders hold")
                             + " control characters in a URL or tag, which iCalendar text cannot carry (RFC 5545 §3.3.11); "
                             + "they were left out: " + named + ". A Tick archive (--format json) keeps them")
            }
        case .taskwarrior:
            throw CommandError.usage("tick cannot export taskwarrior")
        case .todotxt:
            // The first list is where an import puts lines without a +project: leave it implicit.
            var names = Dictionary(source.lists.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            if listName == nil, let first = source.lists.first { names[first.id] = nil }
            let zone = context.dateContext.timeZone
            var changed = Noted()
            var unwritable: [String] = []
            var seenUnwritable: Set<String> = []
            for name in names.values.sorted() where TodoTxtWriter.readableWord(name) == nil && !name.isBlank {
                if seenUnwritable.insert("+" + name).inserted { unwritable.append("list \"\(TerminalText.sanitized(name))\"") }
            }
            try source.forEachReminder { reminder in
                for tag in reminder.tags where TodoTxtWriter.readableWord(tag) == nil && !tag.isBlank {
                    if seenUnwritable.insert("@" + tag).inserted { unwritable.append("tag \"\(TerminalText.sanitized(tag))\"") }
                }
                let line = TodoTxtWriter.line(for: reminder, listName: names[reminder.listID], timeZone: zone)
                if TodoTxtWriter.readsBackChanged(line, reminder: reminder, listName: names[reminder.listID], timeZone: zone) {
                    changed.note(reminder)
                }
                out.append(contentsOf: line.utf8)
                out.append(UInt8(ascii: "\n"))
                try reminderWritten()
            }
            if !unwritable.isEmpty {
                let shown = unwritable.prefix(5).joined(separator: ", ") + (unwritable.count > 5 ? " and \(unwritable.count - 5) more" : "")
                context.warn("todo.txt reads a +project or @context only when it ends in a letter, a digit or _: " + shown
                             + (unwritable.count == 1 ? " was" : " were") + " left out of the lines (an import of them keeps "
                             + "the reminders' own); a Tick archive (--format json) keeps them")
            }
            if let named = changed.named {
                // todo.txt has no escape: say so rather than let a round trip change them unseen.
                context.warn((changed.count == 1 ? "1 title holds" : "\(changed.count) titles hold")
                             + " words that todo.txt reads as fields (+project, @context, key:value) and cannot write as text; "
                             + "imported again, \(changed.count == 1 ? "it changes" : "they change"): " + named)
            }
        }
        try target.write(out)
        return count
    }
}

extension ExportCommand {
    /// SQLite's files of a database: the file, its write-ahead log, its shared memory and
    /// its rollback journal (https://sqlite.org/tempfiles.html).
    static let databaseFileSuffixes = ["", "-wal", "-shm", "-journal"]

    /// Refuses an output file that is the database or one of SQLite's files beside it:
    /// renamed over it, the export would replace the reminders it is made from (found by
    /// a tester: `tick export -o` the database's own path said "Exported 5 reminders" and
    /// left a JSON file where the database was). Compared both by path, after symbolic
    /// links, and by file (device and inode), so a hard link is refused too.
    /// - Throws: `CommandError.usage` naming the path.
    static func refuseDatabase(_ output: String, shownAs name: String, database: String) throws(CommandError) {
        let target = URL(fileURLWithPath: output).resolvingSymlinksInPath().path
        let databaseFile = URL(fileURLWithPath: database).resolvingSymlinksInPath().path
        var outputInfo = stat()
        let outputExists = stat(target, &outputInfo) == 0
        for suffix in databaseFileSuffixes {
            var info = stat()
            let sameFile = outputExists && stat(databaseFile + suffix, &info) == 0
                && info.st_dev == outputInfo.st_dev && info.st_ino == outputInfo.st_ino
            if target == databaseFile + suffix || sameFile {
                throw .usage("\(TerminalText.sanitized(name)) is \(suffix.isEmpty ? "the database" : "a file of the database (\(suffix))") "
                             + "itself; export to another file")
            }
        }
    }
}

/// Where an export goes: standard output, or a file replaced atomically (written to a
/// temporary file next to it, renamed over it at the end), following a symbolic link to
/// its target and keeping the target's permissions; a new file is private (0600), as the
/// reminders in it are. Bytes come in chunks, so an export of any size holds one chunk.
private final class ExportTarget {
    /// The bytes an export gathers before writing them out.
    static let chunk = 256 * 1024

    private let output: any OutputSink
    private let name: String
    /// The file being written and the path it replaces (nil when written in place: a pipe or
    /// a device), nil for standard output.
    private var file: (descriptor: Int32, temporary: String?, target: String)?

    /// - Parameters:
    ///   - path: the absolute path of the file, nil for standard output.
    ///   - name: the path as the user gave it, for messages.
    /// - Throws: `CommandError.runtime` when the temporary file cannot be made.
    init(path: String?, shownAs name: String, output: any OutputSink) throws {
        self.output = output
        self.name = name
        guard let path else { return }
        // A named pipe, a device (`/dev/stdout`, `/dev/null`), a socket: written into as it
        // is. A temporary file renamed over it would replace it with a plain file and the
        // reader would get nothing (a tester's `--output /dev/full` as root replaced the device).
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            guard info.st_mode & S_IFMT != S_IFDIR else {
                throw CommandError.runtime("cannot write \(name): it is a folder; give a file name")
            }
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw ExportTarget.failure(name) }
            file = (descriptor, nil, path)
            return
        }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let mode = (try? FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int) ?? 0o600
        ExportTarget.removeAbandonedTemporaries(of: target)
        let temporary = target + ".tick-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ExportTarget.failure(name) }
        // The mode is set after opening: open(2) would mask it with the umask.
        guard fchmod(descriptor, mode_t(mode)) == 0 else {
            let error = ExportTarget.failure(name)
            close(descriptor)
            unlink(temporary)
            throw error
        }
        file = (descriptor, temporary, target)
    }

    /// Removes the temporary files of earlier exports to `target` whose process is gone
    /// (`TARGET.tick-PID.tmp`: an export killed before its rename left one; a tester found
    /// 38 MB left by a `kill -9`). One whose process still runs is another export in flight.
    static func removeAbandonedTemporaries(of target: String) {
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + ".tick-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            guard let pid = pid_t(name.dropFirst(prefix.count).dropLast(4)), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(folder + "/" + name) }
        }
    }

    /// Writes `bytes` out.
    /// - Throws: `CommandError.runtime` when the file cannot be written (a full disk).
    func write(_ bytes: [UInt8]) throws {
        guard file != nil else {
            output.write(bytes: bytes)
            return
        }
        try bytes.withUnsafeBufferPointer { try write($0) }
    }

    /// Writes `bytes` out.
    /// - Throws: `CommandError.runtime` when the file cannot be written (a full disk).
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard let file else {
            output.write(borrowing: bytes)
            return
        }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(file.descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw ExportTarget.failure(name)
            }
            offset += written
        }
    }

    /// Closes the file and renames it over its target (nothing for standard output).
    /// - Throws: `CommandError.runtime` when the file cannot be closed or renamed.
    func commit() throws {
        guard let file else { return }
        self.file = nil
        guard close(file.descriptor) == 0 else {
            let error = ExportTarget.failure(name)
            if let temporary = file.temporary { unlink(temporary) }
            throw error
        }
        guard let temporary = file.temporary else { return }
        guard rename(temporary, file.target) == 0 else {
            let error = ExportTarget.failure(name)
            unlink(temporary)
            throw error
        }
    }

    /// Removes the temporary file after a failure; the target is left as it was (a pipe or
    /// a device written in place has what was written before the failure).
    func discard() {
        guard let file else { return }
        self.file = nil
        close(file.descriptor)
        if let temporary = file.temporary { unlink(temporary) }
    }

    /// `cannot write NAME: REASON`, from `errno`.
    private static func failure(_ name: String) -> CommandError {
        .runtime("cannot write \(name): \(String(cString: strerror(errno)))")
    }
}

/// The reminders an export warns about: the first (named in the warning) and how many, so
/// that an export of any size keeps no list of them.
private struct Noted {
    private(set) var count = 0
    private var first: Reminder?

    mutating func note(_ reminder: Reminder) {
        if first == nil { first = reminder }
        count += 1
    }

    /// `#12 "Title"`, then ` and N others`; nil when none was noted.
    var named: String? {
        guard let first else { return nil }
        let others = count - 1
        return "\(first.number) \"\(TerminalText.truncated(TerminalText.sanitized(first.title), toWidth: 60))\""
            + (others == 0 ? "" : " and \(others) other\(others == 1 ? "" : "s")")
    }
}
