import Foundation
import TickModel
import TickTerminal
import TickStore
import TickInterchange
import TickActions

/// `tick import FILE`: reminders from another program, all or nothing.
struct ImportCommand: Command {
    static let configuration = CommandConfiguration(
        name: "import",
        abstract: "Import reminders from a file.",
        discussion: """
            Formats: iCalendar VTODOs (.ics: Apple Reminders, Thunderbird, Nextcloud, tasks.org),
            Taskwarrior 'task export' JSON, todo.txt (.txt), and Tick's own export
            (tick export --format json), which restores a backup. The format is guessed from
            the file name and contents; --format sets it. FILE '-' reads standard input.
            iCalendar: one list per VCALENDAR (X-WR-CALNAME, else the file name); events and
            journals are skipped and counted; what Tick does not use is kept for the export.
            Taskwarrior: one list per project; deleted tasks are skipped and counted.
            A file with an error is refused with its line number and nothing is imported.
            Reminders with a UID already in the database are updated, never duplicated,
            unless the stored one changed after the file's copy (LAST-MODIFIED, Taskwarrior
            'modified', the archive's modifiedAt): then it is kept, counted as kept (newer here).
            An updated reminder moves only to a list the file names (X-WR-CALNAME, +project,
            project) or to --list; todo.txt lines are matched by their uid: word, else their text.
            """)

    static let arguments: [ArgumentDefinition] = [
        .positional("file", help: "The file to read, or - for standard input."),
        .option("format", value: "format", help: "ics, taskwarrior, todotxt or json (default: guessed)."),
        .option("list", short: "l", value: "name", help: "Put every reminder into this list."),
        .flag("dry-run", help: "Check the file and say what would be imported, without saving."),
        CommonOptions.json,
    ]

    /// How many warnings are written to standard error before the rest are counted.
    static let shownWarnings = 20

    let path: String
    let format: InterchangeFormat?
    let listName: String?
    let dryRun: Bool
    let json: Bool

    init(parsed: ParsedArguments) throws(CommandError) {
        path = parsed.value("file") ?? "-"
        format = try parsed.value("format").map(InterchangeFormat.named)
        listName = parsed.value("list")
        // A blank name is refused as `tick lists add` refuses it (it was "no list named ''"
        // with a hint to make one that `lists add` then refused; a tester).
        if let listName, listName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw .usage("--list: \(ModelError.blankName(.listName).description)")
        }
        dryRun = parsed.has("dry-run")
        json = parsed.has("json")
    }

    func run(in context: CommandContext) throws {
        let input = try open(context: context)
        let format = try detectedFormat(of: input)
        try refuseIfNotText(input, name: sourceName)
        guard format == .ics else { return try save(format == .json ? .archivePieces : .whole(nil), format: format, input: input, context: context) }
        // An iCalendar file is saved as it is read, unless it needs to be read whole (a UID
        // given twice, a changed occurrence …): then the pieces saved are rolled back with
        // the transaction, and it is read whole and saved again. A file of known size is
        // read from its start again for that (the file opened: a tester removed it meanwhile),
        // so that only the lines not yet read are held; standard input or a pipe is held whole.
        let data: Data?
        do {
            data = input.byteCount != nil && path != "-" ? nil : try input.readToEnd()
        } catch {
            throw failure(error)
        }
        do {
            try save(.iCalendarPieces(data), format: format, input: input, context: context)
        } catch let whole as ICalendarPieces.NeedsWholeFile {
            sayReadingAgain(whole, context: context)
            if data == nil {
                do {
                    try input.rewind()
                } catch {
                    throw failure(error)
                }
            }
            try save(.whole(data), format: format, input: input, context: context)
        }
    }

    /// On a terminal, says why the file is read again, whole (a tester: the progress line
    /// said "1 s left", then the terminal was silent while the import was done again); an
    /// error is said by the whole read. Off a terminal, nothing: the output is the whole read's.
    private func sayReadingAgain(_ whole: ICalendarPieces.NeedsWholeFile, context: CommandContext) {
        guard context.environment.isErrorTerminal, !whole.isError else { return }
        context.errors.write("tick: \(TerminalText.sanitized(sourceName)) is read again, whole: \(TerminalText.sanitized(whole.reason))\n")
        context.errors.flush()
    }

    /// How a file is read for `save`.
    private enum Reading {
        /// A Tick archive, a piece at a time (`TickArchiveStream`, `TickArchiveReadAhead`).
        case archivePieces
        /// An iCalendar file, a piece at a time (`ICalendarPieces`, `ReadAhead`): from these
        /// bytes, or from the input as it is read when nil.
        case iCalendarPieces(Data?)
        /// The whole file at once: these bytes, or nil to read them from the input.
        case whole(Data?)
    }

    /// Reads the file as `reading` says and saves it in one transaction, then says what
    /// it did.
    /// - Throws: `CommandError` for a file that cannot be read or saved (nothing saved);
    ///   `ICalendarPieces.NeedsWholeFile` when an iCalendar file read in pieces must be read
    ///   whole (nothing saved, nothing said).
    private func save(_ reading: Reading, format: InterchangeFormat, input: ImportSource, context: CommandContext) throws {
        let name = sourceName
        var pieces: TickArchiveReadAhead?
        var calendarReader: ICalendarPieces?
        var calendarPieces: ReadAhead<(batch: ImportBatch, bytesRead: Int)>?
        var readsAudioAlarms = true
        var bytesRead = 0
        let batch: ImportBatch
        do {
            switch reading {
            case .archivePieces:
                // A Tick archive is read and saved a piece at a time, all in one transaction:
                // memory holds two pieces (the one saved, the next read meanwhile), whatever
                // the size of the file.
                var archive = TickArchiveStream(source: name) { try input.next() }
                let lists = try archive.start()
                readsAudioAlarms = archive.readsAudioAlarms
                let first = try archive.next(upTo: Actions.importPieceSize) ?? []
                bytesRead = archive.bytesRead
                batch = ImportBatch(lists: lists, reminders: Self.readingAudioAlarms(first, readsAudioAlarms: readsAudioAlarms, context: context))
                pieces = TickArchiveReadAhead(archive, pieceSize: Actions.importPieceSize)
            case .iCalendarPieces(let data):
                let calendars = ICalendarReader(now: context.now, fileListName: InterchangeFormat.isUnnamed(path) ? nil : fileListName,
                                                workerCount: ProcessInfo.processInfo.activeProcessorCount)
                let reader = try data.map { try calendars.pieces($0, source: name) }
                    ?? calendars.pieces(source: name) { try input.next() }
                batch = try reader.next(upTo: Actions.importPieceSize) ?? ImportBatch()
                bytesRead = reader.bytesRead
                calendarReader = reader
                calendarPieces = ReadAhead { try reader.next(upTo: Actions.importPieceSize).map { ($0, reader.bytesRead) } }
            case .whole(let data):
                // The file's bytes are gone once it is read: a big file is not held while it is saved.
                batch = try Self.read(try data ?? input.readToEnd(), format: format, source: name, context: context,
                                      keepsProjects: listName != nil, fileListName: InterchangeFormat.isUnnamed(path) ? nil : fileListName)
            }
        } catch let whole as ICalendarPieces.NeedsWholeFile {
            throw whole
        } catch {
            throw failure(error)
        }
        let request = ImportRequest(batch: batch, fallbackListName: listName, restoresArchive: format == .json,
                                    mergeRule: format == .todotxt ? .todoTxt : .replace, isDryRun: dryRun)
        let actions = try context.actions()
        let progress = ProgressLine(context: context, verb: "importing", total: nil)
        /// Counts `piece` done; for a file of known size read in pieces, the total is worked
        /// out from the share of its bytes read so far.
        func advance(by piece: Int) {
            guard let progress else { return }
            if let size = input.byteCount, pieces != nil || calendarPieces != nil, bytesRead > 0 {
                progress.total = max(progress.count + piece, Int((Double(progress.count + piece) * Double(size) / Double(bytesRead)).rounded()))
                progress.isTotalEstimated = true
            }
            progress.advance(by: piece)
        }
        advance(by: batch.reminders.count)
        let summary: ImportSummary
        // The rules of an archive's later pieces, said after the import (a tester: only the
        // first piece's were checked).
        var pieceWarnings: [String] = []
        // Those of an iCalendar file's later pieces, said with the first's, as when it is read whole.
        var calendarRuleWarnings: [String] = []
        do {
            defer {
                pieces?.stop()
                calendarPieces?.stop()
                progress?.finish()
            }
            summary = try actions.importBatch(request) {
                if let calendarPieces {
                    guard let read = try calendarPieces.next() else { return nil }
                    bytesRead = read.bytesRead
                    advance(by: read.batch.reminders.count)
                    calendarRuleWarnings += Self.ruleWarnings(read.batch.reminders, source: name, format: format)
                    return read.batch
                }
                guard let read = try pieces?.next() else { return nil }
                bytesRead = read.bytesRead
                let piece = Self.readingAudioAlarms(read.reminders, readsAudioAlarms: readsAudioAlarms, context: context)
                advance(by: piece.count)
                pieceWarnings += Self.ruleWarnings(piece, source: name, format: format)
                return ImportBatch(reminders: piece)
            }
        } catch let error as InterchangeError {
            throw failure(error)
        } catch let error as CommandError {
            throw failure(error)
        } catch let error as StoreError {
            throw failure(error)
        }
        // What the file gave besides reminders: the whole batch's, or once an iCalendar file
        // read in pieces is read to its end, its reader's.
        let read = calendarReader?.remainder ?? batch
        // Said once the import is done: an import refused after the file was read (a --list
        // that is no list) said them, then "nothing was imported" (a tester).
        let readWarnings = read.warnings + Self.ruleWarnings(batch.reminders, source: name, format: format) + calendarRuleWarnings
        let startWarnings = pieceWarnings + summary.droppedStarts.map { droppedStartWarning($0, format: format, context: context) }
            + summary.brokenParentLoops.map { loop in
                "#\(loop.number.rawValue) \"\(TerminalText.sanitized(loop.title))\" was made a top-level reminder: its parent "
                    + "in the file (\(TerminalText.sanitized(loop.parentUID.rawValue))) is itself or one of its subtasks"
            }
            + Self.parentsNotFoundWarnings(summary.parentsNotFound)
        // A big file with one odd line per record would bury the summary: show the first
        // ones and count the rest (--json lists them all).
        for warning in readWarnings.prefix(Self.shownWarnings) { context.warn(warning) }
        if readWarnings.count > Self.shownWarnings {
            let more = readWarnings.count - Self.shownWarnings
            context.warn("\(more) more warning\(more == 1 ? "" : "s") not shown; 'tick import --json' lists them all")
        }
        for warning in startWarnings { context.warn(warning) }
        report(summary, batch: read, warnings: readWarnings + startWarnings, format: format, context: context)
    }

    /// One warning for each reminder whose repeat rule Tick cannot expand (an RRULE with
    /// `BYWEEKNO`, `FREQ=HOURLY`, …): it is kept as written and exported again, but completing
    /// the reminder completes it for good (a tester: such rules were imported without a word,
    /// and `tick done` was the first to say so).
    ///
    /// And one for each repeating reminder with neither a due date nor a start, which is the
    /// first occurrence (`tick add` refuses one; a tester: an archive's and an RRULE without
    /// DUE or DTSTART were imported without a word, shown as repeating, and completed for good).
    static func ruleWarnings(_ reminders: [ImportedReminder], source: String, format: InterchangeFormat) -> [String] {
        reminders.compactMap { item -> String? in
            guard let recurrence = item.reminder.recurrence else { return nil }
            if item.reminder.due == nil && item.reminder.start == nil && !item.reminder.isCompleted {
                return "\(place(item.lineNumber, source: source, format: format)): \(item.reminder.title.quotedForMessage) repeats but has "
                    + "no due date, which is its first occurrence; the rule is kept, but completing it completes it for good "
                    + "(give it one with tick edit N --due)"
            }
            guard let text = recurrence.unreadableText else { return nil }
            let reason: String
            switch Result(catching: { () throws(ModelError) in try recurrence.read() }) {
            case .success: return nil
            case .failure(.invalidRecurrence(_, let why)): reason = why
            case .failure(let error): reason = error.description
            }
            return "\(place(item.lineNumber, source: source, format: format)): \(item.reminder.title.quotedForMessage) repeats by "
                + "RRULE:\(TerminalText.sanitized(text)), which Tick cannot expand (\(reason)); the rule is kept as written, "
                + "but completing it completes it for good"
        }
    }

    /// The warnings for reminders whose parent is in neither the file nor the database: one
    /// a reminder up to three, else one line naming the first three.
    static func parentsNotFoundWarnings(_ links: [ImportSummary.BrokenParentLoop]) -> [String] {
        let kept = "the link is kept, and `show` says the parent is not in this database"
        if links.count <= 3 {
            return links.map { link in
                "#\(link.number.rawValue) \"\(TerminalText.sanitized(link.title))\" names a parent (\(TerminalText.sanitized(link.parentUID.rawValue))) "
                    + "that is neither in the file nor in this database; " + kept
            }
        }
        let first = links.prefix(3).map { "#\($0.number.rawValue)" }.joined(separator: ", ")
        return ["\(links.count) reminders (\(first) …) name a parent that is neither in the file nor in this database; "
                + "the links are kept, and `show` says each parent is not in this database"]
    }

    /// The error for a file that cannot be read (`CommandError` or another error from
    /// reading it) or understood (`InterchangeError`), or an import the store failed (`StoreError`).
    private func failure(_ error: any Error) -> any Error {
        switch error {
        case let error as InterchangeError:
            return CommandError.runtime("\(error.description)\nNothing was imported.")
        case let error as StoreError:
            // The import's one transaction was rolled back (a tester: a disk that refused the
            // writes late in a big import said only "database: disk I/O error").
            return CommandError.runtime(StoreErrorMessage.text(for: error) + "\nNothing was imported.")
        case let error as CommandError:
            return CommandError.runtime("cannot read \(path): \(error.description)")
        default:
            return CommandError.runtime("cannot read \(path): \((error as NSError).localizedDescription)")
        }
    }

    /// Every format Tick imports is text, where a NUL byte has no place: one in the first 64
    /// KiB refuses the file at once. A tester's 300 MB sparse file was read whole (950 MB of
    /// memory, 15 s, and 2 minutes as todo.txt) before "line 1" was refused, and `/dev/zero`
    /// with `--format json` took memory without end.
    /// - Throws: `CommandError.runtime` naming the byte, "Nothing was imported.".
    private func refuseIfNotText(_ input: ImportSource, name: String) throws {
        let head: Data
        do {
            head = try input.peek(1 << 16)
        } catch {
            throw failure(error)
        }
        // UTF-16 (what Windows programs call "Unicode") has a NUL in every ASCII character, and
        // its mark is no UTF-8: say what it is (a tester: "a NUL byte; this is not a text file").
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            throw CommandError.runtime("\(name) is UTF-16 text (it begins with the byte order mark \(head.starts(with: [0xFF, 0xFE]) ? "FF FE" : "FE FF")); "
                                       + "Tick reads UTF-8: save it as UTF-8 (iconv -f UTF-16 -t UTF-8) and import that\nNothing was imported.")
        }
        guard let nul = head.firstIndex(of: 0) else { return }
        if let order = ImportCommand.utf16ByteOrder(of: head) {
            throw CommandError.runtime("\(name) looks like UTF-16\(order) text without a byte order mark (every other byte is NUL); "
                                       + "Tick reads UTF-8: save it as UTF-8 (iconv -f UTF-16\(order) -t UTF-8) and import that\nNothing was imported.")
        }
        // Lines end at LF, CR LF or a lone CR, as the readers take them.
        var (line, lineStart, index) = (1, head.startIndex, head.startIndex)
        while index < nul {
            let byte = head[index]
            index += 1
            if byte == 0x0D, index < nul, head[index] == 0x0A { index += 1 }
            if byte == 0x0A || byte == 0x0D { (line, lineStart) = (line + 1, index) }
        }
        let column = nul - lineStart + 1
        throw CommandError.runtime("\(name) line \(line), column \(column): a NUL byte; this is not a text file (Tick imports "
                                   + "iCalendar, todo.txt, Taskwarrior JSON and its own archives, all text)\nNothing was imported.")
    }

    /// "LE" or "BE" when the first bytes of `head` read as UTF-16 text of that order without a
    /// byte order mark: NUL in every byte of one parity and in none of the other (ASCII text,
    /// which all four formats begin with); nil otherwise.
    static func utf16ByteOrder(of head: Data) -> String? {
        let bytes = Array(head.prefix(256))
        guard bytes.count >= 8 else { return nil }
        let pairs = bytes.count / 2
        let evenNULs = stride(from: 0, to: pairs * 2, by: 2).filter { bytes[$0] == 0 }.count
        let oddNULs = stride(from: 1, to: pairs * 2, by: 2).filter { bytes[$0] == 0 }.count
        if oddNULs == pairs && evenNULs == 0 { return "LE" }
        if evenNULs == pairs && oddNULs == 0 { return "BE" }
        return nil
    }

    /// Where a reminder of the file is, as a warning names it: `FILE line N`; in a Tick
    /// archive `FILE: reminders[i]`, as its errors name one (a tester: its warnings said
    /// "line N" for the reminder's place in the array, on a file of one line).
    static func place(_ lineNumber: Int, source: String, format: InterchangeFormat) -> String {
        format == .json ? "\(source): reminders[\(lineNumber - 1)]" : "\(source) line \(lineNumber)"
    }

    /// The warning for a start date the import left out because it was after the due date.
    private func droppedStartWarning(_ dropped: ImportSummary.DroppedStart, format: InterchangeFormat, context: CommandContext) -> String {
        let formatter = DueFormatter(context: context.dateContext)
        return "\(Self.place(dropped.lineNumber, source: sourceName, format: format)): the start date (\(formatter.string(for: dropped.start))) is after "
            + "the due date (\(formatter.string(for: dropped.due))); imported without the start date"
    }

    /// How messages name the file: its name, the path of a process substitution
    /// (`/dev/fd/63` says nothing by its last part alone), or standard input.
    private var sourceName: String {
        path == "-" ? "standard input" : path.hasPrefix("/dev/") ? path : (path as NSString).lastPathComponent
    }

    /// Opens the file (or standard input).
    /// - Throws: `CommandError` for a folder or a file that cannot be opened.
    private func open(context: CommandContext) throws -> ImportSource {
        let absolute = path == "-" ? "-" : context.environment.absolute(path)
        var isFolder: ObjCBool = false
        if absolute != "-", FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder), isFolder.boolValue {
            throw CommandError.runtime("\(path) is a folder; give the file to import")
        }
        do {
            return try context.openFile(absolute)
        } catch {
            throw failure(error)
        }
    }

    /// The format given, else guessed from the file's name and first bytes.
    /// - Throws: `CommandError` when it cannot be guessed or the file cannot be read.
    private func detectedFormat(of input: ImportSource) throws -> InterchangeFormat {
        let head: Data
        do {
            head = try input.peek(InterchangeFormat.bytesToDetect)
        } catch {
            throw failure(error)
        }
        if let format {
            // Every line of an iCalendar file is a todo.txt line too: said, not imported as such.
            if format == .todotxt, InterchangeFormat.isICalendar(head) {
                throw CommandError.usage("\(path) is an iCalendar file (it begins with BEGIN:VCALENDAR), not todo.txt; "
                                         + "import it with --format ics, or without --format")
            }
            return format
        }
        // Nothing came through a pipe: the command before it failed, most likely (`curl … |
        // tick import -`). It said "Imported 0 reminders." and succeeded, as an empty todo.txt
        // file does (a tester); an empty named file still does, being a todo.txt of no tasks.
        // Blank lines alone are as empty (a stray newline from the shell; a tester).
        if InterchangeFormat.isUnnamed(path), head.count < InterchangeFormat.bytesToDetect,
           head.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw CommandError.runtime("\(sourceName) is \(head.isEmpty ? "empty" : "only blank lines"): nothing to import "
                                       + "(give --format todotxt to accept an empty todo.txt)\nNothing was imported.")
        }
        guard let format = InterchangeFormat.detect(path: path, data: head) else {
            throw CommandError.usage("cannot tell the format of \(path); give --format with one of: \(InterchangeFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return format
    }

    /// The file name without its extension: the list of a VCALENDAR without a name.
    private var fileListName: String {
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return stem.isEmpty ? name : stem
    }

    /// Reads `data` as `format`.
    /// - Parameters:
    ///   - keepsProjects: every reminder goes to one list (`--list`): a todo.txt
    ///     `+project` that would have picked the list stays in the title instead of being lost.
    ///   - fileListName: the list of iCalendar VTODOs whose VCALENDAR has no name (the file
    ///     name without extension); nil for standard input (the default list).
    /// - Throws: `InterchangeError` for a file that cannot be read.
    static func read(_ data: Data, format: InterchangeFormat, source: String, context: CommandContext,
                     keepsProjects: Bool = false, fileListName: String? = nil) throws -> ImportBatch {
        switch format {
        case .ics:
            return try ICalendarReader(now: context.now, fileListName: fileListName,
                                       workerCount: ProcessInfo.processInfo.activeProcessorCount).read(data, source: source)
        case .taskwarrior:
            return try TaskwarriorReader(now: context.now, timeZone: context.dateContext.timeZone).read(data, source: source)
        case .todotxt:
            let items = try TodoTxtParser.parse(data, source: source)
            var warnings: [String] = []
            var reminders = try TodoTxtImport.plan(items, now: context.now, timeZone: context.dateContext.timeZone, warnings: &warnings)
            if keepsProjects {
                for index in reminders.indices {
                    guard let project = reminders[index].listName else { continue }
                    reminders[index].reminder.title += " +" + project.replacingScalars([" ": "_"])
                    reminders[index].listName = nil
                }
            }
            return ImportBatch(reminders: reminders, warnings: warnings.map { source + " " + $0 })
        case .json:
            let archive = try TickJSON.decodeArchive(data, source: source)
            return ImportBatch(lists: archive.lists, reminders: archive.readsAudioAlarms ? archive.reminders
                               : archive.reminders.map { readingAudioAlarms($0, context: context) })
        }
    }

    /// `reminders` of an archive, with their kept audio VALARMs read as alarms when the
    /// archive does not say it holds them so (`TickArchiveStream.readsAudioAlarms`): an archive of a Tick
    /// before 2026-12-06 held them as kept lines only, which this Tick's export would drop (a
    /// tester). Read as the store's upgrade reads an older database's.
    static func readingAudioAlarms(_ reminders: [ImportedReminder], readsAudioAlarms: Bool,
                                   context: CommandContext) -> [ImportedReminder] {
        readsAudioAlarms ? reminders : reminders.map { readingAudioAlarms($0, context: context) }
    }

    /// One reminder of `readingAudioAlarms(_:readsAudioAlarms:context:)` (the import then sets the fired
    /// state of its alarms as for any other).
    static func readingAudioAlarms(_ imported: ImportedReminder, context: CommandContext) -> ImportedReminder {
        // Most reminders keep no lines: no search for them.
        guard !imported.reminder.iCalendarExtras.isEmpty, let upgraded = KeptAudioAlarms.reading(imported.reminder) else { return imported }
        var result = imported
        result.reminder = upgraded
        return result
    }

    private func report(_ summary: ImportSummary, batch: ImportBatch, warnings: [String], format: InterchangeFormat,
                        context: CommandContext) {
        if json {
            var members: [(String, JSONValue)] = [
                ("format", .string(format.rawValue)),
                ("dryRun", .bool(dryRun)),
                ("added", .int(Int64(summary.added))),
                ("updated", .int(Int64(summary.updated))),
                ("unchanged", .int(Int64(summary.unchanged))),
                ("keptNewer", .int(Int64(summary.keptNewer))),
                ("completedOccurrences", .int(Int64(summary.completedOccurrences))),
                ("createdLists", .array(summary.createdLists.map(JSONValue.string))),
            ]
            members.append(("skipped", .object(batch.skipped.map { ($0.what, .int(Int64($0.count))) })))
            members.append(("warnings", .array(warnings.map(JSONValue.string))))
            context.print(JSONValue.object(members).serialized())
            return
        }
        let total = summary.added + summary.updated + summary.unchanged + summary.keptNewer
        var text = (dryRun ? "Would import " : "Imported ") + "\(total) reminder\(total == 1 ? "" : "s")"
        var parts: [String] = []
        if summary.updated > 0 { parts.append("\(summary.updated) updated") }
        if summary.unchanged > 0 { parts.append("\(summary.unchanged) unchanged") }
        if summary.keptNewer > 0 { parts.append("\(summary.keptNewer) kept (newer here)") }
        if !parts.isEmpty { text += " (" + ([summary.added > 0 ? "\(summary.added) new" : nil].compactMap { $0 } + parts).joined(separator: ", ") + ")" }
        let lists = summary.listNames.sorted()
        if !lists.isEmpty {
            text += " into " + lists.map { TerminalText.sanitized($0) }.joined(separator: ", ")
        }
        // A list named with a final period ends the sentence itself ("into Work." not "Work..").
        if !text.hasSuffix(".") { text += "." }
        context.print(text)
        if !summary.createdLists.isEmpty {
            context.print((dryRun ? "Would create lists: " : "New lists: ") + summary.createdLists.map { TerminalText.sanitized($0) }.joined(separator: ", "))
        }
        if summary.completedOccurrences > 0 {
            let count = summary.completedOccurrences
            context.print((dryRun ? "Would record " : "Recorded ") + "\(count) completed occurrence\(count == 1 ? "" : "s") of repeating reminders.")
        }
        for (what, count) in batch.skipped where count > 0 {
            context.print("Skipped \(count) \(TerminalText.sanitized(what))\(count == 1 ? "" : "s").")
        }
    }
}
