import Foundation
import Testing
import TestSupport
import TickActions
import TickModel
import TickPostgres

/// `Actions.undo` over the change journal of each store (`JournalStore`: SQLite's `Database`,
/// PostgreSQL's `PostgresDatabase`), with the same expectations: one rule book, the same
/// outcome on both.
@Suite("Undo on every store")
struct StoreUndoTests {
    var context: ActionContext { StoreActionTests.context }

    private func undo(_ id: Int64? = nil, in store: StoreUnderTest) throws -> UndoResult {
        try store.writeUnjournaled { db in try Actions.undo(id, context: context, in: db) }
    }

    @Test("add, edit, complete with its occurrence, delete and list rename are undone newest first; restore puts a reminder back whole",
          arguments: StoreKind.available)
    func eachKindOfChange(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let day = try #require(CalendarDay("2026-12-01"))
        let work = try store.writeJournaled(command: "add list") { db in
            try Actions.addList(named: "Work", color: .defaultColor, in: db, context: context)
        }.value
        let bins = try store.writeJournaled(command: "add bins") { db in
            try Actions.add(NewReminder(title: "Bins", list: .id(work.id), due: .allDay(day),
                                        schedule: ScheduleEdit(recurrence: .set(RecurrenceRule(rruleValue: "FREQ=WEEKLY")))),
                            context: context, in: db).reminder
        }.value
        let call = try store.writeJournaled(command: "add call") { db in
            try Actions.add(NewReminder(title: "Call", list: .id(work.id)), context: context, in: db).reminder
        }.value
        _ = try store.writeJournaled(command: "edit call") { db in
            try Actions.edit(call.number, ReminderEdit(title: "Call mum"), context: context, in: db)
        }
        _ = try store.writeJournaled(command: "complete bins") { db in
            try Actions.setCompletion(bins.number, .complete, context: context, in: db)
        }
        let completed = try #require(try store.read { db in try db.reminder(number: bins.number) })
        let occurrences = [CompletedOccurrence(due: .allDay(day), completedAt: Fixture.now)]
        _ = try store.writeJournaled(command: "delete bins") { db in try Actions.delete([bins.number], in: db) }
        #expect(try store.read { db in try db.completedOccurrences(reminder: bins.number) }.isEmpty)
        _ = try store.writeJournaled(command: "rename") { db in try Actions.renameList(.id(work.id), to: "Office", in: db, context: context) }
        #expect(try store.writeUnjournaled { db in try db.journalChanges(limit: 10, includingUndone: false).map(\.command) }
            == ["rename", "delete bins", "complete bins", "edit call", "add call", "add bins", "add list"])

        let renamed = try undo(in: store)
        #expect(renamed.change.command == "rename" && renamed.listsReverted.map(\.name) == ["Work"])
        // Restore: the change that deleted the reminder, found by its UID.
        let restored = try store.writeUnjournaled { db in
            let change = try #require(try db.changeDeleting(uid: bins.uid))
            return try Actions.undo(change, context: context, in: db)
        }
        #expect(restored.change.command == "delete bins" && restored.restored == [completed])
        #expect(try store.read { db in try db.reminder(number: bins.number) } == completed)
        #expect(try store.read { db in try db.completedOccurrences(reminder: bins.number) } == occurrences)
        #expect(try store.writeUnjournaled { db in try db.changeDeleting(uid: bins.uid) } == nil)

        let reopened = try undo(in: store)
        #expect(reopened.change.command == "complete bins" && reopened.reverted.map(\.due) == [.allDay(day)])
        #expect(try store.read { db in try db.completedOccurrences(reminder: bins.number) }.isEmpty)
        let unedited = try undo(in: store)
        #expect(unedited.change.command == "edit call" && unedited.reverted.map(\.title) == ["Call"])
        // Left: the adds of reminders changed and changed back since: every later change to
        // them undone, they are as they were added, and both stores take the adds back
        // (SQLite refused them once: its revision counts every change of a reminder).
        let removed = try undo(in: store)
        #expect(removed.change.command == "add call" && removed.removed.map(\.number) == [call.number])
        #expect(try store.read { db in try db.reminder(number: call.number) } == nil)
        #expect(try undo(in: store).removed.map(\.number) == [bins.number])
        #expect(try undo(in: store).listsRemoved.map(\.id) == [work.id])
        #expect(try store.read { db in try db.lists().map(\.name) } == ["Reminders"])
        #expect(throws: ActionError.nothingToUndo) { try undo(in: store) }
    }

    @Test("a field changed since by another writer is kept; a change that would overwrite one is refused and nothing is written",
          arguments: StoreKind.available)
    func laterChangesWin(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let draft = try store.writeJournaled(command: "add") { db in
            try Actions.add(NewReminder(title: "Draft", priority: Priority(.low)), context: context, in: db).reminder
        }.value
        _ = try store.writeJournaled(command: "title") { db in try Actions.edit(draft.number, ReminderEdit(title: "Final"), context: context, in: db) }
        // Another writer (no journaled change: a phone, psql) raises the priority.
        _ = try store.write { db in try Actions.edit(draft.number, ReminderEdit(priority: Priority(.high)), context: context, in: db) }
        let undone = try undo(in: store)
        #expect(undone.reverted.map(\.title) == ["Draft"] && undone.reverted.map(\.priority) == [Priority(.high)])

        let second = try #require(try store.writeJournaled(command: "second") { db in
            try Actions.edit(draft.number, ReminderEdit(title: "Second"), context: context, in: db)
        }.change)
        _ = try store.write { db in try Actions.edit(draft.number, ReminderEdit(title: "Elsewhere"), context: context, in: db) }
        let before = try store.read { db in try db.reminder(number: draft.number) }
        do {
            _ = try undo(in: store)
            Issue.record("the later title was overwritten")
        } catch let ActionError.undoConflicts(id, command, conflicts) {
            #expect(id == second && command == "second")
            #expect(conflicts.count == 1 && conflicts.first?.contains("title") == true)
        }
        #expect(try store.read { db in try db.reminder(number: draft.number) } == before)
        #expect(try store.writeUnjournaled { db in try db.journalChanges(limit: 1, includingUndone: false).map(\.id) } == [second])
    }

    // MARK: PostgreSQL

    @Test("a journaled write that loses a race and runs again records one change, with the rows of the run that committed",
          .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
    func retriedWriteRecordsOnce() throws {
        let store = try StoreUnderTest(.postgresql)
        var attempts = 0
        let (added, change) = try store.writeJournaled(command: "add") { db in
            attempts += 1
            let added = try Actions.add(NewReminder(title: "Once \(attempts)"), context: context, in: db).reminder
            if attempts == 1, let db = db as? PostgresDatabase {
                // What PostgreSQL answers the loser of a race between serializable transactions.
                _ = try db.connection.execute("DO $$ BEGIN RAISE EXCEPTION 'could not serialize' USING ERRCODE = '40001'; END $$")
            }
            return added
        }
        #expect(attempts == 2 && added.title == "Once 2")
        let (changes, reminders) = try store.writeUnjournaled { db in
            (try db.journalChanges(limit: 10, includingUndone: true), try db.journaledReminders(of: change ?? -1))
        }
        #expect(changes.map(\.id) == [change].compactMap { $0 } && changes.map(\.command) == ["add"])
        #expect(reminders.map(\.number) == [added.number] && reminders.map(\.existedAfter) == [true])
        #expect(try undo(in: store).removed.map(\.title) == ["Once 2"])
        #expect(throws: ActionError.nothingToUndo) { try undo(in: store) }
    }

    @Test("each owner's journal keeps its newest 100 to 115 changes, whatever ids the other owners' changes take",
          .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
    func depthPerOwner() throws {
        let store = try StoreUnderTest(.postgresql, users: 2)
        let other = try store.writeJournaled(as: 1, command: "other's add") { db in
            try Actions.add(NewReminder(title: "Theirs"), context: context, in: db).reminder
        }
        let mine = try store.writeJournaled(command: "add") { db in
            try Actions.add(NewReminder(title: "0"), context: context, in: db).reminder
        }.value
        for index in 1...130 {
            // Ids are shared by every owner's journal: here every one of this owner's is one
            // past a multiple of 16, as others' changes in between could make them.
            try store.write { db in
                _ = try (db as? PostgresDatabase)?.connection.execute(
                    "SELECT setval('journal_change_ids', (SELECT (last_value / 16 + 1) * 16 FROM journal_change_ids))")
            }
            _ = try store.writeJournaled(command: "edit \(index)") { db in
                try Actions.edit(mine.number, ReminderEdit(title: "\(index)"), context: context, in: db)
            }
        }
        let kept = try store.writeUnjournaled { db in try db.journalChanges(limit: 1_000, includingUndone: true) }
        #expect((100...115).contains(kept.count), "\(kept.count) changes kept")
        #expect(kept.first?.command == "edit 130")
        let theirs = try store.writeUnjournaled(as: 1) { db in try db.journalChanges(limit: 1_000, includingUndone: true) }
        #expect(theirs.map(\.id) == [other.change].compactMap { $0 })
        #expect(try undo(in: store).reverted.map(\.title) == ["129"])
    }

    @Test("undoing a date change gives an alarm that rang at the old date the time it rang (the delivery recorded in the store)",
          arguments: StoreKind.available)
    func undoneDateChangeKeepsTheRing(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let due = Fixture.now.addingTimeInterval(-3_600), rang = due.addingTimeInterval(90)
        let call = try store.writeJournaled(command: "add call") { db in
            try Actions.add(NewReminder(title: "Call", due: .timed(due, timeZone: .utc)), context: context, in: db).reminder
        }.value
        try store.writeUnjournaled { db in
            let deliveries = try #require(db as? any AlarmStore)
            var reminder = try db.existingReminder(call.number)
            try deliveries.recordDelivery(reminder: call.number, alarmUID: reminder.alarms[0].uid, fireAt: due, deliveredAt: rang,
                                          channel: "stdout")
            reminder.alarms[0].firedAt = rang
            try db.update(reminder)
        }
        _ = try store.writeJournaled(command: "edit call") { db in
            try Actions.edit(call.number, ReminderEdit(due: .set(.timed(Fixture.now.addingTimeInterval(3_600), timeZone: .utc))),
                             context: context, in: db)
        }
        #expect(try store.read { db in try db.existingReminder(call.number) }.alarms.map(\.firedAt) == [nil])
        let undone = try undo(in: store)
        #expect(undone.change.command == "edit call")
        let back = try store.read { db in try db.existingReminder(call.number) }
        #expect(back.due == .timed(due, timeZone: .utc))
        #expect(back.alarms.map(\.firedAt) == [rang])
        #expect(back.alarms.map(\.isSilenced) == [false])
    }

    /// Found by a tester: `tick add X; tick edit 1 --title Y; tick undo; tick undo` refused the
    /// second undo ("was changed since"): undoing the edit moved the reminder's revision on. A
    /// reminder back as its adding left it (every later change to it undone) is removed; one
    /// changed again outside the journal is still a conflict.
    @Test("undo, undo: an added reminder whose later changes were all undone is removed", arguments: StoreKind.available)
    func undoTwiceAfterAnEdit(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        for (index, second) in ["edit", "complete"].enumerated() {
            let title = "X\(index)"
            let added = try store.writeJournaled(command: "add \(title)") { db in
                try Actions.add(NewReminder(title: title), context: context, in: db).reminder
            }.value
            _ = try store.writeJournaled(command: second) { db in
                if second == "edit" {
                    _ = try Actions.edit(added.number, ReminderEdit(title: "Y"), context: context, in: db)
                } else {
                    _ = try Actions.setCompletion(added.number, .complete, context: context, in: db)
                }
            }
            #expect(try undo(in: store).change.command == second)
            let removed = try undo(in: store)
            #expect(removed.change.command == "add \(title)")
            #expect(removed.removed.map(\.uid) == [added.uid])
            #expect(try store.read { db in try db.reminder(number: added.number) } == nil)
        }
        // Changed again after the undo, outside the journal: still a conflict, nothing removed.
        let kept = try store.writeJournaled(command: "add Z") { db in
            try Actions.add(NewReminder(title: "Z"), context: context, in: db).reminder
        }.value
        _ = try store.writeJournaled(command: "edit Z") { db in
            try Actions.edit(kept.number, ReminderEdit(title: "Z2"), context: context, in: db)
        }
        _ = try undo(in: store)
        try store.writeUnjournaled { db in
            var reminder = try db.existingReminder(kept.number)
            reminder.title = "Z3"
            try db.update(reminder)
        }
        #expect(throws: ActionError.self) { try undo(in: store) }
        #expect(try store.read { db in try db.reminder(number: kept.number) }?.title == "Z3")
    }
}
