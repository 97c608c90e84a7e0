import Foundation
import Testing
import TestSupport

/// The progress line of `tick sync` (issue 11): a sync that takes more than a second shows
/// where it is on standard error when standard output and standard error are terminals,
/// and never otherwise (a pipe, a file, `--json`).
@Suite("tick sync: the progress line", .serialized)
struct SyncProgressTests {
    /// Xandikos behind the fault proxy with a reminder to upload; the harness reads the real
    /// clock as it runs (the progress line's second) and has terminals where asked.
    static func setUp(outputTerminal: Bool, errorTerminal: Bool) throws -> (CalDAVServer, FaultProxy, CLIHarness) {
        let (server, proxy, tick) = try SyncWithServerTests.proxied()
        tick.ok("add", "One", "--list", "calendar")
        tick.liveClock = { Date() }
        tick.isTerminal = outputTerminal
        tick.isErrorTerminal = errorTerminal
        return (server, proxy, tick)
    }

    /// A sync made slow: the proxy holds its first PROPFIND back for 2 seconds.
    static func slowSync(_ tick: CLIHarness, _ proxy: FaultProxy, _ arguments: String...) throws -> CLIHarness.Result {
        try proxy.set([.init("PROPFIND", fault: "slow")])
        let started = Date()
        let result = tick.run(["sync"] + arguments)
        #expect(Date().timeIntervalSince(started) > 2, "the sync was slow")
        #expect(result.status == 0, "\(result.errors)")
        return result
    }

    @Test("on a terminal, a sync that takes more than a second draws where it is, redrawn in place, and erases it before the report")
    func drawnOnATerminal() throws {
        let (server, proxy, tick) = try Self.setUp(outputTerminal: true, errorTerminal: true)
        defer { withExtendedLifetime(server) {} }
        let result = try Self.slowSync(tick, proxy)
        // Discovery was waiting for the server when the second had passed.
        #expect(result.errors.hasPrefix("\r\u{1B}[Ktick: syncing finding the calendars"), "\(result.errors.debugDescription)")
        #expect(result.errors.hasSuffix("\r\u{1B}[K"), "erased at the end: \(result.errors.debugDescription)")
        #expect(!result.errors.contains("\n"), "redrawn in place, never a line of its own: \(result.errors.debugDescription)")
        #expect(result.output.hasPrefix("Synced account \"home\""), "\(result.output)")
    }

    @Test("no progress when standard output is not a terminal, with --json, or when standard error is not one")
    func neverOffATerminal() throws {
        let (server, proxy, tick) = try Self.setUp(outputTerminal: false, errorTerminal: true)
        defer { withExtendedLifetime(server) {} }
        let piped = try Self.slowSync(tick, proxy)
        #expect(piped.errors == "", "\(piped.errors.debugDescription)")

        tick.isTerminal = true
        let json = try Self.slowSync(tick, proxy, "--json")
        #expect(json.errors == "", "\(json.errors.debugDescription)")
        #expect((try? JSONSerialization.jsonObject(with: Data(json.output.utf8))) is [Any], "\(json.output)")

        tick.isErrorTerminal = false
        let toFile = try Self.slowSync(tick, proxy)
        #expect(toFile.errors == "", "\(toFile.errors.debugDescription)")
    }

    @Test("no progress for a sync done within a second by the clock, even on a terminal")
    func notForAQuickSync() throws {
        let (server, proxy, tick) = try Self.setUp(outputTerminal: true, errorTerminal: true)
        defer { withExtendedLifetime(server) {} }
        // The line's clock stands still: however long the server takes, no second passes.
        tick.liveClock = nil
        let result = try Self.slowSync(tick, proxy)
        #expect(result.errors == "", "\(result.errors.debugDescription)")
    }
}
