import Foundation
import Testing
import TestSupport

/// The web app in a real browser: `Tests/Tools/webapp_browser.py` starts `tick serve` with a
/// throwaway database and drives headless Chromium through Selenium (add, complete, reopen,
/// delete and undo, reorder, every field of the detail panel, lists, markup shown as text,
/// two tabs and a CLI process, phone width, axe-core). Each of its checks that fails is an issue here.
@Suite(.serialized) struct WebAppBrowserTests {
    static let script = Fixture.packageRoot + "/Tests/Tools/webapp_browser.py"

    /// Checks that fail because of a known defect outside the web app: `Store.checkHeader`
    /// opens and closes the database file while another connection of the same process
    /// holds SQLite's POSIX locks on it, and `close` drops them all
    /// (https://sqlite.org/howtocorrupt.html, section 2.2). Once `tick serve` opened its
    /// second connection (the change feed, the readers), a `tick` process that closes its
    /// connection finds itself the last one and removes the WAL, and the server reads the
    /// old one from then on: the first change of another process shows, the next do not.
    static let knownDefects = ["every_cli_change_reaches_the_page"]

    /// Chromium and its driver are Debian packages (`make test-deps` installs them).
    static let hasChromium = ["/usr/bin/chromium", "/usr/bin/chromedriver"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test("the web app in headless Chromium", .enabled(if: hasChromium, "chromium and chromium-driver are not installed (make test-deps)"),
          .timeLimit(.minutes(10)))
    func webAppInABrowser() throws {
        let tick = try #require(BinaryRunner.executable, "build the tick executable first")
        let run = try ChildProcess.run("/usr/bin/python3", [WebAppBrowserTests.script, "--tick", tick])
        let text = run.output
        if run.status == 77 {
            withKnownIssue("the browser test cannot run: \(text.trimmingCharacters(in: .whitespacesAndNewlines))") {
                Issue.record("skipped")
            }
            return
        }
        let failures = text.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }.map(String.init)
        let known = failures.filter { line in WebAppBrowserTests.knownDefects.contains { line.hasPrefix("FAIL \($0):") } }
        for failure in failures where !known.contains(failure) { Issue.record(Comment(rawValue: failure)) }
        for failure in known {
            withKnownIssue("tick serve's connections stop seeing other processes' commits (checkHeader's close drops SQLite's POSIX locks)") {
                Issue.record(Comment(rawValue: failure))
            }
        }
        #expect(text.contains(" checks, \(known.count) failed"), "webapp_browser.py said:\n\(text)")
    }
}
