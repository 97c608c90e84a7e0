import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The password of a sync account (issue 11) is never in the process list while `tick sync`
/// runs (the command lines of tick and of every process it starts), nor in the database,
/// the settings file, the output, an error or `sync status --json`.
@Suite("tick sync keeps the password to itself", .serialized, .enabled(if: BinaryRunner.executable != nil))
struct SyncPasswordTests {
    /// The process `root` and every process below it, with their command lines (NUL
    /// between arguments, as the kernel keeps them).
    static func commandLines(under root: pid_t) -> [pid_t: Data] {
        var parents: [pid_t: pid_t] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        var family: Set<pid_t> = [root]
        var grew = true
        while grew {
            grew = false
            for (pid, parent) in parents where family.contains(parent) && !family.contains(pid) {
                family.insert(pid)
                grew = true
            }
        }
        var lines: [pid_t: Data] = [:]
        for pid in family {
            if let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty { lines[pid] = data }
        }
        return lines
    }

    /// Runs `tick sync` (kept slow by the proxy) and samples the command lines of tick and
    /// its children every 20 ms while it runs.
    /// - Returns: its result, every command line seen, and those holding `password`.
    static func watchedSync(_ tick: BinaryRunner, password: String) throws -> (BinaryRunner.Result, seen: Set<String>, leaks: [String]) {
        let (process, out, err) = try tick.start(["sync"])
        var seen = Set<String>(), leaks: [String] = []
        let secret = Data(password.utf8)
        while process.isRunning {
            for (_, line) in commandLines(under: process.processIdentifier) {
                let shown = String(decoding: line, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
                seen.insert(shown)
                if line.range(of: secret) != nil { leaks.append(shown) }
            }
            usleep(20_000)
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (BinaryRunner.Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                                    errors: String(decoding: errors, as: UTF8.self)), seen, leaks)
    }

    /// Every file under `folder` that holds `password` (the database, its WAL, the settings).
    static func filesHolding(_ password: String, in folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let name = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder + "/" + name), data.range(of: Data(password.utf8)) != nil {
                found.append(name)
            }
        }
        return found
    }

    @Test("--password-command and TICK_SYNC_PASSWORD: the password is in no command line, file, output, error or status",
          arguments: ["command", "variable"])
    func nowhere(source: String) throws {
        let password = "pw-\(UUID().uuidString)"
        let server = try CalDAVServer(.xandikos)
        let proxy = try FaultProxy(target: server.baseURL, user: "alice", password: password)
        let folder = TemporaryFolder()
        var tick = BinaryRunner(database: folder.file("data/tick.sqlite3"))
        try FileManager.default.createDirectory(atPath: folder.file("data"), withIntermediateDirectories: true)
        tick.environment["XDG_CONFIG_HOME"] = folder.file("config")
        var add = ["sync", "add", "home", proxy.baseURL, "--user", "alice"]
        if source == "command" {
            // The command names a file; it reads slowly enough to be seen running.
            try (password + "\n").write(toFile: folder.file("secret"), atomically: true, encoding: .utf8)
            add += ["--password-command", "sleep 0.3; cat '\(folder.file("secret"))'"]
        } else {
            tick.environment["TICK_SYNC_PASSWORD"] = password
        }
        #expect(try tick.run(add).status == 0)
        #expect(try tick.run("lists", "add", "calendar").status == 0)
        #expect(try tick.run("add", "Water the plants", "--list", "calendar").status == 0)
        try proxy.set([.init("PROPFIND", fault: "slow"), .init("REPORT", fault: "slow")])

        let (result, seen, leaks) = try Self.watchedSync(tick, password: password)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try server.items(in: "calendar").values.contains { $0.contains("SUMMARY:Water the plants") }, "the password worked")
        #expect(leaks.isEmpty, "\(leaks)")
        #expect(seen.contains { $0.contains("sync") }, "tick itself was watched: \(seen)")
        if source == "command" {
            #expect(seen.contains { $0.hasPrefix("/bin/sh -c sleep 0.3") }, "the password command was watched: \(seen)")
        }
        #expect(!result.output.contains(password) && !result.errors.contains(password))
        #expect(Self.filesHolding(password, in: folder.file("data")).isEmpty)
        #expect(Self.filesHolding(password, in: folder.file("config")).isEmpty)
        let status = try tick.run("sync", "status", "--json")
        #expect(status.status == 0 && !status.output.contains(password))

        // A wrong password: a clear error that does not repeat it.
        let wrong = "pw-wrong-\(UUID().uuidString)"
        if source == "command" {
            try (wrong + "\n").write(toFile: folder.file("secret"), atomically: true, encoding: .utf8)
        } else {
            tick.environment["TICK_SYNC_PASSWORD"] = wrong
        }
        let refused = try tick.run("sync", "--json")
        #expect(refused.status == 1)
        #expect(refused.errors.contains("account \"home\": the server refused the user name or password (HTTP 401)"), "\(refused.errors)")
        #expect(!refused.errors.contains(wrong) && !refused.output.contains(wrong))
        #expect(Self.filesHolding(wrong, in: folder.file("data")).isEmpty)
        // Nor the agent's log, which says why its scheduled sync failed.
        let log = try AgentSyncTests.agentLog(tick, until: "refused the user name or password")
        #expect(log.contains("tick agent: sync: account \"home\": the server refused the user name or password (HTTP 401)"), "\(log)")
        #expect(!log.contains(wrong))
    }
}
