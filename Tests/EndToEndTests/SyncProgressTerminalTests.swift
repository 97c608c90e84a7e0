import Foundation
import Testing
import TestSupport

/// The built `tick sync` under a real pseudo-terminal (Python's `pty`): the progress line of
/// a slow sync is drawn and erased there, and never when its streams are pipes.
@Suite("tick sync's progress on a pseudo-terminal", .serialized, .enabled(if: BinaryRunner.executable != nil))
struct SyncProgressTerminalTests {
    /// Runs the program in `argv[1:]` with a pseudo-terminal as its standard input, output
    /// and error, and prints everything it wrote there.
    static let underTerminal = """
        import os, pty, sys
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(sys.argv[1], sys.argv[1:])
        out = b""
        while True:
            try:
                data = os.read(fd, 4096)
            except OSError:
                break
            if not data:
                break
            out += data
        _, status = os.waitpid(pid, 0)
        sys.stdout.buffer.write(out)
        sys.exit(os.waitstatus_to_exitcode(status))
        """

    @Test("a sync kept slow by the server: progress drawn in place and erased on a terminal, none through pipes")
    func progressOnlyOnATerminal() throws {
        let server = try CalDAVServer(.xandikos)
        let proxy = try FaultProxy(target: server.baseURL)
        let folder = TemporaryFolder()
        var tick = BinaryRunner(database: folder.file("tick.sqlite3"))
        tick.environment["XDG_CONFIG_HOME"] = folder.file("config")
        tick.environment["TICK_PAGER"] = "cat"
        #expect(try tick.run("sync", "add", "home", proxy.baseURL).status == 0)

        try proxy.set([.init("PROPFIND", fault: "slow")])
        let executable = try #require(BinaryRunner.executable)
        let shown = try ChildProcess.run("/usr/bin/python3", ["-c", Self.underTerminal, executable, "sync"], environment: tick.environment)
        #expect(shown.status == 0, "\(shown.output)")
        // The terminal turns each line feed into CR LF.
        #expect(shown.output.hasPrefix("\r\u{1B}[Ktick: syncing finding the calendars"), "\(shown.output.debugDescription)")
        #expect(shown.output.contains("\r\u{1B}[KSynced account \"home\""), "erased before the report: \(shown.output.debugDescription)")

        try proxy.set([.init("PROPFIND", fault: "slow")])
        let piped = try tick.run("sync")
        #expect(piped.status == 0)
        #expect(piped.errors.isEmpty, "\(piped.errors.debugDescription)")
        #expect(piped.output.hasPrefix("Synced account \"home\""))
    }
}
