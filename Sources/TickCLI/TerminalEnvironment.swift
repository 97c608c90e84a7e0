import Foundation
import Synchronization

/// Everything a command may know about the world it runs in, gathered by the executable
/// and injected, so that the library never reads the environment, the clock or the
/// terminal itself (and tests can fix all of them).
public struct TerminalEnvironment: Sendable {
    /// Environment variables (`TICK_DB`, `TICK_NOW`, `TZ`, `LANG`, `NO_COLOR`, `COLUMNS` …).
    public var variables: [String: String]
    /// The current time from the system clock; `TICK_NOW` overrides it.
    public var clock: Date
    /// Whether standard output is a terminal.
    public var isOutputTerminal: Bool
    /// Whether standard input is a terminal.
    public var isInputTerminal: Bool
    /// The terminal's width in cells when standard output is one and it could be read.
    public var terminalColumns: Int?
    /// The user's home folder, for the default database path.
    public var homeDirectory: String
    /// The folder relative paths are read from.
    public var currentDirectory: String
    /// The system's time zone, used when `TZ` is unset or names no zone Foundation knows;
    /// looked up on first use (reading `/etc/localtime` is a seventh of `tick --version`'s
    /// instructions, and most runs with `TZ` set never need it).
    public var systemTimeZone: TimeZone { systemZone.value }
    private let systemZone: LazyZone
    /// Reads the clock again, for a command that keeps running (`tick agent`); the
    /// executable passes the system clock, tests a fixed or scripted one. Defaults to
    /// returning `clock`.
    public var liveClock: @Sendable () -> Date
    /// The running `tick` executable's absolute path, when known (for the systemd unit).
    public var executablePath: String?
    /// Whether standard error is a terminal (progress lines are written only then).
    public var isErrorTerminal = false
    /// The terminal's height in lines when standard output is one and it could be read
    /// (long output goes through a pager past it; `LINES` overrides it).
    public var terminalRows: Int?

    public init(variables: [String: String], clock: Date, isOutputTerminal: Bool, isInputTerminal: Bool = false,
                terminalColumns: Int? = nil, homeDirectory: String, currentDirectory: String,
                systemTimeZone: @autoclosure @escaping @Sendable () -> TimeZone, liveClock: (@Sendable () -> Date)? = nil, executablePath: String? = nil) {
        self.variables = variables
        self.clock = clock
        self.isOutputTerminal = isOutputTerminal
        self.isInputTerminal = isInputTerminal
        self.terminalColumns = terminalColumns
        self.homeDirectory = homeDirectory
        self.currentDirectory = currentDirectory
        self.systemZone = LazyZone(systemTimeZone)
        self.liveClock = liveClock ?? { clock }
        self.executablePath = executablePath
    }

    /// The user's time zone: `TZ` (see `zone(fromTZ:)`), else the system's.
    public var timeZone: TimeZone {
        self["TZ"].flatMap(TerminalEnvironment.zone(fromTZ:)) ?? systemTimeZone
    }

    /// The zone a `TZ` value names, or nil when Tick cannot read it: an IANA name
    /// (`Europe/Berlin`, `EST5EDT`; a leading `:` allowed), or a POSIX zone without a
    /// daylight-saving part (`UTC+9`, `JST-9`, `<+0530>-5:30`; POSIX.1 §8.3 "TZ"), whose
    /// offset is the time to ADD to local time to get UTC: `UTC+9` is nine hours WEST
    /// of Greenwich (what `date` shows), unlike Foundation's `GMT+0900`.
    public static func zone(fromTZ value: String) -> TimeZone? {
        var name = Substring(value)
        if name.hasPrefix(":") { name = name.dropFirst() }
        if let seconds = posixOffsetWest(name) { return TimeZone(secondsFromGMT: -seconds) }
        return TimeZone(identifier: String(name))
    }

    /// The offset in seconds west of UTC of a POSIX `std offset` zone with no
    /// daylight-saving part (`UTC+9` → 32 400, `JST-9` → −32 400), or nil for anything else.
    static func posixOffsetWest(_ text: Substring) -> Int? {
        var rest = text
        if rest.hasPrefix("<") {
            guard let close = rest.firstIndex(of: ">"), rest.distance(from: rest.startIndex, to: close) >= 4 else { return nil }
            rest = rest[rest.index(after: close)...]
        } else {
            let letters = rest.prefix { $0.isASCII && $0.isLetter }
            guard letters.count >= 3 else { return nil }
            rest = rest.dropFirst(letters.count)
        }
        var sign = 1
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
              parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let values = parts.compactMap { Int($0) }
        guard values[0] <= 24, values.dropFirst().allSatisfy({ $0 <= 59 }) else { return nil }
        let seconds = values[0] * 3_600 + (values.count > 1 ? values[1] * 60 : 0) + (values.count > 2 ? values[2] : 0)
        return sign * seconds
    }

    /// A variable's value, nil when unset or empty.
    public subscript(name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }

    /// Whether ANSI color may be written: stdout is a terminal, `NO_COLOR` is unset or
    /// empty (https://no-color.org), and `TERM` is not `dumb`.
    public var allowsColor: Bool {
        isOutputTerminal && self["NO_COLOR"] == nil && variables["TERM"] != "dumb"
    }

    /// The width to lay out for, in cells: `COLUMNS`, else the terminal's, else 80
    /// (off a terminal, output is not cut unless `COLUMNS` says so).
    public var width: Int? {
        if let text = self["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        if isOutputTerminal { return terminalColumns ?? 80 }
        return nil
    }

    /// The database path: `override` (from `--db`), else `$TICK_DB`, else
    /// `$XDG_DATA_HOME/tick/tick.sqlite3`, else `~/.local/share/tick/tick.sqlite3`.
    public func databasePath(override: String?) -> String {
        if let override, !override.isEmpty { return absolute(override) }
        if let path = self["TICK_DB"] { return absolute(path) }
        if let data = self["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/tick/tick.sqlite3" }
        return homeDirectory + "/.local/share/tick/tick.sqlite3"
    }

    /// Tick's folder for state kept between runs: `$XDG_STATE_HOME/tick`, else
    /// `~/.local/state/tick` (a relative `XDG_STATE_HOME` is ignored, as the XDG Base
    /// Directory specification says).
    public var stateFolder: String {
        (self["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? homeDirectory + "/.local/state") + "/tick"
    }

    /// `path` made absolute against the current folder; `~/` expanded; `.` segments left
    /// out (`--db ./t.db` is shown as `/folder/t.db`, not `/folder/./t.db`). `..` is kept:
    /// through a symbolic link it is not the folder before it.
    public func absolute(_ path: String) -> String {
        let joined = if path.hasPrefix("/") {
            path
        } else if path == "~" {
            homeDirectory
        } else if path.hasPrefix("~/") {
            homeDirectory + path.dropFirst(1)
        } else {
            currentDirectory + "/" + path
        }
        let segments = joined.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.contains(".") else { return joined }
        let kept = segments.filter { $0 != "." }.joined(separator: "/")
        return kept.isEmpty ? "/" : kept
    }
}

/// A time zone found once, on first use, by whichever thread asks first.
private final class LazyZone: Sendable {
    private let zone: Mutex<TimeZone?> = Mutex(nil)
    private let find: @Sendable () -> TimeZone

    init(_ find: @escaping @Sendable () -> TimeZone) { self.find = find }

    var value: TimeZone {
        zone.withLock { zone in
            if let zone { return zone }
            let found = find()
            zone = found
            return found
        }
    }
}
