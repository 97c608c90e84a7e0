import Foundation
import Testing
import TestSupport
import TickActions
import TickModel
@testable import TickStore

/// The change journal (schema version 8) and `Actions.undo`.
@Suite("Change journal and undo")
struct UndoActionTests {
    private func actions(_ folder: TemporaryFolder, journaling command: String?) throws -> Actions {
        let store = try Store(path: folder.file("tick.sqlite3"), now: Date(timeIntervalSince1970: 1_800_000_000))
        if let command { store.recordChanges(as: command, at: Date(timeIntervalSince1970: 1_800_000_000)) }
        let context = ActionContext(dateContext: DateContext(now: Date(timeIntervalSince1970: 1_800_000_000), timeZone: .gmt,
                                                             locale: Locale(identifier: "en_US")))
        return Actions(store: store, context: context)
    }

    @Test("a journal row copies every column of reminder and list, so a column added later cannot be lost by undo")
    func copiesEveryColumn() throws {
        let folder = TemporaryFolder()
        let actions = try actions(folder, journaling: nil)
        let found = try actions.store.read { db in
            var found: [(String, Set<String>, Set<String>, Set<String>)] = []
            for (table, key, columns) in [("reminder", "number", Schema.journaledReminderColumns), ("list", "id", Schema.journaledListColumns)] {
                var stored: [String] = []
                try db.forEachRow("SELECT name FROM pragma_table_info('\(table)')") { stored.append($0.text(0)) }
                var journaled: [String] = []
                try db.forEachRow("SELECT name FROM pragma_table_info('journal_\(table)')") { journaled.append($0.text(0)) }
                let copied = [key] + Schema.columnNames(columns)
                found.append((table, Set(stored), Set(copied), Set(journaled)))
            }
            return found
        }
        for (table, stored, copied, journaled) in found {
            #expect(stored == copied, "\(table)")
            #expect(stored.isSubset(of: journaled), "journal_\(table)")
        }
    }

    @Test("a list deleted with its reminders comes back with its calendar pairing and its synced items")
    func syncPairingComesBack() throws {
        let folder = TemporaryFolder()
        let setup = try actions(folder, journaling: nil)
        let list = try setup.addList(named: "Tasks")
        let added = try setup.add(NewReminder(title: "Synced one", list: .id(list.id))).reminder
        try setup.store.write { db in
            try db.saveSyncedCollection(SyncedCollection(account: "home", url: "https://dav.example/tasks/", listID: list.id,
                                                         syncToken: "token-7", name: "Tasks", color: "#007AFF", chosenAs: "tasks"))
            try db.saveSyncedItem(SyncedItem(account: "home", collectionURL: "https://dav.example/tasks/", href: "/tasks/a.ics",
                                             uid: added.uid, etag: "\"e1\"", base: "BEGIN:VCALENDAR", localRevision: 0))
        }
        let journaled = try actions(folder, journaling: "tick lists delete Tasks --force")
        _ = try journaled.deleteList(.named("Tasks"), force: true)
        #expect(try journaled.store.read { db in try db.syncedCollections() }.isEmpty)

        let undoing = try actions(folder, journaling: nil)
        let result = try undoing.undo()
        #expect(result.listsRestored.map(\.name) == ["Tasks"])
        #expect(result.restored.map(\.uid) == [added.uid])
        let (pairings, etags, revision) = try undoing.store.read { db in
            (try db.syncedCollections(),
             try db.syncedItems(account: "home", collectionURL: "https://dav.example/tasks/").map(\.etag),
             try db.revision(uid: added.uid))
        }
        #expect(pairings.map(\.syncToken) == ["token-7"])
        #expect(pairings.map(\.chosenAs) == ["tasks"], "the name it was chosen by comes back too")
        #expect(etags == ["\"e1\""])
        #expect(revision == 0)
    }

    @Test("a write that rolls back leaves no change; one command's transactions are one change")
    func oneChangePerCommand() throws {
        let folder = TemporaryFolder()
        let actions = try actions(folder, journaling: "tick test")
        _ = try actions.add(NewReminder(title: "one"))
        _ = try actions.add(NewReminder(title: "two"))
        #expect(throws: ActionError.self) { try actions.delete([Reminder.Number(1), Reminder.Number(99)]) }
        let changes = try actions.undoableChanges()
        #expect(changes.count == 1)
        #expect(changes.first?.summary.remindersAdded == 2)
        let result = try self.actions(folder, journaling: nil).undo()
        #expect(result.removed.map(\.title).sorted() == ["one", "two"])
    }

    /// t74: undo took a kept SEQUENCE back down; and with every revision moving it on, an
    /// undo of an earlier edit must not find the kept lines "changed since".
    @Test("undo moves a kept SEQUENCE on, and a later edit's stamps are no conflict")
    func undoMovesSequenceOn() throws {
        let folder = TemporaryFolder()
        let setup = try actions(folder, journaling: "tick import")
        _ = try setup.store.write { db in
            var reminder = Reminder(listID: try db.defaultList().id, title: "Imported", createdAt: Date(timeIntervalSince1970: 1_800_000_000))
            reminder.iCalendarExtras = "DTSTAMP:20200101T000000Z\nSEQUENCE:10\nX-KEPT:yes"
            return try db.insert(reminder)
        }
        let one = Reminder.Number(1)
        func extras() throws -> String { try #require(try setup.store.read { db in try db.reminder(number: one) }).iCalendarExtras }
        _ = try self.actions(folder, journaling: "tick done 1").setCompletion([one], .complete)
        #expect(try extras().contains("SEQUENCE:11"))
        _ = try self.actions(folder, journaling: "tick edit 1").edit(one, ReminderEdit(title: "Renamed"))
        #expect(try extras().contains("SEQUENCE:12"))
        let done = try #require(try setup.undoableChanges().first { $0.command == "tick done 1" })
        let result = try self.actions(folder, journaling: nil).undo(done.id)
        #expect(result.reverted.first?.isCompleted == false)
        #expect(result.reverted.first?.title == "Renamed")
        #expect(try extras() == "DTSTAMP:20270115T080000Z\nSEQUENCE:13\nX-KEPT:yes")
    }

    /// Found by a tester: an alarm that rang, then a date change (which arms it for the new
    /// time), then `tick undo`: the alarm was back at its old time unmarked, and `tick agent`
    /// (which does not ring a recorded delivery twice) marked it rung when it next ran. It
    /// says when it rang now; one passed over without ringing is silenced.
    @Test("undoing a date change gives an alarm that rang at the old date its recorded ring back")
    func undoneDateChangeKeepsTheRing() throws {
        let folder = TemporaryFolder()
        // The fixture's clock stands at `now`: the alarm rang an hour before, at its due time.
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let due = now.addingTimeInterval(-3_600), rang = due.addingTimeInterval(60)
        let setup = try actions(folder, journaling: nil)
        let one = try setup.add(NewReminder(title: "call", due: .timed(due, timeZone: .utc))).reminder.number
        _ = try setup.add(NewReminder(title: "passed over", due: .timed(due, timeZone: .utc)))
        let two = Reminder.Number(2)
        try setup.store.write { db in
            for (number, channel) in [(one, "stdout"), (two, "skipped")] {
                var reminder = try db.existingReminder(number)
                try db.recordDelivery(reminder: number, alarmUID: reminder.alarms[0].uid, fireAt: due, deliveredAt: rang, channel: channel)
                reminder.alarms[0].firedAt = rang
                reminder.alarms[0].isSilenced = channel == "skipped"
                try db.update(reminder)
            }
        }
        let later = now.addingTimeInterval(3_600)
        for number in [one, two] {
            let journaled = try actions(folder, journaling: "tick edit \(number) --due")
            let moved = try journaled.edit(number, ReminderEdit(due: .set(.timed(later, timeZone: .utc)))).reminder
            #expect(moved.alarms.map(\.firedAt) == [nil], "the new date's alarm is armed")
            #expect(moved.alarms.map(\.isSilenced) == [false])
        }
        let undoing = try actions(folder, journaling: nil)
        _ = try undoing.undo()
        _ = try undoing.undo()
        let (back, passed) = try undoing.store.read { db in (try db.existingReminder(one), try db.existingReminder(two)) }
        #expect(back.due == .timed(due, timeZone: .utc))
        #expect(back.alarms.map(\.firedAt) == [rang])
        #expect(back.alarms.map(\.isSilenced) == [false])
        // Silenced as it was before the edit (when it was passed over), since nothing rang since
        // (stop 46: undo puts back the delivery state the change re-armed; it was silenced at
        // the undo's time before).
        #expect(passed.alarms.map(\.firedAt) == [rang])
        #expect(passed.alarms.map(\.isSilenced) == [true])
    }
}
