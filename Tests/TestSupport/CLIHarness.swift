import Foundation
import Testing
import TickCLI

/// Runs `tick` commands in-process against a fresh database, with a fixed clock
/// (2026-11-29T12:00:00Z, 21:00 on a Sunday in Seoul), zone, locale and terminal.
public final class CLIHarness {
    /// What one command did.
    public struct Result {
        /// The exit status.
        public var status: Int32
        /// Standard output.
        public var output: String
        /// Standard error.
        public var errors: String
        /// Standard output's lines.
        public var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(output.hasSuffix("\n") ? 1 : 0) }
    }

    /// The folder holding the database and files the commands write.
    public let folder = TemporaryFolder()
    /// The environment variables the commands see.
    public var variables: [String: String]
    /// Whether standard output is a terminal.
    public var isTerminal = false
    /// The terminal's width, when it is one.
    public var columns: Int?
    /// Files `import` reads by name instead of from disk.
    public var files: [String: Data] = [:]
    /// The executable path the environment reports (for `agent --install-systemd`).
    public var executablePath: String?
    /// The clock the environment reports; used when `TICK_NOW` is removed from `variables`
    /// (`TICK_NOW` takes whole seconds only).
    public var clock = Date(timeIntervalSince1970: 0)
    /// Whether standard error is a terminal (progress lines are drawn only then).
    public var isErrorTerminal = false
    /// The clock a long command reads as it runs (progress lines); nil: always `clock`.
    public var liveClock: (@Sendable () -> Date)?

    /// A harness over a fresh database, in `zone` and `locale`.
    public init(zone: String = "Asia/Seoul", locale: String = "en_US.UTF-8") {
        // No pager unless a test asks for one: on a terminal, long listings would start `less`.
        variables = ["TICK_NOW": "2026-11-29T12:00:00Z", "TZ": zone, "LANG": locale, "TICK_PAGER": "cat"]
        variables["TICK_DB"] = folder.file("tick.sqlite3")
    }

    /// The database file.
    public var databasePath: String { folder.file("tick.sqlite3") }

    /// Runs `tick` with `arguments`.
    @discardableResult
    public func run(_ arguments: String...) -> Result { run(arguments) }

    /// `run` with the arguments as an array.
    @discardableResult
    public func run(_ arguments: [String]) -> Result {
        let output = BufferedOutput()
        let errors = BufferedOutput()
        var environment = TerminalEnvironment(
            variables: variables, clock: clock, isOutputTerminal: isTerminal,
            terminalColumns: columns, homeDirectory: folder.path, currentDirectory: folder.path,
            systemTimeZone: TimeZone(identifier: "UTC")!, liveClock: liveClock, executablePath: executablePath)
        environment.isErrorTerminal = isErrorTerminal
        let files = self.files
        let status = TickRunner.run(arguments, environment: environment, output: output, errors: errors) { path in
            let name = (path as NSString).lastPathComponent
            // In small pieces, so that readers meet piece boundaries everywhere.
            if let data = files[name] { return ImportSource(data: data, pieceSize: 1_000) }
            return try TickRunner.openFileOnDisk(path)
        }
        return Result(status: status, output: output.text, errors: errors.text)
    }

    /// Runs a command that must succeed and returns its output.
    @discardableResult
    public func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) -> String {
        ok(arguments, sourceLocation: sourceLocation)
    }

    /// `ok` with the arguments as an array.
    @discardableResult
    public func ok(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let result = run(arguments)
        #expect(result.status == 0, "tick \(arguments.joined(separator: " ")) failed: \(result.errors)", sourceLocation: sourceLocation)
        return result.output
    }

    /// The parsed JSON of a command run with `--json`.
    public func json(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        let result = run(arguments + ["--json"])
        #expect(result.status == 0, "tick \(arguments.joined(separator: " ")) failed: \(result.errors)", sourceLocation: sourceLocation)
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    }
}
