import Foundation
import TickModel
import TickTerminal
import TickStore
import TickActions

/// What a running command works with: the environment, the output streams, the clock,
/// the time zone and locale, and the store (opened on first use).
///
/// Not Sendable: one command runs on one thread.
public final class CommandContext {
    public let environment: TerminalEnvironment
    /// Results (stdout).
    public let output: any OutputSink
    /// The pager behind `output` on a terminal; `dispatch` turns it on for listings and
    /// `--no-pager` drops it.
    var pager: PagerOutput?
    /// Diagnostics (stderr).
    public let errors: any OutputSink
    /// Opens a file or, for `-`, standard input, to be read a piece at a time. Injected
    /// so tests need no files.
    let openFile: (String) throws -> ImportSource
    /// The `--db` option, when given.
    var databaseOverride: String?
    private var openedStore: Store?
    /// The change of the change journal the command's writes made, nil when it made none.
    var recordedChange: Int64? { openedStore?.recordedChange }
    /// The change of the journal `tick undo` took back (an undo records no change of its own).
    var undoneChange: Int64?
    /// The command line to record the command's changes under in the change journal, for
    /// the commands that are journaled (`TickRunner.journaledCommands`).
    var journalCommand: String?

    /// The current time: `TICK_NOW` when set, else the clock.
    public let now: Date
    /// Dates are read and shown in this zone, in this locale. Made when first used: the
    /// zone and locale come from Foundation's ICU data, which a command that shows no date
    /// (`--version`, `--help`, `lists`) need not load (a fifth of `tick --version`'s time).
    public private(set) lazy var dateContext: DateContext = makeDateContext()
    /// The first day of the week (`TICK_WEEK_START`, checked by `init`).
    private let weekStart: Int
    /// How text is styled for the terminal (colors only where allowed).
    let style: Style

    /// - Parameter checksSettings: false for the version and the help, which a bad
    ///   `TICK_WEEK_START` or `TICK_NOW` does not stop (Monday and the clock stand in).
    /// - Throws: `CommandError.usage` when `TICK_NOW` is set but is not an ISO 8601 instant,
    ///   or `TICK_WEEK_START` names no weekday.
    public init(environment: TerminalEnvironment, output: any OutputSink, errors: any OutputSink,
                openFile: @escaping (String) throws -> ImportSource, checksSettings: Bool = true) throws(CommandError) {
        self.environment = environment
        self.output = output
        self.errors = errors
        self.openFile = openFile
        var now = environment.clock
        if let text = environment["TICK_NOW"] {
            let instant = Due.instant(fromISO8601: text)
            if let instant, SupportedDates.contains(instant) {
                now = instant
            } else if checksSettings {
                throw .usage(instant == nil
                    ? "TICK_NOW='\(text)' is not an ISO 8601 instant such as 2026-12-01T09:00:00Z" + Due.iso8601Reason(text)
                    : "TICK_NOW='\(text)' is outside the dates Tick handles (\(SupportedDates.description))")
            }
        }
        self.now = now
        var weekStart = 1
        if let text = environment["TICK_WEEK_START"], !text.isEmpty {
            guard let day = DateContext.weekStart(named: text) ?? (checksSettings ? nil : 1) else {
                throw .usage("TICK_WEEK_START='\(TerminalText.sanitized(text))' is not a weekday; use one such as monday or sunday")
            }
            weekStart = day
        }
        self.weekStart = weekStart
        self.style = Style(isEnabled: environment.allowsColor,
                           isTrueColor: ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? ""))
    }

    /// The zone and locale of the environment, and a warning when `TZ` names no zone Tick
    /// knows (said once, when the command first needs a date).
    private func makeDateContext() -> DateContext {
        if let zone = environment["TZ"], TerminalEnvironment.zone(fromTZ: zone) == nil {
            errors.write("tick: warning: TZ='\(TerminalText.sanitized(zone))' is not a time zone name Tick knows (use one like Europe/Berlin, or a POSIX offset like UTC-9 without daylight saving); using \(environment.systemTimeZone.identifier)\n")
        }
        let posixName = Locale.preferredPOSIXName(lcAll: environment["LC_ALL"], lcTime: environment["LC_TIME"],
                                                  lang: environment["LANG"])
        return DateContext(now: now, timeZone: environment.timeZone, locale: Locale(posixName: posixName), weekStart: weekStart)
    }

    /// A file's bytes (or standard input's, for `-`) up to its end.
    /// - Throws: what `openFile` throws, or `CommandError.runtime` from reading.
    func readFile(_ path: String) throws -> Data {
        try openFile(path).readToEnd()
    }

    /// The store, opened (and created or migrated) on first use.
    /// - Throws: `CommandError.runtime` when the database cannot be opened.
    public func store() throws(CommandError) -> Store {
        if let openedStore { return openedStore }
        let path = environment.databasePath(override: databaseOverride)
        let store: Store
        do {
            store = try Store(path: path, now: now)
        } catch {
            throw .runtime("cannot open the database \(path): \(error.message)" + CommandContext.accessHint(for: path))
        }
        do {
            try Actions.runPendingUpgrades(store, now: now, zone: dateContext.timeZone)
        } catch {
            let message = (error as? StoreError)?.message ?? "\(error)"
            throw .runtime("cannot upgrade the database \(path): \(message)" + CommandContext.accessHint(for: path))
        }
        if let journalCommand { store.recordChanges(as: journalCommand, at: now) }
        openedStore = store
        return store
    }

    /// What to fix when the database's folder cannot be written: SQLite keeps its
    /// write-ahead log and shared-memory file next to the database
    /// (https://sqlite.org/wal.html), so the folder must be writable, even to read.
    /// Empty when it is (the store's own message covers a read-only file).
    static func accessHint(for path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let manager = FileManager.default
        if manager.fileExists(atPath: path), manager.isWritableFile(atPath: path),
           manager.fileExists(atPath: folder), !manager.isWritableFile(atPath: folder) {
            return "; its folder \(folder) is read-only, and SQLite keeps its journal files next to the database"
        }
        return ""
    }

    /// Writes a line (adds `\n`) to the output.
    func print(_ line: String = "") { output.write(line + "\n") }

    /// Writes a warning to the error stream, sanitized: warnings quote files and stored
    /// text (an import's TZID, a Taskwarrior status), whose control characters must
    /// never reach the terminal raw (`TerminalText.sanitized`).
    func warn(_ message: String) { errors.write("tick: warning: \(TerminalText.sanitized(message))\n") }
}
