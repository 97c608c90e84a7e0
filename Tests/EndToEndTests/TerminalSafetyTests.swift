import Foundation
import Testing
import TestSupport

/// Every output path of `tick` on a real terminal (a tmux pane): results, warnings,
/// errors, the agent's lines and the UI, each fed user text holding an OSC 52 clipboard
/// write and a clear-screen sequence. tmux is told to accept clipboard writes
/// (`set-clipboard on`), so one that reached the terminal would leave a paste buffer.
@Suite("Terminal safety on a real terminal", .serialized, .enabled(if: BinaryRunner.executable != nil && TmuxSession.executable != nil))
struct TerminalSafetyTests {
    /// `ESC ] 52 ; c ; <base64 "pwned"> BEL`: sets the clipboard; `ESC [ 2 J`: clears the screen.
    static let osc52 = "\u{1B}]52;c;cHduZWQ=\u{07}"
    static let clear = "\u{1B}[2J"

    /// Runs `script` (sh) in a tmux pane once tmux accepts clipboard writes, and returns
    /// the session once `marker` is on the screen.
    func session(_ setup: TemporaryFolder, environment: [String: String], script: String, marker: String) throws -> TmuxSession {
        let go = setup.file("go")
        let body = "while [ ! -e '\(go)' ]; do sleep 0.05; done\n" + script + "\nexec sleep 300\n"
        let session = try TmuxSession(width: 200, height: 50, environment: environment, command: body)
        try session.run(["set-option", "-g", "set-clipboard", "on"])
        FileManager.default.createFile(atPath: go, contents: Data())
        try session.waitFor(marker, timeout: 20)
        return session
    }

    /// The paste buffers tmux holds (an OSC 52 that reached the pane makes one).
    func buffers(_ session: TmuxSession) throws -> String {
        try session.run(["list-buffers"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("results, warnings, errors and agent lines: no clipboard write, no cleared screen, the controls shown as ^[")
    func commandLine() throws {
        let folder = TemporaryFolder()
        let tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        let hostile = Self.osc52 + "Pay" + Self.clear + " rent"
        try "[{\"uuid\":\"6f1d3c1e-3a5b-4c4e-9f0e-2b8f6a1d7c11\",\"description\":\"Tw\",\"status\":\"\\u001b]52;c;cHduZWQ=\\u0007x\\u001b[2J\",\"priority\":\"\\u001b[2JZ\",\"entry\":\"20261101T000000Z\"}]\n"
            .write(toFile: folder.file("task.json"), atomically: true, encoding: .utf8)
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VTODO\r\nUID:z1\r\nSUMMARY:Zone\r\nDUE;TZID=\(Self.osc52)X\(Self.clear):20261201T090000\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            .write(toFile: folder.file("zone.ics"), atomically: true, encoding: .utf8)
        var environment = tick.environment
        environment["TICK"] = BinaryRunner.executable ?? "tick"
        environment["T"] = hostile
        environment["NO_COLOR"] = "1"
        environment["F"] = folder.path
        let script = """
            echo START
            "$TICK" add "$T" --due "2026-11-29 23:00"
            "$TICK" list
            "$TICK" search Pay
            "$TICK" show 1
            "$TICK" import "$F/task.json"
            "$TICK" import --dry-run "$F/zone.ics"
            "$TICK" list "$T"
            "$TICK" lists add "$T"
            "$TICK" edit 1 --list "$T"
            TICK_NOW=2026-11-29T23:00:00Z "$TICK" agent --once --stdout
            TICK_NOW=2026-11-29T23:00:00Z "$TICK" agent --once --exec 'true'
            echo END
            """
        let session = try session(folder, environment: environment, script: script, marker: "END")
        defer { session.kill() }
        let screen = try session.run(["capture-pane", "-p", "-S", "-200", "-t", "main"])
        #expect(try buffers(session) == "", "an OSC 52 reached the terminal")
        #expect(screen.contains("START"), "the screen was cleared:\n\(screen)")
        #expect(screen.contains("^[]52;c;cHduZWQ=^GPay^[[2J rent"), "\(screen)")
        #expect(screen.contains("tick: warning:"), "\(screen)")
        #expect(screen.contains("tick: error:"), "\(screen)")
        #expect(screen.contains("— Due"), "the agent's line: \(screen)")
        let raw = try session.screenWithAttributes()
        #expect(!raw.contains("\u{1B}]"), "\(raw)")
    }

    @Test("the UI shows a hostile title and list name as text")
    func userInterface() throws {
        let folder = TemporaryFolder()
        let tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        #expect(try tick.run("lists", "add", "L" + Self.osc52 + "X").status == 0)
        #expect(try tick.run("add", Self.osc52 + "Pay" + Self.clear + " rent").status == 0)
        var environment = tick.environment
        environment["TICK"] = BinaryRunner.executable ?? "tick"
        let session = try session(folder, environment: environment, script: "\"$TICK\" ui", marker: "q quit")
        defer { session.kill() }
        let screen = try session.waitFor("Pay")
        #expect(try buffers(session) == "", "an OSC 52 reached the terminal")
        #expect(screen.contains { $0.contains("^[]52;c;cHduZWQ=^GPay^[[2J rent") }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("L^[]52;c;cHduZWQ=^GX") }, "\(screen.joined(separator: "\n"))")
        try session.press("q")
    }
}
