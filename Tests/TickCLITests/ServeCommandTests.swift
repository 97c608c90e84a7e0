import Foundation
import Testing
import TestSupport
@testable import TickCLI

@Suite("tick serve: options, refusals and the systemd unit (the server itself: TickServerTests, EndToEndTests)")
struct ServeCommandTests {
    @Test("--listen takes ADDRESS:PORT and refuses anything else, changing nothing", arguments: [
        "nonsense", "127.0.0.1", "127.0.0.1:http", "::1:8765", ":8765", "127.0.0.1:70000", "[127.0.0.1]:80",
    ])
    func badListen(text: String) {
        let cli = CLIHarness()
        let result = cli.run("serve", "--listen", text)
        #expect(result.status == 64)
        #expect(result.errors.contains("--listen:"))
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    /// Found by a tester: a `tick` copied without its web app answered "there is no file /"
    /// at `/`, and `tick serve` had said nothing.
    @Test("the web app's folder is found beside the executable or in ../share/tick; without it, serve says so")
    func webAppFolder() throws {
        let folder = TemporaryFolder()
        let bin = folder.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        #expect(ServeCommand.webRoot(executable: bin + "/tick") == nil)
        let shared = folder.file("share/tick/WebApp")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: shared + "/index.html", contents: Data("<!doctype html>".utf8))
        #expect(ServeCommand.webRoot(executable: bin + "/tick")?.path == URL(fileURLWithPath: shared).path)
        let beside = bin + "/Tick_TickServer.resources/WebApp"
        try FileManager.default.createDirectory(atPath: beside, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: beside + "/index.html", contents: Data("<!doctype html>".utf8))
        #expect(ServeCommand.webRoot(executable: bin + "/tick")?.path == URL(fileURLWithPath: beside).path)
        #expect(ServeCommand.noWebApp.contains("the web app is not"))
    }

    @Test("an address other machines reach needs TICK_SERVE_TOKEN; a short token is refused")
    func tokenRules() {
        let cli = CLIHarness()
        cli.variables["XDG_STATE_HOME"] = cli.folder.file("state")
        let open = cli.run("serve", "--listen", "192.168.1.5:8765")
        #expect(open.status == 64)
        #expect(open.errors.contains("set TICK_SERVE_TOKEN"))
        cli.variables["TICK_SERVE_TOKEN"] = "short"
        let short = cli.run("serve")
        #expect(short.status == 64)
        #expect(short.errors.contains("at least 16 characters"))
        #expect(!FileManager.default.fileExists(atPath: cli.folder.file("state/tick/serve-token")))
    }

    @Test("serve --install-systemd writes tick-serve.service with the listen address")
    func installUnit() throws {
        let cli = CLIHarness()
        cli.executablePath = "/opt/tick/bin/tick"
        cli.variables["XDG_CONFIG_HOME"] = cli.folder.file("config")
        let output = cli.ok("serve", "--listen", "127.0.0.1:9000", "--install-systemd")
        #expect(output.contains("systemctl --user enable --now tick-serve.service"))
        let unit = try String(contentsOfFile: cli.folder.file("config") + "/systemd/user/tick-serve.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=/opt/tick/bin/tick --db \(cli.databasePath) serve --listen 127.0.0.1:9000\n"))
        #expect(unit.contains("Description=Tick reminders: the web app and its JSON API"))
    }

    @Test("serve --database --install-systemd puts the database in the unit")
    func installUnitWithDatabase() throws {
        let cli = CLIHarness()
        cli.executablePath = "/opt/tick/bin/tick"
        cli.variables["XDG_CONFIG_HOME"] = cli.folder.file("config")
        _ = cli.ok("serve", "--database", "postgresql://tick@localhost/tick", "--install-systemd")
        let unit = try String(contentsOfFile: cli.folder.file("config") + "/systemd/user/tick-serve.service", encoding: .utf8)
        #expect(unit.contains(" serve --database postgresql://tick@localhost/tick\n"))
    }

    @Test("with --database, serve opens PostgreSQL, not the SQLite file; a failure keeps the password out; an empty URL is a usage error")
    func databaseOption() {
        let cli = CLIHarness()
        let url = "postgresql://tick:hunter2@127.0.0.1:1/tick?connect_timeout=2"
        let result = cli.run("serve", "--listen", "127.0.0.1:0", "--database", url)
        #expect(result.status == 1)
        #expect(!result.errors.isEmpty)
        #expect(!result.errors.contains("hunter2") && !result.output.contains("hunter2"))
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        let empty = cli.run("serve", "--listen", "127.0.0.1:0", "--database", "")
        #expect(empty.status == 64 && empty.errors.contains("--database needs a postgresql:// URL"), "\(empty.errors)")
    }
}
