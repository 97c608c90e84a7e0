import Foundation
import Testing
import TestSupport

/// Import warnings quote the file (a `TZID`, a Taskwarrior status or priority, a
/// component name): whatever the file holds, they reach the terminal sanitized, with
/// `--dry-run` too.
@Suite("tick import: warnings never write raw control characters")
struct ImportWarningSanitizingTests {
    /// An OSC 52 clipboard write (ESC ] 52 ; c ; … BEL) and a clear-screen (ESC [ 2 J).
    static let osc52 = "\u{1B}]52;c;ZXZpbA==\u{07}"
    static let clear = "\u{1B}[2J"

    static func checkSanitized(_ result: CLIHarness.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, "\(result.errors)", sourceLocation: sourceLocation)
        for text in [result.errors, result.output] {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "raw control in \(text.debugDescription)",
                    sourceLocation: sourceLocation)
        }
        #expect(result.errors.contains("^["), "the ESC is shown as ^[: \(result.errors)", sourceLocation: sourceLocation)
    }

    @Test("a quoted TZID holding an OSC 52 clipboard write is shown as ^[]52…^G, on import and with --dry-run",
          arguments: [false, true])
    func tzid(dryRun: Bool) {
        let cli = CLIHarness()
        cli.files["zone.ics"] = Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VTODO\r
            UID:z-1\r
            SUMMARY:Zone\r
            DUE;TZID="Mars\(Self.osc52)":20261201T090000\r
            END:VTODO\r
            END:VCALENDAR\r

            """.utf8)
        let result = cli.run(["import", "zone.ics"] + (dryRun ? ["--dry-run"] : []))
        Self.checkSanitized(result)
        #expect(result.errors.contains("Mars^[]52;c;ZXZpbA==^G"))
    }

    @Test("Taskwarrior status and priority warnings show \\e[2J as ^[[2J")
    func taskwarrior() {
        let cli = CLIHarness()
        cli.files["tasks.json"] = Data("""
            [{"uuid":"6f1c0a52-1111-4b4b-8c8c-000000000001","description":"Odd","status":"\\u001b[2Jpending","priority":"\\u001b[2JH"}]
            """.utf8)
        let result = cli.run("import", "tasks.json")
        Self.checkSanitized(result)
        #expect(result.errors.contains("^[[2Jpending"))
        #expect(result.errors.contains("^[[2JH"))
    }

    @Test("a skipped component's name is sanitized in the summary")
    func skippedComponent() {
        let cli = CLIHarness()
        cli.files["odd.ics"] = Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:X-ODD\(Self.clear)\r
            UID:x\r
            END:X-ODD\(Self.clear)\r
            BEGIN:VTODO\r
            UID:o-1\r
            SUMMARY:Odd\r
            END:VTODO\r
            END:VCALENDAR\r

            """.utf8)
        let result = cli.run("import", "odd.ics")
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.output.contains("\u{1B}"))
        // The delimiter is read as the export writes it, its control characters removed (with
        // a warning): the name shown holds none.
        #expect(result.output.contains("Skipped 1 X-ODD[2J."), "\(result.output)")
        #expect(result.errors.contains("control characters in this BEGIN value"), "\(result.errors)")
    }
}
