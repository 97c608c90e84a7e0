import Foundation
import Testing
import TickCLI
import TestSupport

@Suite("tick ui: when the UI opens")
struct UICommandTests {
    static func run(_ arguments: [String], terminal: Bool, variables: [String: String] = [:]) -> (Int32, String, String) {
        let folder = TemporaryFolder()
        var all = ["TICK_NOW": "2026-11-29T12:00:00Z", "TZ": "UTC", "TICK_DB": folder.file("tick.sqlite3")]
        all.merge(variables) { $1 }
        let environment = TerminalEnvironment(variables: all, clock: Fixture.now, isOutputTerminal: terminal,
                                              isInputTerminal: terminal, homeDirectory: folder.path,
                                              currentDirectory: folder.path, systemTimeZone: TimeZone(identifier: "UTC") ?? .gmt)
        let output = BufferedOutput(), errors = BufferedOutput()
        let status = TickRunner.run(arguments, environment: environment, output: output, errors: errors)
        return (status, output.text, errors.text)
    }

    @Test("plain tick prints help off a terminal and in a dumb terminal")
    func plainTickHelp() {
        for (terminal, variables) in [(false, [String: String]()), (true, ["TERM": "dumb"])] {
            let (status, output, _) = UICommandTests.run([], terminal: terminal, variables: variables)
            #expect(status == 0)
            #expect(output.contains("USAGE: tick"))
            #expect(output.contains("ui"))
        }
    }

    @Test("tick ui off a terminal is a runtime error that says what to do")
    func uiNeedsTerminal() {
        let (status, output, errors) = UICommandTests.run(["ui"], terminal: false)
        #expect(status == 1)
        #expect(output.isEmpty)
        #expect(errors.contains("tick ui needs a terminal"))
    }

    @Test("tick ui --help describes the keys")
    func help() {
        let (status, output, _) = UICommandTests.run(["ui", "--help"], terminal: false)
        #expect(status == 0)
        #expect(output.contains("Open the full-screen terminal UI."))
        #expect(output.contains("J/K"))
    }
}
