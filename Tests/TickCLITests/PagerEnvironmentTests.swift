import Foundation
import Testing
import TestSupport
@testable import TickCLI

/// What the pager is started with.
@Suite("The pager's environment")
struct PagerEnvironmentTests {
    static func pager(_ variables: [String: String]) -> PagerOutput {
        let environment = TerminalEnvironment(variables: variables, clock: Fixture.now, isOutputTerminal: true, homeDirectory: "/home/ann",
                                              currentDirectory: "/folder", systemTimeZone: TimeZone(identifier: "UTC") ?? .gmt)
        return PagerOutput(BufferedOutput(), environment: environment)
    }

    /// Tick writes UTF-8 whatever the locale: under `C` or a locale not installed, less showed
    /// the bytes of `…` as `<E2><80><A6>` (a tester).
    @Test("less reads UTF-8 unless the user chose its character set")
    func utf8() {
        #expect(Self.pager(["LANG": "C"]).variables["LESSCHARSET"] == "utf-8")
        #expect(Self.pager(["LESSCHARSET": "latin1"]).variables["LESSCHARSET"] == "latin1")
        #expect(Self.pager(["LESSCHARDEF": "8bcccbcc18b95.."]).variables["LESSCHARSET"] == nil)
        #expect(Self.pager([:]).variables["LESS"] == "FRX")
    }
}
