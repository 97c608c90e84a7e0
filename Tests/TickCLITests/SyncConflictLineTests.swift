import Foundation
import TestSupport
import Testing
import TickModel
@testable import TickSync
@testable import TickCLI

/// How `tick sync` (and the agent's log) says a conflict.
@Suite("A sync conflict, in one line")
struct SyncConflictLineTests {
    @Test("a reminder's conflict names the list and the reminder; a list's own names the list only (it printed ', \"\"')")
    func lines() {
        let title = SyncReport.Conflict(listName: "Tasks", reminderTitle: "Water", uid: ReminderUID("w"), property: "SUMMARY",
                                        lostValue: "SUMMARY:Water (phone)", loser: "the server")
        #expect(SyncRunCommand.conflictLine(title)
                == "conflict: Tasks, \"Water\": SUMMARY changed on both sides; the server's value lost: SUMMARY:Water (phone)")
        let name = SyncReport.Conflict(listName: "Home", reminderTitle: "", uid: nil, property: "list name",
                                       lostValue: "Home-C", loser: "Tick")
        #expect(SyncRunCommand.conflictLine(name) == "conflict: Home: list name changed on both sides; Tick's value lost: Home-C")
    }

    /// Found by a tester: "deleted on one side, changed on the other" did not say which side
    /// deleted, so a user could not tell whether the server or Tick would show it again.
    @Test("an edit that won over a deletion names the side that deleted and where the reminder is back")
    func deletion() {
        let here = SyncReport.Conflict(listName: "Reminders", reminderTitle: "Call mom", uid: ReminderUID("c"), property: "deleted",
                                       lostValue: "", loser: "Tick")
        #expect(SyncRunCommand.conflictLine(here)
                == "conflict: Reminders, \"Call mom\": deleted here, changed on the server: the change was kept, and the reminder is back here")
        let there = SyncReport.Conflict(listName: "Reminders", reminderTitle: "Call mom", uid: ReminderUID("c"), property: "deleted",
                                        lostValue: "", loser: "the server")
        #expect(SyncRunCommand.conflictLine(there)
                == "conflict: Reminders, \"Call mom\": deleted on the server, changed here: the change was kept, and the reminder is back on the server")
    }
}

/// README: "Exit status 1 when an account could not be synced (the others still are)."
@Suite("tick sync run: one account's failure")
struct SyncAccountFailureTests {
    /// A tester: an account with a user and no password (or a failing --password-command)
    /// stopped `tick sync` before the other accounts were tried.
    @Test("an account without its password does not keep the next account from being synced")
    func passwordProblemStopsOnlyItsAccount() {
        let cli = CLIHarness()
        cli.variables["TICK_SYNC_PASSWORD"] = nil
        let added = cli.run("sync", "add", "nopw", "http://127.0.0.1:9/dav/", "--user", "bob")
        #expect(added.status == 0)
        // Which file holds the account (a tester's relative XDG_CONFIG_HOME was ignored without a word).
        #expect(added.output.contains("(kept in ") && added.output.contains("sync.json)"), "\(added.output)")
        #expect(added.errors.isEmpty, "\(added.errors)")
        #expect(cli.run("sync", "add", "down", "http://127.0.0.1:9/dav/").status == 0)
        let result = cli.run("sync")
        #expect(result.status == 1)
        #expect(result.errors.contains("account \"nopw\" has a user but no password"), "\(result.errors)")
        // The second account was tried: its own failure is said too.
        #expect(result.errors.contains("127.0.0.1"), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count >= 2, "\(result.errors)")
        // With --json, each account's object, a failed one with its error.
        let json = cli.run("sync", "--json")
        #expect(json.status == 1)
        let objects = (try? JSONSerialization.jsonObject(with: Data(json.output.utf8))) as? [[String: Any]] ?? []
        #expect(objects.map { $0["account"] as? String } == ["nopw", "down"], "\(json.output)")
        #expect((objects.first?["error"] as? String)?.contains("has a user but no password") == true, "\(objects)")
    }
}
