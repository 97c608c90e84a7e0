import Foundation
import Testing
import TestSupport

@Suite("tick agent as a process: kill -9 and hook limits", .serialized, .enabled(if: BinaryRunner.executable != nil))
struct AgentProcessTests {
    /// A database with `count` reminders due on 2026-11-30 at 09:00 UTC, each with the
    /// default alarm at its due time, and a runner whose clock is a day later.
    func database(_ folder: TemporaryFolder, count: Int) throws -> BinaryRunner {
        var runner = BinaryRunner(database: folder.file("tick.sqlite3"))
        for index in 1...count {
            #expect(try runner.run("add", "Reminder \(index)", "--due", "2026-11-30 09:00").status == 0)
        }
        runner.environment["TICK_NOW"] = "2026-12-01T09:00:00Z"
        return runner
    }

    /// Waits until `path` has at least `lines` lines, or `seconds` passed.
    func wait(for path: String, lines: Int, seconds: Double) -> Int {
        let deadline = Date().addingTimeInterval(seconds)
        var count = 0
        repeat {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            count = text.split(separator: "\n").count
            if count >= lines { return count }
            usleep(20_000)
        } while Date() < deadline
        return count
    }

    @Test("kill -9 in the middle of a batch of 30 hooks: the restarted agent repeats at most the one in flight")
    func killedMidBatch() throws {
        let folder = TemporaryFolder()
        let runner = try database(folder, count: 30)
        let log = folder.file("delivered.txt")
        let hook = "echo \"$TICK_NUMBER\" >> '\(log)'; sleep 0.1"
        let (agent, _, _) = try runner.start(["agent", "--once", "--exec", hook])
        #expect(wait(for: log, lines: 10, seconds: 30) >= 10)
        kill(agent.processIdentifier, SIGKILL)
        agent.waitUntilExit()
        #expect(agent.terminationReason == .uncaughtSignal)
        let before = wait(for: log, lines: 0, seconds: 0)
        #expect(before < 30, "the agent was killed before it finished")
        usleep(300_000)   // the hook in flight (sleep 0.1) finishes its line, if it got that far
        let rerun = try runner.run(["agent", "--once", "--exec", "echo \"$TICK_NUMBER\" >> '\(log)'"])
        #expect(rerun.status == 0)
        let numbers = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap { Int($0) }
        #expect(Set(numbers) == Set(1...30), "every reminder was delivered")
        #expect(numbers.count <= 31, "at most one delivery repeated, got \(numbers.count - 30)")
        let again = try runner.run(["agent", "--once", "--exec", "echo \"$TICK_NUMBER\" >> '\(log)'"])
        #expect(again.status == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count == numbers.count)
    }

    @Test("--exec 'sleep 30' holds the agent for the 10 s limit, not 30 s; the hook's group is gone after")
    func longHook() throws {
        let folder = TemporaryFolder()
        let runner = try database(folder, count: 1)
        let group = folder.file("group")
        let start = Date()
        let result = try runner.run(["agent", "--once", "--exec", "echo $$ > '\(group)'; sleep 30"])
        let seconds = Date().timeIntervalSince(start)
        #expect(result.status == 0)
        // The limit is 10 s; a loaded machine may add a few seconds, never the 20 s left of the sleep.
        #expect(seconds > 9 && seconds < 20, "took \(seconds) s")
        #expect(result.errors.contains("ran longer than 10 seconds; it and everything it started were stopped"))
        let leader = try #require(pid_t(try String(contentsOfFile: group, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // SIGKILL is delivered at once; the teardown may take a moment: wait up to 5 s.
        var running = ProcessTable.running(inGroup: leader)
        for _ in 0..<50 where !running.isEmpty {
            usleep(100_000)
            running = ProcessTable.running(inGroup: leader)
        }
        #expect(running.isEmpty, "the hook's process group is gone")
    }

    @Test("--exec 'sleep 20 &': the agent is done when the hook's shell is, not 20 s later")
    func backgroundHook() throws {
        let folder = TemporaryFolder()
        let runner = try database(folder, count: 1)
        let child = folder.file("child")
        let start = Date()
        // Output is not read: the background sleep holds the pipes (as it would a terminal), not the agent.
        let (agent, _, _) = try runner.start(["agent", "--once", "--exec", "sleep 20 & echo $! > '\(child)'"])
        agent.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        let sleeper = try #require(pid_t(try String(contentsOfFile: child, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(sleeper, SIGKILL)
        #expect(agent.terminationStatus == 0)
        // The background sleep lasts 20 s; the agent must not wait for it.
        #expect(seconds < 12, "took \(seconds) s")
    }
}
