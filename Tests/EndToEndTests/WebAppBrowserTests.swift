import Foundation
import Testing
import TestSupport

/// The web app in a real browser: `Tests/Tools/webapp_browser.py` starts `tick serve` with a
/// throwaway database and drives headless Chromium through Selenium (add, complete, reopen,
/// delete and undo, reorder, every field of the detail panel, lists, markup shown as text,
/// two tabs and a CLI process, phone width, axe-core). Each of its checks that fails is an issue here.
@Suite(.serialized) struct WebAppBrowserTests {
    static let script = Fixture.packageRoot + "/Tests/Tools/webapp_browser.py"

    /// Chromium and its driver are Debian packages (`make test-deps` installs them).
    static let hasChromium = ["/usr/bin/chromium", "/usr/bin/chromedriver"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test("the web app in headless Chromium", .enabled(if: hasChromium, "chromium and chromium-driver are not installed (make test-deps)"),
          .timeLimit(.minutes(10)))
    func webAppInABrowser() throws {
        try WebAppBrowserTests.run([])
    }

    /// The same checks on `tick serve --database` (signed in with the login form, the CLI's
    /// changes made by another client of the API), and sharing, signing out and another
    /// user in the same browser.
    @Test("the web app of the multi-user server in headless Chromium",
          .enabled(if: hasChromium, "chromium and chromium-driver are not installed (make test-deps)"),
          .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason), .timeLimit(.minutes(10)))
    func webAppOnPostgres() throws {
        let database = try PostgresServer.database()
        try WebAppBrowserTests.run(["--database", database.url])
    }

    /// Runs the script with `arguments`; each check it reports failed is an issue.
    static func run(_ arguments: [String]) throws {
        let tick = try #require(BinaryRunner.executable, "build the tick executable first")
        let run = try ChildProcess.run("/usr/bin/python3", [WebAppBrowserTests.script, "--tick", tick] + arguments)
        let text = run.output
        if run.status == 77 {
            withKnownIssue("the browser test cannot run: \(text.trimmingCharacters(in: .whitespacesAndNewlines))") {
                Issue.record("skipped")
            }
            return
        }
        let failures = text.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }.map(String.init)
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
        #expect(text.contains(" checks, 0 failed"), "webapp_browser.py said:\n\(text)")
    }
}
