import Foundation
import Testing
import TickCLI
import TestSupport

/// Runs `tick` commands in-process against a fresh database, with a fixed clock
/// (2026-11-29T12:00:00Z, 21:00 on a Sunday in Seoul), zone, locale and terminal.
final class CLIHarness {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
        var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(output.hasSuffix("\n") ? 1 : 0) }
    }

    let folder = TemporaryFolder()
    var variables: [String: String]
    var isTerminal = false
    var columns: Int?
    var files: [String: Data] = [:]
    /// The executable path the environment reports (for `agent --install-systemd`).
    var executablePath: String?
    /// The clock the environment reports; used when `TICK_NOW` is removed from `variables`
    /// (`TICK_NOW` takes whole seconds only).
    var clock = Date(timeIntervalSince1970: 0)

    init(zone: String = "Asia/Seoul", locale: String = "en_US.UTF-8") {
        variables = ["TICK_NOW": "2026-11-29T12:00:00Z", "TZ": zone, "LANG": locale]
        variables["TICK_DB"] = folder.file("tick.sqlite3")
    }

    var databasePath: String { folder.file("tick.sqlite3") }

    @discardableResult
    func run(_ arguments: String...) -> Result { run(arguments) }

    @discardableResult
    func run(_ arguments: [String]) -> Result {
        let output = BufferedOutput()
        let errors = BufferedOutput()
        let environment = TerminalEnvironment(
            variables: variables, clock: clock, isOutputTerminal: isTerminal,
            terminalColumns: columns, homeDirectory: folder.path, currentDirectory: folder.path,
            systemTimeZone: TimeZone(identifier: "UTC")!, executablePath: executablePath)
        let files = self.files
        let status = TickRunner.run(arguments, environment: environment, output: output, errors: errors) { path in
            let name = (path as NSString).lastPathComponent
            if let data = files[name] { return data }
            return try TickRunner.readFileFromDisk(path)
        }
        return Result(status: status, output: output.text, errors: errors.text)
    }

    /// Runs a command that must succeed and returns its output.
    @discardableResult
    func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) -> String {
        ok(arguments, sourceLocation: sourceLocation)
    }

    /// `ok` with the arguments as an array.
    @discardableResult
    func ok(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let result = run(arguments)
        #expect(result.status == 0, "tick \(arguments.joined(separator: " ")) failed: \(result.errors)", sourceLocation: sourceLocation)
        return result.output
    }

    /// The parsed JSON of a command run with `--json`.
    func json(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        let result = run(arguments + ["--json"])
        #expect(result.status == 0, "tick \(arguments.joined(separator: " ")) failed: \(result.errors)", sourceLocation: sourceLocation)
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    }
}
