import Foundation
import Testing
import TestSupport
import TickActions
import TickModel
import TickPostgres

/// On PostgreSQL every statement is scoped to the user: user B cannot read, list, edit,
/// complete, move or delete user A's lists and reminders by number, id or UID. Each attempt
/// is "not found", as for something that does not exist, and A's data stays as it was.
@Suite("The PostgreSQL store keeps users apart", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct StoreIsolationTests {
    var context: ActionContext { StoreActionTests.context }

    /// A's list "Private" with reminders #1 (with subtask #2) and a repeating #3, and B's
    /// own reminder #1 in B's first list.
    struct Setup {
        let store: StoreUnderTest
        let list: ReminderList
        let reminders: [Reminder]
        let own: Reminder
    }

    func setUp() throws -> Setup {
        let store = try StoreUnderTest(.postgresql, users: 2)
        let (list, reminders) = try store.write(as: 0) { db in
            let list = try Actions.addList(named: "Private", color: .defaultColor, in: db, context: context)
            let parent = try Actions.add(NewReminder(title: "Secret plan", list: .id(list.id), isFlagged: true), context: context, in: db)
            let child = try Actions.add(NewReminder(title: "Step one", parent: parent.reminder.number), context: context, in: db)
            let weekly = try Actions.add(NewReminder(title: "Weekly", list: .id(list.id), due: .allDay(try #require(CalendarDay("2026-12-01"))),
                                                     schedule: ScheduleEdit(recurrence: .set(RecurrenceRule(rruleValue: "FREQ=WEEKLY")))),
                                         context: context, in: db)
            _ = try Actions.setCompletion(weekly.reminder.number, .complete, context: context, in: db)
            return (list, [parent.reminder, child.reminder, weekly.reminder])
        }
        let own = try store.write(as: 1) { db in try Actions.add(NewReminder(title: "Mine", list: .named("reminders")), context: context, in: db) }
        return Setup(store: store, list: list, reminders: reminders, own: own.reminder)
    }

    /// Everything user A has, read as A.
    func snapshot(_ store: StoreUnderTest) throws -> [String] {
        try store.read(as: 0) { db in
            var rows = try db.lists().map { "\($0)" }
            for number in 1...4 {
                rows.append("\(try db.reminder(number: Reminder.Number(Int64(number))) as Any)")
                rows.append("\(try db.completedOccurrences(reminder: Reminder.Number(Int64(number))))")
            }
            return rows
        }
    }

    @Test("B reads nothing of A's: by number, UID or list id, in pages and counts")
    func reads() throws {
        let setup = try setUp()
        let a = setup.reminders
        try setup.store.read(as: 1) { db throws in
            #expect(try db.lists().map(\.name) == ["Reminders"])
            #expect(try db.list(id: setup.list.id) == nil && db.list(named: "Private") == nil)
            #expect(try db.reminder(number: a[1].number) == nil && db.reminder(number: a[2].number) == nil)
            #expect(try db.reminder(number: a[0].number) == setup.own) // B's own #1, not A's
            for reminder in a { #expect(try db.reminder(uid: reminder.uid) == nil) }
            #expect(try db.subtasks(of: a[0]) == [] && db.subtaskNumbers(of: a[0]) == [])
            #expect(try db.completedOccurrences(reminder: a[2].number) == [] && db.completedOccurrenceCount(reminder: a[2].number) == 0)
            #expect(try db.lastCompletedOccurrence(reminder: a[2].number) == nil)
            #expect(try db.openCount(inList: setup.list.id) == 0 && db.reminderCount(inList: setup.list.id) == 0)
            #expect(try Actions.page(.list(setup.list.id, includesCompleted: true), from: nil, direction: .forward, limit: 50, in: db) == [])
            for scope in [PageScope.open, .flagged, .completed] {
                #expect(try Actions.page(scope, from: nil, direction: .forward, limit: 50, in: db).allSatisfy { $0.uid == setup.own.uid })
            }
            #expect(try Actions.page(.open, from: a[0], direction: .forward, limit: 50, in: db) == [setup.own])
            #expect(try db.openIndex(of: a[2].number) == nil)
            #expect(throws: PostgresError.self) { try db.neighbours(of: a[2].number) }
            #expect(throws: ActionError.listGone(setup.list.id)) { try Actions.existingList(.id(setup.list.id), in: db) }
            #expect(throws: ActionError.reminderNotFound(a[2].number)) {
                try Actions.reminderDetail(a[2].number, in: db, context: context)
            }
            #expect(try Actions.reminderDetail(setup.own.number, in: db, context: context).subtasks == [])
        }
    }

    @Test("B changes nothing of A's: lists by id or name, reminders by number, as parent, anchor or target list")
    func writes() throws {
        let setup = try setUp()
        let before = try snapshot(setup.store)
        let list = setup.list, a = setup.reminders
        let store = setup.store
        let purple = try #require(ListColor(parsing: "#AF52DE"))
        #expect(throws: ActionError.listGone(list.id)) {
            try store.write(as: 1) { db in try Actions.renameList(.id(list.id), to: "Mine now", in: db, context: context) }
        }
        #expect(throws: ActionError.self) {
            try store.write(as: 1) { db in try Actions.renameList(.named("Private"), to: "Mine now", in: db, context: context) }
        }
        #expect(throws: ActionError.listGone(list.id)) {
            try store.write(as: 1) { db in try Actions.recolorList(.id(list.id), to: purple, in: db, context: context) }
        }
        #expect(throws: ActionError.listGone(list.id)) {
            try store.write(as: 1) { db in try Actions.moveList(.id(list.id), to: 1, in: db) }
        }
        #expect(throws: ActionError.listGone(list.id)) {
            try store.write(as: 1) { db in try Actions.deleteList(.id(list.id), force: true, in: db) }
        }
        #expect(throws: ActionError.listGone(list.id)) {
            try store.write(as: 1) { db in try Actions.add(NewReminder(title: "Planted", list: .id(list.id)), context: context, in: db) }
        }
        for number in [a[1].number, a[2].number] {
            #expect(throws: ActionError.reminderNotFound(number)) {
                try store.write(as: 1) { db in try Actions.edit(number, ReminderEdit(title: "Changed"), context: context, in: db) }
            }
            #expect(throws: ActionError.reminderNotFound(number)) {
                try store.write(as: 1) { db in try Actions.setCompletion(number, .toggle, context: context, in: db) }
            }
            #expect(throws: ActionError.reminderNotFound(number)) {
                try store.write(as: 1) { db in try Actions.move(number, to: .index(1), in: db) }
            }
            #expect(throws: ActionError.reminderNotFound(number)) {
                try store.write(as: 1) { db in try Actions.delete([number], in: db) }
            }
            #expect(throws: ActionError.reminderNotFound(number)) {
                try store.write(as: 1) { db in try Actions.add(NewReminder(title: "Sub", parent: number), context: context, in: db) }
            }
            #expect(throws: ActionError.reminderNotFound(number)) {
                try store.write(as: 1) { db in try Actions.move(setup.own.number, to: .before(number), in: db) }
            }
            #expect(throws: ActionError.reminderNotFound(number)) {
                try store.write(as: 1) { db in
                    try Actions.edit(setup.own.number, ReminderEdit(parent: .set(number)), context: context, in: db)
                }
            }
        }
        #expect(throws: ActionError.listGone(list.id)) {
            try store.write(as: 1) { db in
                try Actions.edit(setup.own.number, ReminderEdit(list: .id(list.id)), context: context, in: db)
            }
        }
        // B's own #1 shares A's number: B's edits, completion and deletion reach B's only.
        try store.write(as: 1) { db in
            _ = try Actions.edit(setup.own.number, ReminderEdit(title: "Mine, edited"), context: context, in: db)
            _ = try Actions.setCompletion(setup.own.number, .complete, context: context, in: db)
            _ = try Actions.move(setup.own.number, to: .index(1), in: db)
            _ = try Actions.delete([setup.own.number], in: db)
        }
        // Below the actions: the store's own statements are scoped too.
        try store.write(as: 1) { db in
            var stolen = a[2]
            stolen.title = "Overwritten"
            try db.update(stolen)
            #expect(try db.deleteReminder(a[1].number) == false)
            try db.deleteList(list.id)
            try db.moveList(list.id, to: 0)
            try db.removeCompletedOccurrence(reminder: a[2].number, due: .allDay(try #require(CalendarDay("2026-12-01"))))
            #expect(throws: PostgresError.self) { try db.move(a[2].number, to: .index(1)) }
        }
        #expect(throws: PostgresError.self) {
            try store.write(as: 1) { db in
                var planted = Reminder(listID: list.id, title: "Planted", createdAt: Fixture.now)
                planted.number = .unassigned
                return try db.insert(planted, keepingNumber: false, keepingPosition: false)
            }
        }
        #expect(try snapshot(store) == before)
    }
}
